/**
 * Checkout and payment contracts. The amount is always computed by the server from
 * the caller's cart (+ discount code); a client-sent amount is only checked and a
 * mismatch answers 409 "price changed" (DECISIONS.md "Money and pricing").
 */
import { z } from 'zod';

/** Checkout customer info form (storefront spec section 3). All required. */
export const CustomerInfo = z.object({
  name: z.string().trim().min(1, 'Name is required').max(200),
  email: z.string().trim().email('Valid email is required').max(254),
  address: z.string().trim().min(1, 'Address is required').max(300),
  city: z.string().trim().min(1, 'City is required').max(100),
  state: z.string().trim().min(1, 'State is required').max(100),
  zipCode: z.string().trim().min(1, 'ZIP is required').max(20),
});
export type CustomerInfo = z.infer<typeof CustomerInfo>;

/** GET /paypal/setup (alias /api/paypal/setup). */
export const PaymentSetup = z.object({
  provider: z.enum(['test', 'paypal']),
  /** PayPal client id for the JS SDK; null for the test provider. */
  clientId: z.string().nullable(),
  clientToken: z.string().nullable(),
  currency: z.literal('USD'),
});
export type PaymentSetup = z.infer<typeof PaymentSetup>;

/**
 * POST /paypal/order (alias /api/paypal/order), header X-Session-Id.
 * purpose "cart": amount = the caller's cart total with discountCode.
 * `amount` (2-decimal string) is optional and only checked.
 */
export const CreatePaymentOrderBody = z.object({
  intent: z.literal('CAPTURE').default('CAPTURE'),
  currency: z.literal('USD').default('USD'),
  amount: z.string().regex(/^\d+(\.\d{1,2})?$/).optional(),
  purpose: z.enum(['cart']).default('cart'),
  discountCode: z.string().trim().toUpperCase().max(64).optional(),
  /** Test provider only: what the simulated buyer does at capture. */
  testOutcome: z.enum(['approve', 'decline', 'pending']).optional(),
});
export type CreatePaymentOrderBody = z.infer<typeof CreatePaymentOrderBody>;
export const CreatePaymentOrderResponse = z.object({ id: z.string(), amount: z.string(), currency: z.literal('USD') });

/** POST /paypal/order/{id}/capture answer. status COMPLETED means the money was captured for the expected amount. */
export const CapturePaymentResponse = z.object({
  id: z.string(),
  status: z.string(),
  captureId: z.string().nullable(),
  amount: z.string().nullable(),
});
export type CapturePaymentResponse = z.infer<typeof CapturePaymentResponse>;

/** POST /api/create-order, header X-Session-Id. */
export const CreateOrderBody = z.object({
  paypalOrderId: z.string().min(1).max(200),
  customerEmail: z.string().trim().email('Valid email is required').max(254),
  customerName: z.string().trim().min(1, 'Name is required').max(200),
  shippingAddress: z.string().trim().max(600).nullable(),
});
export type CreateOrderBody = z.infer<typeof CreateOrderBody>;
