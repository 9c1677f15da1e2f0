/**
 * The new password and its confirmation, as the registration, reset-password and Change
 * Password forms ask for them (docs/decisions.md "One password field set; the wizard keeps
 * focus"): two FormFields of type password with `autocomplete="new-password"` (a password
 * manager offers to generate and store one), each registered on the form and showing its
 * own error under it (aria-invalid, the text tied by aria-describedby). The rules and
 * their messages ('Passwords don't match' among them) come from the form's schema
 * (shared/schemas/auth.ts), not from here.
 */
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { FormField } from './form-field';

/** The labels of the reset and change forms; registration passes its own. */
export const NEW_PASSWORD_LABELS = {
  password: 'New Password',
  confirm: 'Confirm New Password',
} as const;

/**
 * The two fields. `form`: the form's react-hook-form handle; `name` / `confirmName`: the
 * fields they fill (e.g. 'newPassword' / 'confirmPassword'); `labels`: their visible
 * labels, also their accessible names (default NEW_PASSWORD_LABELS). Renders the two
 * fields only (no wrapper), so they sit in the form's own spacing.
 */
export function NewPasswordFields<TValues extends FieldValues, TContext, TOutput>({
  form,
  name,
  confirmName,
  labels = NEW_PASSWORD_LABELS,
}: {
  form: UseFormReturn<TValues, TContext, TOutput>;
  name: Path<TValues>;
  confirmName: Path<TValues>;
  labels?: { password: string; confirm: string };
}) {
  const errorOf = (field: Path<TValues>) =>
    form.getFieldState(field, form.formState).error?.message;
  return (
    <>
      <FormField
        label={labels.password}
        type="password"
        autoComplete="new-password"
        error={errorOf(name)}
        {...form.register(name)}
      />
      <FormField
        label={labels.confirm}
        type="password"
        autoComplete="new-password"
        error={errorOf(confirmName)}
        {...form.register(confirmName)}
      />
    </>
  );
}
