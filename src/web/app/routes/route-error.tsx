/**
 * Error screen (storefront spec section 4, back-office spec "error screen"): 'Something
 * went wrong' with 'Try Again' (drops the loaded data and renders the page again, without
 * reloading the document) and 'Reload Page' (reloads the document). The error
 * is reported once to POST /api/client-errors (and to analytics only when configured,
 * lib/client-errors.ts).
 */
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useLocation, useNavigate, useRouteError } from 'react-router';
import { DocumentTitle } from '@/components/layout/document-title';
import { Button } from '@/components/ui/button';
import { reportClientError } from '@/lib/client-errors';

export function RouteError() {
  const error = useRouteError();
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const tryAgain = () => {
    void queryClient.resetQueries();
    navigate(`${location.pathname}${location.search}${location.hash}`, { replace: true });
  };
  useEffect(() => {
    void reportClientError(error, 'route');
  }, [error]);
  return (
    <main
      id="main"
      className="mx-auto flex min-h-[60vh] max-w-lg flex-col items-center justify-center gap-4 p-6 text-center"
    >
      <DocumentTitle>{'Something went wrong'}</DocumentTitle>
      <h1 className="text-2xl">Something went wrong</h1>
      <p className="text-slate-600">
        An unexpected error occurred. We have been told about it. You can try again or reload the
        page.
      </p>
      <div className="flex flex-wrap justify-center gap-3">
        <Button onClick={tryAgain}>Try Again</Button>
        <Button variant="outline" onClick={() => window.location.reload()}>
          Reload Page
        </Button>
      </div>
    </main>
  );
}
