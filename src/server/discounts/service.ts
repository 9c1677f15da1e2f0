/**
 * Discount codes (storefront spec sections 5 and 7, back-office section 3;
 * DECISIONS.md "Money and pricing"): lookup, validation against a merchandise
 * subtotal with the shared `checkDiscount` rule, and the admin list/toggle/delete.
 * Using a code (incrementing currentUses) belongs to the checkout module.
 */
import { desc, eq, sql } from 'drizzle-orm';
import { centsToDollars, dollarsToCents } from '../../shared/money';
import {
  checkDiscount,
  DISCOUNT_NOT_VALID,
  type DiscountCheck,
  type DiscountCodeRule,
  type DiscountRefusal,
} from '../../shared/pricing';
import { type AdminDiscountCode, END_BEFORE_START } from '../../shared/schemas/cart';
import type { StoreDayOrDate } from '../../shared/schemas/common';
import type { Db, DbOrTx } from '../db/client';
import { customOrders, discountCodes, orders } from '../db/schema';
import { badRequest, conflict, notFound } from '../lib/errors';
import { periodEnd, periodStart, storeDayOf } from '../lib/store-time';

export type DiscountCodeRow = typeof discountCodes.$inferSelect;

/**
 * Text shown when a code does not exist (a validation answer, not an HTTP error): the
 * same as for a code that exists but does not apply now (issue 11).
 */
export const INVALID_CODE_MESSAGE = DISCOUNT_NOT_VALID;

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
  | { valid: false; row: DiscountCodeRow | null; error: string; reason: DiscountRefusal };

/**
 * Looks a code up and checks it against a merchandise subtotal (cents) at `now`.
 * Unknown codes answer `{valid:false, error: DISCOUNT_NOT_VALID, reason:'unknown'}`, like
 * every other refusal but the minimum order; never throws for input.
 */
export async function checkCode(
  db: DbOrTx,
  code: string,
  subtotalCents: number,
  now: Date = new Date(),
): Promise<CodeCheck> {
  return checkCodeRow(await findDiscountCode(db, code), subtotalCents, now);
}

/**
 * `checkCode` for a row already read (null: the code is unknown), without a query: the
 * same answers. Checkout reads the row together with the cart (issue 12).
 */
export function checkCodeRow(
  row: DiscountCodeRow | null,
  subtotalCents: number,
  now: Date = new Date(),
): CodeCheck {
  if (!row) return { valid: false, row: null, error: INVALID_CODE_MESSAGE, reason: 'unknown' };
  const result: DiscountCheck = checkDiscount(toDiscountRule(row), subtotalCents, now);
  return result.valid
    ? { valid: true, row, discountCents: result.discountCents }
    : { valid: false, row, error: result.error, reason: result.reason };
}

/**
 * A discount code row as the admin list shows it (dollars; usedCount = currentUses), with
 * the days its dates fall on in the store's zone `timeZone` (STORE_TIME_ZONE).
 */
export function toAdminDiscountCode(row: DiscountCodeRow, timeZone: string): AdminDiscountCode {
  return {
    id: row.id,
    code: row.code,
    discountType: row.discountType,
    discountValue:
      row.discountType === 'fixed' ? centsToDollars(row.discountValue) : row.discountValue,
    minimumOrderAmount: centsToDollars(row.minimumOrderCents),
    maxUses: row.maxUses,
    usedCount: row.currentUses,
    validFrom: row.validFrom?.toISOString() ?? null,
    validUntil: row.validUntil?.toISOString() ?? null,
    validFromDay: row.validFrom ? storeDayOf(row.validFrom, timeZone) : null,
    validUntilDay: row.validUntil ? storeDayOf(row.validUntil, timeZone) : null,
    isActive: row.isActive,
    issuedToEmail: row.issuedToEmail,
    createdAt: row.createdAt.toISOString(),
  };
}

/** Every discount code, newest first (admin list). */
export async function listDiscountCodes(db: DbOrTx): Promise<DiscountCodeRow[]> {
  return db
    .select()
    .from(discountCodes)
    .orderBy(desc(discountCodes.createdAt), desc(discountCodes.id));
}

/**
 * Fields of a new code as the admin sends them (discountValue: percent, or dollars for
 * fixed; validFrom/validUntil a store calendar day YYYY-MM-DD or an exact instant).
 */
