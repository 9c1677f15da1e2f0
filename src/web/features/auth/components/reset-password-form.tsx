/**
 * The page a mailed reset link opens (docs/decisions.md "Security hardening"): the new
 * password twice, validated with the shared ResetPasswordForm schema (the registration's
 * rules; 'Passwords don't match'); the server also refuses common passwords (shown on the
 * field). Success shows 'Password Reset' with a link to sign in (the reset signs no one in
 * and ends every session of the account); a link the server refuses (unknown, used,
 * expired) shows why with a way to ask for a new one. Failures toast 'Reset Failed'.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import {
  PASSWORD_RESET_MESSAGES,
  ResetPasswordForm as ResetPasswordSchema,
} from '@shared/schemas/auth';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { useResetPassword } from '@/features/auth/api';
import { ApiRequestError } from '@/lib/api';
import { reportAuthFailure } from './auth-form';
import { AuthNotice } from './auth-notice';
import { NewPasswordFields } from './new-password-fields';

/** The link's token: `#token=` first, then `?token=`; null when neither carries one. */
export function resetToken(location: { hash: string; search: string }): string | null {
  const fromHash = new URLSearchParams(location.hash.replace(/^#/, '')).get('token');
  const token = fromHash || new URLSearchParams(location.search).get('token');
  return token?.trim() || null;
}

type Outcome = { kind: 'done' | 'refused'; message: string; focus: boolean };

/** `token`: the mailed link's token (null when the address carries none). */
export function ResetPasswordForm({ token }: { token: string | null }) {
  const reset = useResetPassword();
  const [outcome, setOutcome] = useState<Outcome | null>(
    token ? null : { kind: 'refused', message: PASSWORD_RESET_MESSAGES.invalidLink, focus: false },
  );
  const form = useForm({
    resolver: zodResolver(ResetPasswordSchema),
    defaultValues: { password: '', confirmPassword: '' },
  });
  const onSubmit = form.handleSubmit(({ password }) =>
    reset.mutateAsync({ token: token ?? '', password }).then(
      (res) => setOutcome({ kind: 'done', message: res.message, focus: true }),
      (error: unknown) => {
        reportAuthFailure(form, ['password'], 'Reset Failed', error);
        if (error instanceof ApiRequestError && error.fieldErrors.token) {
          setOutcome({ kind: 'refused', message: error.fieldErrors.token, focus: true });
        }
      },
    ),
  );

  if (outcome?.kind === 'done') {
    return (
      <AuthNotice kind="done" title="Password Reset">
        <p className="text-sm text-slate-700">{outcome.message}</p>
        <Button asChild className="mt-2 w-full">
          <Link to="/login">Sign In</Link>
        </Button>
      </AuthNotice>
    );
  }
  if (outcome?.kind === 'refused') {
    return (
      <AuthNotice kind="refused" title="Link Not Valid" focus={outcome.focus}>
        <p className="text-sm text-slate-700">{outcome.message}</p>
        <Button asChild className="mt-2 w-full">
          <Link to="/forgot-password">Ask for a New Link</Link>
        </Button>
      </AuthNotice>
    );
  }

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      <NewPasswordFields form={form} name="password" confirmName="confirmPassword" />
      <Button type="submit" className="w-full" pending={reset.isPending}>
        {reset.isPending ? 'Saving...' : 'Reset Password'}
      </Button>
    </form>
  );
}
