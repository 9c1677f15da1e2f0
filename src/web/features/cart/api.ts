/**
 * Cart queries and mutations. Every call carries X-Session-Id (lib/api). The list is
 * refetched after any cart change (storefront spec section 7); totals come from the
 * server (GET /api/cart/totals), never computed here.
 */

import type {
  AddToCartBody,
  CartAllowance,
  CartItem,
  CartTotals,
  ValidateDiscountResponse,
} from '@shared/schemas/cart';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';

export const cartQueryKey = ['/api/cart'] as const;

/** GET /api/cart: the session's cart lines (what `useCart` caches under cartQueryKey). */
export const fetchCart = () => api.get<CartItem[]>('/api/cart');

export function useCart() {
  return useQuery({ queryKey: cartQueryKey, queryFn: fetchCart });
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

/**
 * GET /api/cart/allowance: how many more units of `productId` this shopper may add under
 * its per-customer limit (past orders as the server counts them, minus this cart). Under
 * the cart's key, so every cart change, sign-in and sign-out asks again. Only asked when
 * `enabled` (a product with a limit); the add still checks on the server.
 */
export function useCartAllowance(productId: number, enabled: boolean) {
  return useQuery({
    queryKey: [...cartQueryKey, 'allowance', productId],
    queryFn: () => api.get<CartAllowance>(`/api/cart/allowance?productId=${productId}`),
    enabled,
  });
}

function useInvalidateCart() {
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ queryKey: cartQueryKey });
}

/** POST /api/cart. A refusal (e.g. 409 'Limit N per customer') asks the allowance again. */
export function useAddToCart() {
  const qc = useQueryClient();
  const invalidate = useInvalidateCart();
  return useMutation({
    mutationFn: (body: AddToCartBody) => api.post<CartItem>('/api/cart', body),
    onSuccess: invalidate,
    onError: () => qc.invalidateQueries({ queryKey: [...cartQueryKey, 'allowance'] }),
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
