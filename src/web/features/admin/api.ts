/**
 * Admin calls for the Regular Orders section (back-office spec section 7):
 * GET /api/orders (an admin gets every catalogue order, newest first),
 * PUT /api/orders/{id}/status, PUT /api/orders/{id}/tracking, DELETE /api/orders/{id}.
 * The server checks admin rights on every call (DECISIONS.md "Security"). Every change
 * invalidates the '/api/orders' keys and Order History's list (`orderHistoryKey`, where
 * the same cards show), so every order list (admin, history and tracking) refreshes.
 */

import type { Order, RegularOrderStatus, UpdateTrackingBody } from '@shared/schemas/orders';
import { useMutation, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { useRefreshOrders } from './order-history-api';

/** All catalogue orders for the signed-in admin; keyed by user id like the tracking lists. */
export function useAdminOrders(userId: number) {
  return useQuery({
    queryKey: ['/api/orders', 'admin', userId],
    queryFn: () => api.get<Order[]>('/api/orders'),
    refetchOnMount: 'always',
  });
}

/** PUT /api/orders/{id}/status; resolves with the updated order. */
export function useUpdateOrderStatus() {
  const invalidate = useRefreshOrders();
  return useMutation({
    mutationFn: ({ id, status }: { id: number; status: RegularOrderStatus }) =>
      api.put<Order>(`/api/orders/${id}/status`, { status }),
    onSettled: invalidate,
  });
}

/** PUT /api/orders/{id}/tracking with the parsed dialog values (URL omitted when empty). */
export function useUpdateTracking() {
  const invalidate = useRefreshOrders();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: UpdateTrackingBody }) =>
      api.put<Order>(`/api/orders/${id}/tracking`, body),
    onSettled: invalidate,
  });
}

/** DELETE /api/orders/{id}. */
export function useDeleteOrder() {
  const invalidate = useRefreshOrders();
  return useMutation({
    mutationFn: (id: number) => api.delete<{ message: string }>(`/api/orders/${id}`),
    onSettled: invalidate,
  });
}
