/**
 * Cart contracts. Every cart call carries the X-Session-Id header and acts only on
 * that session's items (DECISIONS.md). Prices are computed by the server: tier unit
 * price per line, subtotal, discount, shipping, total (dollars, 2 decimals).
 */

import { hasAtMostTwoDecimals } from '../money';
import {
  dollarInput,
  IdText,
  MAX_ORDER_DOLLARS,
  RowId,
  StoreDayOrDateInput,
  startsAfterEnd,
} from './common';
import { z } from './zod';

/**
 * Most units one cart line may hold: 10,000 (docs/decisions.md 58:
 * above it the answer is 400 with this message, shown in the cart toast as it is).
 */
export const MAX_LINE_QUANTITY = 10_000;
const LineQuantity = z
  .number()
  .int()
  .min(1, 'Quantity must be at least 1')
  .max(MAX_LINE_QUANTITY, 'Quantity must be at most 10,000 per line');

export const AddToCartBody = z.object({
  productId: RowId,
  quantity: LineQuantity,
});
export type AddToCartBody = z.infer<typeof AddToCartBody>;

export const UpdateCartItemBody = z.object({
  quantity: LineQuantity,
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
    /** Most units one customer may buy (the promo pins: 4), null when unlimited. */
    purchaseLimit: z.number().int().nullable(),
  }),
});
export type CartItem = z.infer<typeof CartItem>;

/** GET /api/cart/totals?discountCode=CODE — the server's totals for the caller's cart. */
export const CartTotalsQuery = z.object({
  discountCode: z.string().trim().toUpperCase().max(64).optional(),
});
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

/** GET /api/cart/allowance?productId=N: one product's id as text (400 'Invalid id' otherwise). */
export const CartAllowanceQuery = z.object({
  productId: z.string({ error: 'Invalid id' }).pipe(IdText),
});

/**
 * GET /api/cart/allowance: how many more units of one product the caller may add under its
 * per-customer limit (storefront spec section 5 "Add to cart"; DECISIONS.md "Catalogue":
 * the limit holds across the cart and past orders). `bought` is what the server counts
 * from paid past orders (account, cart session, e-mail), `inCart` the units in this
 * session's cart; `remaining` = limit - bought - inCart, never below 0. A product without a
 * limit answers `limit`, `bought` and `remaining` null. Advice only: the add still checks.
 */
export const CartAllowance = z.object({
  productId: z.number().int(),
  limit: z.number().int().nullable(),
  bought: z.number().int().nullable(),
  inCart: z.number().int(),
  remaining: z.number().int().nullable(),
});
export type CartAllowance = z.infer<typeof CartAllowance>;

/** POST /api/discount-codes/validate. orderAmount in dollars (the subtotal). */
export const ValidateDiscountBody = z.object({
  code: z.string().trim().toUpperCase().min(1, 'Please enter a discount code').max(64),
  orderAmount: dollarInput(MAX_ORDER_DOLLARS),
  /**
   * What the amount is for. `cart` (default): when the request carries X-Session-Id and
   * that cart is not empty, the server's own cart subtotal is used instead of orderAmount.
   * `custom`: a custom pin order total from the wizard; orderAmount is used.
   */
  purpose: z.enum(['cart', 'custom']).default('cart'),
});
export const ValidateDiscountResponse = z.object({
  valid: z.boolean(),
  discountAmount: z.number(),
  error: z.string().nullable(),
  discountCode: z
    .object({
      code: z.string(),
      discountType: z.enum(['percentage', 'fixed']),
      /** Percent for `percentage`, dollars for `fixed`. */
      discountValue: z.number(),
      /**
       * The order amount (dollars) the code needs: the wizard keeps it so its discount
       * follows a quantity change as the server's check will (0: no minimum).
       */
      minimumOrderAmount: z.number(),
    })
    .nullable(),
});
export type ValidateDiscountResponse = z.infer<typeof ValidateDiscountResponse>;

