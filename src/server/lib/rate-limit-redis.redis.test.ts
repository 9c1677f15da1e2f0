/**
 * The counters in Redis (issue 12: "in PostgreSQL, or Redis when `REDIS_URL` is set"),
 * against the real Redis server at TEST_REDIS_URL: the store contract the database store
 * passes too (test/rate-limit-contract.ts); counters that expire by themselves; two app
 * instances on one database and one Redis enforce one limit, and the database's
 * `rate_limits` table stays empty; sign-in backoff kept in Redis; a bad or unreachable
 * REDIS_URL stops the start with a clear message.
 *
 * Runs only when TEST_REDIS_URL is set (vitest.config.ts includes `*.redis.test.ts` then;
 * `.ci/run` sets it when the machine's Redis answers). Each run uses its own key prefix.
 */
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountLoginKey } from '../accounts/routes';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { rateLimits } from '../db/schema';
import { createTestPaymentProvider } from '../payments/test-provider';
import { createTestApp, type TestApp } from '../test/app';
import { rateLimitStoreContract, registerFourTimes, testKey } from '../test/rate-limit-contract';
import { storedKey } from './rate-limit';
import { RedisRateLimitStore } from './rate-limit-redis';

const url = process.env.TEST_REDIS_URL;
if (!url) throw new Error('TEST_REDIS_URL is required for *.redis.test.ts');
const prefix = `fp-test-${randomBytes(6).toString('hex')}:`;
const limitPrefix = `${prefix}limit:`;

let store: RedisRateLimitStore;
let redis: Redis;
beforeAll(async () => {
  store = new RedisRateLimitStore(url, limitPrefix);
  await store.open();
  redis = new Redis(url);
});
afterAll(async () => {
  const keys = await redis.keys(`${prefix}*`);
  if (keys.length) await redis.del(...keys);
  await store?.close();
  redis?.disconnect();
});

const hitKey = (k: string) => `${limitPrefix}hit:${storedKey(k)}`;
const backoffKey = (k: string) => `${limitPrefix}backoff:${storedKey(k)}`;

rateLimitStoreContract(() => store, {
  endWindow: async (k) => {
    await redis.pexpire(hitKey(k), 1);
    await new Promise((r) => setTimeout(r, 10));
  },
  moveLastAttemptBack: async (k, ms) => {
    await redis.hincrby(backoffKey(k), 'l', -ms);
  },
});

describe('RedisRateLimitStore', () => {
  it('lets Redis expire counters and failure records (prune has nothing to do)', async () => {
    const k = testKey('expire');
    // Lifetimes long enough for the three round trips before the first check on a
    // loaded machine (50 ms was not always).
    await store.hit([{ key: k, windowMs: 600 }]);
    await store.takeBackoffSlot(k, { freeFailures: 3, baseMs: 1000, maxMs: 1000 }, 600);
    expect(await redis.exists(hitKey(k), backoffKey(k))).toBe(2);
    await new Promise((r) => setTimeout(r, 800));
    expect(await redis.exists(hitKey(k), backoffKey(k))).toBe(0);
    expect(await store.failures(k)).toBeNull();
    expect(await store.prune()).toBe(0);
  });
});

describe('an app with REDIS_URL', () => {
  let t: TestApp;
  let second: FastifyInstance;
  beforeAll(async () => {
    t = await createTestApp({
      env: { REDIS_URL: url, REDIS_KEY_PREFIX: prefix, REGISTER_RATE_LIMIT: '3' },
    });
    second = await buildApp({
      database: t.database,
      config: t.config,
      payments: createTestPaymentProvider(t.db),
      sessionSecret: randomBytes(32).toString('hex'),
      serveWeb: false,
    });
    await second.ready();
  });
  afterAll(async () => {
    await second?.close();
    await t?.close();
  });

  it('holds one registration limit across two instances, counted in Redis, not in the database', async () => {
    const ip = '10.79.0.1';
    const statuses = await registerFourTimes([t.app, second], ip);
    expect(statuses).toEqual([201, 201, 201, 429]);
    expect(Number(await redis.get(`${limitPrefix}hit:register|${ip}`))).toBe(4);
    expect(await t.db.select().from(rateLimits)).toEqual([]);
  });

  it("keeps an account's failed sign-ins in Redis and forgets them at a success", async () => {
    const username = `backoff${randomBytes(3).toString('hex')}`;
    const password = 'fairway-secret-9';
    const registered = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      remoteAddress: '10.79.0.2',
      payload: { username, email: `${username}@example.com`, password },
    });
    expect(registered.statusCode).toBe(201);
    const signIn = (app: FastifyInstance, pw: string) =>
      app.inject({
        method: 'POST',
        url: '/api/auth/login',
        remoteAddress: '10.79.0.3',
        payload: { username, password: pw },
      });
    expect((await signIn(t.app, 'wrong-password-1')).statusCode).toBe(401);
    expect((await signIn(second, 'wrong-password-2')).statusCode).toBe(401);
    const record = backoffKey(accountLoginKey(username));
    expect(await redis.hget(record, 'c')).toBe('2');
    expect((await signIn(second, password)).statusCode).toBe(200);
    expect(await redis.exists(record)).toBe(0);
  });
});

/** A port on 127.0.0.1 that nothing listens on (taken, then released). */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe('REDIS_URL at start', () => {
  it('refuses a URL that is not redis:// or rediss://', () => {
    expect(() => loadConfig({ REDIS_URL: 'http://127.0.0.1:6379' })).toThrow(
      /REDIS_URL must be a redis:\/\/ or rediss:\/\/ URL/,
    );
  });

  it('stops the start when nothing answers there', async () => {
    const port = await closedPort();
    const t = await createTestApp({ env: { REDIS_URL: `redis://127.0.0.1:${port}` } }).catch(
      (err: Error) => err,
    );
    expect(t).toBeInstanceOf(Error);
    expect(String(t)).toMatch(
      new RegExp(`REDIS_URL: Redis at 127\\.0\\.0\\.1:${port} did not answer \\(.*ECONNREFUSED`),
    );
  });
});
