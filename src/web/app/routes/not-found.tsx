/** Not-found page for any unknown path (back-office spec section 2). */
import { Link } from 'react-router';
import { DocumentTitle } from '@/components/layout/document-title';
import { PageMain } from '@/components/layout/page-main';
import { Button } from '@/components/ui/button';
import { store } from '@/config/store';

export function Component() {
  return (
    <PageMain className="mx-auto flex w-full max-w-xl flex-col items-center justify-center gap-4 px-4 py-24 text-center">
      <DocumentTitle>{`Page Not Found | ${store.name}`}</DocumentTitle>
      <p className="text-6xl font-bold text-primary" aria-hidden="true">
        404
      </p>
      <h1 className="text-3xl font-bold">Page Not Found</h1>
      <p className="text-slate-600">The page you are looking for does not exist or has moved.</p>
      <div className="flex flex-wrap justify-center gap-3">
        <Button asChild>
          <Link to="/">Back to Home</Link>
        </Button>
        <Button asChild variant="outline">
          <Link to="/wholesale">Browse Pins</Link>
        </Button>
      </div>
    </PageMain>
  );
}
