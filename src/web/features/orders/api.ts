/**
 * Order tracking queries (back-office spec section 7): GET /api/orders (the caller's
 * own catalogue orders; DECISIONS.md "Security") and GET /api/custom-orders/user-orders,
 * and for the thank-you after a signed-out payment, one order read through this browser's
 * claim cookie (catalogue: its confirmation; custom: the order).
 * Keys include the user id so one account never sees another's cached orders; the
 * '/api/orders' prefix lets sign-in/out (features/auth) refresh or drop them.
 * Tracking pages refetch on mount: an order's status changes on the server.
 */

import type { CustomOrder } from '@shared/schemas/custom-orders';
import type { Order, OrderConfirmation } from '@shared/schemas/orders';
import { useQuery } from '@tanstack/react-query';
import { ApiRequestError, api } from '@/lib/api';

export function useMyOrders(userId: number | null) {
  return useQuery({
    queryKey: ['/api/orders', userId],
    queryFn: () => api.get<Order[]>('/api/orders'),
    enabled: userId !== null,
    refetchOnMount: 'always',
  });
}

export function useMyCustomOrders(userId: number | null) {
  return useQuery({
    queryKey: ['/api/orders', 'custom', userId],
    queryFn: () => api.get<CustomOrder[]>('/api/custom-orders/user-orders'),
    enabled: userId !== null,
    refetchOnMount: 'always',
  });
}

/** `?key=` of a guest's mailed link (server: orders/track-link.ts), or nothing. */
const keyQuery = (mailKey: string | null) => (mailKey ? `?key=${encodeURIComponent(mailKey)}` : '');

/**
 * The order's confirmation (issue 10): for the browser that placed it signed out (its
 * claim cookie), a guest's mailed link (`mailKey`), the owner or an admin; `data` is null
 * when the server answers 404.
 */
export function useOrderConfirmation(id: number | null, mailKey: string | null = null) {
  return useQuery({
    queryKey: ['/api/orders', 'confirmation', id, mailKey],
    queryFn: async (): Promise<OrderConfirmation | null> => {
      try {
        return await api.get<OrderConfirmation>(
          `/api/orders/${id}/confirmation${keyQuery(mailKey)}`,
        );
      } catch (error) {
        if (error instanceof ApiRequestError && error.status === 404) return null;
        throw error;
      }
    },
    enabled: id !== null,
  });
}

/**
 * One custom order for the thank-you page after its deposit: the owner, an admin, or the
 * browser that placed it signed out (its claim cookie); `data` is null on 404.
 */
export function useCustomOrderForThanks(id: number | null, mailKey: string | null = null) {
  return useQuery({
    queryKey: ['/api/orders', 'custom-thanks', id, mailKey],
    queryFn: async (): Promise<CustomOrder | null> => {
      try {
        return await api.get<CustomOrder>(`/api/custom-orders/${id}${keyQuery(mailKey)}`);
      } catch (error) {
        if (error instanceof ApiRequestError && error.status === 404) return null;
        throw error;
      }
    },
    enabled: id !== null,
  });
}
