/**
 * The server's price of a wizard draft (DECISIONS.md "Money and pricing": the table the
 * wizard shows is the price charged; the server computes every amount; client amounts are
 * only checked, a mismatch is 409 'price changed'). The promo code is checked against the
 * pins subtotal (per-pin price x quantity, before the rush fee), as catalogue codes apply
 * to the merchandise subtotal.
 */
import { centsToDollars, dollarsToCents } from '../../shared/money';
import { type CustomPinQuote, priceCustomPins } from '../../shared/pricing';
import type { CustomOrderDraft } from '../../shared/schemas/custom-orders';
import type { DbOrTx } from '../db/client';
import { checkCode } from '../discounts/service';
import { conflict } from '../lib/errors';
import { PRICE_CHANGED } from '../payments/service';

export interface PricedDraft {
  quote: CustomPinQuote;
  /** The applied promo code (upper case), or null. */
  discountCode: string | null;
}

/** The pins subtotal a promo code is checked against, cents. */
export function promoSubtotalCents(quote: Pick<CustomPinQuote, 'baseTotalCents'>): number {
  return quote.baseTotalCents;
}

/**
 * Prices a draft: table price + extras, rush fee, promo discount, total, 10% deposit,
 * balance. Throws 409 with the code's error (`DISCOUNT_NOT_VALID` for every refusal but
 * the minimum order, issue 11) and `field: 'promoCode'` when the promo code does not apply.
 */
export async function priceDraft(
  db: DbOrTx,
  draft: Pick<
    CustomOrderDraft,
    'quantity' | 'size' | 'plating' | 'packaging' | 'rushOrder' | 'promoCode'
  >,
  now: Date = new Date(),
): Promise<PricedDraft> {
  const options = {
    quantity: draft.quantity,
    size: draft.size,
    plating: draft.plating,
    packaging: draft.packaging,
    rushOrder: draft.rushOrder,
  };
  const undiscounted = priceCustomPins(options);
  if (!draft.promoCode) return { quote: undiscounted, discountCode: null };
  const check = await checkCode(db, draft.promoCode, promoSubtotalCents(undiscounted), now);
  if (!check.valid) throw conflict(check.error, { field: 'promoCode' });
  return {
    quote: priceCustomPins({ ...options, discountCents: check.discountCents }),
    discountCode: check.row.code,
  };
}

/** The amounts of a quote in the API's dollars, named as the draft names them. */
export function quoteAmounts(quote: CustomPinQuote) {
  return {
    pricePerPin: centsToDollars(quote.pricePerPinCents),
    rushOrderFee: centsToDollars(quote.rushFeeCents),
    discountAmount: centsToDollars(quote.discountCents),
    totalPrice: centsToDollars(quote.totalCents),
    depositAmount: centsToDollars(quote.depositCents),
    remainingBalance: centsToDollars(quote.balanceCents),
  };
}

/**
 * Checks the amounts the client showed (any it sent) against the server's. Throws 409
 * 'The price changed. Please review your order.' with the server's `amounts` (dollars).
 */
export function assertClientAmounts(
  draft: Partial<Record<keyof ReturnType<typeof quoteAmounts>, number | null | undefined>>,
  quote: CustomPinQuote,
): void {
  const server = quoteAmounts(quote);
  for (const key of Object.keys(server) as (keyof typeof server)[]) {
    const sent = draft[key];
    if (sent === undefined || sent === null) continue;
    if (dollarsToCents(sent) !== dollarsToCents(server[key])) {
      throw conflict(PRICE_CHANGED, { field: key, amounts: server });
    }
  }
}
