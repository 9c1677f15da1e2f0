/**
 * Registration form (back-office spec sections 2 "/register", 5, 8): username, email,
 * password and confirm password validated with the shared RegisterForm schema
 * ('Passwords don't match'); confirmPassword is not sent. Success toasts 'Account
 * Created!' and goes to `?next=` or '/'; failure toasts 'Registration Failed' with the
 * server's message, and a taken username or e-mail address marks that field invalid (its
 * error text under it) and focuses it. The button is `pending` while sending (it keeps the
 * focus).
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { RegisterForm as RegisterFormSchema } from '@shared/schemas/auth';
import { useForm } from 'react-hook-form';
import { useSearchParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { useRegister } from '@/features/auth/api';
import { OtherAuthFormLink, UsernameField, useAuthSubmit } from './auth-form';
import { FormField } from './form-field';
import { NewPasswordFields } from './new-password-fields';

/** Registration's pair: 'password, confirm password' (back-office spec section 2 "/register"). */
const REGISTER_PASSWORD_LABELS = { password: 'Password', confirm: 'Confirm Password' };

export function RegisterForm() {
  const [params] = useSearchParams();
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
  const { next, onSubmit } = useAuthSubmit({
    form,
    fields: ['username', 'email', 'password'],
    submit: ({ confirmPassword: _omit, ...body }) => register.mutateAsync(body),
    success: { title: 'Account Created!', description: 'Welcome aboard. You are now signed in.' },
    failureTitle: 'Registration Failed',
  });

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      <UsernameField error={errors.username?.message} {...form.register('username')} />
      <FormField
        label="Email"
        type="email"
        autoComplete="email"
        error={errors.email?.message}
        {...form.register('email')}
      />
      <NewPasswordFields
        form={form}
        name="password"
        confirmName="confirmPassword"
        labels={REGISTER_PASSWORD_LABELS}
      />
      <Button type="submit" className="w-full" pending={register.isPending}>
        {register.isPending ? 'Creating account...' : 'Create Account'}
      </Button>
      <OtherAuthFormLink
        prompt="Already have an account?"
        to="/login"
        label="Sign in"
        next={next}
      />
    </form>
  );
}
