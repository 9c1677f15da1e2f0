/**
 * Cart queries and mutations. Every call carries X-Session-Id (lib/api). The list is
 * refetched after any cart change (storefront spec section 7); totals come from the
 * server (GET /api/cart/totals), never computed here.
 */

import type {
  AddToCartBody,
  CartItem,
  CartTotals,
  ValidateDiscountResponse,
} from '@shared/schemas/cart';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';

export const cartQueryKey = ['/api/cart'] as const;

export function useCart() {
  return useQuery({ queryKey: cartQueryKey, queryFn: () => api.get<CartItem[]>('/api/cart') });
}

/** Server totals for the cart with an optional discount code. */
export function useCartTotals(discountCode: string | null, enabled = true) {
  return useQuery({
    queryKey: [...cartQueryKey, 'totals', discountCode ?? ''],
    queryFn: () =>
      api.get<CartTotals>(
        `/api/cart/totals${discountCode ? `?discountCode=${encodeURIComponent(discountCode)}` : ''}`,
      ),
    enabled,
  });
}

function useInvalidateCart() {
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ queryKey: cartQueryKey });
}

export function useAddToCart() {
  const invalidate = useInvalidateCart();
  return useMutation({
    mutationFn: (body: AddToCartBody) => api.post<CartItem>('/api/cart', body),
    onSuccess: invalidate,
  });
}

export function useUpdateCartItem() {
  const invalidate = useInvalidateCart();
  return useMutation({
    mutationFn: ({ id, quantity }: { id: number; quantity: number }) =>
      api.patch<CartItem>(`/api/cart/${id}`, { quantity }),
    onSuccess: invalidate,
  });
}

export function useRemoveCartItem() {
  const invalidate = useInvalidateCart();
  return useMutation({
    mutationFn: (id: number) => api.delete<{ message: string }>(`/api/cart/${id}`),
    onSuccess: invalidate,
  });
}

export function useClearCart() {
  const invalidate = useInvalidateCart();
  return useMutation({ mutationFn: () => api.post('/api/clear-cart'), onSuccess: invalidate });
}

export function validateDiscountCode(code: string, orderAmount: number) {
  return api.post<ValidateDiscountResponse>('/api/discount-codes/validate', { code, orderAmount });
}
