/**
 * Registration form (back-office spec sections 2 "/register", 5, 8): username, email,
 * password and confirm password validated with the shared RegisterForm schema
 * ('Passwords don't match'); confirmPassword is not sent. Success toasts 'Account
 * Created!' and goes to `?next=` or '/'; failure toasts 'Registration Failed' with the
 * server's message.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { RegisterForm as RegisterFormSchema } from '@shared/schemas/auth';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { useRegister } from '@/features/auth/api';
import { ApiRequestError } from '@/lib/api';
import { toast } from '@/lib/toast';
import { FormField } from './form-field';
import { safeNextPath } from './safe-next';

const FIELDS = ['username', 'email', 'password'] as const;

export function RegisterForm() {
  const [params] = useSearchParams();
  const next = safeNextPath(params.get('next'));
  const navigate = useNavigate();
  const register = useRegister();
  const form = useForm({
    resolver: zodResolver(RegisterFormSchema),
    // ?email= prefills the address (the guest order confirmation's 'Create an account').
    defaultValues: {
      username: '',
      email: (params.get('email') ?? '').slice(0, 254),
      password: '',
      confirmPassword: '',
    },
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit(({ confirmPassword: _omit, ...body }) =>
    register.mutateAsync(body).then(
      () => {
        toast({
          title: 'Account Created!',
          description: 'Welcome aboard. You are now signed in.',
          forNextPage: true,
        });
        navigate(next, { replace: true });
      },
      (error: unknown) => {
        if (error instanceof ApiRequestError) {
          for (const [field, message] of Object.entries(error.fieldErrors)) {
            const known = FIELDS.find((f) => f === field);
            if (known) form.setError(known, { message });
          }
        }
        toast({
          title: 'Registration Failed',
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
        label="Email"
        type="email"
        autoComplete="email"
        error={errors.email?.message}
        {...form.register('email')}
      />
      <FormField
        label="Password"
        type="password"
        autoComplete="new-password"
        error={errors.password?.message}
        {...form.register('password')}
      />
      <FormField
        label="Confirm Password"
        type="password"
        autoComplete="new-password"
        error={errors.confirmPassword?.message}
        {...form.register('confirmPassword')}
      />
      <Button type="submit" className="w-full" disabled={register.isPending}>
        {register.isPending ? 'Creating account...' : 'Create Account'}
      </Button>
      <p className="text-center text-sm text-slate-600">
        Already have an account?{' '}
        <Link
          to={next === '/' ? '/login' : `/login?next=${encodeURIComponent(next)}`}
          className="font-medium text-primary underline-offset-4 hover:underline"
        >
          Sign in
        </Link>
      </p>
    </form>
  );
}
