import { QueryClient } from '@tanstack/react-query';

/** Results never go stale, no refetch on focus or interval, no retries (storefront spec section 9). */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: Number.POSITIVE_INFINITY,
      refetchOnWindowFocus: false,
      refetchInterval: false,
      retry: false,
    },
    mutations: { retry: false },
  },
});
