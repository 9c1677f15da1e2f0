/**
 * Concurrency of POST /api/create-order (DECISIONS.md "Catalogue": stock never below
 * zero; discount uses never past maxUses; a payment makes one order).
 *
 * On PostgreSQL the first order's transaction is held open in `beforeOrderCommit`
 * until an observer connection sees at least N other transactions of the same test
 * database waiting on a row lock (pg_stat_activity wait_event_type 'Lock'): proof that
 * the requests really overlap rather than running one after another. PGlite runs one
 * transaction at a time, so there the same outcomes are checked without that proof.
 */
import { and, eq, inArray, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { discountCodes, orders, payments, products, testPaymentOrders } from '../db/schema';
import type { AppHooks } from '../deps';
import { TestClient } from '../test/app';
import { createRaceTestApp, type RaceTestApp, racesOnPostgres } from '../test/race';
import { addToCart, customer, insertDiscount, insertProduct, payCart } from './test-support';

const onPostgres = racesOnPostgres;

describe('create-order under concurrency', () => {
  let t: RaceTestApp;
  const hooks: AppHooks = {};

  beforeAll(async () => {
    // Every shopper here comes from one address: lift the per-address limits of code
    // checks (30/min) and payment orders (60 per 10 min).
    t = await createRaceTestApp(hooks, {
      DISCOUNT_RATE_LIMIT: '1000',
      PAYMENT_ORDER_RATE_LIMIT: '1000',
    });
  });
  afterAll(() => t.close());
  beforeEach(() => {
    hooks.beforeOrderCommit = undefined;
  });

  /** Holds the first transaction open (postgres) until `waiters` others wait on its locks. */
  function holdFirstCommit(waiters: number): () => number {
    const probeHook = t.probe.holdFirst(waiters);
    hooks.beforeOrderCommit = probeHook.hook;
    return probeHook.seen;
  }

  /** n shoppers, each with `quantity` of a product in the cart, all paid (captured). */
  async function paidShoppers(n: number, productFor: (i: number) => number, discountCode?: string) {
    return Promise.all(
      Array.from({ length: n }, async (_, i) => {
        const client = new TestClient(t.app);
        await addToCart(client, productFor(i), 1);
        const paymentId = await payCart(client, discountCode ? { discountCode } : {});
        return { client, paymentId };
      }),
    );
  }

  it('40 paid orders for 10 in stock: exactly 10 orders, stock 0, the 30 others refunded', async () => {
    const pin = await insertProduct(t.db, { name: 'Limited Masters Pin', stockQuantity: 10 });
    const shoppers = await paidShoppers(40, () => pin.id);
    const overlap = holdFirstCommit(10);

    const results = await Promise.all(
      shoppers.map(({ client, paymentId }) =>
        client.post('/api/create-order', { paypalOrderId: paymentId, ...customer }),
      ),
    );

    const statuses = results.map((r) => r.statusCode).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(10);
    expect(statuses.filter((s) => s === 409)).toHaveLength(30);
    for (const r of results.filter((x) => x.statusCode === 409)) {
      expect(r.json().message).toBe(
        'Sorry, "Limited Masters Pin" sold out while you were paying. Your payment has been refunded.',
      );
    }
    const [row] = await t.db.select().from(products).where(eq(products.id, pin.id));
    expect(row).toMatchObject({ stockQuantity: 0, inStock: false });

    const ids = shoppers.map((s) => s.paymentId);
    expect(
      await t.db.select().from(orders).where(inArray(orders.paymentIntentId, ids)),
    ).toHaveLength(10);
    const rows = await t.db.select().from(payments).where(inArray(payments.providerOrderId, ids));
    expect(rows.filter((p) => p.status === 'captured' && p.consumedAt)).toHaveLength(10);
    const refunded = rows.filter((p) => p.status === 'refunded');
    expect(refunded).toHaveLength(30);
    expect(refunded.every((p) => p.refundId && !p.consumedAt)).toBe(true);
    const providerRefunds = await t.db
      .select()
      .from(testPaymentOrders)
      .where(and(inArray(testPaymentOrders.id, ids), isNotNull(testPaymentOrders.refundId)));
    expect(providerRefunds).toHaveLength(30);
    expect(providerRefunds.every((o) => o.captureStatus === 'REFUNDED')).toBe(true);
    if (onPostgres) expect(overlap()).toBeGreaterThanOrEqual(10);
  });

  it('20 paid orders with a code limited to 5 uses: exactly 5 discounted orders, the others refunded', async () => {
    const code = await insertDiscount(t.db, { code: 'FIVEONLY', discountValue: 15, maxUses: 5 });
    const pins = await Promise.all(
      Array.from({ length: 20 }, () => insertProduct(t.db, { stockQuantity: 10 })),
    );
    const shoppers = await paidShoppers(20, (i) => pins[i]!.id, code.code);
    const overlap = holdFirstCommit(10);

    const results = await Promise.all(
      shoppers.map(({ client, paymentId }) =>
        client.post('/api/create-order', { paypalOrderId: paymentId, ...customer }),
      ),
    );

    const placed = results.filter((r) => r.statusCode === 201);
    expect(placed).toHaveLength(5);
    expect(placed.every((r) => r.json().order.discountCode === 'FIVEONLY')).toBe(true);
    const refused = results.filter((r) => r.statusCode === 409);
    expect(refused).toHaveLength(15);
    for (const r of refused) {
      expect(r.json()).toMatchObject({
        message:
          'Sorry, the discount code "FIVEONLY" was used up while you were paying. Your payment has been refunded.',
        reason: 'code_used_up',
        refunded: true,
      });
    }
    const [codeRow] = await t.db.select().from(discountCodes).where(eq(discountCodes.id, code.id));
    expect(codeRow!.currentUses).toBe(5);
    const stock = await t.db
      .select()
      .from(products)
      .where(
        inArray(
          products.id,
          pins.map((p) => p.id),
        ),
      );
    expect(stock.filter((p) => p.stockQuantity === 9)).toHaveLength(5);
    expect(stock.filter((p) => p.stockQuantity === 10)).toHaveLength(15);
    const ids = shoppers.map((s) => s.paymentId);
    const rows = await t.db.select().from(payments).where(inArray(payments.providerOrderId, ids));
    expect(rows.filter((p) => p.status === 'refunded' && p.refundId)).toHaveLength(15);
    if (onPostgres) expect(overlap()).toBeGreaterThanOrEqual(10);
  });

  it('without the test hook (the contended statement carries COMMIT): 30 orders, stock 6 of one pin, a code for 9 uses', async () => {
    const code = await insertDiscount(t.db, { code: 'NINEONLY', discountValue: 10, maxUses: 9 });
    const scarce = await insertProduct(t.db, { name: 'Scarce Pin', stockQuantity: 6 });
    const plenty = await insertProduct(t.db, { name: 'Plenty Pin', stockQuantity: 100 });
    // 20 shoppers want the scarce pin, 10 the plentiful one, all with the code.
    const shoppers = await paidShoppers(30, (i) => (i < 20 ? scarce.id : plenty.id), code.code);

    const results = await Promise.all(
      shoppers.map(({ client, paymentId }) =>
        client.post('/api/create-order', { paypalOrderId: paymentId, ...customer }),
      ),
    );

    // The code caps the orders at 9 (6 + 10 could be served); the scarce pin at 6 of them.
    const placed = results.filter((r) => r.statusCode === 201);
    expect(placed).toHaveLength(9);
    const refused = results.filter((r) => r.statusCode === 409).map((r) => r.json().message);
    expect(refused).toHaveLength(21);
    for (const message of refused) {
      expect([
        'Sorry, "Scarce Pin" sold out while you were paying. Your payment has been refunded.',
        'Sorry, the discount code "NINEONLY" was used up while you were paying. Your payment has been refunded.',
      ]).toContain(message);
    }
    const [codeRow] = await t.db.select().from(discountCodes).where(eq(discountCodes.id, code.id));
    expect(codeRow!.currentUses).toBe(9);
    const stock = new Map(
      (
        await t.db
          .select()
          .from(products)
          .where(inArray(products.id, [scarce.id, plenty.id]))
      ).map((p) => [p.id, p.stockQuantity]),
    );
    const ids = shoppers.map((s) => s.paymentId);
    const placedOrders = await t.db
      .select()
      .from(orders)
      .where(inArray(orders.paymentIntentId, ids));
    expect(placedOrders).toHaveLength(9);
    const ofScarce = placedOrders.filter((o) => o.items[0]!.productId === scarce.id).length;
    expect(ofScarce).toBeLessThanOrEqual(6);
    expect(stock.get(scarce.id)).toBe(6 - ofScarce);
    expect(stock.get(plenty.id)).toBe(100 - (9 - ofScarce));
    const rows = await t.db.select().from(payments).where(inArray(payments.providerOrderId, ids));
    expect(rows.filter((p) => p.status === 'captured' && p.consumedAt)).toHaveLength(9);
    expect(rows.filter((p) => p.status === 'refunded' && !p.consumedAt)).toHaveLength(21);
  });

  it('the same payment submitted 10 times at once makes one order', async () => {
    const pin = await insertProduct(t.db, { stockQuantity: 5 });
    const [{ client, paymentId }] = await paidShoppers(1, () => pin.id);
    const overlap = holdFirstCommit(5);

    const results = await Promise.all(
      Array.from({ length: 10 }, () =>
        client.post('/api/create-order', { paypalOrderId: paymentId, ...customer }),
      ),
    );

    expect(results.map((r) => r.statusCode).sort()).toEqual([
      200, 200, 200, 200, 200, 200, 200, 200, 200, 201,
    ]);
    expect(new Set(results.map((r) => r.json().order.id)).size).toBe(1);
    expect(
      await t.db.select().from(orders).where(eq(orders.paymentIntentId, paymentId)),
    ).toHaveLength(1);
    const [row] = await t.db.select().from(products).where(eq(products.id, pin.id));
    expect(row!.stockQuantity).toBe(4);
    if (onPostgres) expect(overlap()).toBeGreaterThanOrEqual(5);
  });
  it('two paid orders of a limit-4 pin by the same customer at once: only the first fits the limit', async () => {
    const pin = await insertProduct(t.db, {
      name: 'American Flag Golf Pin',
      stockQuantity: 50,
      purchaseLimit: 4,
    });
    // Two browser sessions of one customer (same e-mail), 3 pins each: 6 > 4.
    const shoppers = await Promise.all(
      [0, 1].map(async () => {
        const client = new TestClient(t.app);
        await addToCart(client, pin.id, 3);
        return { client, paymentId: await payCart(client, {}) };
      }),
    );
    const overlap = holdFirstCommit(1);

    const results = await Promise.all(
      shoppers.map(({ client, paymentId }) =>
        client.post('/api/create-order', { paypalOrderId: paymentId, ...customer }),
      ),
    );

    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    const refused = results.find((r) => r.statusCode === 409)!;
    expect(refused.json()).toMatchObject({ reason: 'limit', refunded: true });
    const [row] = await t.db.select().from(products).where(eq(products.id, pin.id));
    expect(row!.stockQuantity).toBe(47);
    if (onPostgres) expect(overlap()).toBeGreaterThanOrEqual(1);
  });
});
