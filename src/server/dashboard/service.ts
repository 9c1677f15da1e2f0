/**
 * The admin dashboard's figures (issue 8 "Dashboard"), computed in the database from
 * the orders, custom orders, invoices, quotes, products, codes and incidents. Money is
 * summed in cents and shown in dollars. The period is `days` calendar days of the shop
 * (STORE_TIME_ZONE, lib/store-time.ts; docs/decisions.md issue 8 entry 5) ending today
 * (today included), and the per-day series is bucketed by those days.
 *
 * Definitions: catalogue sales = totals of catalogue orders placed in the period whose
 * payment is not refunded; custom sales = total prices of custom orders placed in the
 * period whose deposit was paid, deposits taken = their deposits; balances outstanding
 * = remaining balances of deposit-paid custom orders without a balance payment, not
 * cancelled (now); open quotes = requests pending or quoted; low stock 1-10, out of
 * stock 0 or marked out (active products, spec stock labels); codes near their limit =
 * active shared codes with currentUses >= 80% of maxUses (personal codes, issued to one
 * address, are left out: a used welcome code is the normal end of one).
 */
import { and, asc, eq, gte, inArray, isNotNull, isNull, lte, ne, or, sql } from 'drizzle-orm';
import { addDaysIso } from '../../shared/dates';
import { centsToDollars } from '../../shared/money';
import type { Dashboard, DashboardPeriod } from '../../shared/schemas/dashboard';
import {
  customOrders,
  discountCodes,
  manualInvoices,
  orders,
  products,
  quoteRequests,
} from '../db/schema';
import type { AppDeps } from '../deps';
import { incidentCounts } from '../incidents/service';
import { startOfStoreDay, storeDayOf } from '../lib/store-time';

const num = (v: unknown) => Number(v ?? 0);

/** Average in cents, rounded half up; 0 without orders. */
export function averageCents(totalCents: number, count: number): number {
  return count === 0 ? 0 : Math.floor((totalCents * 2 + count) / (2 * count));
}

