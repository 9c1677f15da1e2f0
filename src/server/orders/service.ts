/**
 * Regular (catalogue) orders: reading and the admin's status, tracking and delete
 * actions (back-office spec sections 2 /track-order, 3 orders, 4 regular order timeline,
 * 5 tracking dialog, 7). DECISIONS.md: a customer sees only their own orders (others'
 * answer 404, never revealing they exist); the admin sees all.
 *
 * Amounts are integer cents in the database and dollars in the `Order` contract.
 */
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { addBusinessDays, DISPATCH_BUSINESS_DAYS } from '../../shared/delivery';
import { centsToDollars } from '../../shared/money';
import type { User } from '../../shared/schemas/auth';
import type { Order, OrderConfirmation, RegularOrderStatus } from '../../shared/schemas/orders';
import type { Db, DbOrTx, Tx } from '../db/client';
import { orders } from '../db/schema';
import { type EventDeps, publish } from '../events/events';
import { notFound } from '../lib/errors';
import { storeDayOf } from '../lib/store-time';

export type OrderRow = typeof orders.$inferSelect;

export const ORDER_NOT_FOUND = 'Order not found';

/**
 * Statuses that adding tracking moves to `shipped`: a tracking number means the parcel
 * left (choice recorded for docs/decisions.md). shipped/delivered stay as they are.
 */
export const SHIPS_ON_TRACKING: readonly RegularOrderStatus[] = [
  'pending',
  'processing',
  'in_production',
];

/** Maps an `orders` row (cents, jsonb lines with unitPriceCents) to the API's `Order` (dollars). */
export function toOrderDto(row: OrderRow): Order {
  const items: Order['items'] = row.items.map((line) => ({
    productId: line.productId,
    name: line.name,
    quantity: line.quantity,
    price: centsToDollars(line.unitPriceCents),
  }));
  return {
    id: row.id,
    customerEmail: row.customerEmail,
    customerName: row.customerName,
    shippingAddress: row.shippingAddress,
    subtotalAmount: centsToDollars(row.subtotalCents),
    discountCode: row.discountCode,
    discountAmount: centsToDollars(row.discountCents),
    shippingAmount: centsToDollars(row.shippingCents),
    totalAmount: centsToDollars(row.totalCents),
    paymentIntentId: row.paymentIntentId,
    paymentStatus: row.paymentStatus,
    status: row.status as RegularOrderStatus,
    items,
    trackingNumber: row.trackingNumber,
    trackingUrl: row.trackingUrl,
    createdAt: row.createdAt.toISOString(),
  };
}

/** The orders `viewer` may see, newest first: all for an admin, else those with their user id. One query. */
export async function listOrders(db: DbOrTx, viewer: User): Promise<Order[]> {
  const rows = await db
    .select()
    .from(orders)
    .where(viewer.role === 'admin' ? undefined : eq(orders.userId, viewer.id))
    .orderBy(desc(orders.createdAt), desc(orders.id));
  return rows.map(toOrderDto);
}

/** One order for its owner or an admin. Throws 404 'Order not found' otherwise (existence not revealed). */
export async function getOrder(db: DbOrTx, viewer: User, id: number): Promise<Order> {
  const [row] = await db
    .select()
    .from(orders)
    .where(
      viewer.role === 'admin'
        ? eq(orders.id, id)
        : and(eq(orders.id, id), eq(orders.userId, viewer.id)),
    );
  if (!row) throw notFound(ORDER_NOT_FOUND);
  return toOrderDto(row);
}

/**
 * Publishes the customer's mail for a status the order just reached (issue 9: shipped
 * with tracking, delivered), in `tx`; nothing when the status did not change.
 */
async function publishStatusChange(
  deps: EventDeps,
  tx: DbOrTx,
  before: string,
  row: OrderRow,
): Promise<void> {
  if (row.status === before) return;
  if (row.status === 'shipped') await publish(deps, tx, { type: 'order.shipped', order: row });
  if (row.status === 'delivered') await publish(deps, tx, { type: 'order.delivered', order: row });
}

/**
 * Locks order `id` (FOR UPDATE) inside `tx` and returns its current status, so a status or
 * tracking change publishes its event from the status it really replaced.
 * Throws 404 ORDER_NOT_FOUND when the order does not exist.
 */
async function lockOrderStatus(tx: Tx, id: number): Promise<{ status: string }> {
  const [old] = await tx
    .select({ status: orders.status })
    .from(orders)
    .where(eq(orders.id, id))
    .for('update');
  if (!old) throw notFound(ORDER_NOT_FOUND);
  return old;
}

/**
 * Admin: sets the status; reaching shipped or delivered mails the customer in the same
 * transaction (events -> mail rules). Throws 404 when the order does not exist.
 */
export async function updateOrderStatus(
  db: Db,
  deps: EventDeps,
  id: number,
  status: RegularOrderStatus,
): Promise<Order> {
  return db.transaction(async (tx) => {
    const old = await lockOrderStatus(tx, id);
    const [row] = await tx.update(orders).set({ status }).where(eq(orders.id, id)).returning();
    await publishStatusChange(deps, tx, old.status, row!);
    return toOrderDto(row!);
  });
}

/**
 * Admin: sets the tracking number and URL (null clears the URL); an order not yet shipped
 * (SHIPS_ON_TRACKING) becomes `shipped` at the same time and the customer gets the
 * shipped mail with the tracking (same transaction). Throws 404 when the order does not exist.
 */
export async function updateOrderTracking(
  db: Db,
  deps: EventDeps,
  id: number,
  tracking: { trackingNumber: string; trackingUrl: string | null },
): Promise<Order> {
  return db.transaction(async (tx) => {
    const old = await lockOrderStatus(tx, id);
    const [row] = await tx
      .update(orders)
      .set({
        trackingNumber: tracking.trackingNumber,
        trackingUrl: tracking.trackingUrl,
        status: sql`case when ${inArray(orders.status, [...SHIPS_ON_TRACKING])} then 'shipped' else ${orders.status} end`,
      })
      .where(eq(orders.id, id))
      .returning();
    await publishStatusChange(deps, tx, old.status, row!);
    return toOrderDto(row!);
  });
}

/** Admin: deletes the order. Throws 404 when it does not exist. */
export async function deleteOrder(db: DbOrTx, id: number): Promise<void> {
  const gone = await db.delete(orders).where(eq(orders.id, id)).returning({ id: orders.id });
  if (gone.length === 0) throw notFound(ORDER_NOT_FOUND);
}

/**
 * The order for its confirmation page (issue 10): shown to an admin, to the account that
 * owns it, or to the signed-out browser whose claim cookie names it (`claimedIds`, from
 * accounts/guest-claims.ts `readGuestClaim`). Anyone else gets 404 (nothing revealed).
 * `expectedShipDate`: two business days after the day the order was placed in the shop's
 * calendar `timeZone` (STORE_TIME_ZONE; shared/delivery.ts).
 */
export async function getOrderConfirmation(
  db: DbOrTx,
  viewer: User | null,
  claimedIds: number[],
  id: number,
  timeZone: string,
): Promise<OrderConfirmation> {
  const [row] = await db.select().from(orders).where(eq(orders.id, id));
  const allowed =
    row &&
    (viewer?.role === 'admin' ||
      (viewer !== null && row.userId === viewer.id) ||
      (row.userId === null && claimedIds.includes(row.id)));
  if (!row || !allowed) throw notFound(ORDER_NOT_FOUND);
  return {
    ...toOrderDto(row),
    expectedShipDate: addBusinessDays(storeDayOf(row.createdAt, timeZone), DISPATCH_BUSINESS_DAYS),
  };
}
