/** Providers (query client, cart UI state) around the router (made by start.tsx). */
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from 'react-router';
import { CartUiProvider } from '@/features/cart/cart-state';
import { queryClient } from '@/lib/query-client';
import type { AppRouter } from './router';

export function App({ router }: { router: AppRouter }) {
  return (
    <QueryClientProvider client={queryClient}>
      <CartUiProvider>
        <RouterProvider router={router} />
      </CartUiProvider>
    </QueryClientProvider>
  );
}
