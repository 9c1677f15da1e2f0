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
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { insertProduct } from '../checkout/test-support';
import { cartItems } from '../db/schema';
import type { AppHooks } from '../deps';
import { TestClient } from '../test/app';
import { createRaceTestApp, type RaceTestApp, racesOnPostgres } from '../test/race';

const onPostgres = racesOnPostgres;

describe('add to cart under concurrency', () => {
  let t: RaceTestApp;
  const hooks: AppHooks = {};

  beforeAll(async () => {
    t = await createRaceTestApp(hooks);
  });
  afterAll(() => t.close());
  beforeEach(() => {
    hooks.beforeCartCommit = undefined;
  });

  /** Holds the first transaction open (postgres) until `waiters` others wait on its locks. */
  function holdFirstCommit(waiters: number): () => number {
    const probeHook = t.probe.holdFirst(waiters, 10_000);
    hooks.beforeCartCommit = probeHook.hook;
    return probeHook.seen;
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
