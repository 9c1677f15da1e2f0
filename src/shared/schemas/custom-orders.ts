/**
 * Custom pin order contracts (storefront spec sections 2-5 and 7 "Custom pin wizard",
 * "Checkout"; back-office spec sections 2-4 and 7). Amounts are dollars with two
 * decimals in the API and integer cents on the server; every amount a client sends is
 * only checked against the server's (409 'price changed', DECISIONS.md "Money").
 */

import {
  ADMIN_CUSTOM_ORDER_STATUSES,
  CUSTOM_MESSAGES,
  CUSTOM_ORDER_STATUSES,
  normalizePackaging,
} from '../custom-pins';
import {
  CUSTOM_PIN_MAX_QUANTITY,
  CUSTOM_PIN_MIN_QUANTITY,
  PIN_PACKAGING,
  PIN_PLATINGS,
  PIN_SIZES,
} from '../pricing';
import { dollarInput, MAX_ORDER_DOLLARS, ONE_LINE, ONE_LINE_MESSAGE, RowId } from './common';
import { CustomOrderContact } from './custom-order-contact';
import { Order } from './orders';
import { z } from './zod';

export { CUSTOM_LOGO_MAX_BYTES, CUSTOM_MESSAGES } from '../custom-pins';

/** A client's amount (dollars), only compared with the server's. */
const clientAmount = dollarInput(MAX_ORDER_DOLLARS).optional().nullable();

/** Packaging: a comma-joined list (spec section 3) or an array, normalised as a set. */
const Packaging = z
  .union([z.string().max(200), z.array(z.string().max(50)).max(10)])
  .transform((v) =>
    (Array.isArray(v) ? v : v.split(',')).map((p) => p.trim()).filter((p) => p !== ''),
  )
  .pipe(z.array(z.enum(PIN_PACKAGING, { error: 'Please choose a packaging option' })))
  .transform(normalizePackaging);

/**
 * The wizard's order draft, sent as the JSON text `orderData` of POST
 * /api/custom-orders/prepare (spec section 3 "Custom order draft").
 */
export const CustomOrderDraft = z.object({
  quantity: z
    .number({ error: CUSTOM_MESSAGES.quantity })
    .int(CUSTOM_MESSAGES.quantity)
    .min(CUSTOM_PIN_MIN_QUANTITY, CUSTOM_MESSAGES.quantity)
    .max(CUSTOM_PIN_MAX_QUANTITY, CUSTOM_MESSAGES.quantity),
  size: z.enum(PIN_SIZES, { error: 'Please choose a size' }),
  plating: z.enum(PIN_PLATINGS, { error: 'Please choose a plating' }),
  packaging: Packaging,
  rushOrder: z.boolean().default(false),
  // Name, e-mail, phone and notes: the fields the wizard's step 4 checks too.
  ...CustomOrderContact.shape,
  promoCode: z
    .string()
    .trim()
    .toUpperCase()
    .max(64)
    .optional()
    .nullable()
    .transform((v) => (v ? v : undefined)),
  rushOrderFee: clientAmount,
  pricePerPin: clientAmount,
  discountAmount: clientAmount,
  totalPrice: clientAmount,
  depositAmount: clientAmount,
  remainingBalance: clientAmount,
});
export type CustomOrderDraftInput = z.input<typeof CustomOrderDraft>;
export type CustomOrderDraft = z.output<typeof CustomOrderDraft>;

export const PinDesign = z.object({
  name: z.string(),
  quantity: z.number().int(),
  description: z.string(),
  imageUrl: z.string().nullable(),
});

/** What a prepared order and a custom order both carry (amounts in dollars). */
const CustomOrderBasics = z.object({
  quantity: z.number().int(),
  /** As chosen (e.g. '0.75inch'); orders from a quote may carry the quote's size text. */
  size: z.string(),
  plating: z.string(),
  packaging: z.array(z.string()),
  rushOrder: z.boolean(),
  rushOrderFee: z.number(),
  pricePerPin: z.number(),
  discountCode: z.string().nullable(),
  discountAmount: z.number(),
  totalPrice: z.number(),
  depositAmount: z.number(),
  remainingBalance: z.number(),
  customerName: z.string(),
  customerEmail: z.string(),
  customerPhone: z.string().nullable(),
  notes: z.string().nullable(),
  logoUrl: z.string().nullable(),
  logoFileName: z.string().nullable(),
  pinDesigns: z.array(PinDesign),
  estimatedDelivery: z.string().nullable(),
  /** The accepted quote it comes from (issue 7), if any. */
  quoteRequestId: z.number().int().nullable(),
});

/** A custom order prepared by the server, waiting for its deposit (the answer of prepare). */
export const PreparedCustomOrder = CustomOrderBasics.extend({
  preparedOrderId: z.string(),
  source: z.enum(['wizard', 'quote']),
  expiresAt: z.string(),
  /** True once its deposit made a custom order (then `customOrderId` is set). */
  paid: z.boolean(),
  customOrderId: z.number().int().nullable(),
  /**
   * GET only: a deposit payment of this browser (cart session or account) that was
   * captured but made no order yet (the tab closed after paying), which completes the
   * order without a second payment; null when there is none.
   */
  unsettledDepositPaymentId: z.string().nullable().optional(),
});
export type PreparedCustomOrder = z.infer<typeof PreparedCustomOrder>;

