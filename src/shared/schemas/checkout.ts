/**
 * Checkout and payment contracts. The amount is always computed by the server from
 * the caller's cart (+ discount code); a client-sent amount is only checked and a
 * mismatch answers 409 "price changed" (DECISIONS.md "Money and pricing").
 */

import { ONE_LINE, ONE_LINE_MESSAGE } from './common';
import { Order } from './orders';
import { z } from './zod';

/**
 * Where the shop ships (docs/decisions.md "Where the shop ships, and names in one form"):
 * the USA and Canada, at the one flat rate (DECISIONS.md "Money and pricing"; the spec:
 * "Canada is handled by the payment provider"). Anywhere else goes through a quote.
 */
export const SHIPPING_COUNTRIES = ['US', 'CA'] as const;
export type ShippingCountry = (typeof SHIPPING_COUNTRIES)[number];
export const COUNTRY_NAMES: Record<ShippingCountry, string> = {
  US: 'United States',
  CA: 'Canada',
};

/** A US ZIP code: 12345 or ZIP+4 12345-6789. */
const US_ZIP = /^\d{5}(?:-\d{4})?$/;
/**
 * A Canadian postal code, A1A 1A1, the space optional, any case. Canada Post never uses
 * D, F, I, O, Q or U, nor W or Z as the first letter.
 */
const CA_POSTAL = /^[ABCEGHJ-NPRSTVXY]\d[ABCEGHJ-NPRSTV-Z] ?\d[ABCEGHJ-NPRSTV-Z]\d$/i;

/** True when `code` (trimmed) is a postal code of `country`. */
export function isPostalCode(country: ShippingCountry, code: string): boolean {
  return (country === 'CA' ? CA_POSTAL : US_ZIP).test(code.trim());
}

/** A valid postal code as written on the parcel: a Canadian one upper case with its space. */
export function formatPostalCode(country: ShippingCountry, code: string): string {
  const trimmed = code.trim();
  if (country !== 'CA' || !CA_POSTAL.test(trimmed)) return trimmed;
  const compact = trimmed.replace(' ', '').toUpperCase();
  return `${compact.slice(0, 3)} ${compact.slice(3)}`;
}

/** The checkout form's words for the region and postal code fields of each country. */
export const ADDRESS_LABELS: Record<
  ShippingCountry,
  {
    region: string;
    postalCode: string;
    regionRequired: string;
    postalRequired: string;
    postalInvalid: string;
  }
> = {
  US: {
    region: 'State',
    postalCode: 'ZIP Code',
    regionRequired: 'State is required',
    postalRequired: 'ZIP is required',
    postalInvalid: 'Enter a US ZIP code: 12345 or 12345-6789',
  },
  CA: {
    region: 'Province',
    postalCode: 'Postal Code',
    regionRequired: 'Province is required',
    postalRequired: 'Postal code is required',
    postalInvalid: 'Enter a Canadian postal code, like A1A 1A1',
  },
};

/**
 * Checkout customer info form (storefront spec section 3: name, email, address, city,
 * state, zipCode; all required), plus the country the order ships to (United States by
 * default, or Canada). The state (province) and ZIP (postal code) are checked against the
 * country, so their messages name the country's words; they are checked whatever else is
 * missing (`when`), so every field in error shows at once.
 */
export const CustomerInfo = z
  .object({
    name: z.string().trim().min(1, 'Name is required').max(200),
    email: z.string().trim().email('Valid email is required').max(254),
    address: z.string().trim().min(1, 'Address is required').max(300),
    city: z.string().trim().min(1, 'City is required').max(100),
    state: z.string().trim().max(100),
    zipCode: z.string().trim().max(20),
    country: z.enum(SHIPPING_COUNTRIES).default('US'),
  })
  .superRefine(
    (info, ctx) => {
      const words = ADDRESS_LABELS[info.country];
      if (!info.state)
        ctx.addIssue({ code: 'custom', path: ['state'], message: words.regionRequired });
      if (!info.zipCode) {
        ctx.addIssue({ code: 'custom', path: ['zipCode'], message: words.postalRequired });
      } else if (!isPostalCode(info.country, info.zipCode)) {
        ctx.addIssue({ code: 'custom', path: ['zipCode'], message: words.postalInvalid });
      }
    },
    {
      when: (payload) =>
        !payload.issues.some((issue) =>
          ['state', 'zipCode', 'country'].includes(String(issue.path?.[0])),
        ),
    },
  );
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

