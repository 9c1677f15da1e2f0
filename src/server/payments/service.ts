/**
 * Payments: provider orders the server created, their captures and refunds
 * (storefront spec sections 4 "Checkout" and 7 paypal calls; back-office spec section 4
 * "Payment pages"; DECISIONS.md "Money and pricing", "Payments").
 *
 * Every provider order has a `payments` row fixing the amount the server expects
 * (cents, USD). A capture counts only when the provider's capture (not the order) is
 * COMPLETED with exactly that amount and currency; anything else never makes the row
 * `captured`. Money captured for a wrong amount is refunded and reported to the admin
 * in `payment_incidents`. Provider calls use request ids derived from the row, so a
 * retried capture or refund never moves money twice.
 *
 * The capture and refund functions are purpose-agnostic: the custom-order deposit,
 * balance and invoice flows can use them with their own `purpose`/`reference`.
 */
import { randomUUID } from 'node:crypto';
import { and, desc, eq, gt, isNull, or } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { centsToAmountString, dollarsToCents } from '../../shared/money';
import type { CreatePaymentOrderBody } from '../../shared/schemas/checkout';
import { MAX_ORDER_DOLLARS } from '../../shared/schemas/common';
import { type PricedCart, pastPurchases, priceCart } from '../cart/service';
import type { DbOrTx } from '../db/client';
import { paymentIncidents, payments } from '../db/schema';
import type { AppDeps } from '../deps';
import { badRequest, conflict, HttpError, notFound } from '../lib/errors';
import { cleanText, toStorableJson } from '../lib/input-guard';
import { SESSION_ID_ERROR } from '../lib/session';
import { cleanPayer, PaymentProviderError, type ProviderCapture } from './provider';
import type { PaymentCaller, PaymentPurposeHandler } from './purposes';

export type PaymentRow = typeof payments.$inferSelect;
type Deps = Pick<AppDeps, 'db' | 'payments' | 'config'>;

export const PAYMENT_NOT_FOUND = 'Payment not found';
/** Incident kind for money that must go back; resolved by `refundPayment` once refunded. */
export const ORDER_REFUSED_INCIDENT = 'order_refused_after_payment';
export const CART_EMPTY = 'Your cart is empty';
export const PRICE_CHANGED = 'The price changed. Please review your order.';
export const ORDER_TOO_LARGE =
  'This order is too large to pay online. Please contact us to place it.';
export const PROVIDER_UNAVAILABLE =
  'The payment service is not answering right now. Please try again in a moment.';
/** The 409 `captureRow` throws when the buyer has not approved the payment (nothing captured). */
export const NOT_APPROVED =
  'The payment has not been approved yet. Please complete it in the payment window.';

/** Capture answers, as the capture route shows them (status COMPLETED is the only success). */
export interface CaptureAnswer {
  id: string;
  status: string;
  captureId: string | null;
  amount: string | null;
  message?: string;
}

const MESSAGES = {
  DECLINED: 'Your payment was declined. Please try another payment method.',
  PENDING:
    'Your payment is pending at the payment provider, so we could not place your order. Our team has been notified and will contact you.',
  REFUNDED:
    'Your payment could not be matched to your order and has been refunded. Please try again.',
  REFUND_PENDING:
    'Your payment could not be matched to your order and is being refunded. Please try again.',
  FAILED: 'Your payment could not be completed. Please try again.',
} as const;

/** PayPal-Request-Id for the capture of a payment row: stable across retries. */
export const captureRequestId = (row: Pick<PaymentRow, 'providerOrderId'>) =>
  `${row.providerOrderId}-capture`;
/** PayPal-Request-Id for the (full) refund of a payment row: stable across retries. */
export const refundRequestId = (row: Pick<PaymentRow, 'providerOrderId'>) =>
  `${row.providerOrderId}-refund`;

/**
 * Records a problem after a payment for the admin (back-office "logged for the admin").
 * User values never make it fail: every text is stored through `cleanText` and the
 * details through `toStorableJson` (NUL and other control characters become U+FFFD,
 * unserialisable details their text). Throws only when the database itself fails.
 */
export async function recordIncident(
  db: DbOrTx,
  incident: { providerOrderId: string | null; kind: string; message: string; details?: unknown },
): Promise<void> {
  await db.insert(paymentIncidents).values({
    providerOrderId: incident.providerOrderId === null ? null : cleanText(incident.providerOrderId),
    kind: cleanText(incident.kind),
    message: cleanText(incident.message),
    details: toStorableJson(incident.details ?? null),
  });
}

