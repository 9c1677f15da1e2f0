/**
 * 'Forgot password?' (docs/decisions.md "Security hardening"): the account's e-mail
 * address, validated with the shared ForgotPasswordBody schema; once sent, the form gives
 * way to the server's answer, which is the same whether or not an account uses the address
 * (no account enumeration). A refusal (too many requests) toasts 'Request Failed' with the
 * server's message.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { ForgotPasswordBody } from '@shared/schemas/auth';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { useForgotPassword } from '@/features/auth/api';
import { reportAuthFailure } from './auth-form';
import { AuthNotice } from './auth-notice';
import { FormField } from './form-field';

export function ForgotPasswordForm() {
  const forgot = useForgotPassword();
  const [answer, setAnswer] = useState<string | null>(null);
  const form = useForm({
    resolver: zodResolver(ForgotPasswordBody),
    defaultValues: { email: '' },
  });
  const { errors } = form.formState;
  const onSubmit = form.handleSubmit((body) =>
    forgot.mutateAsync(body).then(
      (res) => setAnswer(res.message),
      (error: unknown) => reportAuthFailure(form, ['email'], 'Request Failed', error),
    ),
  );

  if (answer) {
    return (
      <AuthNotice kind="sent" title="Check Your Email">
        <p className="text-sm text-slate-700">{answer}</p>
        <p className="text-sm text-slate-700">
          Nothing after a few minutes? Look in your spam folder, or check the address and try again.
        </p>
        <div className="flex flex-col gap-2 pt-2 sm:flex-row">
          <Button asChild className="sm:flex-1">
            <Link to="/login">Back to Sign In</Link>
          </Button>
          <Button
            type="button"
            variant="outline"
            className="sm:flex-1"
            onClick={() => setAnswer(null)}
          >
            Try Again
          </Button>
        </div>
      </AuthNotice>
    );
  }

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      <FormField
        label="Email"
        type="email"
        autoComplete="email"
        error={errors.email?.message}
        {...form.register('email')}
      />
      <Button type="submit" className="w-full" pending={forgot.isPending}>
        {forgot.isPending ? 'Sending...' : 'Send Reset Link'}
      </Button>
      <p className="text-center text-sm text-slate-600">
        Remembered it?{' '}
        <Link to="/login" className="font-medium text-primary underline-offset-4 hover:underline">
          Sign in
        </Link>
      </p>
    </form>
  );
}