/** What a payment pays for (DECISIONS.md "One payment route for everything paid"). */
export const PAYMENT_PURPOSES = ['cart', 'custom_deposit', 'custom_balance', 'invoice'] as const;
export type PaymentPurpose = (typeof PAYMENT_PURPOSES)[number];

/** The field each purpose needs besides `purpose` (400 naming it when missing). */
const PURPOSE_FIELD = {
  cart: null,
  custom_deposit: 'preparedOrderId',
  custom_balance: 'balanceToken',
  invoice: 'invoiceNumber',
} as const satisfies Record<PaymentPurpose, string | null>;

/**
 * POST /paypal/order (alias /api/paypal/order). The server sets the amount from its own
 * data for the purpose: `cart` (default; the caller's cart, header X-Session-Id, with
 * `discountCode`), `custom_deposit` with `preparedOrderId`, `custom_balance` with
 * `balanceToken`, `invoice` with `invoiceNumber`. `amount` (2-decimal string) is
 * optional and only checked: a different amount answers 409 with the server's.
 */
export const CreatePaymentOrderBody = z
  .object({
    intent: z.literal('CAPTURE').default('CAPTURE'),
    currency: z.literal('USD').default('USD'),
    amount: z
      .string()
      .regex(/^\d{1,9}(\.\d{1,2})?$/, 'Amount must be in dollars with at most two decimals')
      .optional(),
    purpose: z.enum(PAYMENT_PURPOSES).default('cart'),
    discountCode: z.string().trim().toUpperCase().max(64).optional(),
    preparedOrderId: z.string().trim().min(1).max(100).optional(),
    balanceToken: z.string().trim().min(1).max(100).optional(),
    invoiceNumber: z.string().trim().min(1).max(50).optional(),
    /** The secret of the invoice's pay link (`?key=`), required with `invoiceNumber`. */
    invoiceKey: z.string().trim().min(1).max(100).optional(),
    /**
     * Purpose `cart`: the e-mail entered at checkout, so the per-customer limits count that
     * customer's past orders before the buyer pays (create-order checks them again).
     */
    customerEmail: z.string().trim().max(254).optional(),
    /** Test provider only: what the simulated buyer does at capture. */
    testOutcome: z.enum(['approve', 'decline', 'pending']).optional(),
  })
  .superRefine((body, ctx) => {
    const field = PURPOSE_FIELD[body.purpose];
    if (field && body[field] === undefined) {
      ctx.addIssue({ code: 'custom', path: [field], message: `${field} is required` });
    }
  });
export type CreatePaymentOrderBody = z.infer<typeof CreatePaymentOrderBody>;
export const CreatePaymentOrderResponse = z.object({
  id: z.string(),
  amount: z.string(),
  currency: z.literal('USD'),
  /**
   * True when `id` is this buyer's earlier payment of the same cart or deposit, already
   * captured and not used yet (its answer was lost): no new payment was created; the
   * client skips approval and goes on to capture (answered from the record) and settle.
   */
  captured: z.literal(true).optional(),
});

/**
 * POST /paypal/order/{id}/capture answer (HTTP 200 whatever the outcome). status
 * COMPLETED means the money was captured for exactly the expected amount and currency;
 * anything else (DECLINED, PENDING, REFUNDED, FAILED) means it does not count, and
 * `message` says why in customer words.
 */
export const CapturePaymentResponse = z.object({
  id: z.string(),
  status: z.string(),
  captureId: z.string().nullable(),
  amount: z.string().nullable(),
  message: z.string().optional(),
});
export type CapturePaymentResponse = z.infer<typeof CapturePaymentResponse>;

/** create-order's 400 for an address the shop does not ship to, or without its postal code. */
export const SHIPPING_ADDRESS_MESSAGE =
  'We ship to addresses in the USA and Canada: the address must end with a US ZIP code (12345 or 12345-6789), or with a Canadian postal code (A1A 1A1) followed by "Canada".';

/**
 * A country named at the end of a combined address, after a comma, a line break or a space:
 * Canada, United States (of America), USA, U.S.A., US or U.S., any case.
 */
