/**
 * Custom pin orders (storefront spec sections 2 "Custom pin wizard" and "Checkout", 3-5,
 * 7, 9; back-office spec sections 2-4, 7; DECISIONS.md "Money and pricing", "Security",
 * "Honest claims").
 *
 * The loop: the wizard's draft is priced by the server and stored with its logo as a
 * *prepared order* (expires after PREPARED_ORDER_TTL_MS; the sweep deletes it and its
 * logo) -> checkout pays its deposit (payment purpose `custom_deposit`, amount from the
 * prepared order) -> POST /api/custom-orders turns the captured deposit into the custom
 * order once (payments/settle.ts): the promo use and the rush slot are counted atomically
 * there, and a refusal refunds the deposit. An accepted quote (issue 7) enters the same
 * path through `prepareCustomOrderFromQuote`. Amounts: integer cents here, dollars in
 * the API.
 */
import { randomBytes } from 'node:crypto';
import { and, desc, eq, inArray, isNull, lt, notExists, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { estimatedDelivery } from '../../shared/custom-pins';
import { centsToDollars, percentOf } from '../../shared/money';
import { checkDiscount, DEPOSIT_PERCENT, DISCOUNT_NOT_VALID } from '../../shared/pricing';
import type { User } from '../../shared/schemas/auth';
import type {
  CreateCustomOrderBody,
  CustomOrder,
  CustomOrderDraft,
  PreparedCustomOrder,
} from '../../shared/schemas/custom-orders';
import { CUSTOM_MESSAGES } from '../../shared/schemas/custom-orders';
import type { GuestClaimGrant } from '../accounts/guest-claims';
import { notifyRoom } from '../collaboration/room-events';
import type { DbOrTx, Tx } from '../db/client';
import { customOrders, files, payments, preparedCustomOrders, quoteRequests } from '../db/schema';
import type { AppDeps } from '../deps';
import { countDiscountUse, findDiscountCode, toDiscountRule } from '../discounts/service';
import { publish } from '../events/events';
import { saveFile } from '../files/service';
import { conflict, HttpError, notFound } from '../lib/errors';
import { storeDayOf } from '../lib/store-time';
import { findPayment, isPaymentCreator, type PaymentRow } from '../payments/service';
import {
  markConsumed,
  PaymentRefused,
  replayRecordedRow,
  settleCapturedPayment,
} from '../payments/settle';
import type { CustomLogo } from './logo';
import { assertClientAmounts, priceDraft } from './pricing';
import { reserveRushSlot, rushSlots } from './rush';

export type CustomOrderRow = typeof customOrders.$inferSelect;
export type PreparedRow = typeof preparedCustomOrders.$inferSelect;
type Deps = Pick<AppDeps, 'db' | 'payments' | 'config' | 'hooks' | 'mail'>;

/** How long a prepared (unpaid) order can be paid: 24 hours. */
export const PREPARED_ORDER_TTL_MS = 24 * 60 * 60 * 1000;
/** A prepared order from an accepted quote stays payable for 14 days by default. */
export const QUOTE_ORDER_TTL_MS = 14 * 24 * 60 * 60 * 1000;

export const CUSTOM_ORDER_NOT_FOUND = 'Custom order not found';
export const PREPARED_NOT_FOUND = 'This order could not be found. Please start again.';
export const PREPARED_EXPIRED = 'This order has expired. Please start again.';
export const PREPARED_PAID = 'The deposit for this order has already been paid.';
/** A second deposit payment asked for while this browser's first is captured but unused. */
export const DEPOSIT_AWAITING_ORDER =
  'Your deposit for this order was already paid. Complete your order with it: no second payment is needed.';
export const FREE_ORDER =
  'The discount covers the whole order, so there is no deposit to pay online. Please contact us to place it.';

/**
 * A prepared order's id is the credential of its deposit payment link
 * (`/checkout?orderData=...`): 32 random bytes, base64url, like every payment link
 * (DECISIONS.md), with the prepared order's expiry.
 */
const newId = () => randomBytes(32).toString('base64url');
const splitPackaging = (packaging: string) => packaging.split(',').filter(Boolean);

// ---------------------------------------------------------------------------
// DTOs
// ---------------------------------------------------------------------------

/** The columns a prepared order and a custom order share, as the API shows them (dollars). */
function basicsDto(row: PreparedRow | CustomOrderRow) {
  return {
    quantity: row.quantity,
    size: row.size,
    plating: row.plating,
    packaging: splitPackaging(row.packaging),
    rushOrder: row.rushOrder,
    rushOrderFee: centsToDollars(row.rushOrderFeeCents),
    pricePerPin: centsToDollars(row.pricePerPinCents),
    discountCode: row.discountCode,
    discountAmount: centsToDollars(row.discountCents),
    totalPrice: centsToDollars(row.totalPriceCents),
    depositAmount: centsToDollars(row.depositCents),
    remainingBalance: centsToDollars(row.remainingBalanceCents),
    customerName: row.customerName,
    customerEmail: row.customerEmail,
    customerPhone: row.customerPhone,
    notes: row.notes,
    logoUrl: row.logoUrl,
    logoFileName: row.logoFileName,
    pinDesigns: row.pinDesigns,
    estimatedDelivery: row.estimatedDelivery,
    quoteRequestId: row.quoteRequestId,
  };
}

/** A prepared row as the API shows it (dollars). */
export function toPreparedDto(row: PreparedRow): PreparedCustomOrder {
  return {
    ...basicsDto(row),
    preparedOrderId: row.id,
    source: row.source,
    expiresAt: row.expiresAt.toISOString(),
    paid: row.consumedAt !== null,
    customOrderId: row.customOrderId,
  };
}

/**
 * A custom order as its owner and the admin see it (dollars). The balance token is
 * shown only while it can be paid (no balance payment yet, not expired).
 */
export function toCustomOrderDto(row: CustomOrderRow, now: Date = new Date()): CustomOrder {
  const balancePaid = row.balancePaymentId !== null;
  const tokenUsable =
    !balancePaid &&
    row.balancePaymentToken !== null &&
    (row.balanceTokenExpiresAt === null || row.balanceTokenExpiresAt > now);
  return {
    ...basicsDto(row),
    id: row.id,
    userId: row.userId,
    depositPaymentId: row.depositPaymentId,
    balancePaymentId: row.balancePaymentId,
    depositPaid: row.depositPaymentId ? centsToDollars(row.depositCents) : 0,
    balancePaid: balancePaid ? centsToDollars(row.remainingBalanceCents) : 0,
    balanceDue: balancePaid ? 0 : centsToDollars(row.remainingBalanceCents),
    shippingAddress: row.shippingAddress,
    status: row.status as CustomOrder['status'],
    balancePaymentToken: tokenUsable ? row.balancePaymentToken : null,
    balanceTokenExpiresAt: tokenUsable ? (row.balanceTokenExpiresAt?.toISOString() ?? null) : null,
    createdAt: row.createdAt.toISOString(),
  };
}

// ---------------------------------------------------------------------------
// Preparing
// ---------------------------------------------------------------------------

/** Who prepares or pays: the signed-in account and the browser's cart session. */
export interface Caller {
  userId: number | null;
  sessionId: string | null;
  /**
   * Signed out: the claim this request grants (accounts/guest-claims.ts); the new custom
   * order is recorded under it in the creating transaction.
   */
  claim?: GuestClaimGrant | null;
}

/**
 * POST /api/custom-orders/prepare: prices the wizard's draft on the server, checks the
 * client's amounts (409 'price changed' with the server's `amounts`), checks the promo
 * code (409 with its error, `field: 'promoCode'`) and that a rush slot is left this
 * month (409 CUSTOM_MESSAGES.rushFull), then stores the checked logo and the prepared
 * order (payable for 24 hours) in one transaction. A total of 0 (discount covering
 * everything) answers 409 FREE_ORDER.
 */
export async function prepareCustomOrder(
  deps: Pick<AppDeps, 'db' | 'config'>,
  input: { draft: CustomOrderDraft; logo: CustomLogo; caller: Caller },
  now: Date = new Date(),
): Promise<PreparedCustomOrder> {
  const { draft, logo, caller } = input;
  const { quote, discountCode } = await priceDraft(deps.db, draft, now);
  assertClientAmounts(draft, quote);
  if (quote.depositCents <= 0) throw conflict(FREE_ORDER);
  if (draft.rushOrder) {
    const slots = await rushSlots(deps.db, deps.config, now);
    if (slots.slotsLeft <= 0) throw conflict(CUSTOM_MESSAGES.rushFull, { field: 'rushOrder' });
  }
  const row = await deps.db.transaction(async (tx) => {
    const stored = await saveFile(tx, logo);
    const [inserted] = await tx
      .insert(preparedCustomOrders)
      .values({
        id: newId(),
        source: 'wizard',
        userId: caller.userId,
        cartSessionId: caller.sessionId,
        quantity: draft.quantity,
        size: draft.size,
        plating: draft.plating,
        packaging: draft.packaging.join(','),
        rushOrder: draft.rushOrder,
        rushOrderFeeCents: quote.rushFeeCents,
        pricePerPinCents: quote.pricePerPinCents,
        discountCode,
        discountCents: quote.discountCents,
        totalPriceCents: quote.totalCents,
        depositCents: quote.depositCents,
        remainingBalanceCents: quote.balanceCents,
        customerName: draft.customerName,
        customerEmail: draft.customerEmail,
        customerPhone: draft.customerPhone ?? null,
        notes: draft.notes ?? null,
        logoFileId: stored.id,
        logoFileName: logo.originalName,
        logoUrl: stored.url,
        estimatedDelivery: estimatedDelivery(
          storeDayOf(now, deps.config.STORE_TIME_ZONE),
          draft.rushOrder,
        ),
        expiresAt: new Date(now.getTime() + PREPARED_ORDER_TTL_MS),
      })
      .returning();
    return inserted!;
  });
  return toPreparedDto(row);
}

/** What the quote desk may set when it turns an accepted quote into an order. */
export interface QuoteOrderInput {
  quoteId: number;
  /** Defaults: the quote's preferred size (or 'other'), 'as quoted' plating, just pins. */
  size?: string;
  plating?: string;
  packaging?: string[];
  /** The approved mockup(s), shown on Track Order and in the admin. */
  pinDesigns?: PreparedRow['pinDesigns'];
  notes?: string | null;
  /** How long the customer may take to pay the deposit; default QUOTE_ORDER_TTL_MS. */
  ttlMs?: number;
}

/**
 * Issue 7 ("a quote approved in the collaboration page becomes a custom order through
 * the same deposit path as the wizard"): prepares a custom order from quote `quoteId`,
 * priced at the quote's `quotedAmountCents` (not the price table): total = quoted amount,
 * deposit = 10% of it (rounded to the cent), balance = the rest, per-pin price = total /
 * quantity rounded (display only). Quantity, customer name/e-mail/phone, logo and notes
 * come from the quote. Send the customer to `/checkout?orderData=` + base64 of
 * `JSON.stringify({preparedOrderId})` (encodeURIComponent'ed): checkout shows it, takes
 * the deposit and POST /api/custom-orders creates the order with `quoteRequestId` set;
 * the balance follows by link as for wizard orders.
 *
 * Idempotent per quote: while an unpaid, unexpired prepared order for the same quote and
 * amount exists it is returned again. Throws 404 'Quote request not found', 409 when the
 * quote has no amount above 0 or already became a paid custom order.
 */
export async function prepareCustomOrderFromQuote(
  deps: Pick<AppDeps, 'db' | 'config'> & Partial<Pick<AppDeps, 'hooks'>>,
  input: QuoteOrderInput,
  now: Date = new Date(),
): Promise<PreparedCustomOrder> {
  // Under the quote's row lock: two 'Pay deposit' clicks at once get the same prepared
  // order, not one each (a concurrency audit).
  return deps.db.transaction(async (tx) => {
    const [quote] = await tx
      .select()
      .from(quoteRequests)
      .where(eq(quoteRequests.id, input.quoteId))
      .for('update');
    if (!quote) throw notFound('Quote request not found');
    const prepared = await prepareLockedQuote(tx, deps.config, quote, input, now);
    await deps.hooks?.beforeQuotePrepareCommit?.({ quoteId: quote.id });
    return prepared;
  });
}

/** The custom order already made from quote `quoteId`, or null. */
async function orderOfQuote(db: DbOrTx, quoteId: number): Promise<{ id: number } | null> {
  const [ordered] = await db
    .select({ id: customOrders.id })
    .from(customOrders)
    .where(eq(customOrders.quoteRequestId, quoteId))
    .limit(1);
  return ordered ?? null;
}

/** The message for a quote that already became custom order `id`. */
const quoteAlreadyOrdered = (id: number) => `This quote is already custom order #${id}.`;

async function prepareLockedQuote(
  tx: Tx,
  config: AppDeps['config'],
  quote: typeof quoteRequests.$inferSelect,
  input: QuoteOrderInput,
  now: Date,
): Promise<PreparedCustomOrder> {
  const total = quote.quotedAmountCents;
  if (total === null || total <= 0) throw conflict('This quote has no amount to pay yet.');
  const ordered = await orderOfQuote(tx, quote.id);
  if (ordered) throw conflict(quoteAlreadyOrdered(ordered.id));
  const [open] = await tx
    .select()
    .from(preparedCustomOrders)
    .where(
      and(
        eq(preparedCustomOrders.quoteRequestId, quote.id),
        isNull(preparedCustomOrders.consumedAt),
        eq(preparedCustomOrders.totalPriceCents, total),
        sql`${preparedCustomOrders.expiresAt} > ${now}`,
      ),
    )
    .orderBy(desc(preparedCustomOrders.createdAt))
    .limit(1);
  if (open) return toPreparedDto(open);

  const quantity = Math.max(1, quote.quantity);
  const deposit = percentOf(total, DEPOSIT_PERCENT);
  const [row] = await tx
    .insert(preparedCustomOrders)
    .values({
      id: newId(),
      source: 'quote',
      quoteRequestId: quote.id,
      quantity,
      size: input.size ?? quote.preferredSize ?? 'other',
      plating: input.plating ?? 'as quoted',
      packaging: (input.packaging?.length ? input.packaging : ['just-pins']).join(','),
      rushOrder: false,
      rushOrderFeeCents: 0,
      pricePerPinCents: Math.round(total / quantity),
      totalPriceCents: total,
      depositCents: deposit,
      remainingBalanceCents: total - deposit,
      customerName: quote.customerName,
      customerEmail: quote.customerEmail,
      customerPhone: quote.customerPhone,
      notes: input.notes ?? quote.additionalNotes,
      // The quote owns its logo file: the sweep must not delete it (logoFileId null).
      logoFileId: null,
      logoFileName: quote.logoFileName,
      logoUrl: quote.logoUrl,
      pinDesigns: input.pinDesigns ?? [],
      estimatedDelivery: estimatedDelivery(storeDayOf(now, config.STORE_TIME_ZONE), false),
      expiresAt: new Date(now.getTime() + (input.ttlMs ?? QUOTE_ORDER_TTL_MS)),
    })
    .returning();
  return toPreparedDto(row!);
}

/** A prepared order by id, for checkout's summary. Throws 404 PREPARED_NOT_FOUND. */
export async function getPreparedOrder(db: DbOrTx, id: string): Promise<PreparedCustomOrder> {
  const [row] = await db.select().from(preparedCustomOrders).where(eq(preparedCustomOrders.id, id));
  if (!row) throw notFound(PREPARED_NOT_FOUND);
  return toPreparedDto(row);
}

/**
 * The provider order id of a `custom_deposit` payment for prepared order `preparedId`
 * made by `caller` (its cart session or account) that was captured but consumed by no
 * order yet (the buyer closed the tab between paying and placing the order), newest
 * first; null when there is none. Such a payment completes the order (POST
 * /api/custom-orders) instead of a second one being taken (a money audit).
 */
export async function unsettledDepositPayment(
  db: DbOrTx,
  preparedId: string,
  caller: { sessionId: string | null; userId: number | null },
): Promise<string | null> {
  if (caller.sessionId === null && caller.userId === null) return null;
  const rows = await db
    .select()
    .from(payments)
    .where(
      and(
        eq(payments.purpose, 'custom_deposit'),
        eq(payments.reference, preparedId),
        eq(payments.status, 'captured'),
        isNull(payments.consumedAt),
      ),
    )
    .orderBy(desc(payments.id));
  return rows.find((row) => isPaymentCreator(row, caller))?.providerOrderId ?? null;
}

/**
 * The prepared order a deposit payment may be created for. Throws 404 PREPARED_NOT_FOUND,
 * 409 PREPARED_PAID once it made an order, 410 PREPARED_EXPIRED past its expiry.
 */
export async function payablePreparedOrder(
  db: DbOrTx,
  id: string,
  now: Date = new Date(),
): Promise<PreparedRow> {
  const [row] = await db.select().from(preparedCustomOrders).where(eq(preparedCustomOrders.id, id));
  if (!row) throw notFound(PREPARED_NOT_FOUND);
  if (row.consumedAt) throw conflict(PREPARED_PAID);
  if (row.expiresAt <= now) throw new HttpError(410, PREPARED_EXPIRED);
  if (row.quoteRequestId !== null) {
    // Another prepared order of the same quote was paid first (two tabs).
    const ordered = await orderOfQuote(db, row.quoteRequestId);
    if (ordered) throw conflict(quoteAlreadyOrdered(ordered.id));
  }
  return row;
}

/**
 * The promo code of a prepared order still applies (active, in its dates, uses left, the
 * same discount). Returns the code row id, or the refusal text. Used before the deposit
 * is paid (409) and when the order is created (refund).
 */
async function recheckPromo(
  db: DbOrTx,
  prepared: PreparedRow,
  now: Date,
): Promise<{ ok: true; codeId: number | null } | { ok: false; usedUp: boolean; error: string }> {
  if (!prepared.discountCode) return { ok: true, codeId: null };
  const row = await findDiscountCode(db, prepared.discountCode);
  if (!row) return { ok: false, usedUp: false, error: DISCOUNT_NOT_VALID };
  const check = checkDiscount(
    toDiscountRule(row),
    prepared.pricePerPinCents * prepared.quantity,
    now,
  );
  if (!check.valid) {
    const usedUp = row.maxUses !== null && row.currentUses >= row.maxUses;
    return { ok: false, usedUp, error: check.error };
  }
  return { ok: true, codeId: row.id };
}

/**
 * Checks run before a deposit payment is created (so the buyer is stopped before paying):
 * the promo code still applies (409 with its error) and, for rush, a slot is left this
 * month (409 CUSTOM_MESSAGES.rushFull).
 */
export async function assertDepositPayable(
  deps: Pick<AppDeps, 'db' | 'config'>,
  prepared: PreparedRow,
  now: Date = new Date(),
): Promise<void> {
  const promo = await recheckPromo(deps.db, prepared, now);
  if (!promo.ok) throw conflict(promo.error);
  if (prepared.rushOrder) {
    const slots = await rushSlots(deps.db, deps.config, now);
    if (slots.slotsLeft <= 0) throw conflict(CUSTOM_MESSAGES.rushFull);
  }
}

// ---------------------------------------------------------------------------
// The deposit makes the order
// ---------------------------------------------------------------------------

/**
 * POST /api/custom-orders: turns a COMPLETED capture of exactly the prepared order's
 * deposit into the custom order, once per capture (a replay answers the same order;
 * payments/settle.ts). In the same transaction: the promo use is counted (never past
 * maxUses), the rush slot is taken (never past the month's slots), the prepared order and
 * the payment are marked consumed and `custom_order.deposit_paid` is published (the
 * confirmation e-mail). The order belongs to the signed-in account, else it is recorded
 * under the caller's guest claim (the HttpOnly claim cookie the route sets), so the
 * account that signs in or registers next in that browser claims it (DECISIONS.md, issue 11).
 * Throws 404 'Payment not found' (unknown, not a deposit for this prepared order, or
 * created by another cart session or account: `isPaymentCreator`),
 * 409 for a payment that is not captured, 409 `{reason, refunded}` after refunding
 * (code used up, rush slots gone, already paid, expired), 500 otherwise.
 */
export async function createCustomOrderFromDeposit(
  deps: Deps,
  input: { body: CreateCustomOrderBody; caller: Caller },
  log: FastifyBaseLogger,
  now: Date = new Date(),
): Promise<{ order: CustomOrder; created: boolean }> {
  const { body, caller } = input;
  const preparedId = body.orderData.preparedOrderId;
  const found = await findPayment(deps.db, body.depositPaymentId);
  // Only the browser session or account that created the deposit payment turns it into
  // the order (as checkout's cart payments): the prepared id travels in the checkout URL,
  // and the order takes this request's account, claim, name, e-mail and address.
  if (
    found?.purpose !== 'custom_deposit' ||
    found.reference !== preparedId ||
    !isPaymentCreator(found, caller)
  ) {
    throw notFound('Payment not found');
  }
  const result = await settleCapturedPayment(
    deps,
    found,
    {
      what: 'Custom order',
      replay: replayRecordedRow(customOrders, customOrders.depositPaymentId),
      settle: (tx, payment) => buildCustomOrder(deps, tx, payment, preparedId, input, now),
      details: { preparedOrderId: preparedId, userId: caller.userId, sessionId: caller.sessionId },
    },
    log,
  );
  return { order: toCustomOrderDto(result.value, now), created: result.created };
}

async function buildCustomOrder(
  deps: Deps,
  tx: Tx,
  payment: PaymentRow,
  preparedId: string,
  { body, caller }: { body: CreateCustomOrderBody; caller: Caller },
  now: Date,
): Promise<CustomOrderRow> {
  const [prepared] = await tx
    .select()
    .from(preparedCustomOrders)
    .where(eq(preparedCustomOrders.id, preparedId))
    .for('update');
  if (!prepared) {
    throw new PaymentRefused(
      'Sorry, this order expired before your deposit arrived.',
      'order_expired',
    );
  }
  if (prepared.consumedAt) {
    throw new PaymentRefused('The deposit for this order was already paid.', 'already_paid');
  }
  if (payment.capturedCents !== prepared.depositCents) {
    throw new PaymentRefused('The price changed. Please review your order.', 'price_changed');
  }
  if (prepared.quoteRequestId !== null) {
    // One order per quote: under the quote's row lock, a deposit paid in a second tab
    // (another prepared order of the same quote) is refunded, not made a second order.
    await tx
      .select({ id: quoteRequests.id })
      .from(quoteRequests)
      .where(eq(quoteRequests.id, prepared.quoteRequestId))
      .for('update');
    const ordered = await orderOfQuote(tx, prepared.quoteRequestId);
    if (ordered) {
      throw new PaymentRefused(quoteAlreadyOrdered(ordered.id), 'already_paid');
    }
  }
  const promo = await recheckPromo(tx, prepared, now);
  if (!promo.ok) {
    throw promo.usedUp
      ? new PaymentRefused(
          `Sorry, the promo code "${prepared.discountCode}" was used up while you were paying.`,
          'code_used_up',
        )
      : new PaymentRefused(
          `Sorry, the promo code "${prepared.discountCode}" no longer applies: ${promo.error}.`,
          'code_invalid',
        );
  }
  if (promo.codeId !== null && !(await countDiscountUse(tx, promo.codeId))) {
    throw new PaymentRefused(
      `Sorry, the promo code "${prepared.discountCode}" was used up while you were paying.`,
      'code_used_up',
    );
  }
  if (prepared.rushOrder && !(await reserveRushSlot(tx, deps.config, now))) {
    throw new PaymentRefused(
      'Sorry, the last rush slot of this month was taken while you were paying.',
      'rush_full',
    );
  }
  const [order] = await tx
    .insert(customOrders)
    .values({
      userId: caller.userId ?? prepared.userId,
      cartSessionId: caller.sessionId ?? prepared.cartSessionId,
      quantity: prepared.quantity,
      size: prepared.size,
      plating: prepared.plating,
      packaging: prepared.packaging,
      logoFileName: prepared.logoFileName,
      logoUrl: prepared.logoUrl,
      pinDesigns: prepared.pinDesigns,
      rushOrder: prepared.rushOrder,
      rushOrderFeeCents: prepared.rushOrderFeeCents,
      pricePerPinCents: prepared.pricePerPinCents,
      discountCode: prepared.discountCode,
      discountCents: prepared.discountCents,
      totalPriceCents: prepared.totalPriceCents,
      depositCents: prepared.depositCents,
      remainingBalanceCents: prepared.remainingBalanceCents,
      customerEmail: body.customerEmail ?? prepared.customerEmail,
      customerName: body.customerName ?? prepared.customerName,
      customerPhone: prepared.customerPhone,
      notes: prepared.notes,
      shippingAddress: body.shippingAddress || null,
      estimatedDelivery: prepared.estimatedDelivery,
      quoteRequestId: prepared.quoteRequestId,
      depositPaymentId: payment.providerOrderId,
      // A quote's design was approved in the room before its deposit: no mockup to come.
      status: prepared.quoteRequestId === null ? 'pending' : 'approved',
      // The rush slot counts by this date (rush.ts).
      createdAt: now,
    })
    .returning();
  await tx
    .update(preparedCustomOrders)
    .set({ consumedAt: now, customOrderId: order!.id })
    .where(eq(preparedCustomOrders.id, prepared.id));
  if (order!.userId === null) await caller.claim?.add(tx, 'custom_order', order!.id);
  if (prepared.quoteRequestId !== null) {
    // The quote has become this order: its desk status is 'completed', and its room
    // (which offered 'Pay deposit') is told (a quotes audit).
    await tx
      .update(quoteRequests)
      .set({ status: 'completed', updatedAt: now })
      .where(
        and(eq(quoteRequests.id, prepared.quoteRequestId), eq(quoteRequests.status, 'approved')),
      );
    await notifyRoom(tx, { k: 'quote', q: prepared.quoteRequestId });
  }
  await markConsumed(tx, payment);
  await publish(deps, tx, { type: 'custom_order.deposit_paid', customOrder: order! });
  await deps.hooks.beforeCustomOrderCommit?.({ paymentOrderId: payment.providerOrderId });
  return order!;
}

// ---------------------------------------------------------------------------
// Reading
// ---------------------------------------------------------------------------

/** The signed-in customer's custom orders, newest first (GET /api/custom-orders/user-orders). */
export async function listUserCustomOrders(db: DbOrTx, userId: number): Promise<CustomOrder[]> {
  const rows = await db
    .select()
    .from(customOrders)
    .where(eq(customOrders.userId, userId))
    .orderBy(desc(customOrders.createdAt), desc(customOrders.id));
  const now = new Date();
  return rows.map((r) => toCustomOrderDto(r, now));
}

/** Every custom order, newest first (admin: GET /api/custom-orders). */
export async function listAllCustomOrders(db: DbOrTx): Promise<CustomOrder[]> {
  const rows = await db
    .select()
    .from(customOrders)
    .orderBy(desc(customOrders.createdAt), desc(customOrders.id));
  const now = new Date();
  return rows.map((r) => toCustomOrderDto(r, now));
}

/** A custom order row by id, or null. */
export async function findCustomOrder(db: DbOrTx, id: number): Promise<CustomOrderRow | null> {
  const [row] = await db.select().from(customOrders).where(eq(customOrders.id, id));
  return row ?? null;
}

/**
 * One custom order (GET /api/custom-orders/{id}) for its owner, an admin, or the browser
 * that placed it signed out (`claimedIds`: the custom orders its claim cookie names, as
 * the catalogue order's confirmation; the thank-you page after the deposit). Anyone else
 * gets 404 CUSTOM_ORDER_NOT_FOUND: existence is not revealed (DECISIONS.md "Security").
 */
export async function getCustomOrder(
  db: DbOrTx,
  viewer: User | null,
  claimedIds: readonly number[],
  id: number,
): Promise<CustomOrder> {
  const row = await findCustomOrder(db, id);
  const allowed =
    row &&
    (viewer?.role === 'admin' ||
      (viewer !== null && row.userId === viewer.id) ||
      claimedIds.includes(row.id));
  if (!allowed) throw notFound(CUSTOM_ORDER_NOT_FOUND);
  return toCustomOrderDto(row);
}

// ---------------------------------------------------------------------------
// Housekeeping
// ---------------------------------------------------------------------------

/**
 * Deletes prepared orders that expired unpaid, with the logo files they stored, and
 * returns how many. A prepared order whose deposit was captured but not yet settled is
 * kept (its order can still be created). A capture that arrives after the deletion is
 * refused and refunded when the order is attempted (`order_expired`).
 */
export async function sweepExpiredPreparedOrders(
  db: DbOrTx,
  now: Date = new Date(),
): Promise<number> {
  const gone = await db
    .delete(preparedCustomOrders)
    .where(
      and(
        isNull(preparedCustomOrders.consumedAt),
        lt(preparedCustomOrders.expiresAt, now),
        notExists(
          db
            .select({ id: payments.id })
            .from(payments)
            .where(
              and(
                eq(payments.purpose, 'custom_deposit'),
                eq(payments.reference, preparedCustomOrders.id),
                eq(payments.status, 'captured'),
              ),
            ),
        ),
      ),
    )
    .returning({ logoFileId: preparedCustomOrders.logoFileId });
  const fileIds = gone.map((g) => g.logoFileId).filter((id): id is string => id !== null);
  if (fileIds.length > 0) await db.delete(files).where(inArray(files.id, fileIds));
  return gone.length;
}
