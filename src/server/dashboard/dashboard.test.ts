import { TZDate } from '@date-fns/tz';
/**
 * Dashboard figures equal sums computed here, independently, from the seeded rows
 * (issue 8 "What it must show"). Orders and custom orders are inserted directly with
 * dates inside and outside each period.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInClient } from '../catalog/testing';
import {
  customOrders,
  discountCodes,
  manualInvoices,
  orders,
  products,
  quoteRequests,
} from '../db/schema';
import { createTestApp, type TestApp, TestClient } from '../test/app';
import { dashboardFigures } from './service';

const DAY = 86_400_000;
const now = Date.now();
const ago = (days: number) => new Date(now - days * DAY);

type OrderSeed = { total: number; days: number; status: string; refunded?: boolean };
type CustomSeed = {
  total: number;
  deposit: number;
  days: number;
  status: string;
  depositPaid: boolean;
  balancePaid: boolean;
};

// Mixed dates (0..120 days back), statuses and refunds; amounts in cents.
const orderSeeds: OrderSeed[] = Array.from({ length: 24 }, (_, i) => ({
  total: 1000 + ((i * 3737) % 9000) + (i % 3),
  days: (i * 7) % 121,
  status: ['processing', 'shipped', 'delivered', 'pending'][i % 4]!,
  refunded: i % 7 === 3,
}));
const customSeeds: CustomSeed[] = Array.from({ length: 12 }, (_, i) => {
  const total = 17_500 + i * 2_331;
  return {
    total,
    deposit: Math.round(total / 10),
    days: (i * 11) % 100,
    status: ['deposit_paid', 'approved', 'in_production', 'balance_paid', 'cancelled'][i % 5]!,
    depositPaid: i % 6 !== 5,
    balancePaid: i % 5 === 3,
  };
});

/**
 * First instant of the period: midnight in the shop's time zone `days - 1` calendar days
 * before today there (a day is not always 24 hours: the week after the clocks change).
 */
function periodStart(days: number, zone: string): number {
  const today = new TZDate(now, zone);
  return new TZDate(
    today.getFullYear(),
    today.getMonth(),
    today.getDate() - (days - 1),
    zone,
  ).getTime();
}

