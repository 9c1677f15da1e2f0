/**
 * The admin form pattern (issue 8 "one form pattern"): react-hook-form validated by
 * the same zod schema the server uses (`src/shared/schemas`), labelled fields that show
 * their own error (aria-invalid + aria-describedby), and the server's 400 `errors`
 * mapped back onto the fields.
 *
 * Usage:
 *   const form = useForm({ resolver: zodResolver(CreateThingBody), defaultValues });
 *   const submit = (body) => create.mutateAsync(body).then(done, (err) => {
 *     if (!applyServerErrors(form, err)) toast({ title: 'Error', description: err.message });
 *   });
 *   <AdminForm form={form} onSubmit={submit}>
 *     <TextField name="name" label="Name" />
 *     <TextField name="price" label="Price ($)" inputMode="decimal" />
 *     <TextField name="limit" label="Limit" valueAs="nullableNumber" />
 *     <FormActions submitLabel="Save" pendingLabel="Saving..." />
 *   </AdminForm>
 *
 * Fields read the form from context; `name` is the field's path in the schema.
 * Submitting shows the pending label until `onSubmit`'s promise settles.
 */

import { typedNumberText } from '@shared/money';
import type * as React from 'react';
import { type ReactNode, useId } from 'react';
import {
  type FieldErrors,
  type FieldValues,
  FormProvider,
  type Path,
  type SubmitHandler,
  type UseFormReturn,
  useFormContext,
  useFormState,
} from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { ApiRequestError } from '@/lib/api';
import { cn } from '@/lib/utils';
import { useReportUnsavedChanges } from './form-dialog';
import { selectClassName } from './native-select';

/**
 * Puts a 400 answer's per-field `errors` on the form's fields (focusing the first) and
 * returns true when at least one field got a message; false for other errors (the
 * caller then shows the message in a toast). Keys the form does not have are skipped.
 */
export function applyServerErrors<T extends FieldValues>(
  form: Pick<UseFormReturn<T, unknown, unknown>, 'setError' | 'getValues'>,
  error: unknown,
): boolean {
  if (!(error instanceof ApiRequestError) || error.status !== 400) return false;
  const values = form.getValues() as Record<string, unknown>;
  let applied = 0;
  for (const [key, message] of Object.entries(error.fieldErrors)) {
    const top = key.split('.')[0] ?? key;
    if (!(top in values)) continue;
    form.setError(key as Path<T>, { type: 'server', message }, { shouldFocus: applied === 0 });
    applied += 1;
  }
  return applied > 0;
}

/** The <form> with the react-hook-form context for the fields below it. */
export function AdminForm<TIn extends FieldValues, TOut extends FieldValues>({
  form,
  onSubmit,
  onInvalid,
  children,
  className,
  'aria-label': ariaLabel,
}: {
  form: UseFormReturn<TIn, unknown, TOut>;
  onSubmit: SubmitHandler<TOut>;
  onInvalid?(errors: FieldErrors<TIn>): void;
  children: ReactNode;
  className?: string;
  'aria-label'?: string;
}) {
  useReportUnsavedChanges(form.formState.isDirty);
  return (
    <FormProvider {...form}>
      <form
        noValidate
        aria-label={ariaLabel}
        onSubmit={form.handleSubmit(onSubmit, onInvalid)}
        className={cn('space-y-4', className)}
      >
        {children}
      </form>
    </FormProvider>
  );
}

/** Label, control, hint and error of one field; `children` gets the ids to wire. */
function FieldFrame({
  name,
  label,
  description,
  className,
  children,
}: {
  name: string;
  label: string;
  description?: string;
  className?: string;
  children(ids: { id: string; describedBy: string | undefined; invalid: boolean }): ReactNode;
}) {
  const id = useId();
  const { getFieldState } = useFormContext();
  const state = useFormState({ name });
  const { error } = getFieldState(name, state);
  const hintId = description ? `${id}-hint` : undefined;
  const errorId = error?.message ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  return (
    <div className={cn('space-y-1.5', className)}>
      <Label htmlFor={id}>{label}</Label>
      {children({ id, describedBy, invalid: Boolean(error) })}
      {description ? (
        <p id={hintId} className="text-muted-foreground text-xs">
          {description}
        </p>
      ) : null}
      {error?.message ? (
        <p id={errorId} className="text-destructive text-sm">
          {error.message}
        </p>
      ) : null}
    </div>
  );
}