/** Admin view of a discount code (back-office "Discount Codes"); usedCount = currentUses. Amounts in dollars. */
export const AdminDiscountCode = z.object({
  id: z.number().int(),
  code: z.string(),
  discountType: z.enum(['percentage', 'fixed']),
  /** Percent for `percentage`, dollars for `fixed`. */
  discountValue: z.number(),
  minimumOrderAmount: z.number(),
  maxUses: z.number().int().nullable(),
  usedCount: z.number().int(),
  validFrom: z.string().nullable(),
  validUntil: z.string().nullable(),
  /**
   * The store's calendar days (YYYY-MM-DD in STORE_TIME_ZONE) on which `validFrom` and
   * `validUntil` fall: what the admin list shows and a date picker takes, so the browser
   * never needs the store's zone.
   */
  validFromDay: z.string().nullable(),
  validUntilDay: z.string().nullable(),
  isActive: z.boolean(),
  /** Personal single-use codes (newsletter) name their subscriber. */
  issuedToEmail: z.string().nullable(),
  createdAt: z.string(),
});
export type AdminDiscountCode = z.infer<typeof AdminDiscountCode>;

/** PATCH /api/discount-codes/{id} (admin): Activate / Deactivate. */
export const UpdateDiscountCodeBody = z.object({ isActive: z.boolean() });

/** Largest fixed discount (dollars) and maxUses an admin can set. */
export const MAX_FIXED_DISCOUNT_DOLLARS = 100_000;
export const MAX_CODE_USES = 1_000_000;

/** 400 on `validUntil` when a code would end before it starts. */
export const END_BEFORE_START = 'The end date must not be before the start date';

/**
 * POST /api/discount-codes (admin). discountValue: percent (1-100, whole) or dollars
 * for `fixed` (at most two decimals, up to 100,000); minimumOrderAmount dollars up to
 * 1,000,000; dates between 2000 and 2100. A bare day in validFrom/validUntil stays
 * YYYY-MM-DD text (`StoreDayOrDateInput`): the server makes it the start / end of that day
 * in STORE_TIME_ZONE, and checks the order of a day against a full timestamp itself.
 */
export const CreateDiscountCodeBody = z
  .object({
    code: z
      .string()
      .trim()
      .toUpperCase()
      .regex(/^[A-Z0-9_-]{3,32}$/, 'Code must be 3-32 letters, digits, - or _'),
    discountType: z.enum(['percentage', 'fixed']),
    discountValue: z
      .number({
        error: (issue) =>
          issue.input === undefined ? 'Discount is required' : 'Discount must be a number',
      })
      .positive('Discount must be above 0')
      .max(MAX_FIXED_DISCOUNT_DOLLARS, 'Discount must be at most 100,000'),
    minimumOrderAmount: dollarInput(MAX_ORDER_DOLLARS).default(0),
    maxUses: z
      .number({ error: 'Max uses must be a whole number (leave empty for unlimited)' })
      .int('Max uses must be a whole number (leave empty for unlimited)')
      .min(1, 'Max uses must be at least 1 (leave empty for unlimited)')
      .max(MAX_CODE_USES, 'At most 1,000,000 uses (leave empty for unlimited)')
      .nullable()
      .default(null),
    validFrom: StoreDayOrDateInput.nullable().default(null),
    validUntil: StoreDayOrDateInput.nullable().default(null),
    isActive: z.boolean().default(true),
  })
  .refine(
    (v) =>
      v.discountType !== 'percentage' ||
      (Number.isInteger(v.discountValue) && v.discountValue <= 100),
    {
      message: 'A percentage must be a whole number from 1 to 100',
      path: ['discountValue'],
    },
  )
  .refine((v) => v.discountType !== 'fixed' || hasAtMostTwoDecimals(v.discountValue), {
    message: 'A fixed discount must be in dollars with at most two decimals',
    path: ['discountValue'],
  })
  .refine((v) => !v.validFrom || !v.validUntil || !startsAfterEnd(v.validFrom, v.validUntil), {
    message: END_BEFORE_START,
    path: ['validUntil'],
  });
