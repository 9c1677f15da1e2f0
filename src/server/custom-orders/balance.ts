/**
 * The balance of a custom order, paid through a link (back-office spec sections 2
 * "/balance-payment/{token}", 4, 7, 9; DECISIONS.md "Security": balance tokens are 32
 * random bytes, base64url, with expiry; a paid link cannot be paid twice).
 *
 * The admin generates the link for an approved (or mockup_sent) order; the token is the
 * only way in: `GET /api/balance-payment/{token}` shows that order's summary and no
 * customer data; the payment purpose `custom_balance` prices the remaining balance; the
 * capture itself settles a COMPLETED capture of exactly that amount once
 * (`settleBalanceOnCapture`, payments/settle.ts), the completion call answers the same
 * result, and a second capture for an already paid balance is refunded.
 */
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import {
  BALANCE_LINK_STATUSES,
  type CustomOrderStatus,
  statusAfterBalancePaid,
} from '../../shared/custom-pins';
import { centsToDollars } from '../../shared/money';
import type { BalancePaymentInfo, CustomOrder } from '../../shared/schemas/custom-orders';
import type { DbOrTx } from '../db/client';
import { customOrders } from '../db/schema';
import type { AppDeps } from '../deps';
import { publish } from '../events/events';
import { conflict, HttpError, notFound } from '../lib/errors';
import { findPayment, type PaymentRow } from '../payments/service';
import {
  markConsumed,
  PaymentRefused,
  replayRecordedRow,
  settleCapturedPayment,
} from '../payments/settle';
import { CUSTOM_ORDER_NOT_FOUND, type CustomOrderRow, toCustomOrderDto } from './service';

type Deps = Pick<AppDeps, 'db' | 'payments' | 'config' | 'hooks' | 'mail'>;

/** A balance link lasts 30 days. */
export const BALANCE_TOKEN_TTL_MS = 30 * 24 * 60 * 60 * 1000;

export const LINK_NOT_FOUND = 'Payment link not found';
export const LINK_EXPIRED = 'This payment link has expired. Please contact us for a new one.';
export const BALANCE_ALREADY_PAID = 'The balance of this order has already been paid.';
export const LINK_NOT_ALLOWED =
  'A payment link can only be generated for an approved order or one whose mockup was sent.';

/** The customer's link for a token: PUBLIC_URL/balance-payment/{token}. */
export function balancePaymentUrl(config: Pick<AppDeps['config'], 'publicUrl'>, token: string) {
  return `${config.publicUrl}/balance-payment/${token}`;
}

/** The order behind a well-formed token, or null (unknown or malformed). */
async function orderByToken(db: DbOrTx, token: string): Promise<CustomOrderRow | null> {
  if (!/^[A-Za-z0-9_-]{43}$/.test(token)) return null;
  const [row] = await db
    .select()
    .from(customOrders)
    .where(eq(customOrders.balancePaymentToken, token));
  return row ?? null;
}

/**
 * Admin 'Generate Payment Link': a fresh token (32 random bytes, base64url) valid for 30
 * days replaces any earlier one, and `custom_order.balance_link_created` is published
 * (the customer's e-mail with the link) in the same transaction. Throws 404, 409
 * LINK_NOT_ALLOWED unless the order is approved or mockup_sent, 409 BALANCE_ALREADY_PAID.
 */
