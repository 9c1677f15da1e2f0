/**
 * Sign-in form (back-office spec sections 2 "/login", 5, 8): username and password
 * validated with the shared LoginBody schema; success toasts 'Welcome back!' and goes
 * to `?next=` (a same-site path) or '/'; failure toasts 'Login Failed' with the
 * server's message, the focus staying on Sign In (`pending` while sending, not disabled:
 * a disabled button drops the focus to the page's start). The user and cart caches are
 * refreshed by useLogin. 'Forgot password?' under the password leads to /forgot-password.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { LoginBody } from '@shared/schemas/auth';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { useLogin } from '@/features/auth/api';
import { OtherAuthFormLink, UsernameField, useAuthSubmit } from './auth-form';
import { FormField } from './form-field';

export function LoginForm() {
  const login = useLogin();
  const form = useForm({
    resolver: zodResolver(LoginBody),
    defaultValues: { username: '', password: '' },
  });
  const { errors } = form.formState;
  const { next, onSubmit } = useAuthSubmit({
    form,
    fields: ['username', 'password'],
    submit: (body) => login.mutateAsync(body),
    success: { title: 'Welcome back!', description: 'You are now signed in.' },
    failureTitle: 'Login Failed',
  });

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      <UsernameField error={errors.username?.message} {...form.register('username')} />
      <FormField
        label="Password"
        type="password"
        autoComplete="current-password"
        error={errors.password?.message}
        {...form.register('password')}
      />
      <p className="-mt-2 text-right text-sm">
        <Link
          to="/forgot-password"
          className="inline-block py-1 font-medium text-primary underline-offset-4 hover:underline"
        >
          Forgot password?
        </Link>
      </p>
      <Button type="submit" className="w-full" pending={login.isPending}>
        {login.isPending ? 'Signing in...' : 'Sign In'}
      </Button>
      <OtherAuthFormLink
        prompt="Don't have an account?"
        to="/register"
        label="Sign up"
        next={next}
      />
    </form>
  );
}
