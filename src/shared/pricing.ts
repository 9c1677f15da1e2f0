/**
 * Pricing rules shared by the server (which charges) and the client (which only
 * displays what the server computed, or previews the same rule). All inputs and
 * outputs are integer cents unless named otherwise.
 *
 * Sources: DECISIONS.md "Money and pricing"; storefront spec section 9.
 */
import { percentOf } from './money';

// ---------------------------------------------------------------------------
// Catalogue volume tiers
// ---------------------------------------------------------------------------

/** Catalogue wholesale tiers: 1-9 full price, 10-24 10% off, 25+ 20% off per unit. */
export const CATALOG_TIERS = [
  { minQuantity: 1, maxQuantity: 9, percentOff: 0, label: '1-9 pins' },
  { minQuantity: 10, maxQuantity: 24, percentOff: 10, label: '10-24 pins' },
  { minQuantity: 25, maxQuantity: null, percentOff: 20, label: '25+ pins' },
] as const;

/** Flat US shipping in cents, charged when the cart is not empty. */
export const SHIPPING_FLAT_CENTS = 599;

/** Percent off per unit for a line of `quantity` units (0, 10 or 20). */
export function catalogTierPercent(quantity: number): number {
  let percent = 0;
  for (const tier of CATALOG_TIERS) if (quantity >= tier.minQuantity) percent = tier.percentOff;
  return percent;
}

/** Unit price in cents after the volume tier for `quantity` units of a product costing `basePriceCents`. */
export function catalogUnitPrice(basePriceCents: number, quantity: number): number {
  return basePriceCents - percentOf(basePriceCents, catalogTierPercent(quantity));
}

export interface PricedLine {
  unitPriceCents: number;
  lineTotalCents: number;
  percentOff: number;
}

/** Prices one cart/order line: tier unit price and line total (unit x quantity), in cents. */
export function priceCatalogLine(basePriceCents: number, quantity: number): PricedLine {
  const unitPriceCents = catalogUnitPrice(basePriceCents, quantity);
  return {
    unitPriceCents,
    lineTotalCents: unitPriceCents * quantity,
    percentOff: catalogTierPercent(quantity),
  };
}

// ---------------------------------------------------------------------------
// Discount codes
// ---------------------------------------------------------------------------

export type DiscountType = 'percentage' | 'fixed';

export interface DiscountCodeRule {
  code: string;
  discountType: DiscountType;
  /** Percent (e.g. 15 for 15%) for `percentage`; cents for `fixed`. */
  discountValue: number;
  minimumOrderCents: number;
  maxUses: number | null;
  currentUses: number;
  validFrom: Date | null;
  validUntil: Date | null;
  isActive: boolean;
}

/**
 * The one text for any code that does not apply now (unknown, inactive, not started,
 * expired, used up): telling them apart helps whoever guesses codes (issue 11). The
 * minimum-order text stays specific, since the customer can act on it.
 */
export const DISCOUNT_NOT_VALID = 'This discount code is not valid';

/** Why a code does not apply (for the server's own decisions and logs, never shown). */
export type DiscountRefusal =
  | 'unknown'
  | 'inactive'
  | 'not_started'
  | 'expired'
  | 'used_up'
  | 'minimum';

export type DiscountCheck =
  | { valid: true; discountCents: number }
  | { valid: false; error: string; reason: DiscountRefusal };

/**
 * Checks a discount code against a merchandise subtotal (cents) at time `now` and
 * computes the discount, never more than the subtotal. Rules: active, inside
 * validFrom/validUntil, subtotal >= minimumOrderAmount, currentUses < maxUses
 * (DECISIONS.md). Returns the error text shown to the customer when invalid: one text
 * for every refusal but the minimum order (`DISCOUNT_NOT_VALID`), and the reason.
 */
export function checkDiscount(
  rule: DiscountCodeRule,
  subtotalCents: number,
  now: Date = new Date(),
): DiscountCheck {
  const refuse = (reason: DiscountRefusal) =>
    ({ valid: false, error: DISCOUNT_NOT_VALID, reason }) as const;
  if (!rule.isActive) return refuse('inactive');
  if (rule.validFrom && now < rule.validFrom) return refuse('not_started');
  if (rule.validUntil && now > rule.validUntil) return refuse('expired');
  if (rule.maxUses !== null && rule.currentUses >= rule.maxUses) return refuse('used_up');
  if (subtotalCents < rule.minimumOrderCents)
    return {
      valid: false,
      reason: 'minimum',
      error: `Minimum order of $${(rule.minimumOrderCents / 100).toFixed(2)} required for this code`,
    };
  return { valid: true, discountCents: discountAmount(rule, subtotalCents) };
}

