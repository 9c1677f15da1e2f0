/**
 * Rush slots (DECISIONS.md "Honest claims": the banner shows the real number of rush
 * slots left this month, RUSH_SLOTS_PER_MONTH minus rush orders placed this month; at 0
 * rush is unavailable). A month is a calendar month in UTC. The slots are the custom
 * orders with `rush_order` created in that month, so a deleted order frees its slot.
 * Taking a slot is atomic: a transaction-scoped advisory lock per month serialises the
 * count-then-insert of concurrent rush orders (never past the month's slots).
 */
import { and, count, eq, gte, lt, sql } from 'drizzle-orm';
import type { RushSlots } from '../../shared/schemas/custom-orders';
import type { DbOrTx, Tx } from '../db/client';
import { customOrders } from '../db/schema';

/** The UTC calendar month of `now`: 'YYYY-MM' and its [start, end) instants. */
export function rushMonth(now: Date): { month: string; start: Date; end: Date } {
  const start = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  const end = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
  return { month: start.toISOString().slice(0, 7), start, end };
}

/** Rush orders placed in `now`'s month. */
export async function rushOrdersThisMonth(db: DbOrTx, now: Date): Promise<number> {
  const { start, end } = rushMonth(now);
  const [row] = await db
    .select({ n: count() })
    .from(customOrders)
    .where(
      and(
        eq(customOrders.rushOrder, true),
        gte(customOrders.createdAt, start),
        lt(customOrders.createdAt, end),
      ),
    );
  return row?.n ?? 0;
}

/** The banner's numbers: slots per month and slots left (never below 0). */
export async function rushSlots(
  db: DbOrTx,
  slotsPerMonth: number,
  now: Date = new Date(),
): Promise<RushSlots> {
  const used = await rushOrdersThisMonth(db, now);
  return {
    month: rushMonth(now).month,
    slotsPerMonth,
    slotsLeft: Math.max(0, slotsPerMonth - used),
  };
}

/**
 * Inside the transaction that will insert a rush order dated `now`: takes the month's
 * advisory lock (held until that transaction ends) and answers whether a slot is left.
 * A concurrent caller waits for the lock, then counts the committed order.
 */
export async function reserveRushSlot(tx: Tx, slotsPerMonth: number, now: Date): Promise<boolean> {
  const { month } = rushMonth(now);
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`rush-slots:${month}`}))`);
  return (await rushOrdersThisMonth(tx, now)) < slotsPerMonth;
}
