/** Providers (query client, cart UI state) around the router. */
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from 'react-router';
import { CartUiProvider } from '@/features/cart/cart-state';
import { queryClient } from '@/lib/query-client';
import { router } from './router';

export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <CartUiProvider>
        <RouterProvider router={router} />
      </CartUiProvider>
    </QueryClientProvider>
  );
}