/** The payment row for a provider order id, or null. */
export async function findPayment(db: DbOrTx, providerOrderId: string): Promise<PaymentRow | null> {
  const [row] = await db
    .select()
    .from(payments)
    .where(eq(payments.providerOrderId, providerOrderId));
  return row ?? null;
}

/**
 * Creates a provider order for `expectedCents` (USD) and its `payments` row.
 * Throws PaymentProviderError when the provider fails (after its own retries).
 */
export async function createProviderPayment(
  deps: Deps,
  input: {
    purpose: PaymentRow['purpose'];
    reference: string;
    expectedCents: number;
    discountCode?: string | null;
    testOutcome?: CreatePaymentOrderBody['testOutcome'];
    /** Who may capture it: this cart session and/or this account (`capturePayment`). */
    createdBy: Pick<PaymentCaller, 'sessionId' | 'userId'>;
  },
): Promise<PaymentRow> {
  const order = await deps.payments.createOrder({
    amountCents: input.expectedCents,
    currency: 'USD',
    requestId: randomUUID(),
    description: `${deps.config.STORE_NAME} order`,
    ...(deps.payments.name === 'test' && input.testOutcome
      ? { testOutcome: input.testOutcome }
      : {}),
  });
  const [row] = await deps.db
    .insert(payments)
    .values({
      provider: deps.payments.name,
      providerOrderId: order.id,
      purpose: input.purpose,
      reference: input.reference,
      discountCode: input.discountCode ?? null,
      expectedCents: input.expectedCents,
      currency: 'USD',
      createdBySession: input.createdBy.sessionId,
      createdByUserId: input.createdBy.userId,
    })
    .returning();
  return row!;
}

/**
 * Checks that every cart line can still be bought: active, enough stock, within the
 * per-customer limit (cart + past orders). Throws 409 naming the product.
 */
export async function assertCartPurchasable(
  db: DbOrTx,
  cart: PricedCart,
  who: { userId?: number | null; sessionId: string; email?: string | null },
): Promise<void> {
  for (const line of cart.lines) {
    if (!line.isActive)
      throw conflict(`"${line.name}" is no longer available. Please remove it from your cart.`);
    if (line.stockQuantity <= 0)
      throw conflict(`"${line.name}" is out of stock. Please remove it from your cart.`);
    if (line.quantity > line.stockQuantity) {
      throw conflict(
        `Only ${line.stockQuantity} of "${line.name}" left in stock. Please update your cart.`,
        {
          productId: line.productId,
          available: line.stockQuantity,
        },
      );
    }
  }
  const limited = cart.lines.filter((l) => l.purchaseLimit !== null);
  if (limited.length === 0) return;
  const past = await pastPurchases(
    db,
    who,
    limited.map((l) => l.productId),
  );
  for (const line of limited) {
    const bought = past.get(line.productId) ?? 0;
    if (bought + line.quantity > line.purchaseLimit!) {
      throw conflict(`"${line.name}" is limited to ${line.purchaseLimit} per customer.`, {
        productId: line.productId,
        limit: line.purchaseLimit,
        remaining: Math.max(0, line.purchaseLimit! - bought),
      });
    }
  }
}

/**
 * The `cart` purpose: prices the caller's cart on the server (tier prices, discount
 * code, shipping); its check makes sure it can still be bought (limits count past
 * orders of the session, the account and the account's e-mail). Throws 400 without a
 * cart session, 409 'Your cart is empty', 409 with the discount code's error, 409 for
 * stock/limits (from the check).
 */
export const cartPurpose: PaymentPurposeHandler = {
  async price(deps, caller, body) {
    if (!caller.sessionId) throw badRequest(SESSION_ID_ERROR, { 'x-session-id': SESSION_ID_ERROR });
    const sessionId = caller.sessionId;
    const cart = await priceCart(deps.db, sessionId, body.discountCode ?? null);
    if (cart.lines.length === 0) throw conflict(CART_EMPTY);
    if (body.discountCode && cart.discountError) throw conflict(cart.discountError);
    return {
      reference: sessionId,
      expectedCents: cart.totalCents,
      discountCode: cart.discount?.code ?? null,
      check: () => assertCartPurchasable(deps.db, cart, { ...caller, sessionId }),
    };
  },
};

