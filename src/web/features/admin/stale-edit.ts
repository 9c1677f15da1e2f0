/**
 * An admin edit the server refused with 409 because the record was saved by someone else
 * since the form was opened (a concurrency audit: two admins saving one product or post
 * at once each got 200 and one change was lost). The form stays open and starts again
 * from the record as it is now: fields the admin left alone take the saved values, fields
 * they changed keep their input, and fields both changed are named in the toast.
 */
import type { FieldValues, Path, PathValue, UseFormReturn } from 'react-hook-form';
import { ApiRequestError } from '@/lib/api';
import { toast } from '@/lib/toast';

/** True for the server's 409 answer (the record, or its stock, changed since it was loaded). */
export function isConflict(error: unknown): error is ApiRequestError {
  return error instanceof ApiRequestError && error.status === 409;
}

/** Two form values alike: an emptied text box ('') and an empty field (null) are the same. */
const same = (a: unknown, b: unknown) => JSON.stringify(a ?? '') === JSON.stringify(b ?? '');

/**
 * Moves `form` from the record it was opened on (`was`, as form values) to the record as
 * it is now (`now`): each field whose value is still `was`'s takes `now`'s (as its new
 * default, so it is not an unsaved change, when an input registers it); the others keep
 * the admin's input. Answers the
 * labels of the fields the admin changed that someone else changed too (saving again
 * replaces those with the admin's values).
 */
export function rebaseForm<T extends FieldValues>(
  form: Pick<UseFormReturn<T, unknown, unknown>, 'getValues' | 'resetField' | 'setValue'>,
  was: T,
  now: T,
  labels: Record<keyof T & string, string>,
): string[] {
  const overlap: string[] = [];
  for (const key of Object.keys(now) as (keyof T & string)[]) {
    const name = key as Path<T>;
    const value = form.getValues(name);
    if (same(value, was[key])) {
      const saved = now[key] as PathValue<T, Path<T>>;
      form.resetField(name, { defaultValue: saved });
      // resetField leaves alone a field no input registers (set by setValue: the editor's
      // content, an uploaded image).
      if (!same(form.getValues(name), saved)) form.setValue(name, saved);
    } else if (!same(was[key], now[key]) && !same(value, now[key])) {
      overlap.push(labels[key]);
    }
  }
  return overlap;
}

/**
 * The toast of a refused edit: the server's sentence, then, when the form was brought up
 * to date (`overlap` not null), what it now shows and which fields both admins changed.
 */
export function toastStaleEdit(message: string, overlap: string[] | null): void {
  const note =
    overlap === null
      ? ''
      : overlap.length === 0
        ? ' The form now shows their changes and still holds yours: save again to keep both.'
        : ` The form now shows their changes and still holds yours. Changed by both of you: ${overlap.join(', ')} (saving again keeps yours).`;
  toast({
    title: 'Not Saved',
    description: `${message}${note}`,
    variant: 'destructive',
    // Longer than a plain error: there is more to read.
    duration: 10_000,
  });
}
