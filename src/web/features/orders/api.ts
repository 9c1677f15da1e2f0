/**
 * Order tracking queries (back-office spec section 7): GET /api/orders (the caller's
 * own catalogue orders; DECISIONS.md "Security") and GET /api/custom-orders/user-orders.
 * Keys include the user id so one account never sees another's cached orders; the
 * '/api/orders' prefix lets sign-in/out (features/auth) refresh or drop them.
 * Tracking pages refetch on mount: an order's status changes on the server.
 */

import type { Order } from '@shared/schemas/orders';
import { useQuery } from '@tanstack/react-query';
import { ApiRequestError, api } from '@/lib/api';

/** The parts of a custom order the tracking page shows until the custom-order module lands. */
export interface CustomOrderSummary {
  id: number;
  status: string;
  createdAt: string;
}

export function useMyOrders(userId: number | null) {
  return useQuery({
    queryKey: ['/api/orders', userId],
    queryFn: () => api.get<Order[]>('/api/orders'),
    enabled: userId !== null,
    refetchOnMount: 'always',
  });
}

async function fetchCustomOrders(): Promise<CustomOrderSummary[]> {
  try {
    return await api.get<CustomOrderSummary[]>('/api/custom-orders/user-orders');
  } catch (error) {
    // The custom-order API may not exist yet on this server: no custom orders then.
    if (error instanceof ApiRequestError && error.status === 404) return [];
    throw error;
  }
}

export function useMyCustomOrders(userId: number | null) {
  return useQuery({
    queryKey: ['/api/orders', 'custom', userId],
    queryFn: fetchCustomOrders,
    enabled: userId !== null,
    refetchOnMount: 'always',
  });
}
