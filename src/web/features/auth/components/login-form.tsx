/**
 * Sign-in form (back-office spec sections 2 "/login", 5, 8): username and password
 * validated with the shared LoginBody schema; success toasts 'Welcome back!' and goes
 * to `?next=` (a same-site path) or '/'; failure toasts 'Login Failed' with the
 * server's message. The user and cart caches are refreshed by useLogin.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { LoginBody } from '@shared/schemas/auth';
import { useForm } from 'react-hook-form';
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
      <Button type="submit" className="w-full" disabled={login.isPending}>
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