/**
 * POST /paypal/order: prices the body's purpose with its registered handler (the server
 * sets the amount), then creates the provider order for it, recording the caller (cart
 * session and/or account) as the only one who may capture it. Throws 400 without a
 * cart session id or a signed-in user (nobody could capture it), 400 for a purpose no
 * module handles, the handler's errors, 409 'The price changed. Please review your
 * order.' when the client's `amount` differs (body carries the server `amount`), 409
 * when there is nothing to pay, 409 ORDER_TOO_LARGE above $1,000,000 (amounts stay
 * within the integer cents columns), 502 when the provider does not answer. For a
 * purpose settled by its capture, earlier captures of the same reference left open are
 * finished first (`finishOpenPayments`). For a purpose settled by a later call (cart,
 * deposit), this caller's earlier capture of the same reference that made nothing yet
 * (`unusedCaptureOf`) is answered instead when it is for the same amount and code, with
 * `captured: true`, and no provider order is created: a buyer told 'try again' after a
 * capture whose answer was lost is not charged twice; one for another amount is refunded
 * and a new payment made; 502 while such a capture's outcome cannot be learned
 * (docs/decisions.md "When the parts around the shop fail" 3).
 */
export async function createPayment(
  deps: AppDeps,
  caller: PaymentCaller,
  body: CreatePaymentOrderBody,
  log: FastifyBaseLogger,
): Promise<{ id: string; amount: string; currency: 'USD'; captured?: true }> {
  if (!caller.sessionId && caller.userId === null) {
    throw badRequest(SESSION_ID_ERROR, { 'x-session-id': SESSION_ID_ERROR });
  }
  const handler = deps.paymentPurposes.get(body.purpose);
  if (!handler) {
    throw badRequest('This kind of payment is not available', {
      purpose: 'This kind of payment is not available',
    });
  }
  let priced = await handler.price(deps, caller, body);
  // A capture of the same invoice or balance left open is finished first: if it went
  // through, pricing again answers that it is paid (no second charge).
  if (await finishOpenPayments(deps, body.purpose, priced.reference, log)) {
    priced = await handler.price(deps, caller, body);
  }
  const amount = centsToAmountString(priced.expectedCents);
  if (body.amount !== undefined && dollarsToCents(body.amount) !== priced.expectedCents) {
    throw conflict(PRICE_CHANGED, { amount });
  }
  if (priced.expectedCents <= 0) throw conflict('There is nothing to pay for this order.');
  if (priced.expectedCents > MAX_ORDER_DOLLARS * 100) throw conflict(ORDER_TOO_LARGE);
  // A purpose settled by a later call (the cart's create-order, the deposit's order):
  // this caller's earlier capture of the same reference that made nothing yet is handed
  // back instead of charging again; the client goes straight to capture (answered from
  // the row) and settling.
  // Only for the same amount and code: a cart changed since cannot become an order with
  // it, so that capture is refunded now and a new payment made.
  if (!handler.onCaptured) {
    const earlier = await unusedCaptureOf(deps, body.purpose, priced.reference, caller, log);
    if (
      earlier &&
      earlier.expectedCents === priced.expectedCents &&
      (earlier.discountCode ?? null) === (priced.discountCode ?? null)
    ) {
      return {
        id: earlier.providerOrderId,
        amount: centsToAmountString(earlier.expectedCents),
        currency: 'USD',
        captured: true,
      };
    }
    if (earlier) await refundUnusedCapture(deps, earlier, log);
  }
  await priced.check?.();
  let row: PaymentRow;
  try {
    row = await createProviderPayment(deps, {
      purpose: body.purpose,
      reference: priced.reference,
      expectedCents: priced.expectedCents,
      discountCode: priced.discountCode ?? null,
      testOutcome: body.testOutcome,
      createdBy: caller,
    });
  } catch (err) {
    if (!(err instanceof PaymentProviderError)) throw err;
    logProviderFailure(log, err, 'creating a payment failed at the provider', {
      purpose: body.purpose,
    });
    throw new HttpError(502, PROVIDER_UNAVAILABLE);
  }
  return { id: row.providerOrderId, amount, currency: 'USD' };
}

