/**
 * /admin (back-office spec section 2 "/admin"; DECISIONS.md "Security": /admin sends
 * non-admins away, every admin call is also checked on the server). While the user
 * loads: a loading state. Signed out: to /login?next= this address (section included). Signed in without the
 * admin role: toast 'Access Denied' and back to '/'. Admins see the admin shell
 * (features/admin/components/admin-shell.tsx): 'Admin Dashboard', the grouped section
 * navigation (features/admin/sections.ts; `?section=` picks one) and the section.
 */
import { useEffect, useRef } from 'react';
import { Navigate, useLocation, useNavigate, useSearchParams } from 'react-router';
import { PageMain } from '@/components/layout/page-main';
import { Skeleton } from '@/components/ui/skeleton';
import { store } from '@/config/store';
import { AdminShell } from '@/features/admin/components/admin-shell';
import { ADMIN_SECTIONS, findSection } from '@/features/admin/sections';
import { useUser } from '@/features/auth/api';
import { toast } from '@/lib/toast';

export function Component() {
  const { user, isLoading, isAdmin } = useUser();
  const dashboard = !isLoading && Boolean(user) && isAdmin;
  // Until the dashboard shows; then its section names the page (Dashboard's effect). Set
  // here always, this effect ran after the section's and won whenever the user was
  // already known (a client-side visit to /admin showed 'Admin Dashboard').
  useEffect(() => {
    if (!dashboard) document.title = `Admin Dashboard | ${store.name}`;
  }, [dashboard]);
  const location = useLocation();
  // Set once a user was shown here: a later null user means they logged out on this page.
  const wasSignedIn = useRef(false);
  if (user) wasSignedIn.current = true;

  if (isLoading) {
    return (
      // A screen high (PageMain fillScreen), as the admin shell that follows: the footer stays
      // below the first screen instead of flashing mid-screen and jumping (a mobile audit
      // measured a layout shift of 0.10-0.37 on every /admin?section=... load).
      <PageMain fillScreen className="mx-auto w-full max-w-7xl px-4 py-6 sm:px-6">
        <div role="status" aria-label="Loading the admin area" className="space-y-4">
          <Skeleton className="h-9 w-64" />
          <Skeleton className="h-10 w-full" />
          <Skeleton className="h-48 w-full rounded-xl" />
        </div>
      </PageMain>
    );
  }
  if (!user) {
    // Back to the very section asked for (a mail's link) once signed in.
    const next = encodeURIComponent(location.pathname + location.search);
    return <Navigate to={wasSignedIn.current ? '/' : `/login?next=${next}`} replace />;
  }
  if (!isAdmin) return <NotAllowed />;
  return <Dashboard userId={user.id} />;
}

/** Signed in without the admin role: 'Access Denied' and back to the home page. */
function NotAllowed() {
  const navigate = useNavigate();
  const toasted = useRef(false);
  useEffect(() => {
    if (!toasted.current) {
      toasted.current = true;
      toast({
        title: 'Access Denied',
        description: 'You do not have permission to view the admin area.',
        variant: 'destructive',
        forNextPage: true,
      });
    }
    navigate('/', { replace: true });
  }, [navigate]);
  return (
    <PageMain fillScreen className="mx-auto w-full max-w-6xl px-4 py-8 sm:px-6">
      <p role="status">You do not have permission to view the admin area.</p>
    </PageMain>
  );
}

function Dashboard({ userId }: { userId: number }) {
  const [params] = useSearchParams();
  const active = findSection(params.get('section'));
  useEffect(() => {
    document.title = `${active.label} | Admin | ${store.name}`;
  }, [active.label]);
  return <AdminShell sections={ADMIN_SECTIONS} active={active} userId={userId} />;
}
