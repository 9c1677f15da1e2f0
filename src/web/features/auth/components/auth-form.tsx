/**
 * What the sign-in and registration forms share (back-office spec sections 2 "/login" and
 * "/register", 5, 8): the submit outcome, the username field and the line leading to the
 * other form, both keeping `?next=`.
 */
import type * as React from 'react';
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { ApiRequestError } from '@/lib/api';
import { toast } from '@/lib/toast';
import { FormField } from './form-field';
import { safeNextPath } from './safe-next';

/**
 * The submit of an auth form. `submit` sends the form's values; when it resolves, `success`
 * is toasted (shown on the next page) and the page is replaced by `?next=` (a same-site
 * path, else '/'); when it rejects, the server's per-field messages land on the form's
 * `fields` and `failureTitle` is toasted with the error's message ('Please try again.'
 * when it is not an Error). Returns `next` and the form's `onSubmit`.
 */
export function useAuthSubmit<TValues extends FieldValues, TContext, TOutput>({
  form,
  fields,
  submit,
  success,
  failureTitle,
}: {
  form: UseFormReturn<TValues, TContext, TOutput>;
  /** The fields a server message may name, in the form's order. */
  fields: readonly Path<TValues>[];
  submit(values: TOutput): Promise<unknown>;
  success: { title: string; description: string };
  failureTitle: string;
}) {
  const [params] = useSearchParams();
  const next = safeNextPath(params.get('next'));
  const navigate = useNavigate();
  const onSubmit = form.handleSubmit((values) =>
    submit(values).then(
      () => {
        toast({ ...success, forNextPage: true });
        navigate(next, { replace: true });
      },
      (error: unknown) => reportAuthFailure(form, fields, failureTitle, error),
    ),
  );
  return { next, onSubmit };
}

/**
 * A refused auth form's outcome: the server's per-field messages (`errors` of a 400, or of
 * registration's 409 for a taken username or e-mail) land on the form's `fields`; `failureTitle` is
 * toasted with the error's message ('Please try again.' when it is not an Error). The
 * first field at fault (in `fields` order) then takes the focus, once it shows its error
 * (aria-invalid, the text tied by aria-describedby), so a screen reader reads both; with
 * no field at fault the focus stays on the submit button (it is `pending`, not disabled).
 */
export function reportAuthFailure<TValues extends FieldValues, TContext, TOutput>(
  form: UseFormReturn<TValues, TContext, TOutput>,
  fields: readonly Path<TValues>[],
  failureTitle: string,
  error: unknown,
): void {
  const atFault = new Set<Path<TValues>>();
  if (error instanceof ApiRequestError) {
    for (const [name, message] of Object.entries(error.fieldErrors)) {
      const known = fields.find((f) => f === name);
      if (known) {
        form.setError(known, { message });
        atFault.add(known);
      }
    }
  }
  toast({
    title: failureTitle,
    description: error instanceof Error ? error.message : 'Please try again.',
    variant: 'destructive',
  });
  const first = fields.find((f) => atFault.has(f));
  // After the render that marks the field invalid (the error text is then read with it).
  if (first) setTimeout(() => form.setFocus(first), 0);
}

/** The username input of both forms: taken as typed (no auto-capitals, no spell-check). */
export function UsernameField(props: { error?: string } & React.ComponentProps<'input'>) {
  return (
    <FormField
      label="Username"
      autoComplete="username"
      autoCapitalize="none"
      spellCheck={false}
      {...props}
    />
  );
}

/** The line under an auth form leading to the other one (`to`), passing `next` on. */
export function OtherAuthFormLink({
  prompt,
  to,
  label,
  next,
}: {
  prompt: string;
  to: '/login' | '/register';
  label: string;
  next: string;
}) {
  return (
    <p className="text-center text-sm text-slate-600">
      {prompt}{' '}
      <Link
        to={next === '/' ? to : `${to}?next=${encodeURIComponent(next)}`}
        className="font-medium text-primary underline-offset-4 hover:underline"
      >
        {label}
      </Link>
    </p>
  );
}
