/**
 * Discount codes (storefront spec sections 5 and 7, back-office section 3;
 * DECISIONS.md "Money and pricing"): lookup, validation against a merchandise
 * subtotal with the shared `checkDiscount` rule, and the admin list/toggle/delete.
 * Using a code (incrementing currentUses) belongs to the checkout module.
 */
import { eq } from 'drizzle-orm';
import { checkDiscount, type DiscountCheck, type DiscountCodeRule } from '../../shared/pricing';
import type { DbOrTx } from '../db/client';
import { discountCodes } from '../db/schema';

export type DiscountCodeRow = typeof discountCodes.$inferSelect;

/** Text shown when a code does not exist (a validation answer, not an HTTP error). */
export const INVALID_CODE_MESSAGE = 'Invalid discount code';

/** Normalises customer input: trimmed, upper case (spec section 5: input forced to upper case). */
export function normalizeCode(code: string): string {
  return code.trim().toUpperCase();
}

/** Finds a discount code by its text (case-insensitive, trimmed); null when unknown or empty. */
export async function findDiscountCode(db: DbOrTx, code: string): Promise<DiscountCodeRow | null> {
  const normalized = normalizeCode(code);
  if (!normalized) return null;
  const [row] = await db
    .select()
    .from(discountCodes)
    .where(eq(discountCodes.code, normalized))
    .limit(1);
  return row ?? null;
}

/** The row as the shared pricing rule wants it (cents, dates). */
export function toDiscountRule(row: DiscountCodeRow): DiscountCodeRule {
  return {
    code: row.code,
    discountType: row.discountType,
    discountValue: row.discountValue,
    minimumOrderCents: row.minimumOrderCents,
    maxUses: row.maxUses,
    currentUses: row.currentUses,
    validFrom: row.validFrom,
    validUntil: row.validUntil,
    isActive: row.isActive,
  };
}

export type CodeCheck =
  | { valid: true; row: DiscountCodeRow; discountCents: number }
  | { valid: false; row: DiscountCodeRow | null; error: string };

/**
 * Looks a code up and checks it against a merchandise subtotal (cents) at `now`.
 * Unknown codes answer `{valid:false, error:'Invalid discount code'}`; never throws for input.
 */
export async function checkCode(
  db: DbOrTx,
  code: string,
  subtotalCents: number,
  now: Date = new Date(),
): Promise<CodeCheck> {
  const row = await findDiscountCode(db, code);
  if (!row) return { valid: false, row: null, error: INVALID_CODE_MESSAGE };
  const result: DiscountCheck = checkDiscount(toDiscountRule(row), subtotalCents, now);
  return result.valid
    ? { valid: true, row, discountCents: result.discountCents }
    : { valid: false, row, error: result.error };
}
