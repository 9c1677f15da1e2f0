/**
 * The checks every `RateLimitStore` must pass (lib/rate-limit.ts), run by
 * lib/rate-limit.test.ts on the database store and lib/rate-limit-redis.redis.test.ts on
 * the Redis store: fixed windows that restart, atomic counts under simultaneous hits,
 * several keys in one call, keys with control characters, the backoff rule of
 * `backoffWaitMs`, and `clear`. Each store says how to move its own clock for a key
 * (`ClockControl`), since both keep time by their server's clock.
 */
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { backoffWaitMs, type RateLimitStore } from '../lib/rate-limit';

/** How a test moves a store's time for one key (the key as given to the store). */
export interface ClockControl {
  /** Makes the hit counter's window of `key` pass. */
  endWindow(key: string): Promise<void>;
  /** Moves the last backoff attempt of `key` `ms` into the past. */
  moveLastAttemptBack(key: string, ms: number): Promise<void>;
}

/** A fresh key per test, so runs sharing one store never meet. */
export const testKey = (name: string) => `test|${name}|${randomBytes(4).toString('hex')}`;

/** Registers the contract's tests for the store `store()` returns (called at collection). */
export function rateLimitStoreContract(store: () => RateLimitStore, clock: ClockControl): void {
  describe('RateLimitStore contract', () => {
    it('counts hits in a fixed window that restarts once it has passed', async () => {
      const k = testKey('window');
      const counts = [];
      for (let i = 0; i < 3; i++)
        counts.push((await store().hit([{ key: k, windowMs: 60_000 }]))[0]!.count);
      expect(counts).toEqual([1, 2, 3]);
      const [hit] = await store().hit([{ key: k, windowMs: 60_000 }]);
      expect(hit!.key).toBe(k);
      expect(hit!.resetAt.getTime() - hit!.now.getTime()).toBeGreaterThan(55_000);
      expect(hit!.resetAt.getTime() - hit!.now.getTime()).toBeLessThanOrEqual(60_000);
      await clock.endWindow(k);
      expect((await store().hit([{ key: k, windowMs: 60_000 }]))[0]!.count).toBe(1);
    });

    it('gives simultaneous hits distinct counts (atomic) and counts several keys in one call', async () => {
      const k = testKey('race');
      const hits = await Promise.all(
        Array.from({ length: 12 }, () => store().hit([{ key: k, windowMs: 60_000 }])),
      );
      expect(hits.map((h) => h[0]!.count).sort((a, b) => a - b)).toEqual(
        Array.from({ length: 12 }, (_, i) => i + 1),
      );
      const a = testKey('a');
      const b = testKey('b');
      const both = await store().hit([
        { key: a, windowMs: 1000 },
        { key: b, windowMs: 1000 },
        { key: a, windowMs: 1000 },
      ]);
      expect(both.map((h) => [h.key, h.count]).sort()).toEqual([
        [a, 1],
        [b, 1],
      ]);
    });

    it('stores keys holding NUL or other control characters', async () => {
      const suffix = randomBytes(4).toString('hex');
      const [hit] = await store().hit([{ key: `test|\u0000nul\u0007${suffix}`, windowMs: 1000 }]);
      expect(hit!.key).toBe(`test|\uFFFDnul\uFFFD${suffix}`);
      expect(hit!.count).toBe(1);
    });

    it('takes backoff slots by the same rule backoffWaitMs applies, and clear() forgets', async () => {
      const k = testKey('backoff');
      const policy = { freeFailures: 2, baseMs: 1000, maxMs: 4000 };
      expect(await store().failures(k)).toBeNull();
      expect(await store().takeBackoffSlot(k, policy, 60_000)).toBe(1);
      expect(await store().takeBackoffSlot(k, policy, 60_000)).toBe(2);
      expect(await store().takeBackoffSlot(k, policy, 60_000)).toBeNull();
      const record = await store().failures(k);
      expect(record?.failures).toBe(2);
      const wait = backoffWaitMs(record, policy);
      expect(wait).toBeGreaterThan(0);
      expect(wait).toBeLessThanOrEqual(1000);
      await clock.moveLastAttemptBack(k, 1001);
      expect(await store().takeBackoffSlot(k, policy, 60_000)).toBe(3);
      await clock.moveLastAttemptBack(k, 1500);
      expect(await store().takeBackoffSlot(k, policy, 60_000)).toBeNull(); // now 2 s
      await clock.moveLastAttemptBack(k, 600);
      expect(await store().takeBackoffSlot(k, policy, 60_000)).toBe(4);
      await clock.moveLastAttemptBack(k, 4001); // capped at maxMs (8 s would be next)
      expect(await store().takeBackoffSlot(k, policy, 60_000)).toBe(5);
      await store().clear(k);
      expect(await store().failures(k)).toBeNull();
      expect(await store().takeBackoffSlot(k, policy, 60_000)).toBe(1);
    });

    it('lets only one of simultaneous backoff attempts past the free ones through', async () => {
      const k = testKey('backoff-race');
      const policy = { freeFailures: 1, baseMs: 60_000, maxMs: 60_000 };
      const taken = await Promise.all(
        Array.from({ length: 8 }, () => store().takeBackoffSlot(k, policy, 60_000)),
      );
      expect(taken.filter((n) => n !== null)).toEqual([1]);
    });

    it('clear() also forgets hit counters', async () => {
      const k = testKey('clear-hits');
      await store().hit([{ key: k, windowMs: 60_000 }]);
      await store().hit([{ key: k, windowMs: 60_000 }]);
      await store().clear(k);
      expect((await store().hit([{ key: k, windowMs: 60_000 }]))[0]!.count).toBe(1);
    });
  });
}

/**
 * Registers four new accounts from one client address, alternating between `apps` (app
 * instances sharing one store); returns the statuses. With REGISTER_RATE_LIMIT=3 one
 * shared limit answers [201, 201, 201, 429] (the 429 with Retry-After).
 */
export async function registerFourTimes(apps: FastifyInstance[], ip: string): Promise<number[]> {
  const statuses: number[] = [];
  for (let i = 0; i < 4; i++) {
    const suffix = randomBytes(3).toString('hex');
    const res = await apps[i % apps.length]!.inject({
      method: 'POST',
      url: '/api/auth/register',
      remoteAddress: ip,
      payload: {
        username: `inst${i}${suffix}`,
        email: `i${i}${suffix}@example.com`,
        password: 'fairway-secret-9',
      },
    });
    statuses.push(res.statusCode);
    if (res.statusCode === 429) expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
  }
  return statuses;
}
