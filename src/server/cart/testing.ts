/**
 * Test helpers of the cart module (tests only): past orders as checkout writes them, for
 * the per-customer limit's count (`pastPurchases`, cart.test.ts, allowance.test.ts).
 */
import type { Db } from '../db/client';
import { type OrderLineRecord, orders } from '../db/schema';

/** Who a past order belongs to, and whether it was refunded (default: paid). */
export interface PastOrderFields {
  userId?: number;
  cartSessionId?: string;
  customerEmail?: string;
  paymentStatus?: 'paid' | 'refunded';
}

/** One order line of `quantity` units of `productId` at $1.00. */
export const pastLine = (productId: number, quantity: number): OrderLineRecord => ({
  productId,
  name: 'Pin',
  quantity,
  unitPriceCents: 100,
});

/** Inserts a past order row with `items`, as checkout would have written it. */
export async function insertPastOrder(
  db: Db,
  fields: PastOrderFields,
  items: OrderLineRecord[],
): Promise<void> {
  await db.insert(orders).values({
    customerEmail: 'someone@example.com',
    customerName: 'Someone',
    subtotalCents: 0,
    totalCents: 0,
    items,
    ...fields,
  });
}