/** Discount in cents for a subtotal: percentage rounded to the cent, fixed capped at the subtotal. */
export function discountAmount(
  rule: Pick<DiscountCodeRule, 'discountType' | 'discountValue'>,
  subtotalCents: number,
): number {
  const raw =
    rule.discountType === 'percentage'
      ? percentOf(subtotalCents, rule.discountValue)
      : rule.discountValue;
  return Math.max(0, Math.min(raw, subtotalCents));
}

// ---------------------------------------------------------------------------
// Cart totals
// ---------------------------------------------------------------------------

export interface CartTotals {
  subtotalCents: number;
  discountCents: number;
  shippingCents: number;
  totalCents: number;
}

/**
 * Cart totals from priced lines: merchandise subtotal, discount on the subtotal,
 * flat shipping when the cart has any line, total never below 0 (cents).
 */
export function cartTotals(lineTotalsCents: number[], discountCents = 0): CartTotals {
  const subtotalCents = lineTotalsCents.reduce((sum, c) => sum + c, 0);
  const discount = Math.min(Math.max(0, discountCents), subtotalCents);
  const shippingCents = lineTotalsCents.length > 0 ? SHIPPING_FLAT_CENTS : 0;
  return {
    subtotalCents,
    discountCents: discount,
    shippingCents,
    totalCents: Math.max(0, subtotalCents - discount + shippingCents),
  };
}

// ---------------------------------------------------------------------------
// Stock labels
// ---------------------------------------------------------------------------

export type StockLabel = 'Out of Stock' | 'Low Stock' | 'In Stock';

/** Stock label: 0 (or less, or not in stock) Out of Stock, 1-10 Low Stock, above 10 In Stock. */
export function stockLabel(stockQuantity: number, inStock = true): StockLabel {
  if (!inStock || stockQuantity <= 0) return 'Out of Stock';
  if (stockQuantity <= 10) return 'Low Stock';
  return 'In Stock';
}

// ---------------------------------------------------------------------------
// Custom pins (wizard) — DECISIONS.md: the table the wizard shows is the price charged
// ---------------------------------------------------------------------------

export const CUSTOM_PIN_MIN_QUANTITY = 25;
export const CUSTOM_PIN_MAX_QUANTITY = 1000;

/** Base price per pin (silver, 1 inch) by quantity, cents. */
export const CUSTOM_PIN_PRICE_TABLE = [
  { minQuantity: 25, maxQuantity: 50, pricePerPinCents: 700 },
  { minQuantity: 51, maxQuantity: 99, pricePerPinCents: 600 },
  { minQuantity: 100, maxQuantity: 249, pricePerPinCents: 500 },
  { minQuantity: 250, maxQuantity: 499, pricePerPinCents: 400 },
  { minQuantity: 500, maxQuantity: 1000, pricePerPinCents: 300 },
] as const;

export const PIN_SIZES = ['0.75inch', '1inch', '1.25inch', '1.5inch'] as const;
export const PIN_PLATINGS = ['silver', 'gold', 'bronze', 'black-nickel'] as const;
export const PIN_PACKAGING = ['just-pins', 'individual-bags', 'backing-cards'] as const;
export type PinSize = (typeof PIN_SIZES)[number];
export type PinPlating = (typeof PIN_PLATINGS)[number];
export type PinPackaging = (typeof PIN_PACKAGING)[number];

export const PLATING_EXTRA_CENTS: Record<PinPlating, number> = {
  silver: 0,
  gold: 25,
  bronze: 15,
  'black-nickel': 35,
};
export const SIZE_EXTRA_CENTS: Record<PinSize, number> = {
  '0.75inch': 0,
  '1inch': 0,
  '1.25inch': 0,
  '1.5inch': 50,
};
export const PACKAGING_EXTRA_CENTS: Record<PinPackaging, number> = {
  'just-pins': 0,
  'individual-bags': 10,
  'backing-cards': 10,
};
export const RUSH_FEE_CENTS = 10000;
export const DEPOSIT_PERCENT = 10;