describe('admin dashboard', () => {
  let t: TestApp;
  let admin: TestClient;

  beforeAll(async () => {
    t = await createTestApp();
    admin = (await signedInClient(t, 'admin')).client;
    await t.db.insert(orders).values(
      orderSeeds.map((o, i) => ({
        customerEmail: `o${i}@example.com`,
        customerName: `O ${i}`,
        subtotalCents: o.total,
        totalCents: o.total,
        status: o.status,
        paymentStatus: o.refunded ? ('refunded' as const) : ('paid' as const),
        items: [],
        createdAt: ago(o.days),
      })),
    );
    await t.db.insert(customOrders).values(
      customSeeds.map((c, i) => ({
        quantity: 50,
        size: '1inch',
        plating: 'gold',
        pricePerPinCents: 700,
        totalPriceCents: c.total,
        depositCents: c.deposit,
        remainingBalanceCents: c.total - c.deposit,
        customerEmail: `c${i}@example.com`,
        customerName: `C ${i}`,
        depositPaymentId: c.depositPaid ? `DEP-${i}` : null,
        balancePaymentId: c.balancePaid ? `BAL-${i}` : null,
        status: c.status,
        createdAt: ago(c.days),
      })),
    );
    await t.db.insert(products).values([
      { name: 'Sold Out Pin', priceCents: 1000, stockQuantity: 0, inStock: false },
      { name: 'Last Few Pin', priceCents: 1000, stockQuantity: 3 },
      { name: 'Ten Left Pin', priceCents: 1000, stockQuantity: 10 },
      { name: 'Plenty Pin', priceCents: 1000, stockQuantity: 11 },
      { name: 'Hidden Low Pin', priceCents: 1000, stockQuantity: 1, isActive: false },
    ]);
    await t.db.insert(discountCodes).values([
      {
        code: 'NEARLY',
        discountType: 'percentage',
        discountValue: 10,
        maxUses: 10,
        currentUses: 8,
      },
      {
        code: 'FARAWAY',
        discountType: 'percentage',
        discountValue: 10,
        maxUses: 10,
        currentUses: 7,
      },
      { code: 'USEDUP', discountType: 'percentage', discountValue: 10, maxUses: 5, currentUses: 5 },
      // A subscriber's personal welcome code, used: nothing for the owner to act on.
      {
        code: 'WELCOME-USED1234',
        discountType: 'percentage',
        discountValue: 15,
        maxUses: 1,
        currentUses: 1,
        issuedToEmail: 'fan@golf.test',
      },
      { code: 'UNLIMITED', discountType: 'percentage', discountValue: 10, currentUses: 99 },
      {
        code: 'OFFNEAR',
        discountType: 'percentage',
        discountValue: 10,
        maxUses: 2,
        currentUses: 2,
        isActive: false,
      },
    ]);
    await t.db.insert(quoteRequests).values(
      ['pending', 'quoted', 'approved', 'completed', 'pending'].map((status, i) => ({
        customerName: `Q ${i}`,
        customerEmail: `q${i}@example.com`,
        projectDescription: 'Some pins please',
        quantity: 100,
        status,
      })),
    );
    await t.db.insert(manualInvoices).values([
      {
        invoiceNumber: 'INV-900001',
        customerName: 'A',
        customerEmail: 'a@x.test',
        subtotalCents: 5000,
        totalCents: 5000,
        status: 'paid',
        paidAt: ago(2),
      },
      {
        invoiceNumber: 'INV-900002',
        customerName: 'B',
        customerEmail: 'b@x.test',
        subtotalCents: 7000,
        totalCents: 7000,
        status: 'paid',
        paidAt: ago(40),
      },
      {
        invoiceNumber: 'INV-900003',
        customerName: 'C',
        customerEmail: 'c@x.test',
        subtotalCents: 1234,
        totalCents: 1234,
        status: 'pending',
      },
      {
        invoiceNumber: 'INV-900004',
        customerName: 'D',
        customerEmail: 'd@x.test',
        subtotalCents: 999,
        totalCents: 999,
        status: 'cancelled',
      },
    ]);
  });
  afterAll(async () => t.close());

  it('is admin-only and takes 7, 30 or 90 days', async () => {
    expect((await new TestClient(t.app).get('/api/admin/dashboard')).statusCode).toBe(401);
    const { client: user } = await signedInClient(t, 'user');
    expect((await user.get('/api/admin/dashboard')).statusCode).toBe(403);
    const bad = await admin.get('/api/admin/dashboard?days=12');
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().errors)).toEqual(['days']);
  });

  for (const days of [7, 30, 90] as const) {
    it(`figures for ${days} days equal the sums of the seeded rows`, async () => {
      const res = await admin.get(`/api/admin/dashboard?days=${days}`);
      expect(res.statusCode, res.body).toBe(200);
      const d = res.json();
      const start = periodStart(days, t.config.STORE_TIME_ZONE);
      const inPeriod = (daysAgo: number) => now - daysAgo * DAY >= start;

      const cat = orderSeeds.filter((o) => inPeriod(o.days) && !o.refunded);
      const catCents = cat.reduce((s, o) => s + o.total, 0);
      expect(d.catalog.sales).toBe(catCents / 100);
      expect(d.catalog.orders).toBe(cat.length);
      expect(d.catalog.averageOrderValue).toBe(
        cat.length ? Math.round(catCents / cat.length) / 100 : 0,
      );

      const cus = customSeeds.filter((c) => inPeriod(c.days) && c.depositPaid);
      const cusCents = cus.reduce((s, c) => s + c.total, 0);
      expect(d.custom.sales).toBe(cusCents / 100);
      expect(d.custom.orders).toBe(cus.length);
      expect(d.custom.depositsTaken).toBe(cus.reduce((s, c) => s + c.deposit, 0) / 100);
      expect(d.custom.averageOrderValue).toBe(
        cus.length ? Math.round(cusCents / cus.length) / 100 : 0,
      );

      const owing = customSeeds.filter(
        (c) => c.depositPaid && !c.balancePaid && c.status !== 'cancelled',
      );
      expect(d.balancesOutstanding).toEqual({
        amount: owing.reduce((s, c) => s + c.total - c.deposit, 0) / 100,
        orders: owing.length,
      });

      // Per-day and per-status series add up to the same totals.
      expect(d.salesByDay).toHaveLength(days);
      const daySum = d.salesByDay.reduce(
        (s: number, x: { catalog: number }) => s + Math.round(x.catalog * 100),
        0,
      );
      expect(daySum).toBe(catCents);
      const statusCount = (s: string) => cat.filter((o) => o.status === s).length;
      for (const row of d.ordersByStatus) {
        expect(row.catalog).toBe(statusCount(row.status));
        expect(row.custom).toBe(cus.filter((c) => c.status === row.status).length);
      }

      expect(d.invoices).toEqual({
        paid: days >= 40 ? 120 : 50,
        paidCount: days >= 40 ? 2 : 1,
        outstanding: 12.34,
        outstandingCount: 1,
      });
      expect(d.openQuotes).toBe(3);
      expect(d.lowStock.map((p: { name: string }) => p.name)).toEqual([
        'Last Few Pin',
        'Ten Left Pin',
      ]);
      expect(d.outOfStock.map((p: { name: string }) => p.name)).toEqual(['Sold Out Pin']);
      expect(d.codesNearLimit.map((c: { code: string }) => c.code)).toEqual(['NEARLY', 'USEDUP']);
      expect(d.needsHuman.needsHuman).toBe(0);
    });
  }
});