/** What the log says when the provider refuses the shop's own credentials (401/403). */
export const CREDENTIALS_REFUSED =
  "the payment provider refused the shop's credentials: check PAYPAL_CLIENT_ID, PAYPAL_CLIENT_SECRET and PAYPAL_ENVIRONMENT";

/**
 * Logs a provider failure: at error level, and saying which settings to check, when the
 * provider refused the shop's own credentials (401/403: every payment fails until an
 * operator acts; an operator audit found a wrong secret showed only as 502 request lines),
 * else at warn level as `message`.
 */
function logProviderFailure(
  log: FastifyBaseLogger,
  err: PaymentProviderError,
  message: string,
  fields: Record<string, unknown>,
): void {
  if (err.providerStatus === 401 || err.providerStatus === 403) {
    log.error({ err, ...fields }, `${message}: ${CREDENTIALS_REFUSED}`);
  } else {
    log.warn({ err, ...fields }, message);
  }
}

/** The answer for a payment row whose capture was already decided. */
export function captureAnswerOf(row: PaymentRow): CaptureAnswer {
  const base = {
    id: row.providerOrderId,
    captureId: row.captureId,
    amount: row.capturedCents === null ? null : centsToAmountString(row.capturedCents),
  };
  switch (row.status) {
    case 'captured':
      return { ...base, status: 'COMPLETED' };
    case 'declined':
      return { ...base, status: 'DECLINED', message: MESSAGES.DECLINED };
    case 'refunded':
      return { ...base, status: 'REFUNDED', message: MESSAGES.REFUNDED };
    case 'refund_pending':
      return { ...base, status: 'REFUND_PENDING', message: MESSAGES.REFUND_PENDING };
    case 'failed':
      return row.failureReason?.startsWith('PENDING')
        ? { ...base, status: 'PENDING', message: MESSAGES.PENDING }
        : { ...base, status: 'FAILED', message: MESSAGES.FAILED };
    default:
      return { ...base, status: 'CREATED', message: MESSAGES.FAILED };
  }
}

/**
 * Incident kind: the capture check (incidents/capture-check.ts) never learned whether a
 * capture took the money and told the admin.
 */
export const CAPTURE_UNKNOWN_INCIDENT = 'capture_unknown';

/**
 * Moves a `created` row to its decided state; null when another request decided first.
 * A row the capture check had reported as unknown (`captureReportedAt`) is known now: its
 * open `capture_unknown` incident is resolved, saying what was decided.
 */
async function decide(
  db: DbOrTx,
  row: PaymentRow,
  set: Partial<
    Pick<
      PaymentRow,
      'status' | 'captureId' | 'capturedCents' | 'failureReason' | 'payerEmail' | 'payerName'
    >
  >,
): Promise<PaymentRow | null> {
  const now = new Date();
  const [updated] = await db
    .update(payments)
    .set({ ...set, updatedAt: now })
    .where(and(eq(payments.id, row.id), eq(payments.status, 'created')))
    .returning();
  if (updated?.captureReportedAt) {
    await db
      .update(paymentIncidents)
      .set({
        resolved: true,
        resolvedAt: now,
        resolutionNote: `Known since: the payment was ${updated.status}${updated.captureId ? ` (capture ${updated.captureId})` : ''}.`,
      })
      .where(
        and(
          eq(paymentIncidents.providerOrderId, updated.providerOrderId),
          eq(paymentIncidents.kind, CAPTURE_UNKNOWN_INCIDENT),
          eq(paymentIncidents.resolved, false),
        ),
      );
  }
  return updated ?? null;
}

/**
 * Refunds a payment's capture in full through the provider (stable request id, so a
 * retry never refunds twice). Callers first commit the row as `refund_pending` (with
 * an incident), so a crash before the provider answers leaves a truthful row. When the
 * provider confirms, the row becomes `refunded` with the refund id, and every open
 * incident of that payment is resolved (the money is back), in one transaction. On
 * failure records a `refund_failed` incident (one open one per payment, not one per
 * attempt), leaves the row as it was and returns null (never throws for provider
 * failures). The refund sweep (incidents/refund-retry.ts) retries such rows.
 */
