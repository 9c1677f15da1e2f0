/**
 * Admin calls of the Order History section (back-office spec sections 2, 7):
 * GET /api/admin/order-history (custom and catalogue orders together, filtered, paged),
 * PATCH /api/custom-orders/{id}/status, DELETE /api/custom-orders/{id},
 * POST /api/custom-orders/{id}/generate-balance-link, POST /api/send-production-email,
 * POST /api/admin/order-email. Every change refreshes all order lists ('/api/orders'
 * and the history). The server checks admin rights on every call.
 */
import type { AdminCustomOrderStatus } from '@shared/custom-pins';
import type {
  CustomOrder,
  OrderHistoryPage,
  OrderHistoryQuery,
} from '@shared/schemas/custom-orders';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';

export const orderHistoryKey = ['/api/admin/order-history'] as const;

/** One page of the history for the filters. */
export function useOrderHistory(query: Partial<OrderHistoryQuery>) {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== '' && value !== null) params.set(key, String(value));
  }
  return useQuery({
    queryKey: [...orderHistoryKey, params.toString()],
    queryFn: () => api.get<OrderHistoryPage>(`/api/admin/order-history?${params}`),
    refetchOnMount: 'always',
    placeholderData: keepPreviousData,
  });
}

/**
 * Refreshes every list an order shows in after a change: Order History's pages and the
 * '/api/orders' lists (Regular Orders, the dashboard's). Resolves once both refetched.
 */
export function useRefreshOrders() {
  const qc = useQueryClient();
  return async () => {
    await Promise.all([
      qc.invalidateQueries({ queryKey: orderHistoryKey }),
      qc.invalidateQueries({ queryKey: ['/api/orders'] }),
    ]);
  };
}

export function useUpdateCustomOrderStatus() {
  const refresh = useRefreshOrders();
  return useMutation({
    mutationFn: ({ id, status }: { id: number; status: AdminCustomOrderStatus }) =>
      api.patch<CustomOrder>(`/api/custom-orders/${id}/status`, { status }),
    onSettled: refresh,
  });
}

export function useDeleteCustomOrder() {
  const refresh = useRefreshOrders();
  return useMutation({
    mutationFn: (id: number) => api.delete<{ message: string }>(`/api/custom-orders/${id}`),
    onSettled: refresh,
  });
}

export function useGenerateBalanceLink() {
  const refresh = useRefreshOrders();
  return useMutation({
    mutationFn: (id: number) =>
      api.post<{ balancePaymentUrl: string; expiresAt: string }>(
        `/api/custom-orders/${id}/generate-balance-link`,
      ),
    onSettled: refresh,
  });
}

export function useSendProductionEmail() {
  return useMutation({
    mutationFn: (order: Pick<CustomOrder, 'id' | 'customerName' | 'customerEmail'>) =>
      api.post<{ message: string }>('/api/send-production-email', {
        orderId: order.id,
        customerName: order.customerName,
        customerEmail: order.customerEmail,
        estimatedWeeks: '2 to 3 weeks',
      }),
  });
}

export function useSendOrderEmail() {
  return useMutation({
    mutationFn: (body: {
      type: 'custom' | 'regular';
      orderId: number;
      subject: string;
      message: string;
    }) => api.post<{ message: string }>('/api/admin/order-email', body),
  });
}
