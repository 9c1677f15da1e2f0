/** Regular (catalogue) order contracts: GET /api/orders. Amounts in dollars. */
import { z } from 'zod';

export const REGULAR_ORDER_STATUSES = ['pending', 'processing', 'in_production', 'shipped', 'delivered'] as const;
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