export async function refundPayment(
  deps: Deps,
  row: PaymentRow,
  reason: string,
  log: FastifyBaseLogger,
): Promise<string | null> {
  if (!row.captureId) return null;
  try {
    const refund = await deps.payments.refundCapture(row.captureId, refundRequestId(row));
    await deps.db.transaction(async (tx) => {
      const now = new Date();
      await tx
        .update(payments)
        .set({
          status: 'refunded',
          refundId: refund.refundId,
          failureReason: reason,
          nextRefundAt: null,
          updatedAt: now,
        })
        .where(eq(payments.id, row.id));
      await tx
        .update(paymentIncidents)
        .set({
          resolved: true,
          resolvedAt: now,
          resolutionNote: `Refunded automatically (refund ${refund.refundId}).`,
        })
        .where(
          and(
            eq(paymentIncidents.providerOrderId, row.providerOrderId),
            eq(paymentIncidents.resolved, false),
          ),
        );
    });
    return refund.refundId;
  } catch (err) {
    log.error({ err, providerOrderId: row.providerOrderId }, 'refund failed');
    const [open] = await deps.db
      .select({ id: paymentIncidents.id })
      .from(paymentIncidents)
      .where(
        and(
          eq(paymentIncidents.providerOrderId, row.providerOrderId),
          eq(paymentIncidents.kind, 'refund_failed'),
          eq(paymentIncidents.resolved, false),
        ),
      )
      .limit(1);
    if (!open) {
      await recordIncident(deps.db, {
        providerOrderId: row.providerOrderId,
        kind: 'refund_failed',
        message: `Automatic refund failed; it is retried automatically, or refund the capture by hand. Reason for the refund: ${reason}`,
        details: { captureId: row.captureId, error: String(err), paymentId: row.id },
      });
    }
    return null;
  }
}

/**
 * True when `caller` created `row`: the same cart session (X-Session-Id) or the same
 * signed-in account (issue 11: a payment id alone captures nothing).
 */
export function isPaymentCreator(
  row: Pick<PaymentRow, 'createdBySession' | 'createdByUserId'>,
  caller: Pick<PaymentCaller, 'sessionId' | 'userId'>,
): boolean {
  return (
    (row.createdByUserId !== null && row.createdByUserId === caller.userId) ||
    (row.createdBySession !== null && row.createdBySession === caller.sessionId)
  );
}

/**
 * POST /paypal/order/{id}/capture: captures a provider order the server created for
 * this caller: 404 'Payment not found' for an unknown id and for one created by another
 * cart session or account (`isPaymentCreator`). Idempotent: a decided payment answers its
 * stored result; concurrent captures send the same request id, so the provider
 * captures once. The row becomes `captured` only for a COMPLETED capture of exactly
 * the expected amount and currency; a DECLINED/FAILED capture -> `declined`; a
 * PENDING one -> `failed` + incident; a COMPLETED capture of another amount or
 * currency -> `refund_pending` + incident, then refunded (`refunded` once the
 * provider confirms); a provider refusal of the buyer's
 * instrument -> `declined`. Throws 409 when the buyer has not approved the payment
 * yet or the provider refused the call otherwise (row left `created`: nothing was
 * decided), 502 when the provider does not answer.
 */
export async function capturePayment(
  deps: AppDeps,
  providerOrderId: string,
  caller: Pick<PaymentCaller, 'sessionId' | 'userId'>,
  log: FastifyBaseLogger,
): Promise<CaptureAnswer> {
  const row = await findPayment(deps.db, providerOrderId);
  if (!row || !isPaymentCreator(row, caller)) throw notFound(PAYMENT_NOT_FOUND);
  if (row.status !== 'created') return captureAnswerOf(row);
  return captureRow(deps, row, log);
}

/**
 * Captures the `created` payment `row` at the provider (its stable request id) and
 * decides it as `capturePayment` describes; records the attempt first
 * (`captureAttemptedAt`), so a capture whose answer never arrived can be finished later
 * (`finishOpenPayments`, `unusedCaptureOf`, and the capture check sweep,
 * incidents/capture-check.ts). A purpose settled by its capture (`onCaptured`) is settled
 * here. Safe to run twice on one row at once: `decide` moves only a `created` row and
 * the request id is the same. Same answers and throws as `capturePayment` (409
 * NOT_APPROVED when the buyer never approved it, `captureAttemptedAt` cleared again; 409
 * for any other refusal that decides nothing; 502 when the provider gives no definite
 * answer).
 */