// The period and the per-day series are the shop's calendar days (STORE_TIME_ZONE,
// default America/Los_Angeles), not UTC days: at 6 pm on Wednesday 25 November in San
// Diego it is already Thursday in UTC.
describe('admin dashboard days are the shop’s days', () => {
  let t: TestApp;
  const now = new Date('2026-11-26T02:00:00Z'); // 2026-11-25 18:00 in San Diego (PST)
  const placed = [
    { at: '2026-11-26T01:00:00Z', cents: 1_111 }, // 17:00 on the 25th there (26th in UTC)
    { at: '2026-11-25T20:00:00Z', cents: 2_222 }, // noon on the 25th
    { at: '2026-11-19T12:00:00Z', cents: 4_444 }, // 04:00 on the 19th: first day of 7
    { at: '2026-11-19T07:00:00Z', cents: 8_888 }, // 23:00 on the 18th: before the period
  ];

  beforeAll(async () => {
    t = await createTestApp();
    await t.db.insert(orders).values(
      placed.map((o, i) => ({
        customerEmail: `tz${i}@example.com`,
        customerName: `TZ ${i}`,
        subtotalCents: o.cents,
        totalCents: o.cents,
        status: 'processing',
        paymentStatus: 'paid' as const,
        items: [],
        createdAt: new Date(o.at),
      })),
    );
  });
  afterAll(async () => t.close());

  it('counts and buckets orders by the store’s calendar day', async () => {
    const d = await dashboardFigures(t.app.deps, 7, now);
    expect(d.from).toBe('2026-11-19');
    expect(d.to).toBe('2026-11-25');
    expect(d.catalog.sales).toBe((1_111 + 2_222 + 4_444) / 100);
    expect(d.catalog.orders).toBe(3);
    expect(d.salesByDay.map((x) => x.date)).toEqual([
      '2026-11-19',
      '2026-11-20',
      '2026-11-21',
      '2026-11-22',
      '2026-11-23',
      '2026-11-24',
      '2026-11-25',
    ]);
    const byDay = new Map(d.salesByDay.map((x) => [x.date, x.catalog]));
    expect(byDay.get('2026-11-25')).toBe((1_111 + 2_222) / 100);
    expect(byDay.get('2026-11-19')).toBe(4_444 / 100);
  });

  it('follows STORE_TIME_ZONE', async () => {
    const utc = await createTestApp({ env: { STORE_TIME_ZONE: 'UTC' } });
    try {
      const d = await dashboardFigures(utc.app.deps, 7, now);
      expect([d.from, d.to]).toEqual(['2026-11-20', '2026-11-26']);
    } finally {
      await utc.close();
    }
  });
});