export async function generateBalanceLink(
  deps: Pick<AppDeps, 'db' | 'config' | 'mail'>,
  orderId: number,
  now: Date = new Date(),
): Promise<{ balancePaymentUrl: string; expiresAt: string; order: CustomOrder }> {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(now.getTime() + BALANCE_TOKEN_TTL_MS);
  const url = balancePaymentUrl(deps.config, token);
  const row = await deps.db.transaction(async (tx) => {
    const [order] = await tx
      .select()
      .from(customOrders)
      .where(eq(customOrders.id, orderId))
      .for('update');
    if (!order) throw notFound(CUSTOM_ORDER_NOT_FOUND);
    if (order.balancePaymentId) throw conflict(BALANCE_ALREADY_PAID);
    if (!BALANCE_LINK_STATUSES.includes(order.status as never)) throw conflict(LINK_NOT_ALLOWED);
    if (order.remainingBalanceCents <= 0) throw conflict('This order has no balance to pay.');
    const [updated] = await tx
      .update(customOrders)
      .set({ balancePaymentToken: token, balanceTokenExpiresAt: expiresAt })
      .where(eq(customOrders.id, orderId))
      .returning();
    await publish(deps, tx, {
      type: 'custom_order.balance_link_created',
      customOrder: updated!,
      url,
    });
    return updated!;
  });
  return {
    balancePaymentUrl: url,
    expiresAt: expiresAt.toISOString(),
    order: toCustomOrderDto(row, now),
  };
}

/**
 * GET /api/balance-payment/{token}: the order's summary (no name, e-mail, phone or
 * address). A paid balance answers `paid: true` (the page's 'Payment Complete!'), even
 * after the link's expiry. Throws 404 LINK_NOT_FOUND, 410 LINK_EXPIRED.
 */
export async function getBalanceInfo(
  db: DbOrTx,
  token: string,
  now: Date = new Date(),
): Promise<BalancePaymentInfo> {
  const order = await orderByToken(db, token);
  if (!order) throw notFound(LINK_NOT_FOUND);
  const paid = order.balancePaymentId !== null;
  if (!paid && order.balanceTokenExpiresAt && order.balanceTokenExpiresAt <= now) {
    throw new HttpError(410, LINK_EXPIRED);
  }
  return {
    orderId: order.id,
    quantity: order.quantity,
    size: order.size,
    plating: order.plating,
    designImageUrl: order.pinDesigns[0]?.imageUrl ?? order.logoUrl,
    totalPrice: centsToDollars(order.totalPriceCents),
    depositAmount: centsToDollars(order.depositCents),
    remainingBalance: centsToDollars(order.remainingBalanceCents),
    status: order.status as BalancePaymentInfo['status'],
    paid,
    expiresAt: order.balanceTokenExpiresAt?.toISOString() ?? null,
  };
}

/**
 * The order whose balance a new payment may be created for (payment purpose
 * `custom_balance`). Throws 404 LINK_NOT_FOUND, 409 BALANCE_ALREADY_PAID for a paid
 * balance (never a second charge; DECISIONS.md: 409 for already paid), 410 LINK_EXPIRED,
 * 409 when nothing is owed.
 */
export async function payableBalanceOrder(
  db: DbOrTx,
  token: string,
  now: Date = new Date(),
): Promise<CustomOrderRow> {
  const order = await orderByToken(db, token);
  if (!order) throw notFound(LINK_NOT_FOUND);
  if (order.balancePaymentId) throw conflict(BALANCE_ALREADY_PAID);
  if (order.balanceTokenExpiresAt && order.balanceTokenExpiresAt <= now) {
    throw new HttpError(410, LINK_EXPIRED);
  }
  if (order.remainingBalanceCents <= 0) throw conflict('This order has no balance to pay.');
  return order;
}

/**
 * POST /api/balance-payment/{token}/complete: settles a COMPLETED capture of exactly the
 * remaining balance of the token's order, once: the order becomes `balance_paid`
 * (balancePaymentId, balancePaidAt) and `custom_order.balance_paid` is published, in one
 * transaction. A replay of the same payment answers the same result; a second payment for
 * a balance already paid is refunded (409 `{reason: 'already_paid', refunded}`). Throws
 * 404 LINK_NOT_FOUND / 'Payment not found' (unknown, or not a balance payment of this
 * token's order), 409 when the payment was not captured. A captured payment made through
 * a link the admin replaced meanwhile still settles its own order.
 */