export async function captureRow(
  deps: AppDeps,
  row: PaymentRow,
  log: FastifyBaseLogger,
): Promise<CaptureAnswer> {
  const providerOrderId = row.providerOrderId;
  const attemptedAt = new Date();
  await deps.db
    .update(payments)
    .set({ captureAttemptedAt: attemptedAt })
    .where(and(eq(payments.id, row.id), eq(payments.status, 'created')));
  let result: ProviderCapture;
  try {
    result = await deps.payments.captureOrder(row.providerOrderId, captureRequestId(row));
  } catch (err) {
    if (!(err instanceof PaymentProviderError)) throw err;
    logProviderFailure(log, err, 'capture failed at the provider', { providerOrderId });
    if (err.issue === 'ORDER_NOT_APPROVED' || err.issue === 'PAYER_ACTION_REQUIRED') {
      // Nothing can have been captured: this attempt leaves nothing to finish later
      // (unless a later attempt marked the row since).
      await deps.db
        .update(payments)
        .set({ captureAttemptedAt: null })
        .where(and(eq(payments.id, row.id), eq(payments.captureAttemptedAt, attemptedAt)));
      throw conflict(NOT_APPROVED);
    }
    const status = err.providerStatus;
    // No answer, provider trouble or our own credentials refused: nothing was decided.
    if (
      status === undefined ||
      status >= 500 ||
      status === 429 ||
      status === 401 ||
      status === 403
    ) {
      throw new HttpError(502, PROVIDER_UNAVAILABLE);
    }
    if (err.issue === 'INSTRUMENT_DECLINED' || err.issue === 'TRANSACTION_REFUSED') {
      const decided = await decide(deps.db, row, {
        status: 'declined',
        failureReason: err.message,
      });
      return captureAnswerOf(decided ?? (await findPayment(deps.db, providerOrderId))!);
    }
    // Anything else (expired order, a simultaneous duplicate request, ...) decides
    // nothing: a concurrent capture of the same order may still succeed.
    throw conflict(MESSAGES.FAILED);
  }
  return decideCapture(deps, row, result, log);
}

/**
 * Decides the `created` payment `row` by what the provider reports about its capture
 * (`result`: a capture's answer, or an order read by `getOrder` that holds a capture):
 * `captured` for a COMPLETED capture of exactly the expected amount and currency (a
 * purpose settled by its capture, `onCaptured`, is settled now), `refund_pending` +
 * incident and a refund for a COMPLETED capture of another amount, `failed` + incident
 * for a PENDING one, `declined` otherwise. Moves only a `created` row (`decide`): when
 * another request decided it first, answers that decision. The payer the provider names
 * is kept on the row whatever the decision (`payerColumns`). Returns the capture answer.
 */
export async function decideCapture(
  deps: AppDeps,
  row: PaymentRow,
  result: ProviderCapture,
  log: FastifyBaseLogger,
): Promise<CaptureAnswer> {
  const providerOrderId = row.providerOrderId;
  const captured = {
    captureId: result.captureId,
    capturedCents: result.amountCents,
    ...payerColumns(result),
  };
  const amountOk = result.amountCents === row.expectedCents && result.currency === row.currency;
  if (result.captureStatus === 'COMPLETED' && amountOk) {
    const decided = await decide(deps.db, row, { status: 'captured', ...captured });
    if (!decided) return captureAnswerOf((await findPayment(deps.db, providerOrderId))!);
    // Purposes settled by the capture itself (an invoice) act now, once.
    const onCaptured = deps.paymentPurposes.get(decided.purpose)?.onCaptured;
    const refusal = onCaptured ? await onCaptured(deps, decided, log) : undefined;
    const answer = captureAnswerOf((await findPayment(deps.db, providerOrderId))!);
    return refusal && answer.status !== 'COMPLETED' ? { ...answer, message: refusal } : answer;
  }

  if (result.captureStatus === 'COMPLETED') {
    // Money moved, but not the amount this order expects: give it back.
    const reason = `Captured ${result.amountCents ?? '?'} ${result.currency ?? '?'} cents, expected ${row.expectedCents} ${row.currency}`;
    // `refund_pending` and the incident commit together before the provider is asked.
    const decided = await deps.db.transaction(async (tx) => {
      const moved = await decide(tx, row, {
        status: 'refund_pending',
        failureReason: reason,
        ...captured,
      });
      if (moved) {
        await recordIncident(tx, {
          providerOrderId,
          kind: 'capture_amount_mismatch',
          message: `${reason}; the capture is refunded automatically.`,
          details: { paymentId: row.id, capture: result },
        });
      }
      return moved;
    });
    if (!decided) return captureAnswerOf((await findPayment(deps.db, providerOrderId))!);
    await refundPayment(deps, decided, reason, log);
    return captureAnswerOf((await findPayment(deps.db, providerOrderId))!);
  }

  if (result.captureStatus === 'PENDING') {
    const reason = 'PENDING: the capture is pending at the provider';
    const decided = await decide(deps.db, row, {
      status: 'failed',
      failureReason: reason,
      ...captured,
    });
    if (decided) {
      await recordIncident(deps.db, {
        providerOrderId,
        kind: 'capture_pending',
        message:
          'A capture is PENDING at the provider, so no order was placed. If it completes, refund it or contact the customer.',
        details: {
          paymentId: row.id,
          reference: row.reference,
          purpose: row.purpose,
          capture: result,
        },
      });
    }
    return captureAnswerOf(decided ?? (await findPayment(deps.db, providerOrderId))!);
  }

  const decided = await decide(deps.db, row, {
    status: 'declined',
    failureReason: `Capture ${result.captureStatus ?? 'missing'} (order ${result.orderStatus})`,
    ...captured,
  });
  return captureAnswerOf(decided ?? (await findPayment(deps.db, providerOrderId))!);
}