/**
 * How an input's text becomes the form value: 'text' as typed; 'number' a number
 * (empty -> undefined, so the schema says it is required); 'nullableNumber' empty -> null;
 * 'nullableText' empty -> null.
 */
export type ValueAs = 'text' | 'number' | 'nullableNumber' | 'nullableText';

function convert(valueAs: ValueAs) {
  return (v: unknown) => {
    if (valueAs === 'text') return v;
    const text = typeof v === 'string' ? v.trim() : v;
    if (text === '' || text === undefined || text === null) {
      return valueAs === 'number' ? undefined : null;
    }
    if (valueAs === 'nullableText') return text;
    return typeof text === 'number' ? text : Number(typedNumberText(String(text)));
  };
}

/** A text/number/date/email input bound to `name`. */
export function TextField({
  name,
  label,
  description,
  valueAs = 'text',
  className,
  ...inputProps
}: {
  name: string;
  label: string;
  description?: string;
  valueAs?: ValueAs;
  className?: string;
} & Omit<React.ComponentProps<'input'>, 'name' | 'id'>) {
  const { register } = useFormContext();
  return (
    <FieldFrame name={name} label={label} description={description} className={className}>
      {({ id, describedBy, invalid }) => (
        <Input
          id={id}
          aria-invalid={invalid || undefined}
          aria-describedby={describedBy}
          {...inputProps}
          {...register(name, { setValueAs: convert(valueAs) })}
        />
      )}
    </FieldFrame>
  );
}

/** A multi-line text field bound to `name`. */
export function TextareaField({
  name,
  label,
  description,
  valueAs = 'text',
  className,
  ...props
}: {
  name: string;
  label: string;
  description?: string;
  valueAs?: 'text' | 'nullableText';
  className?: string;
} & Omit<React.ComponentProps<'textarea'>, 'name' | 'id'>) {
  const { register } = useFormContext();
  return (
    <FieldFrame name={name} label={label} description={description} className={className}>
      {({ id, describedBy, invalid }) => (
        <Textarea
          id={id}
          aria-invalid={invalid || undefined}
          aria-describedby={describedBy}
          {...props}
          {...register(name, { setValueAs: convert(valueAs) })}
        />
      )}
    </FieldFrame>
  );
}

/** A native select bound to `name`. */
export function SelectField({
  name,
  label,
  options,
  description,
  className,
}: {
  name: string;
  label: string;
  options: readonly { value: string; label: string }[];
  description?: string;
  className?: string;
}) {
  const { register } = useFormContext();
  return (
    <FieldFrame name={name} label={label} description={description} className={className}>
      {({ id, describedBy, invalid }) => (
        <select
          id={id}
          aria-invalid={invalid || undefined}
          aria-describedby={describedBy}
          className={selectClassName}
          {...register(name)}
        >
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      )}
    </FieldFrame>
  );
}

/** A checkbox bound to a boolean `name`, label beside it. */
export function CheckboxField({
  name,
  label,
  description,
}: {
  name: string;
  label: string;
  description?: string;
}) {
  const id = useId();
  const { register } = useFormContext();
  const hintId = description ? `${id}-hint` : undefined;
  return (
    <div className="flex items-start gap-2">
      <input
        id={id}
        type="checkbox"
        aria-describedby={hintId}
        className="accent-primary mt-0.5 size-4"
        {...register(name)}
      />
      <div className="space-y-1">
        <Label htmlFor={id}>{label}</Label>
        {description ? (
          <p id={hintId} className="text-muted-foreground text-xs">
            {description}
          </p>
        ) : null}
      </div>
    </div>
  );
}

/** Submit (with its pending label while submitting) and an optional Cancel. */
export function FormActions({
  submitLabel,
  pendingLabel,
  onCancel,
  className,
}: {
  submitLabel: string;
  pendingLabel: string;
  onCancel?(): void;
  className?: string;
}) {
  const { isSubmitting } = useFormState();
  return (
    <div className={cn('flex flex-wrap justify-end gap-2', className)}>
      {onCancel ? (
        <Button type="button" variant="outline" onClick={onCancel} pending={isSubmitting}>
          Cancel
        </Button>
      ) : null}
      <Button type="submit" pending={isSubmitting} aria-busy={isSubmitting}>
        {isSubmitting ? pendingLabel : submitLabel}
      </Button>
    </div>
  );
}