export interface NewDiscountCode {
  code: string;
  discountType: 'percentage' | 'fixed';
  discountValue: number;
  minimumOrderAmount: number;
  maxUses: number | null;
  validFrom: StoreDayOrDate | null;
  validUntil: StoreDayOrDate | null;
  isActive: boolean;
}

/**
 * Creates a code (admin). A bare day as validFrom is the start of that day in `timeZone`
 * (STORE_TIME_ZONE), as validUntil the end of it (last millisecond); full timestamps are
 * stored as given (docs/decisions.md issue 8 entry 5). Throws 400 END_BEFORE_START on
 * `validUntil` when the code would end before it starts, 409 'This discount code already
 * exists' on a duplicate.
 */
export async function createDiscountCode(
  db: DbOrTx,
  input: NewDiscountCode,
  timeZone: string,
): Promise<DiscountCodeRow> {
  const validFrom = input.validFrom === null ? null : periodStart(input.validFrom, timeZone);
  const validUntil = input.validUntil === null ? null : periodEnd(input.validUntil, timeZone);
  if (validFrom && validUntil && validFrom > validUntil) {
    throw badRequest(END_BEFORE_START, { validUntil: END_BEFORE_START });
  }
  const [row] = await db
    .insert(discountCodes)
    .values({
      code: normalizeCode(input.code),
      discountType: input.discountType,
      discountValue:
        input.discountType === 'fixed' ? dollarsToCents(input.discountValue) : input.discountValue,
      minimumOrderCents: dollarsToCents(input.minimumOrderAmount),
      maxUses: input.maxUses,
      validFrom,
      validUntil,
      isActive: input.isActive,
    })
    .onConflictDoNothing({ target: discountCodes.code })
    .returning();
  if (!row) throw conflict('This discount code already exists');
  return row;
}

/** Activates or deactivates a code (admin); 404 'Discount code not found'. */
export async function setDiscountCodeActive(
  db: DbOrTx,
  id: number,
  isActive: boolean,
): Promise<DiscountCodeRow> {
  const [row] = await db
    .update(discountCodes)
    .set({ isActive })
    .where(eq(discountCodes.id, id))
    .returning();
  if (!row) throw notFound('Discount code not found');
  return row;
}

/** Told to the admin when a used code is deactivated instead of deleted. */
export const CODE_DEACTIVATED_MESSAGE =
  'This code has been used, so it was deactivated instead of deleted: orders keep their record of it and it can no longer be applied.';

/**
 * Deletes a code (admin), unless it was used (counted uses, or an order or custom order
 * names it): then it is deactivated instead and `deactivated` is true. The row is locked
 * first, so a use counted at the same moment is seen. Throws 404 when unknown.
 */
export async function deleteDiscountCode(
  db: Db,
  id: number,
): Promise<{ deactivated: boolean; code: string }> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(discountCodes)
      .where(eq(discountCodes.id, id))
      .for('update');
    if (!row) throw notFound('Discount code not found');
    let used = row.currentUses > 0;
    if (!used) {
      const [inOrder] = await tx
        .select({ id: orders.id })
        .from(orders)
        .where(eq(orders.discountCode, row.code))
        .limit(1);
      const [inCustom] = inOrder
        ? [inOrder]
        : await tx
            .select({ id: customOrders.id })
            .from(customOrders)
            .where(eq(customOrders.discountCode, row.code))
            .limit(1);
      used = Boolean(inCustom);
    }
    if (used) {
      await tx.update(discountCodes).set({ isActive: false }).where(eq(discountCodes.id, id));
      return { deactivated: true, code: row.code };
    }
    await tx.delete(discountCodes).where(eq(discountCodes.id, id));
    return { deactivated: false, code: row.code };
  });
}

/**
 * Counts one use of a code atomically (DECISIONS.md: the used count increases only when
 * an order is paid, never past maxUses): a conditional update, so concurrent orders
 * cannot pass the limit. Returns false when the code is used up (nothing changed).
 * The rule is the SQL function `fp_count_discount_use` (migration 0012), which the
 * catalogue checkout also runs inside its one contended statement (checkout/service.ts).
 */
export async function countDiscountUse(db: DbOrTx, discountCodeId: number): Promise<boolean> {
  const res = (await db.execute(
    sql`select fp_count_discount_use(${discountCodeId}::integer) as "counted"`,
  )) as unknown as { rows: { counted: boolean }[] };
  return res.rows[0]?.counted === true;
}
