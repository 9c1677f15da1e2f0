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
import { and, eq, gte, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { CreateOrderBody } from '../../shared/schemas/checkout';
import type { Order } from '../../shared/schemas/orders';
import type { GuestClaimGrant } from '../accounts/guest-claims';
import { clearCart, pastPurchases, priceCart } from '../cart/service';
import { invalidateCatalog } from '../catalog/service';
import type { Tx } from '../db/client';
import { type OrderLineRecord, orders, products } from '../db/schema';
import type { AppDeps } from '../deps';
import { countDiscountUse } from '../discounts/service';
import { publish } from '../events/events';
import { notFound } from '../lib/errors';
import { toOrderDto } from '../orders/service';
import { findPayment, type PaymentRow } from '../payments/service';
import {
  markConsumed,
  PaymentRefused as OrderRejected,
  settleCapturedPayment,
} from '../payments/settle';

export {
  ORDER_FAILED_AFTER_PAYMENT,
  PAYMENT_NOT_COMPLETED,
  PAYMENT_REFUND_PENDING,
  PAYMENT_REFUNDED,
} from '../payments/settle';

type Deps = Pick<AppDeps, 'db' | 'payments' | 'config' | 'hooks' | 'mail'>;
type OrderRow = typeof orders.$inferSelect;

export interface PlaceOrderInput {
  sessionId: string;
  userId: number | null;
  body: CreateOrderBody;
  /**
   * Signed out: the claim this request grants (accounts/guest-claims.ts); the new order
   * is recorded in it inside the order's transaction, and the route sets the cookie.
   */
  claim?: GuestClaimGrant | null;
}

/**
 * POST /api/create-order. Returns the order and whether it was created now (201) or
 * earlier for the same payment (200, idempotent replay). Throws 404 'Payment not
 * found' (unknown, or not this session's cart payment), 409 'Payment not completed' /
 * PAYMENT_REFUNDED / PAYMENT_REFUND_PENDING for a payment that cannot make an order,
 * 409 with a customer-facing reason after refunding (sold out, limit, discount code
 * used up, price changed), 500 ORDER_FAILED_AFTER_PAYMENT for anything else
 * (payments/settle.ts).
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
  const result = await settleCapturedPayment(
    deps,
    found,
    {
      what: 'Order',
      async replay(tx, payment) {
        const [order] = await tx
          .select()
          .from(orders)
          .where(eq(orders.paymentIntentId, payment.providerOrderId));
        return order ?? null;
      },
      settle: (tx, payment) => buildOrder(deps, tx, payment, input),
      details: { sessionId: input.sessionId, userId: input.userId, customer: input.body },
    },
    log,
  );
  // The products trigger also notifies the cache on commit; drop it now as well.
  if (result.created) invalidateCatalog(deps.db);
  return { order: toOrderDto(result.value), created: result.created };
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
    const usedUp = cart.discountRefusal === 'used_up';
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
  await publish(deps, tx, { type: 'order.placed', order: order! });
  // Signed out: only this browser (its HttpOnly claim cookie) can later claim the order.
  if (userId === null) await input.claim?.add(tx, 'order', order!.id);
  await markConsumed(tx, payment);
  await clearCart(tx, sessionId);

  // The rows every order contends for (the products' stock, the code's use count) are
  // taken LAST, so each order holds their locks only for these statements and the
  // commit (issue 12: checkout throughput). A refusal here rolls back the savepoint,
  // the order row and everything above included.
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
  // by this new statement's snapshot) before we get here. This order's own row (already
  // inserted above) is not counted.
  const limited = cart.lines.filter((l) => l.purchaseLimit !== null);
  if (limited.length > 0) {
    const past = await pastPurchases(
      tx,
      { userId, sessionId, email: body.customerEmail, exceptOrderId: order!.id },
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

  if (cart.discount && !(await countDiscountUse(tx, cart.discount.discountCodeId))) {
    throw new OrderRejected(
      `Sorry, the discount code "${cart.discount.code}" was used up while you were paying.`,
      'code_used_up',
    );
  }

  await deps.hooks.beforeOrderCommit?.({ paymentOrderId: payment.providerOrderId });
  return order!;
}