const NAMED_COUNTRY = /(?:^|[\s,])(canada|united states(?: of america)?|u\.?s\.?(?:a\.?)?)$/i;
/** A US ZIP at the end: 12345, 12345-6789 or 123456789. */
const ENDING_US_ZIP = /(?:^|[\s,])\d{5}(?:-?\d{4})?$/;
/** A Canadian postal code at the end: A1A 1A1, the space optional, any case. */
const ENDING_CA_POSTAL = /(?:^|[\s,])([A-Za-z]\d[A-Za-z] ?\d[A-Za-z]\d)$/;

/**
 * The country a combined shipping address goes to, read from its end, however a buyer or
 * an older client wrote it: "..., IL 62701" (no country, as US addresses are written at
 * home), "... IL 62701-1234 USA", "...\nU.S.A.", "..., QC J2G 1A1, Canada" or
 * "..., QC J2G 1A1" (a Canadian postal code says Canada). The postal code must be the
 * country's: null when it is not, when there is none, or when the address names another
 * country: the shop does not ship there. Lenient on purpose: create-order runs this after
 * the payment is captured (a refused address keeps the payment for a corrected one), so
 * only an address the shop cannot ship to is refused.
 */
export function shippingCountryOf(address: string): ShippingCountry | null {
  const tidy = (text: string) => text.trim().replace(/[\s,.]+$/, '');
  let rest = tidy(address);
  let named: ShippingCountry | null = null;
  const country = NAMED_COUNTRY.exec(rest);
  if (country) {
    named = country[1]!.toLowerCase() === 'canada' ? 'CA' : 'US';
    rest = tidy(rest.slice(0, country.index + (country[0].length - country[1]!.length)));
  }
  const postal = ENDING_CA_POSTAL.exec(rest);
  const found: ShippingCountry | null =
    postal && isPostalCode('CA', postal[1]!) ? 'CA' : ENDING_US_ZIP.test(rest) ? 'US' : null;
  return found && (named === null || named === found) ? found : null;
}

/** POST /api/create-order, header X-Session-Id. */
export const CreateOrderBody = z.object({
  paypalOrderId: z.string().min(1).max(200),
  customerEmail: z.string().trim().email('Valid email is required').max(254),
  customerName: z
    .string()
    .trim()
    .min(1, 'Name is required')
    .max(200)
    .regex(ONE_LINE, ONE_LINE_MESSAGE),
  /**
   * The combined address (spec: "combined string or null"), as the checkout form joins it:
   * "12 Main St, Springfield, IL 62701" in the USA, "1 Rue Principale, Granby, QC J2G 1A1,
   * Canada" in Canada. A given address must be one the shop ships to (shippingCountryOf).
   */
  shippingAddress: z
    .string()
    .trim()
    .max(600)
    .nullable()
    .refine((address) => !address || shippingCountryOf(address) !== null, SHIPPING_ADDRESS_MESSAGE),
});
export type CreateOrderBody = z.infer<typeof CreateOrderBody>;
/** Why an order was refused after payment (the payment is refunded). */
export const ORDER_REJECT_REASONS = [
  'price_changed',
  'sold_out',
  'unavailable',
  'limit',
  'code_used_up',
  'code_invalid',
  /** Custom orders: the month's rush slots were taken meanwhile. */
  'rush_full',
  /** Custom orders: a deposit or balance was already paid by another payment. */
  'already_paid',
  /** Custom orders: the prepared order expired and was removed before the deposit was settled. */
  'order_expired',
] as const;

/** 409 body of POST /paypal/order and POST /api/create-order: `message` plus what applies. */
export const CheckoutConflict = z.object({
  message: z.string(),
  /** The server's amount (2-decimal string) when the client's amount differed. */
  amount: z.string().optional(),
  /** create-order: why the paid order was refused, and whether the refund went through. */
  reason: z.enum(ORDER_REJECT_REASONS).optional(),
  refunded: z.boolean().optional(),
  /** Stock / limit details for the product named in `message`. */
  productId: z.number().int().optional(),
  available: z.number().int().optional(),
  limit: z.number().int().optional(),
  remaining: z.number().int().optional(),
});
export type CheckoutConflict = z.infer<typeof CheckoutConflict>;

/** POST /api/create-order answer: 201 the first time, 200 with the same order on a replay. */
export const CreateOrderResponse = z.object({ order: Order });
export type CreateOrderResponse = z.infer<typeof CreateOrderResponse>;
