/**
 * Rush slots (DECISIONS.md "Honest claims": the banner shows the real number of rush
 * slots left this month, RUSH_SLOTS_PER_MONTH minus rush orders placed this month; at 0
 * rush is unavailable). A month is a calendar month of the shop (STORE_TIME_ZONE,
 * docs/decisions.md issue 8 entry 5; it was the UTC month). The slots are the custom
 * orders with `rush_order` created in that month, so a deleted order frees its slot.
 * Taking a slot is atomic: a transaction-scoped advisory lock per month serialises the
 * count-then-insert of concurrent rush orders (never past the month's slots).
 */
import { and, count, eq, gte, lt, sql } from 'drizzle-orm';
import { addDaysIso } from '../../shared/dates';
import type { RushSlots } from '../../shared/schemas/custom-orders';
import type { AppConfig } from '../config';
import type { DbOrTx, Tx } from '../db/client';
import { customOrders } from '../db/schema';
import { startOfStoreDay, storeDayOf } from '../lib/store-time';

/** What the rush rules read from the configuration. */
export type RushConfig = Pick<AppConfig, 'RUSH_SLOTS_PER_MONTH' | 'STORE_TIME_ZONE'>;

/**
 * The calendar month of `now` in `timeZone`: 'YYYY-MM' and its [start, end) instants
 * (the first midnight of the month there and of the next one).
 */
export function rushMonth(now: Date, timeZone: string): { month: string; start: Date; end: Date } {
  const month = storeDayOf(now, timeZone).slice(0, 7);
  // The 28th plus 4 days is always in the next month.
  const next = addDaysIso(`${month}-28`, 4).slice(0, 7);
  return {
    month,
    start: startOfStoreDay(`${month}-01`, timeZone),
    end: startOfStoreDay(`${next}-01`, timeZone),
  };
}

/** Rush orders placed in `now`'s month (of `timeZone`). */
export async function rushOrdersThisMonth(
  db: DbOrTx,
  now: Date,
  timeZone: string,
): Promise<number> {
  const { start, end } = rushMonth(now, timeZone);
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
  config: RushConfig,
  now: Date = new Date(),
): Promise<RushSlots> {
  const used = await rushOrdersThisMonth(db, now, config.STORE_TIME_ZONE);
  return {
    month: rushMonth(now, config.STORE_TIME_ZONE).month,
    slotsPerMonth: config.RUSH_SLOTS_PER_MONTH,
    slotsLeft: Math.max(0, config.RUSH_SLOTS_PER_MONTH - used),
  };
}

/**
 * Inside the transaction that will insert a rush order dated `now`: takes the month's
 * advisory lock (held until that transaction ends) and answers whether a slot is left.
 * A concurrent caller waits for the lock, then counts the committed order.
 */
export async function reserveRushSlot(tx: Tx, config: RushConfig, now: Date): Promise<boolean> {
  const { month } = rushMonth(now, config.STORE_TIME_ZONE);
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`rush-slots:${month}`}))`);
  return (await rushOrdersThisMonth(tx, now, config.STORE_TIME_ZONE)) < config.RUSH_SLOTS_PER_MONTH;
}