/** A custom order as its owner and the admin see it (back-office spec section 3). */
export const CustomOrder = CustomOrderBasics.extend({
  id: z.number().int(),
  /** The account it belongs to (null: placed signed out and not claimed yet). */
  userId: z.number().int().nullable(),
  /** The captured deposit's and balance's payment ids (spec section 3); null until paid. */
  depositPaymentId: z.string().nullable(),
  balancePaymentId: z.string().nullable(),
  /** Paid so far: the deposit, and the balance once captured. */
  depositPaid: z.number(),
  balancePaid: z.number(),
  /** What is still owed (0 once the balance is paid). */
  balanceDue: z.number(),
  shippingAddress: z.string().nullable(),
  status: z.enum(CUSTOM_ORDER_STATUSES),
  /** The balance link's token while it can be paid (unpaid, not expired), else null. */
  balancePaymentToken: z.string().nullable(),
  balanceTokenExpiresAt: z.string().nullable(),
  createdAt: z.string(),
});
export type CustomOrder = z.infer<typeof CustomOrder>;

/** POST /api/custom-orders: a captured deposit makes the prepared order a custom order. */
export const CreateCustomOrderBody = z.object({
  orderData: z.looseObject({ preparedOrderId: z.string().trim().min(1).max(100) }),
  depositPaymentId: z.string().trim().min(1).max(200),
  /** Checkout's customer info (optional: the prepared order has name and e-mail). */
  customerName: z
    .string()
    .trim()
    .min(1, 'Name is required')
    .max(200)
    .regex(ONE_LINE, ONE_LINE_MESSAGE)
    .optional(),
  customerEmail: z
    .string()
    .trim()
    .max(254, 'Valid email is required')
    .pipe(z.email('Valid email is required'))
    .optional(),
  shippingAddress: z.string().trim().max(600).nullable().optional(),
});
export type CreateCustomOrderBody = z.infer<typeof CreateCustomOrderBody>;
export const CreateCustomOrderResponse = z.object({ id: z.number().int(), order: CustomOrder });

/** PATCH /api/custom-orders/{id}/status (admin). */
export const UpdateCustomOrderStatusBody = z.object({
  status: z.enum(ADMIN_CUSTOM_ORDER_STATUSES, { error: 'Please choose a valid order status.' }),
});

/** POST /api/custom-orders/{id}/generate-balance-link (admin) answer. */
export const BalanceLinkResponse = z.object({
  balancePaymentUrl: z.string(),
  expiresAt: z.string(),
  order: CustomOrder,
});

/** GET /api/balance-payment/{token}: that order's summary only (no customer data). */
export const BalancePaymentInfo = z.object({
  orderId: z.number().int(),
  quantity: z.number().int(),
  size: z.string(),
  plating: z.string(),
  /** The design image: the first pin design's image, else the logo. */
  designImageUrl: z.string().nullable(),
  totalPrice: z.number(),
  depositAmount: z.number(),
  remainingBalance: z.number(),
  status: z.enum(CUSTOM_ORDER_STATUSES),
  /** True once the balance is captured ('Payment Complete!'). */
  paid: z.boolean(),
  expiresAt: z.string().nullable(),
});
export type BalancePaymentInfo = z.infer<typeof BalancePaymentInfo>;

/** POST /api/balance-payment/{token}/complete. */
export const CompleteBalanceBody = z.object({
  balancePaymentId: z.string().trim().min(1).max(200),
});
export const CompleteBalanceResponse = z.object({
  orderId: z.number().int(),
  status: z.enum(CUSTOM_ORDER_STATUSES),
  paid: z.literal(true),
});

/** POST /api/send-production-email (admin). The order's own name and e-mail are used. */
export const ProductionEmailBody = z.object({
  orderId: RowId,
  customerName: z.string().max(200).optional(),
  customerEmail: z.string().max(254).optional(),
  estimatedWeeks: z.string().trim().min(1).max(50).default('2 to 3 weeks'),
});

/** POST /api/admin/order-email (admin): 'Send Email' / 'Send Other Email' to an order's customer. */
export const AdminOrderEmailBody = z.object({
  type: z.enum(['custom', 'regular']),
  orderId: RowId,
  subject: z
    .string({ error: 'Subject is required' })
    .trim()
    .min(1, 'Subject is required')
    .max(200, 'Subject must be at most 200 characters'),
  message: z
    .string({ error: 'Message is required' })
    .trim()
    .min(1, 'Message is required')
    .max(5000, 'Message must be at most 5000 characters'),
});
export type AdminOrderEmailBody = z.infer<typeof AdminOrderEmailBody>;

/** GET /api/custom-orders/rush-slots: the honest rush banner (DECISIONS.md "Honest claims"). */
export const RushSlots = z.object({
  month: z.string(),
  slotsPerMonth: z.number().int(),
  slotsLeft: z.number().int(),
});
export type RushSlots = z.infer<typeof RushSlots>;

/** GET /api/admin/order-history: custom and catalogue orders together, newest first. */
export const OrderHistoryQuery = z.object({
  type: z.enum(['all', 'custom', 'regular']).default('all'),
  status: z.string().trim().max(40).optional(),
  q: z.string().trim().max(200).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});
export type OrderHistoryQuery = z.infer<typeof OrderHistoryQuery>;
export const OrderHistoryItem = z.discriminatedUnion('type', [
  z.object({ type: z.literal('custom'), order: CustomOrder }),
  z.object({ type: z.literal('regular'), order: Order }),
]);
export type OrderHistoryItem = z.infer<typeof OrderHistoryItem>;
export const OrderHistoryPage = z.object({
  items: z.array(OrderHistoryItem),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type OrderHistoryPage = z.infer<typeof OrderHistoryPage>;
