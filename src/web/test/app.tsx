/**
 * Rendering routes for the web client's jsdom tests as the app runs them: a fresh query
 * client, the cart drawer's state (as app/app.tsx provides it), the router, and the real
 * toaster beside them (read with ./toasts.ts).
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from 'preact';
import { act } from 'react-dom/test-utils';
import { type createMemoryRouter, RouterProvider } from 'react-router';
import { Toaster } from '@/components/ui/sonner';
import { CartUiProvider } from '@/features/cart/cart-state';

/** Renders `router` into `container` (unmount it with ./dom.ts `unmount`). */
export function renderRoutes(
  container: Element,
  router: ReturnType<typeof createMemoryRouter>,
): void {
  act(() =>
    render(
      <QueryClientProvider client={new QueryClient()}>
        <CartUiProvider>
          <RouterProvider router={router} />
        </CartUiProvider>
        <Toaster />
      </QueryClientProvider>,
      container,
    ),
  );
}
