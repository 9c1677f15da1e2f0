/**
 * Error screen (storefront spec section 4): 'Something went wrong' with 'Try Again'
 * (resets by re-rendering the route) and 'Reload Page'. The error is logged; no
 * analytics script loads unless configured (DECISIONS.md).
 */
import { useEffect } from 'react';
import { useNavigate, useRouteError } from 'react-router';
import { Button } from '@/components/ui/button';

export function RouteError() {
  const error = useRouteError();
  const navigate = useNavigate();
  useEffect(() => {
    console.error(error);
  }, [error]);
  return (
    <main className="mx-auto flex min-h-[60vh] max-w-lg flex-col items-center justify-center gap-4 p-6 text-center">
      <h1 className="text-2xl font-bold">Something went wrong</h1>
      <p className="text-muted-foreground">
        An unexpected error occurred. You can try again or reload the page.
      </p>
      <div className="flex gap-3">
        <Button onClick={() => navigate(0)}>Try Again</Button>
        <Button variant="outline" onClick={() => window.location.reload()}>
          Reload Page
        </Button>
      </div>
    </main>
  );
}
