/**
 * Sign-in form (back-office spec sections 2 "/login", 5, 8): username and password
 * validated with the shared LoginBody schema; success toasts 'Welcome back!' and goes
 * to `?next=` (a same-site path) or '/'; failure toasts 'Login Failed' with the
 * server's message. The user and cart caches are refreshed by useLogin.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { LoginBody } from '@shared/schemas/auth';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { useLogin } from '@/features/auth/api';
import { ApiRequestError } from '@/lib/api';
import { toast } from '@/lib/toast';
import { FormField } from './form-field';
import { safeNextPath } from './safe-next';

export function LoginForm() {
  const [params] = useSearchParams();
  const next = safeNextPath(params.get('next'));
  const navigate = useNavigate();
  const login = useLogin();
  const form = useForm({
    resolver: zodResolver(LoginBody),
    defaultValues: { username: '', password: '' },
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit((body) =>
    login.mutateAsync(body).then(
      () => {
        toast({ title: 'Welcome back!', description: 'You are now signed in.', forNextPage: true });
        navigate(next, { replace: true });
      },
      (error: unknown) => {
        if (error instanceof ApiRequestError) {
          for (const [field, message] of Object.entries(error.fieldErrors)) {
            if (field === 'username' || field === 'password') form.setError(field, { message });
          }
        }
        toast({
          title: 'Login Failed',
          description: error instanceof Error ? error.message : 'Please try again.',
          variant: 'destructive',
        });
      },
    ),
  );

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      <FormField
        label="Username"
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        error={errors.username?.message}
        {...form.register('username')}
      />
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
      <p className="text-center text-sm text-slate-600">
        Don't have an account?{' '}
        <Link
          to={next === '/' ? '/register' : `/register?next=${encodeURIComponent(next)}`}
          className="font-medium text-primary underline-offset-4 hover:underline"
        >
          Sign up
        </Link>
      </p>
    </form>
  );
}
