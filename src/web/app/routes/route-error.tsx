/**
 * Error screen (storefront spec section 4, back-office spec "error screen"): 'Something
 * went wrong' with 'Try Again' (re-runs the current page) and 'Reload Page'. The error
 * is reported once to POST /api/client-errors (and to analytics only when configured,
 * lib/client-errors.ts).
 */
import { useEffect } from 'react';
import { useNavigate, useRouteError } from 'react-router';
import { Button } from '@/components/ui/button';
import { reportClientError } from '@/lib/client-errors';

export function RouteError() {
  const error = useRouteError();
  const navigate = useNavigate();
  useEffect(() => {
    void reportClientError(error, 'route');
  }, [error]);
  return (
    <main
      id="main"
      className="mx-auto flex min-h-[60vh] max-w-lg flex-col items-center justify-center gap-4 p-6 text-center"
    >
      <title>Something went wrong</title>
      <h1 className="text-2xl">Something went wrong</h1>
      <p className="text-slate-600">
        An unexpected error occurred. We have been told about it. You can try again or reload the
        page.
      </p>
      <div className="flex flex-wrap justify-center gap-3">
        <Button onClick={() => navigate(0)}>Try Again</Button>
        <Button variant="outline" onClick={() => window.location.reload()}>
          Reload Page
        </Button>
      </div>
    </main>
  );
}