/**
 * The payer columns of a capture's answer (the buyer the provider names, cleaned again:
 * provider data is outside input, whichever provider reported it). Nothing when the
 * provider named nobody, so a payer recorded earlier is never erased.
 */
function payerColumns(
  result: ProviderCapture,
): Partial<Pick<PaymentRow, 'payerEmail' | 'payerName'>> {
  const payer = cleanPayer(result.payer);
  return payer ? { payerEmail: payer.email, payerName: payer.name } : {};
}

/** How far back `finishOpenPayments` looks for a capture left without an answer. */
const OPEN_CAPTURE_HOURS = 3;

/**
 * The payments of `purpose` and `reference` left open, newest first (at most 5): captured
 * but used by nothing (not consumed, not settled by the admin), or `created` with a
 * capture asked for in the last OPEN_CAPTURE_HOURS (its answer may have been lost).
 */
async function openPaymentsOf(
  db: DbOrTx,
  purpose: PaymentRow['purpose'],
  reference: string,
): Promise<PaymentRow[]> {
  const since = new Date(Date.now() - OPEN_CAPTURE_HOURS * 3600_000);
  return db
    .select()
    .from(payments)
    .where(
      and(
        eq(payments.purpose, purpose),
        eq(payments.reference, reference),
        or(
          and(
            eq(payments.status, 'captured'),
            isNull(payments.consumedAt),
            isNull(payments.adminResolvedAt),
          ),
          and(eq(payments.status, 'created'), gt(payments.captureAttemptedAt, since)),
        ),
      ),
    )
    .orderBy(desc(payments.id))
    .limit(5);
}

/**
 * Before a new payment of a purpose settled by its capture (`onCaptured`: an invoice, a
 * custom order's balance) for `reference`: finishes what earlier payments of it left
 * open, so a capture whose answer was lost, or a crash between the capture and its
 * settling, cannot lead to a second charge (a failure audit; docs/decisions.md "When the
 * parts around the shop fail" 3). A captured payment not yet consumed is settled now
 * (`onCaptured` is idempotent); a `created` one whose capture was asked for in the last
 * OPEN_CAPTURE_HOURS is captured again with its own request id, so the provider answers
 * the earlier capture's result instead of taking the money twice. Provider trouble
 * leaves it as it was and throws 502 (no second payment while the first one's outcome is
 * unknown). Returns true when a payment of `reference` is settled now or was
 * captured (the caller prices again: the invoice or balance is paid).
 */
export async function finishOpenPayments(
  deps: AppDeps,
  purpose: PaymentRow['purpose'],
  reference: string,
  log: FastifyBaseLogger,
): Promise<boolean> {
  const handler = deps.paymentPurposes.get(purpose);
  if (!handler?.onCaptured) return false;
  const open = await openPaymentsOf(deps.db, purpose, reference);
  let settled = false;
  for (const row of open) {
    if (row.status === 'captured') {
      await handler.onCaptured(deps, row, log);
      settled = true;
      continue;
    }
    try {
      const answer = await captureRow(deps, row, log);
      if (answer.status === 'COMPLETED') settled = true;
    } catch (err) {
      stillUnknown(err, row, log);
    }
  }
  return settled;
}

