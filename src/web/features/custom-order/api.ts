/**
 * Custom order calls (storefront spec section 7; back-office spec section 7): the rush
 * banner's slots, promo validation (context custom), prepare (multipart with upload
 * progress), the prepared order for checkout, placing the order after the deposit, the
 * balance page's summary and completion. Amounts are the server's dollars.
 */

import type { ValidateDiscountResponse } from '@shared/schemas/cart';
import type {
  BalancePaymentInfo,
  CreateCustomOrderBody,
  CustomOrder,
  PreparedCustomOrder,
  RushSlots,
} from '@shared/schemas/custom-orders';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';

/** The month's rush slots (refetched on every visit: the banner must be true). */
export function useRushSlots() {
  return useQuery({
    queryKey: ['/api/custom-orders/rush-slots'],
    queryFn: () => api.get<RushSlots>('/api/custom-orders/rush-slots'),
    refetchOnMount: 'always',
  });
}

/** POST /api/discount-codes/validate for a custom order; `orderAmount` is the pins subtotal. */
export function validatePromoCode(code: string, orderAmount: number) {
  return api.post<ValidateDiscountResponse>('/api/discount-codes/validate', {
    code,
    orderAmount,
    purpose: 'custom',
  });
}

/** The signed-in user's custom orders (empty: a first-time customer). */
export function fetchMyCustomOrders() {
  return api.get<CustomOrder[]>('/api/custom-orders/user-orders');
}

/** The prepared order checkout pays the deposit for (the server's amounts). */
export function usePreparedOrder(id: string | null) {
  return useQuery({
    queryKey: ['/api/custom-orders/prepared', id],
    queryFn: () =>
      api.get<PreparedCustomOrder>(`/api/custom-orders/prepared/${encodeURIComponent(id!)}`),
    enabled: id !== null,
    refetchOnMount: 'always',
  });
}

/** POST /api/custom-orders after the deposit capture. */
export function createCustomOrder(body: CreateCustomOrderBody) {
  return api.post<{ id: number; order: CustomOrder }>('/api/custom-orders', body);
}

/** GET /api/balance-payment/{token}. */
export function useBalanceInfo(token: string) {
  return useQuery({
    queryKey: ['/api/balance-payment', token],
    queryFn: () => api.get<BalancePaymentInfo>(`/api/balance-payment/${encodeURIComponent(token)}`),
    refetchOnMount: 'always',
  });
}

/** POST /api/balance-payment/{token}/complete. */
export function completeBalancePayment(token: string, balancePaymentId: string) {
  return api.post<{ orderId: number; status: string; paid: true }>(
    `/api/balance-payment/${encodeURIComponent(token)}/complete`,
    { balancePaymentId },
  );
}
