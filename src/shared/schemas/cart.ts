/**
 * Cart contracts. Every cart call carries the X-Session-Id header and acts only on
 * that session's items (DECISIONS.md). Prices are computed by the server: tier unit
 * price per line, subtotal, discount, shipping, total (dollars, 2 decimals).
 */
import { z } from 'zod';

export const AddToCartBody = z.object({
  productId: z.number().int().positive(),
  quantity: z.number().int().min(1, 'Quantity must be at least 1').max(10000),
});
export type AddToCartBody = z.infer<typeof AddToCartBody>;

export const UpdateCartItemBody = z.object({
  quantity: z.number().int().min(1, 'Quantity must be at least 1').max(10000),
});

export const CartItem = z.object({
  id: z.number().int(),
  productId: z.number().int(),
  quantity: z.number().int(),
  /** Tier unit price (dollars) for this line's quantity. */
  unitPrice: z.number(),
  /** Percent off per unit from the volume tier (0, 10, 20). */
  percentOff: z.number(),
  lineTotal: z.number(),
  product: z.object({
    id: z.number().int(),
    name: z.string(),
    /** Full (untiered) price, dollars. */
    price: z.number(),
    imageUrl: z.string().nullable(),
    stockQuantity: z.number().int(),
  }),
});
export type CartItem = z.infer<typeof CartItem>;

/** GET /api/cart/totals?discountCode=CODE — the server's totals for the caller's cart. */
export const CartTotalsQuery = z.object({ discountCode: z.string().trim().toUpperCase().max(64).optional() });
export const CartTotals = z.object({
  itemCount: z.number().int(),
  subtotal: z.number(),
  discountCode: z.string().nullable(),
  discountAmount: z.number(),
  /** Set when a discountCode was given but does not apply; the totals then carry no discount. */
  discountError: z.string().nullable(),
  shipping: z.number(),
  total: z.number(),
});
export type CartTotals = z.infer<typeof CartTotals>;

/** POST /api/discount-codes/validate. orderAmount in dollars (the subtotal). */
export const ValidateDiscountBody = z.object({
  code: z.string().trim().toUpperCase().min(1, 'Please enter a discount code').max(64),
  orderAmount: z.number().min(0),
});
export const ValidateDiscountResponse = z.object({
  valid: z.boolean(),
  discountAmount: z.number(),
  error: z.string().nullable(),
  discountCode: z
    .object({ code: z.string(), discountType: z.enum(['percentage', 'fixed']), discountValue: z.number() })
    .nullable(),
});
export type ValidateDiscountResponse = z.infer<typeof ValidateDiscountResponse>;
