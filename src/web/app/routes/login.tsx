/** /login (back-office spec section 2). */
import { store } from '@/config/store';
import { AuthCard } from '@/features/auth/components/auth-card';
import { LoginForm } from '@/features/auth/components/login-form';

export function Component() {
  return (
    <AuthCard title="Sign In" description={`Welcome back to ${store.name}.`}>
      <title>{`Sign In | ${store.name}`}</title>
      <LoginForm />
    </AuthCard>
  );
}
