/** /register (back-office spec section 2). */

import { DocumentTitle } from '@/components/layout/document-title';
import { store } from '@/config/store';
import { AuthCard } from '@/features/auth/components/auth-card';
import { RegisterForm } from '@/features/auth/components/register-form';

export function Component() {
  return (
    <AuthCard
      title="Create Account"
      description="Sign up to track your orders and check out faster."
    >
      <DocumentTitle>{`Sign Up | ${store.name}`}</DocumentTitle>
      <RegisterForm />
    </AuthCard>
  );
}