/**
 * For a purpose settled by a later call (cart: create-order; custom_deposit: the custom
 * order), `caller`'s payment of `purpose` and `reference` that is captured and made
 * nothing yet (not consumed, not settled by the admin), after finishing this caller's
 * captures of it whose answer never came (`created` with a capture asked for in the
 * last OPEN_CAPTURE_HOURS: captured again with their own request id, so the provider
 * answers what it did). Returns the newest such row, or null. Throws 502 when the
 * provider gives no definite answer for such a capture (its row left as it was). docs/decisions.md "When the parts around the shop fail" 3.
 */
export async function unusedCaptureOf(
  deps: AppDeps,
  purpose: PaymentRow['purpose'],
  reference: string,
  caller: Pick<PaymentCaller, 'sessionId' | 'userId'>,
  log: FastifyBaseLogger,
): Promise<PaymentRow | null> {
  const open = await openPaymentsOf(deps.db, purpose, reference);
  for (const row of open) {
    if (!isPaymentCreator(row, caller)) continue;
    if (row.status === 'captured') return row;
    try {
      const answer = await captureRow(deps, row, log);
      if (answer.status === 'COMPLETED') {
        const now = await findPayment(deps.db, row.providerOrderId);
        if (now?.status === 'captured' && !now.consumedAt) return now;
      }
    } catch (err) {
      stillUnknown(err, row, log);
    }
  }
  return null;
}

/**
 * After a failed re-capture of an earlier payment whose capture got no answer: when the
 * provider still gave no definite answer (502: down, or not answering), whether that
 * money moved is unknown, so no second payment may start (a review: the buyer was
 * charged twice and the first capture was never looked at again): rethrows the 502. A
 * definite refusal (409: not approved, or refused otherwise) took nothing: logged, and
 * the caller goes on. Rethrows anything that is not an HttpError.
 */
function stillUnknown(err: unknown, row: PaymentRow, log: FastifyBaseLogger): void {
  if (!(err instanceof HttpError)) throw err;
  log.warn({ err, providerOrderId: row.providerOrderId }, 'an open capture is still open');
  if (err.statusCode >= 500) throw err;
}

/**
 * Refunds `row`, this caller's captured payment that made nothing, because what it paid
 * for changed (another cart total or code): moved to `refund_pending` with a
 * `capture_without_order` incident under its row lock (unless an order used it
 * meanwhile), then refunded through the provider (refundPayment; a failed refund stays
 * owed and is retried by the sweep). Never throws for provider failures.
 */
async function refundUnusedCapture(
  deps: AppDeps,
  row: PaymentRow,
  log: FastifyBaseLogger,
): Promise<void> {
  const reason = 'The cart changed after this payment was captured; it never became an order';
  const moved = await deps.db.transaction(async (tx) => {
    const [p] = await tx.select().from(payments).where(eq(payments.id, row.id)).for('update');
    if (p?.status !== 'captured' || p.consumedAt || p.adminResolvedAt) return null;
    return refundPendingWithoutOrder(tx, p, reason);
  });
  if (moved) await refundPayment(deps, moved, reason, log);
}

/**
 * Inside the caller's transaction, with `p` (a capture that never became an order) locked:
 * moves it to `refund_pending` for `reason`, with a `capture_without_order` incident, and
 * returns the row as it is now. The caller then asks the provider (`refundPayment`).
 */
export async function refundPendingWithoutOrder(
  tx: DbOrTx,
  p: PaymentRow,
  reason: string,
  now = new Date(),
): Promise<PaymentRow> {
  const [updated] = await tx
    .update(payments)
    .set({ status: 'refund_pending', failureReason: reason, updatedAt: now })
    .where(eq(payments.id, p.id))
    .returning();
  await recordIncident(tx, {
    providerOrderId: p.providerOrderId,
    kind: 'capture_without_order',
    message: `${reason}; refund of capture ${p.captureId} requested.`,
    details: { paymentId: p.id, reference: p.reference, purpose: p.purpose },
  });
  return updated!;
}

/** GET /paypal/setup values. */
export async function paymentSetup(deps: Deps) {
  const { clientId, clientToken } = await deps.payments.setup();
  return { provider: deps.payments.name, clientId, clientToken, currency: 'USD' as const };
}
