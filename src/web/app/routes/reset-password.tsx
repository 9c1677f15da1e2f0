/**
 * /reset-password#token=...: the page a mailed reset link opens (docs/decisions.md
 * "Security hardening"). The token travels in the fragment, which the browser never sends
 * to the server (so it stays out of request logs); `?token=` is read too.
 */

import { useLocation } from 'react-router';
import { DocumentTitle } from '@/components/layout/document-title';
import { store } from '@/config/store';
import { AuthCard } from '@/features/auth/components/auth-card';
import { ResetPasswordForm, resetToken } from '@/features/auth/components/reset-password-form';

export function Component() {
  const location = useLocation();
  return (
    <AuthCard title="Choose a New Password" description="Enter a new password for your account.">
      <DocumentTitle>{`Reset Password | ${store.name}`}</DocumentTitle>
      <ResetPasswordForm token={resetToken(location)} />
    </AuthCard>
  );
}
