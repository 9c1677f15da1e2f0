/**
 * /account's Change Password form (docs/decisions.md "My Account and password change"):
 * current password, new password, confirm new password, validated with the shared
 * ChangePasswordForm schema (the registration's password rules and messages, 'Passwords
 * don't match', the new one different from the current one); the server also refuses a
 * common password and a wrong current password, shown on their fields (the first such
 * field then takes the focus). confirmPassword is not sent. 'Changing...' while sending
 * (the button `pending`: it keeps the focus); success toasts 'Password Changed' and empties
 * the form; failure toasts 'Password Change Failed' with the server's message.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { ChangePasswordForm as ChangePasswordSchema } from '@shared/schemas/auth';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { useChangePassword } from '@/features/auth/api';
import { toast } from '@/lib/toast';
import { reportAuthFailure } from './auth-form';
import { FormField } from './form-field';
import { NewPasswordFields } from './new-password-fields';

const EMPTY = { currentPassword: '', newPassword: '', confirmPassword: '' };

/** The form; the signed-in user's username feeds password managers (a hidden field). */
export function ChangePasswordForm({ username }: { username: string }) {
  const changePassword = useChangePassword();
  const form = useForm({ resolver: zodResolver(ChangePasswordSchema), defaultValues: EMPTY });
  const { errors } = form.formState;
  const onSubmit = form.handleSubmit(({ confirmPassword: _omit, ...body }) =>
    changePassword.mutateAsync(body).then(
      (res) => {
        form.reset(EMPTY);
        toast({ title: 'Password Changed', description: res.message });
      },
      (error: unknown) =>
        reportAuthFailure(
          form,
          ['currentPassword', 'newPassword'],
          'Password Change Failed',
          error,
        ),
    ),
  );

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      {/* Lets a password manager store the new password under the right account. */}
      <input type="text" name="username" autoComplete="username" value={username} readOnly hidden />
      <FormField
        label="Current Password"
        type="password"
        autoComplete="current-password"
        error={errors.currentPassword?.message}
        {...form.register('currentPassword')}
      />
      <NewPasswordFields form={form} name="newPassword" confirmName="confirmPassword" />
      <Button type="submit" className="w-full sm:w-auto" pending={changePassword.isPending}>
        {changePassword.isPending ? 'Changing...' : 'Change Password'}
      </Button>
    </form>
  );
}
