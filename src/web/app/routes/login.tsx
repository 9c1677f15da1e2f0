/** /login (back-office spec section 2). */

import { DocumentTitle } from '@/components/layout/document-title';
import { store } from '@/config/store';
import { AuthCard } from '@/features/auth/components/auth-card';
import { LoginForm } from '@/features/auth/components/login-form';
import { endSentence } from '@/lib/sentence';

export function Component() {
  return (
    <AuthCard title="Sign In" description={endSentence(`Welcome back to ${store.name}`)}>
      <DocumentTitle>{`Sign In | ${store.name}`}</DocumentTitle>
      <LoginForm />
    </AuthCard>
  );
}
