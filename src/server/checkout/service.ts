/**
 * Catalogue checkout: turns a captured cart payment into an order (storefront spec
 * sections 2 "Checkout", 4 "Checkout", 7 POST /api/create-order, 8 "Checkout";
 * DECISIONS.md "Money and pricing", "Catalogue", "Payments", "Security").
 *
 * In ONE transaction, with the payment row locked FOR UPDATE (and the unique
 * `orders.payment_intent_id` behind it): re-price the cart with the payment's
 * discount code and require the captured amount; take the stock with conditional
 * updates (never below zero); check per-customer limits; count the discount use
 * (never past maxUses); insert the order; mark the payment consumed; clear the cart.
 * When stock, limit or code uses ran out — or the price no longer matches — the work
 * is rolled back, the payment becomes `refund_pending` with an admin incident (same
 * transaction), then is refunded in full (`refunded` once the provider confirms) and
 * the customer gets a 409 saying so. Input the database refuses (NUL in a name) answers 400 with the payment kept.
 * Any other failure after payment is logged and recorded for the admin (500).
 */
import { and, eq, gte, isNull, lt, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { CreateOrderBody, ORDER_REJECT_REASONS } from '../../shared/schemas/checkout';
import type { Order } from '../../shared/schemas/orders';
import type { AppDeps } from '../app';
import { clearCart, pastPurchases, priceCart } from '../cart/service';
import { invalidateCatalog } from '../catalog/service';
import type { Tx } from '../db/client';
import { discountCodes, type OrderLineRecord, orders, payments, products } from '../db/schema';
import { conflict, HttpError, inputRejectedByDatabase, notFound } from '../lib/errors';
import { orderConfirmationMail } from '../mail/templates';
import { toOrderDto } from '../orders/service';
import {
  findPayment,
  ORDER_REFUSED_INCIDENT,
  type PaymentRow,
  recordIncident,
  refundPayment,
} from '../payments/service';

type Deps = Pick<AppDeps, 'db' | 'payments' | 'config' | 'hooks' | 'mail'>;
type OrderRow = typeof orders.$inferSelect;

export const PAYMENT_NOT_COMPLETED = 'Payment not completed';
export const PAYMENT_REFUNDED = 'This payment was refunded. Please check out again.';
export const PAYMENT_REFUND_PENDING = 'This payment is being refunded. Please check out again.';
export const ORDER_FAILED_AFTER_PAYMENT =
  'Your payment was received, but we could not record your order. Our team has been notified and will contact you.';
const REFUNDED = 'Your payment has been refunded.';
const REFUND_PENDING =
  'We could not refund your payment automatically; our team has been notified and will refund it.';

/** A reason to stop after payment; the payment is refunded and the customer told why. */
class OrderRejected extends Error {
  constructor(
    readonly problem: string,
    readonly kind: (typeof ORDER_REJECT_REASONS)[number],
  ) {
    super(problem);
    this.name = 'OrderRejected';
  }
}

export interface PlaceOrderInput {
  sessionId: string;
  userId: number | null;
  body: CreateOrderBody;
}

type Outcome =
  | { kind: 'created'; order: OrderRow }
  | { kind: 'replay'; order: OrderRow }
  | { kind: 'not-paid'; payment: PaymentRow }
  | { kind: 'rejected'; payment: PaymentRow; reason: OrderRejected };

/**
 * POST /api/create-order. Returns the order and whether it was created now (201) or
 * earlier for the same payment (200, idempotent replay). Throws 404 'Payment not
 * found' (unknown, or not this session's cart payment), 409 'Payment not completed' /
 * PAYMENT_REFUNDED / PAYMENT_REFUND_PENDING for a payment that cannot make an order,
 * 409 with a customer-facing reason after refunding (sold out, limit, discount code
 * used up, price changed), 500 ORDER_FAILED_AFTER_PAYMENT for anything else.
 */
export async function placeCatalogOrder(
  deps: Deps,
  input: PlaceOrderInput,
  log: FastifyBaseLogger,
): Promise<{ order: Order; created: boolean }> {
  const found = await findPayment(deps.db, input.body.paypalOrderId);
  if (found?.purpose !== 'cart' || found.reference !== input.sessionId) {
    throw notFound('Payment not found');
  }

  let outcome: Outcome;
  try {
    outcome = await deps.db.transaction(async (tx): Promise<Outcome> => {
      const [payment] = await tx
        .select()
        .from(payments)
        .where(eq(payments.id, found.id))
        .for('update');
      if (payment!.consumedAt) {
        const [order] = await tx
          .select()
          .from(orders)
          .where(eq(orders.paymentIntentId, payment!.providerOrderId));
        if (order) return { kind: 'replay', order };
      }
      if (payment!.status !== 'captured' || payment!.consumedAt) {
        return { kind: 'not-paid', payment: payment! };
      }
      try {
        // A savepoint: a rejection undoes the stock/discount work but keeps the lock.
        const order = await tx.transaction((sp) => buildOrder(deps, sp, payment!, input));
        return { kind: 'created', order };
      } catch (err) {
        if (!(err instanceof OrderRejected)) throw err;
        // Decided while the row is locked: no concurrent request can still use it.
        // `refund_pending` + the admin's incident commit together, before the provider
        // is asked: a crash or a failed refund leaves a row that says money is owed.
        const [refunding] = await tx
          .update(payments)
          .set({ status: 'refund_pending', failureReason: err.problem, updatedAt: new Date() })
          .where(eq(payments.id, payment!.id))
          .returning();
        await recordIncident(tx, {
          providerOrderId: payment!.providerOrderId,
          kind: ORDER_REFUSED_INCIDENT,
          message: `Order refused after payment: ${err.problem} The capture is being refunded in full; if this stays unresolved, refund capture ${payment!.captureId} by hand.`,
          details: {
            paymentId: payment!.id,
            captureId: payment!.captureId,
            capturedCents: payment!.capturedCents,
            reason: err.kind,
            sessionId: input.sessionId,
            userId: input.userId,
          },
        });
        return { kind: 'rejected', payment: refunding!, reason: err };
      }
    });
  } catch (err) {
    // Input the database cannot store (the edge guard stops it first): nothing was
    // written, the payment stays captured and usable with valid details.
    const rejected = inputRejectedByDatabase(err);
    if (rejected) throw rejected;
    log.error(
      { err, providerOrderId: found.providerOrderId },
      'order creation failed after payment',
    );
    await recordIncident(deps.db, {
      providerOrderId: found.providerOrderId,
      kind: 'order_failed_after_payment',
      message: `The payment was captured but the order could not be stored: ${err instanceof Error ? err.message : String(err)}`,
      details: {
        paymentId: found.id,
        sessionId: input.sessionId,
        userId: input.userId,
        customer: input.body,
      },
    }).catch((incidentErr) =>
      log.error({ err: incidentErr }, 'could not record the payment incident'),
    );
    throw new HttpError(500, ORDER_FAILED_AFTER_PAYMENT);
  }

  switch (outcome.kind) {
    case 'created':
      // The products trigger also notifies the cache on commit; drop it now as well.
      invalidateCatalog(deps.db);
      // The confirmation committed with the order (outbox); hand it to the queue now.
      // A failure here loses nothing: the mail sweep picks up queued rows.
      await deps.mail
        .flush()
        .catch((err) => log.error({ err, orderId: outcome.order.id }, 'mail flush failed'));
      return { order: toOrderDto(outcome.order), created: true };
    case 'replay':
      return { order: toOrderDto(outcome.order), created: false };
    case 'not-paid':
      throw conflict(
        outcome.payment.status === 'refunded'
          ? PAYMENT_REFUNDED
          : outcome.payment.status === 'refund_pending'
            ? PAYMENT_REFUND_PENDING
            : PAYMENT_NOT_COMPLETED,
      );
    case 'rejected': {
      const refundId = await refundPayment(deps, outcome.payment, outcome.reason.problem, log);
      throw conflict(`${outcome.reason.problem} ${refundId ? REFUNDED : REFUND_PENDING}`, {
        reason: outcome.reason.kind,
        refunded: refundId !== null,
      });
    }
  }
}

/** The order work inside the savepoint; throws OrderRejected when it cannot be honoured. */
async function buildOrder(
  deps: Deps,
  tx: Tx,
  payment: PaymentRow,
  input: PlaceOrderInput,
): Promise<OrderRow> {
  const { sessionId, userId, body } = input;
  const cart = await priceCart(tx, sessionId, payment.discountCode);

  if (payment.discountCode && !cart.discount) {
    const usedUp = /usage limit/i.test(cart.discountError ?? '');
    throw usedUp
      ? new OrderRejected(
          `Sorry, the discount code "${payment.discountCode}" was used up while you were paying.`,
          'code_used_up',
        )
      : new OrderRejected(
          `Sorry, the discount code "${payment.discountCode}" no longer applies: ${cart.discountError}.`,
          'code_invalid',
        );
  }
  const gone = cart.lines.find((l) => !l.isActive);
  if (gone) throw new OrderRejected(`Sorry, "${gone.name}" is no longer available.`, 'unavailable');
  if (cart.lines.length === 0 || cart.totalCents !== payment.capturedCents) {
    throw new OrderRejected('The price changed. Please review your order.', 'price_changed');
  }

  // Lock products in id order so two carts never wait on each other in a cycle.
  for (const line of [...cart.lines].sort((a, b) => a.productId - b.productId)) {
    const left = sql`${products.stockQuantity} - ${line.quantity}`;
    const [taken] = await tx
      .update(products)
      .set({ stockQuantity: left, inStock: sql`(${left}) > 0`, updatedAt: sql`now()` })
      .where(
        and(
          eq(products.id, line.productId),
          gte(products.stockQuantity, line.quantity),
          eq(products.isActive, true),
        ),
      )
      .returning({ id: products.id });
    if (!taken)
      throw new OrderRejected(`Sorry, "${line.name}" sold out while you were paying.`, 'sold_out');
  }

  // Checked after the stock updates: they lock the product rows, so a concurrent order
  // of the same limited product by the same customer has committed (and is counted
  // by this new statement's snapshot) before we get here.
  const limited = cart.lines.filter((l) => l.purchaseLimit !== null);
  if (limited.length > 0) {
    const past = await pastPurchases(
      tx,
      { userId, sessionId, email: body.customerEmail },
      limited.map((l) => l.productId),
    );
    for (const line of limited) {
      if ((past.get(line.productId) ?? 0) + line.quantity > line.purchaseLimit!) {
        throw new OrderRejected(
          `Sorry, "${line.name}" is limited to ${line.purchaseLimit} per customer.`,
          'limit',
        );
      }
    }
  }

  if (cart.discount) {
    const [counted] = await tx
      .update(discountCodes)
      .set({ currentUses: sql`${discountCodes.currentUses} + 1` })
      .where(
        and(
          eq(discountCodes.id, cart.discount.discountCodeId),
          or(isNull(discountCodes.maxUses), lt(discountCodes.currentUses, discountCodes.maxUses)),
        ),
      )
      .returning({ id: discountCodes.id });
    if (!counted) {
      throw new OrderRejected(
        `Sorry, the discount code "${cart.discount.code}" was used up while you were paying.`,
        'code_used_up',
      );
    }
  }

  const items: OrderLineRecord[] = cart.lines.map((l) => ({
    productId: l.productId,
    name: l.name,
    quantity: l.quantity,
    unitPriceCents: l.unitPriceCents,
  }));
  const [order] = await tx
    .insert(orders)
    .values({
      userId,
      cartSessionId: sessionId,
      customerEmail: body.customerEmail,
      customerName: body.customerName,
      shippingAddress: body.shippingAddress || null,
      subtotalCents: cart.subtotalCents,
      discountCode: cart.discount?.code ?? null,
      discountCents: cart.discount?.discountCents ?? 0,
      shippingCents: cart.shippingCents,
      totalCents: cart.totalCents,
      paymentIntentId: payment.providerOrderId,
      paymentStatus: 'paid',
      status: 'processing',
      items,
    })
    .returning();
  // Storefront spec section 8: the customer gets a confirmation e-mail. Same
  // transaction: a rolled-back order leaves no mail.
  await deps.mail.enqueue(tx, orderConfirmationMail(order!, deps.config));
  await tx
    .update(payments)
    .set({ consumedAt: new Date(), updatedAt: new Date() })
    .where(eq(payments.id, payment.id));
  await clearCart(tx, sessionId);
  await deps.hooks.beforeOrderCommit?.({ paymentOrderId: payment.providerOrderId });
  return order!;
}
