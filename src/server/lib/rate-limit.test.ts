/**
 * The shared rate-limit store in the database (issue 11; issue 12 relies on it): one
 * table for every counter, so two app instances on one database enforce one limit; the
 * store contract (test/rate-limit-contract.ts: windows restart, simultaneous hits each
 * get their own count, the backoff rule in SQL matches the one in JS); pruning;
 * @fastify/rate-limit's `config.rateLimit` counts in the same table; hot read paths write
 * no counter. On PGlite and PostgreSQL.
 */
import { randomBytes } from 'node:crypto';
import rateLimitPlugin from '@fastify/rate-limit';
import { eq, like, sql } from 'drizzle-orm';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { insertProduct } from '../checkout/test-support';
import { rateLimits } from '../db/schema';
import { createTestPaymentProvider } from '../payments/test-provider';
import { createTestApp, type TestApp, TestClient } from '../test/app';
import { rateLimitStoreContract, registerFourTimes, testKey } from '../test/rate-limit-contract';
import { installErrorHandling } from './errors';
import { backoffWaitMs, DatabaseRateLimitStore, pluginRateLimitStore } from './rate-limit';

let t: TestApp;
let store: DatabaseRateLimitStore;
beforeAll(async () => {
  t = await createTestApp({ env: { REGISTER_RATE_LIMIT: '3' } });
  store = new DatabaseRateLimitStore(t.db);
});
afterAll(() => t?.close());

rateLimitStoreContract(() => store, {
  endWindow: async (k) => {
    await t.db
      .update(rateLimits)
      .set({ windowEndsAt: sql`now() - interval '1 second'` })
      .where(eq(rateLimits.key, k));
  },
  moveLastAttemptBack: async (k, ms) => {
    await t.db
      .update(rateLimits)
      .set({ lastHitAt: sql`${rateLimits.lastHitAt} - ${ms}::integer * interval '1 millisecond'` })
      .where(eq(rateLimits.key, k));
  },
});

describe('DatabaseRateLimitStore', () => {
  it('backoffWaitMs: free tries, then doubling from the last failure, capped', () => {
    const policy = { freeFailures: 3, baseMs: 1000, maxMs: 5000 };
    const at = (failures: number, agoMs: number) => ({
      failures,
      lastFailureAt: new Date(10_000 - agoMs),
      now: new Date(10_000),
    });
    expect(backoffWaitMs(null, policy)).toBe(0);
    expect(backoffWaitMs(at(2, 0), policy)).toBe(0);
    expect(backoffWaitMs(at(3, 0), policy)).toBe(1000);
    expect(backoffWaitMs(at(4, 500), policy)).toBe(1500);
    expect(backoffWaitMs(at(9, 0), policy)).toBe(5000);
    expect(backoffWaitMs(at(50, 6000), policy)).toBe(0);
  });

  it('prunes counters whose window has passed', async () => {
    const k = testKey('prune');
    await store.hit([{ key: k, windowMs: 1 }]);
    await t.db
      .update(rateLimits)
      .set({ windowEndsAt: sql`now() - interval '1 second'` })
      .where(eq(rateLimits.key, k));
    expect(await store.prune()).toBeGreaterThanOrEqual(1);
    expect(await t.db.select().from(rateLimits).where(eq(rateLimits.key, k))).toEqual([]);
  });
});

describe('limits across app instances on one database', () => {
  let second: FastifyInstance;
  beforeAll(async () => {
    second = await buildApp({
      database: t.database,
      config: t.config,
      payments: createTestPaymentProvider(t.db),
      sessionSecret: randomBytes(32).toString('hex'),
      serveWeb: false,
    });
    await second.ready();
  });
  afterAll(() => second?.close());

  it('holds one registration limit for a client address whichever instance answers', async () => {
    const statuses = await registerFourTimes([t.app, second], '10.77.0.1');
    expect(statuses).toEqual([201, 201, 201, 429]);
  });
});

describe('what counts', () => {
  it('hot read paths (GET /api/products, GET /api/cart, totals without a code) write no counter', async () => {
    await insertProduct(t.db);
    const c = new TestClient(t.app);
    const count = async () => (await t.db.select().from(rateLimits)).length;
    const before = await count();
    for (const url of ['/api/products', '/api/cart', '/api/cart/totals', '/api/products/1']) {
      const res = await c.get(url);
      expect(res.statusCode, url).toBeLessThan(500);
    }
    expect(await count()).toBe(before);
  });

  it("@fastify/rate-limit's config.rateLimit counts in the same table, per route", async () => {
    const app = Fastify();
    installErrorHandling(app);
    await app.register(rateLimitPlugin, { global: false, store: pluginRateLimitStore(store) });
    app.get(
      '/limited',
      { config: { rateLimit: { max: 2, timeWindow: 60_000 } } },
      async () => 'ok',
    );
    await app.ready();
    const statuses = [];
    for (let i = 0; i < 3; i++) {
      statuses.push((await app.inject({ url: '/limited', remoteAddress: '10.78.0.1' })).statusCode);
    }
    expect(statuses).toEqual([200, 200, 429]);
    const rows = await t.db
      .select()
      .from(rateLimits)
      .where(like(rateLimits.key, 'route|GET /limited|%'));
    expect(rows).toEqual([expect.objectContaining({ count: 3 })]);
    await app.close();
  });
});