export async function completeBalancePayment(
  deps: Deps,
  input: { token: string; balancePaymentId: string },
  log: FastifyBaseLogger,
  now: Date = new Date(),
): Promise<{ orderId: number; status: CustomOrder['status']; paid: true }> {
  const found = await findPayment(deps.db, input.balancePaymentId);
  let order = await orderByToken(deps.db, input.token);
  // The admin replaced the link while this buyer was paying through the old one: a
  // payment created through a then-valid token still settles its own order's balance.
  if (!order && found?.purpose === 'custom_balance' && found.status === 'captured') {
    const [byPayment] = await deps.db
      .select()
      .from(customOrders)
      .where(eq(customOrders.id, Number(found.reference)));
    order = byPayment ?? null;
  }
  if (!order) throw notFound(LINK_NOT_FOUND);
  if (found?.purpose !== 'custom_balance' || found.reference !== String(order.id)) {
    throw notFound('Payment not found');
  }
  const result = await settleBalance(deps, found, order.id, log, now);
  return {
    orderId: result.value.id,
    status: result.value.status as CustomOrder['status'],
    paid: true,
  };
}

/**
 * Settles `payment` (a `custom_balance` payment, captured) as the balance of custom order
 * `orderId`, once (payments/settle.ts): the order becomes `balance_paid` and
 * `custom_order.balance_paid` is published in one transaction; a replay answers the same
 * row; a balance already paid by another payment is refused and this one refunded (409).
 */
function settleBalance(
  deps: Deps,
  payment: PaymentRow,
  orderId: number,
  log: FastifyBaseLogger,
  now: Date = new Date(),
) {
  return settleCapturedPayment(
    deps,
    payment,
    {
      what: 'Balance payment',
      replay: replayRecordedRow(customOrders, customOrders.balancePaymentId),
      async settle(tx, captured) {
        const [locked] = await tx
          .select()
          .from(customOrders)
          .where(eq(customOrders.id, orderId))
          .for('update');
        if (!locked)
          throw new PaymentRefused('Sorry, this order no longer exists.', 'order_expired');
        if (locked.balancePaymentId) throw new PaymentRefused(BALANCE_ALREADY_PAID, 'already_paid');
        if (captured.capturedCents !== locked.remainingBalanceCents) {
          throw new PaymentRefused('The price changed. Please contact us.', 'price_changed');
        }
        const [updated] = await tx
          .update(customOrders)
          .set({
            balancePaymentId: captured.providerOrderId,
            balancePaidAt: now,
            status: statusAfterBalancePaid(locked.status as CustomOrderStatus),
          })
          .where(eq(customOrders.id, orderId))
          .returning();
        await markConsumed(tx, captured);
        await publish(deps, tx, { type: 'custom_order.balance_paid', customOrder: updated! });
        await deps.hooks.beforeBalanceCommit?.({ paymentOrderId: captured.providerOrderId });
        return updated!;
      },
      details: { customOrderId: orderId },
    },
    log,
  );
}

/**
 * The `custom_balance` purpose's `onCaptured` (payments/purposes.ts): the capture itself
 * settles the balance, as an invoice's does, so a buyer who closes the tab between the
 * capture and `complete` is not shown the balance as unpaid and charged again (a money
 * audit). `complete` then answers the same result (a replay). Returns, when the balance
 * was already paid by another payment (this one is refunded), the sentence the buyer
 * reads; never throws for these business outcomes.
 */
export async function settleBalanceOnCapture(
  deps: Deps,
  payment: PaymentRow,
  log: FastifyBaseLogger,
): Promise<string | undefined> {
  try {
    await settleBalance(deps, payment, Number(payment.reference), log);
    return undefined;
  } catch (err) {
    if (err instanceof HttpError && err.statusCode === 409) return err.message;
    // Anything else (a database failure) is recorded by settleCapturedPayment as an
    // incident; `complete` can still settle it.
    log.error({ err, paymentId: payment.id }, 'balance settlement at capture failed');
    return undefined;
  }
}
