/** Regular (catalogue) order contracts: GET /api/orders. Amounts in dollars. */
import { z } from './zod';

export const REGULAR_ORDER_STATUSES = [
  'pending',
  'processing',
  'in_production',
  'shipped',
  'delivered',
] as const;
export type RegularOrderStatus = (typeof REGULAR_ORDER_STATUSES)[number];

export const OrderLine = z.object({
  productId: z.number().int().nullable(),
  name: z.string(),
  quantity: z.number().int(),
  /** Unit price charged (tier applied), dollars. */
  price: z.number(),
});

export const Order = z.object({
  id: z.number().int(),
  customerEmail: z.string(),
  customerName: z.string(),
  shippingAddress: z.string().nullable(),
  subtotalAmount: z.number(),
  discountCode: z.string().nullable(),
  discountAmount: z.number(),
  shippingAmount: z.number(),
  totalAmount: z.number(),
  paymentIntentId: z.string().nullable(),
  paymentStatus: z.enum(['paid', 'refunded']),
  status: z.enum(REGULAR_ORDER_STATUSES),
  items: z.array(OrderLine),
  trackingNumber: z.string().nullable(),
  trackingUrl: z.string().nullable(),
  createdAt: z.string(),
});
export type Order = z.infer<typeof Order>;

/**
 * GET /api/orders/{id}/confirmation (issue 10): the order for its confirmation page, for
 * the owner, an admin, or the browser that placed it signed out (claim cookie), with the
 * expected ship date (YYYY-MM-DD: two business days after it was placed).
 */
export const OrderConfirmation = Order.extend({ expectedShipDate: z.string() });
export type OrderConfirmation = z.infer<typeof OrderConfirmation>;

/** PUT /api/orders/{id}/status (admin). */
export const UpdateOrderStatusBody = z.object({
  status: z.enum(REGULAR_ORDER_STATUSES, { error: 'Please choose a valid order status.' }),
});
export type UpdateOrderStatusBody = z.infer<typeof UpdateOrderStatusBody>;

/**
 * PUT /api/orders/{id}/tracking (admin tracking dialog, back-office spec section 5):
 * the number is required after trimming; the URL is optional (empty means none) and
 * must be http(s), because the tracking page renders it as a link.
 */
export const UpdateTrackingBody = z.object({
  trackingNumber: z
    .string({ error: 'Tracking number is required.' })
    .trim()
    .min(1, 'Tracking number is required.')
    .max(100, 'Tracking number must be at most 100 characters.'),
  trackingUrl: z.preprocess(
    (v) =>
      v === null || (typeof v === 'string' && v.trim() === '')
        ? undefined
        : typeof v === 'string'
          ? v.trim()
          : v,
    z
      .httpUrl({ error: 'Please enter a valid tracking URL (http or https).' })
      .max(2000, 'Tracking URL must be at most 2000 characters.')
      .optional(),
  ),
});
export type UpdateTrackingBody = z.infer<typeof UpdateTrackingBody>;

/** Answer of DELETE /api/orders/{id}. */
export const DeleteOrderResponse = z.object({ message: z.string() });
