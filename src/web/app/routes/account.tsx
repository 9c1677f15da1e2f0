/**
 * /account, My Account (beyond the spec; docs/decisions.md "My Account and password change
 * (2026-11-27)"): the signed-in customer's username and e-mail, a link to their orders
 * (/track-order) and the Change Password form. Reached from the header's account area
 * ('My Account'). While the user loads: a loading state. Signed out: to /login?next=/account
 * (as /admin does); signing out on this page goes home quietly (as /track-order does).
 */
import { useRef } from 'react';
import { Link, Navigate, useLocation } from 'react-router';
import { DocumentTitle } from '@/components/layout/document-title';
import { PageMain } from '@/components/layout/page-main';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { store } from '@/config/store';
import { useUser } from '@/features/auth/api';
import { ChangePasswordForm } from '@/features/auth/components/change-password-form';

export function Component() {
  const { user, isLoading } = useUser();
  const location = useLocation();
  // Set once a user was shown here: a later null user means they logged out on this page.
  const wasSignedIn = useRef(false);
  if (user) wasSignedIn.current = true;

  let content: React.ReactNode;
  if (isLoading) {
    content = (
      <div role="status" aria-label="Loading your account" className="space-y-4">
        <Skeleton className="h-32 w-full rounded-xl" />
        <Skeleton className="h-72 w-full rounded-xl" />
      </div>
    );
  } else if (!user) {
    const next = encodeURIComponent(location.pathname + location.search);
    return <Navigate to={wasSignedIn.current ? '/' : `/login?next=${next}`} replace />;
  } else {
    content = (
      <div className="space-y-6">
        <Card>
          <CardHeader>
            <h2 className="text-lg font-semibold">Account Details</h2>
          </CardHeader>
          <CardContent className="space-y-4">
            <dl className="grid gap-3 text-sm sm:grid-cols-[8rem_1fr]">
              <dt className="font-medium text-slate-600">Username</dt>
              <dd className="break-words">{user.username}</dd>
              <dt className="font-medium text-slate-600">Email</dt>
              <dd className="break-all">{user.email}</dd>
            </dl>
            <Button asChild variant="outline">
              <Link to="/track-order">View My Orders</Link>
            </Button>
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <h2 className="text-lg font-semibold">Change Password</h2>
            <CardDescription>
              Other devices signed in to your account are signed out when the password changes.
            </CardDescription>
          </CardHeader>
          <CardContent>
            <ChangePasswordForm username={user.username} />
          </CardContent>
        </Card>
      </div>
    );
  }

  return (
    <PageMain fillScreen className="mx-auto w-full max-w-2xl px-4 py-8 sm:px-6">
      <DocumentTitle>{`My Account | ${store.name}`}</DocumentTitle>
      <h1 className="mb-6 text-2xl font-bold sm:text-3xl">My Account</h1>
      {content}
    </PageMain>
  );
}