/** Every figure of the dashboard for the last `days` days at `now`. */
export async function dashboardFigures(
  deps: Pick<AppDeps, 'db' | 'payments' | 'config' | 'mail'>,
  days: DashboardPeriod,
  now: Date = new Date(),
): Promise<Dashboard> {
  const { db } = deps;
  const zone = deps.config.STORE_TIME_ZONE;
  const to = storeDayOf(now, zone);
  const from = addDaysIso(to, -(days - 1));
  const fromDate = startOfStoreDay(from, zone);

  const catalogWhere = and(gte(orders.createdAt, fromDate), ne(orders.paymentStatus, 'refunded'));
  const customWhere = and(
    gte(customOrders.createdAt, fromDate),
    isNotNull(customOrders.depositPaymentId),
  );

  const [catalog] = await db
    .select({
      cents: sql<string>`coalesce(sum(${orders.totalCents}), 0)`,
      n: sql<string>`count(*)`,
    })
    .from(orders)
    .where(catalogWhere);
  const [custom] = await db
    .select({
      cents: sql<string>`coalesce(sum(${customOrders.totalPriceCents}), 0)`,
      deposits: sql<string>`coalesce(sum(${customOrders.depositCents}), 0)`,
      n: sql<string>`count(*)`,
    })
    .from(customOrders)
    .where(customWhere);
  const [balances] = await db
    .select({
      cents: sql<string>`coalesce(sum(${customOrders.remainingBalanceCents}), 0)`,
      n: sql<string>`count(*)`,
    })
    .from(customOrders)
    .where(
      and(
        isNotNull(customOrders.depositPaymentId),
        isNull(customOrders.balancePaymentId),
        ne(customOrders.status, 'cancelled'),
        sql`${customOrders.remainingBalanceCents} > 0`,
      ),
    );
  const [paidInvoices] = await db
    .select({
      cents: sql<string>`coalesce(sum(${manualInvoices.totalCents}), 0)`,
      n: sql<string>`count(*)`,
    })
    .from(manualInvoices)
    .where(and(eq(manualInvoices.status, 'paid'), gte(manualInvoices.paidAt, fromDate)));
  const [openInvoices] = await db
    .select({
      cents: sql<string>`coalesce(sum(${manualInvoices.totalCents}), 0)`,
      n: sql<string>`count(*)`,
    })
    .from(manualInvoices)
    .where(eq(manualInvoices.status, 'pending'));
  const [quotes] = await db
    .select({ n: sql<string>`count(*)` })
    .from(quoteRequests)
    .where(inArray(quoteRequests.status, ['pending', 'quoted']));

  const stockRows = await db
    .select({
      id: products.id,
      name: products.name,
      stockQuantity: products.stockQuantity,
      inStock: products.inStock,
    })
    .from(products)
    .where(
      and(
        eq(products.isActive, true),
        or(lte(products.stockQuantity, 10), eq(products.inStock, false)),
      ),
    )
    .orderBy(asc(products.stockQuantity), asc(products.name));
  const codes = await db
    .select()
    .from(discountCodes)
    .where(
      and(
        eq(discountCodes.isActive, true),
        isNotNull(discountCodes.maxUses),
        // Personal codes (a subscriber's single-use welcome code) are used up by design.
        isNull(discountCodes.issuedToEmail),
        sql`${discountCodes.currentUses} * 5 >= ${discountCodes.maxUses} * 4`,
      ),
    )
    .orderBy(asc(discountCodes.code));

  // The store's day of a timestamp; grouped by position (the zone is a bound parameter, and
  // two parameters are two different expressions to PostgreSQL's GROUP BY check).
  const dayExpr = (col: typeof orders.createdAt | typeof customOrders.createdAt) =>
    sql<string>`to_char(${col} at time zone ${zone}, 'YYYY-MM-DD')`;
  const catalogDays = await db
    .select({ d: dayExpr(orders.createdAt), cents: sql<string>`sum(${orders.totalCents})` })
    .from(orders)
    .where(catalogWhere)
    .groupBy(sql`1`);
  const customDays = await db
    .select({
      d: dayExpr(customOrders.createdAt),
      cents: sql<string>`sum(${customOrders.totalPriceCents})`,
    })
    .from(customOrders)
    .where(customWhere)
    .groupBy(sql`1`);
  const catalogStatus = await db
    .select({ status: orders.status, n: sql<string>`count(*)` })
    .from(orders)
    .where(catalogWhere)
    .groupBy(orders.status);
  const customStatus = await db
    .select({ status: customOrders.status, n: sql<string>`count(*)` })
    .from(customOrders)
    .where(customWhere)
    .groupBy(customOrders.status);

  const salesByDay: Dashboard['salesByDay'] = [];
  const catalogByDay = new Map(catalogDays.map((r) => [r.d, num(r.cents)]));
  const customByDay = new Map(customDays.map((r) => [r.d, num(r.cents)]));
  for (let key = from; key <= to; key = addDaysIso(key, 1)) {
    salesByDay.push({
      date: key,
      catalog: centsToDollars(catalogByDay.get(key) ?? 0),
      custom: centsToDollars(customByDay.get(key) ?? 0),
    });
  }
  const statuses = new Map<string, { catalog: number; custom: number }>();
  for (const r of catalogStatus) statuses.set(r.status, { catalog: num(r.n), custom: 0 });
  for (const r of customStatus) {
    const entry = statuses.get(r.status) ?? { catalog: 0, custom: 0 };
    entry.custom = num(r.n);
    statuses.set(r.status, entry);
  }

  const catalogCents = num(catalog?.cents);
  const catalogCount = num(catalog?.n);
  const customCents = num(custom?.cents);
  const customCount = num(custom?.n);
  const stockItem = (p: (typeof stockRows)[number]) => ({
    id: p.id,
    name: p.name,
    stockQuantity: p.stockQuantity,
  });
  return {
    days,
    from,
    to,
    catalog: {
      sales: centsToDollars(catalogCents),
      orders: catalogCount,
      averageOrderValue: centsToDollars(averageCents(catalogCents, catalogCount)),
    },
    custom: {
      sales: centsToDollars(customCents),
      orders: customCount,
      averageOrderValue: centsToDollars(averageCents(customCents, customCount)),
      depositsTaken: centsToDollars(num(custom?.deposits)),
    },
    balancesOutstanding: { amount: centsToDollars(num(balances?.cents)), orders: num(balances?.n) },
    invoices: {
      paid: centsToDollars(num(paidInvoices?.cents)),
      paidCount: num(paidInvoices?.n),
      outstanding: centsToDollars(num(openInvoices?.cents)),
      outstandingCount: num(openInvoices?.n),
    },
    openQuotes: num(quotes?.n),
    lowStock: stockRows.filter((p) => p.inStock && p.stockQuantity > 0).map(stockItem),
    outOfStock: stockRows.filter((p) => !p.inStock || p.stockQuantity <= 0).map(stockItem),
    codesNearLimit: codes.map((c) => ({
      id: c.id,
      code: c.code,
      usedCount: c.currentUses,
      maxUses: c.maxUses!,
    })),
    needsHuman: await incidentCounts(deps, now),
    salesByDay,
    ordersByStatus: [...statuses.entries()]
      .map(([status, n]) => ({ status, ...n }))
      .sort((a, b) => a.status.localeCompare(b.status)),
  };
}
