/** /forgot-password: asks for a password reset link by e-mail (docs/decisions.md "Security hardening"). */

import { DocumentTitle } from '@/components/layout/document-title';
import { store } from '@/config/store';
import { AuthCard } from '@/features/auth/components/auth-card';
import { ForgotPasswordForm } from '@/features/auth/components/forgot-password-form';

export function Component() {
  return (
    <AuthCard
      title="Forgot Password"
      description="Enter your account's e-mail address and we will send you a link to choose a new password."
    >
      <DocumentTitle>{`Forgot Password | ${store.name}`}</DocumentTitle>
      <ForgotPasswordForm />
    </AuthCard>
  );
}
