/**
 * Checkout and payment calls (storefront spec section 7): GET /paypal/setup,
 * POST /paypal/order (the server computes the amount from the caller's cart),
 * POST /paypal/order/{id}/capture and POST /api/create-order. Every call carries the
 * X-Session-Id header (lib/api).
 */

import type {
  CapturePaymentResponse,
  CreateOrderBody,
  CreatePaymentOrderBody,
  PaymentSetup,
} from '@shared/schemas/checkout';
import type { Order } from '@shared/schemas/orders';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import type { PaymentCalls } from './checkout-flow';

export const paymentSetupQueryKey = ['/paypal/setup'] as const;

/** Which payment provider the server uses, and the PayPal client id when it is PayPal. */
export function usePaymentSetup() {
  return useQuery({
    queryKey: paymentSetupQueryKey,
    queryFn: () => api.get<PaymentSetup>('/paypal/setup'),
  });
}

/** Creates a provider payment order for the caller's cart; returns its id and the server's amount. */
export function createPaymentOrder(body: Partial<CreatePaymentOrderBody>) {
  return api.post<{ id: string; amount: string; currency: 'USD' }>('/paypal/order', {
    intent: 'CAPTURE',
    currency: 'USD',
    purpose: 'cart',
    ...body,
  });
}

/** Captures an approved payment order. status 'COMPLETED' is the only success. */
export function capturePaymentOrder(paymentOrderId: string) {
  return api.post<CapturePaymentResponse>(
    `/paypal/order/${encodeURIComponent(paymentOrderId)}/capture`,
  );
}

/** Creates the catalogue order for a captured payment (the server empties the cart). */
export function createCheckoutOrder(body: CreateOrderBody) {
  return api.post<{ order: Order }>('/api/create-order', body);
}

/** The real calls for completeApprovedPayment. */
export const paymentCalls: PaymentCalls = {
  capture: capturePaymentOrder,
  createOrder: createCheckoutOrder,
};
