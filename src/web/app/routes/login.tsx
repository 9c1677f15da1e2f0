/** /login (back-office spec section 2). */

import { endSentence } from '@shared/sentence';
import { DocumentTitle } from '@/components/layout/document-title';
import { store } from '@/config/store';
import { AuthCard } from '@/features/auth/components/auth-card';
import { LoginForm } from '@/features/auth/components/login-form';

export function Component() {
  return (
    <AuthCard title="Sign In" description={endSentence(`Welcome back to ${store.name}`)}>
      <DocumentTitle>{`Sign In | ${store.name}`}</DocumentTitle>
      <LoginForm />
    </AuthCard>
  );
}