export interface CustomPinOptions {
  quantity: number;
  size: PinSize;
  plating: PinPlating;
  packaging: PinPackaging[];
  rushOrder: boolean;
  discountCents?: number;
}

export interface CustomPinQuote {
  pricePerPinCents: number;
  baseTotalCents: number;
  rushFeeCents: number;
  discountCents: number;
  totalCents: number;
  depositCents: number;
  balanceCents: number;
}

/** Base per-pin price (silver, 1 inch) for a quantity; throws RangeError outside 25-1000. */
export function customPinBasePrice(quantity: number): number {
  const row = CUSTOM_PIN_PRICE_TABLE.find(
    (r) => quantity >= r.minQuantity && quantity <= r.maxQuantity,
  );
  if (!Number.isInteger(quantity) || !row)
    throw new RangeError(
      `Quantity must be a whole number from ${CUSTOM_PIN_MIN_QUANTITY} to ${CUSTOM_PIN_MAX_QUANTITY}`,
    );
  return row.pricePerPinCents;
}

/**
 * Prices a custom pin order: per-pin = table price + plating + size + packaging extras;
 * total = per-pin x quantity + rush - discount (never below 0); deposit = 10% of the
 * total (rounded to the cent), balance = the rest. DECISIONS.md "Money and pricing".
 */
export function priceCustomPins(options: CustomPinOptions): CustomPinQuote {
  const packagingExtra = [...new Set(options.packaging)].reduce(
    (sum, p) => sum + PACKAGING_EXTRA_CENTS[p],
    0,
  );
  const pricePerPinCents =
    customPinBasePrice(options.quantity) +
    PLATING_EXTRA_CENTS[options.plating] +
    SIZE_EXTRA_CENTS[options.size] +
    packagingExtra;
  const baseTotalCents = pricePerPinCents * options.quantity;
  const rushFeeCents = options.rushOrder ? RUSH_FEE_CENTS : 0;
  const gross = baseTotalCents + rushFeeCents;
  const discountCents = Math.min(Math.max(0, options.discountCents ?? 0), gross);
  const totalCents = gross - discountCents;
  const depositCents = percentOf(totalCents, DEPOSIT_PERCENT);
  return {
    pricePerPinCents,
    baseTotalCents,
    rushFeeCents,
    discountCents,
    totalCents,
    depositCents,
    balanceCents: totalCents - depositCents,
  };
}

/**
 * The lowest and highest total a custom pin order can have (cents), from the wizard's
 * table and extras (DECISIONS.md: the table the wizard shows is the price charged): the
 * cheapest options (no extras, no rush) at the quantity whose total is least, and every
 * extra plus rush at the quantity whose total is most. For the custom pins' structured
 * data (storefront spec section 9; its fixed 75-2400 no order could match, see
 * docs/decisions.md issue 10 entry 36).
 */
export function customPinOrderRange(): { lowCents: number; highCents: number } {
  const cheapest = (extras: Record<string, number>) =>
    Object.keys(extras).reduce((a, b) => (extras[b]! < extras[a]! ? b : a));
  const dearest = (extras: Record<string, number>) =>
    Object.keys(extras).reduce((a, b) => (extras[b]! > extras[a]! ? b : a));
  let lowCents = Number.POSITIVE_INFINITY;
  let highCents = 0;
  for (let quantity = CUSTOM_PIN_MIN_QUANTITY; quantity <= CUSTOM_PIN_MAX_QUANTITY; quantity++) {
    const low = priceCustomPins({
      quantity,
      size: cheapest(SIZE_EXTRA_CENTS) as PinSize,
      plating: cheapest(PLATING_EXTRA_CENTS) as PinPlating,
      packaging: [cheapest(PACKAGING_EXTRA_CENTS) as PinPackaging],
      rushOrder: false,
    }).totalCents;
    const high = priceCustomPins({
      quantity,
      size: dearest(SIZE_EXTRA_CENTS) as PinSize,
      plating: dearest(PLATING_EXTRA_CENTS) as PinPlating,
      packaging: [...PIN_PACKAGING],
      rushOrder: true,
    }).totalCents;
    lowCents = Math.min(lowCents, low);
    highCents = Math.max(highCents, high);
  }
  return { lowCents, highCents };
}
