/**
 * /admin (back-office spec section 2 "/admin"; DECISIONS.md "Security": /admin sends
 * non-admins away, every admin call is also checked on the server). While the user
 * loads: a loading state. Signed out: to /login?next=/admin. Signed in without the
 * admin role: toast 'Access Denied' and back to '/'. Admins see 'Admin Dashboard', a
 * section menu (features/admin/sections.ts; `?section=` picks one) and the section.
 */
import { useEffect, useRef } from 'react';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { Skeleton } from '@/components/ui/skeleton';
import { store } from '@/config/store';
import { ADMIN_SECTIONS, findSection } from '@/features/admin/sections';
import { useUser } from '@/features/auth/api';
import { toast } from '@/lib/toast';
import { cn } from '@/lib/utils';

export function Component() {
  useEffect(() => {
    document.title = `Admin Dashboard | ${store.name}`;
  }, []);
  const { user, isLoading, isAdmin } = useUser();
  // Set once a user was shown here: a later null user means they logged out on this page.
  const wasSignedIn = useRef(false);
  if (user) wasSignedIn.current = true;

  if (isLoading) {
    return (
      <main id="main" className="mx-auto w-full max-w-6xl flex-1 px-4 py-8 sm:px-6">
        <div role="status" aria-label="Loading the admin area" className="space-y-4">
          <Skeleton className="h-9 w-64" />
          <Skeleton className="h-10 w-full" />
          <Skeleton className="h-48 w-full rounded-xl" />
        </div>
      </main>
    );
  }
  if (!user) {
    return <Navigate to={wasSignedIn.current ? '/' : '/login?next=%2Fadmin'} replace />;
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
      });
    }
    navigate('/', { replace: true });
  }, [navigate]);
  return (
    <main id="main" className="mx-auto w-full max-w-6xl flex-1 px-4 py-8 sm:px-6">
      <p role="status">You do not have permission to view the admin area.</p>
    </main>
  );
}

function Dashboard({ userId }: { userId: number }) {
  const [params] = useSearchParams();
  const active = findSection(params.get('section'));
  const Section = active.Component;
  return (
    <main id="main" className="mx-auto w-full max-w-6xl flex-1 px-4 py-8 sm:px-6">
      <h1 className="mb-6 text-2xl font-bold sm:text-3xl">Admin Dashboard</h1>
      <nav aria-label="Admin sections" className="mb-6">
        <ul className="bg-muted flex flex-wrap gap-1 rounded-lg p-1">
          {ADMIN_SECTIONS.map((section) => {
            const current = section.id === active.id;
            return (
              <li key={section.id}>
                <Link
                  to={`/admin?section=${section.id}`}
                  aria-current={current ? 'page' : undefined}
                  className={cn(
                    'focus-visible:ring-ring/50 inline-block rounded-md px-3 py-1.5 text-sm font-medium outline-none focus-visible:ring-[3px]',
                    current
                      ? 'bg-background text-foreground shadow-sm'
                      : 'text-slate-700 hover:text-foreground',
                  )}
                >
                  {section.label}
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>
      <section aria-labelledby="admin-section-title" className="space-y-4">
        <h2 id="admin-section-title" className="text-xl font-semibold">
          {active.label}
        </h2>
        <Section userId={userId} />
      </section>
    </main>
  );
}
