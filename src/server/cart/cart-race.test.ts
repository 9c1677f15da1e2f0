/**
 * Concurrency of POST /api/cart (storefront spec section 5 "Add to cart"; DECISIONS.md
 * "Catalogue": stock and the per-customer limit hold for the cart line).
 *
 * On PostgreSQL the first add's transaction is held open in `beforeCartCommit` until an
 * observer connection sees the other requests of the same test database waiting on a
 * lock (pg_stat_activity wait_event_type 'Lock'): proof that they really overlap.
 * PGlite runs one transaction at a time, so there the same invariants are checked
 * without that proof.
 */
import { and, eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AppHooks } from '../app';
import { insertProduct } from '../checkout/test-support';
import { cartItems } from '../db/schema';
import { createTestApp, type TestApp, TestClient } from '../test/app';
import { testDbKind } from '../test/db';

const onPostgres = testDbKind() === 'postgres';

describe('add to cart under concurrency', () => {
  let t: TestApp;
  let observer: pg.Client | null = null;
  const hooks: AppHooks = {};

  beforeAll(async () => {
    t = await createTestApp({ hooks, poolSize: 20 });
    if (onPostgres) {
      observer = new pg.Client({ connectionString: t.database.pool!.options.connectionString });
      await observer.connect();
    }
  });
  afterAll(async () => {
    await observer?.end();
    await t.close();
  });
  beforeEach(() => {
    hooks.beforeCartCommit = undefined;
  });

  async function lockWaiters(): Promise<number> {
    const res = await observer!.query<{ n: number }>(
      `select count(*)::int as n from pg_stat_activity
       where datname = current_database() and wait_event_type = 'Lock'`,
    );
    return res.rows[0]!.n;
  }

  /** Holds the first add's transaction open (postgres) until `waiters` others wait on a lock or 10 s pass. */
  function holdFirstCommit(waiters: number): () => number {
    let calls = 0;
    let seen = 0;
    hooks.beforeCartCommit = async () => {
      calls += 1;
      if (calls > 1 || !onPostgres) return;
      const deadline = Date.now() + 10_000;
      while (Date.now() < deadline) {
        seen = Math.max(seen, await lockWaiters());
        if (seen >= waiters) return;
        await new Promise((r) => setTimeout(r, 10));
      }
    };
    return () => seen;
  }

  async function lineQuantity(client: TestClient, productId: number): Promise<number> {
    const [row] = await t.db
      .select()
      .from(cartItems)
      .where(and(eq(cartItems.sessionId, client.sessionId), eq(cartItems.productId, productId)));
    return row?.quantity ?? 0;
  }

  it('8 parallel adds of 4 of a limit-4 pin on one session: one fits, the line stays at 4', async () => {
    const pin = await insertProduct(t.db, { stockQuantity: 100, purchaseLimit: 4 });
    const client = new TestClient(t.app);
    const overlap = holdFirstCommit(7);
    const results = await Promise.all(
      Array.from({ length: 8 }, () => client.post('/api/cart', { productId: pin.id, quantity: 4 })),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([
      201, 409, 409, 409, 409, 409, 409, 409,
    ]);
    for (const r of results.filter((x) => x.statusCode === 409)) {
      expect(r.json()).toMatchObject({ message: 'Limit 4 per customer', limit: 4 });
    }
    expect(await lineQuantity(client, pin.id)).toBe(4);
    if (onPostgres) expect(overlap()).toBeGreaterThanOrEqual(7);
  });

  it('8 parallel adds of 2 with 3 in stock on one session: the line never passes the stock', async () => {
    const pin = await insertProduct(t.db, { stockQuantity: 3 });
    const client = new TestClient(t.app);
    const overlap = holdFirstCommit(7);
    const results = await Promise.all(
      Array.from({ length: 8 }, () => client.post('/api/cart', { productId: pin.id, quantity: 2 })),
    );
    expect(results.filter((r) => r.statusCode === 201)).toHaveLength(1);
    for (const r of results.filter((x) => x.statusCode !== 201)) {
      expect(r.statusCode).toBe(409);
      expect(r.json()).toMatchObject({ message: 'Only 3 left in stock', available: 3 });
    }
    expect(await lineQuantity(client, pin.id)).toBe(2);
    if (onPostgres) expect(overlap()).toBeGreaterThanOrEqual(7);
  });

  it('parallel adds of one product by different sessions do not wait on each other', async () => {
    const pin = await insertProduct(t.db, { stockQuantity: 5, purchaseLimit: 4 });
    const clients = Array.from({ length: 6 }, () => new TestClient(t.app));
    const results = await Promise.all(
      clients.map((c) => c.post('/api/cart', { productId: pin.id, quantity: 4 })),
    );
    // The cart is no reservation: each session may hold up to the stock and the limit.
    expect(results.every((r) => r.statusCode === 201)).toBe(true);
    for (const c of clients) expect(await lineQuantity(c, pin.id)).toBe(4);
  });
});
