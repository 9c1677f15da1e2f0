/**
 * Rate limits (DECISIONS.md "Security": login and public forms rate-limited; issue 11).
 * Every counter of the shop lives in ONE shared store, so limits hold across several app
 * instances: the `rate_limits` table (`DatabaseRateLimitStore`, PGlite or PostgreSQL
 * alike; a hit is one atomic `INSERT ... ON CONFLICT DO UPDATE`, windows use the database
 * clock), or Redis when `REDIS_URL` is set (`RedisRateLimitStore` in rate-limit-redis.ts,
 * issue 12: one Lua script per call, windows use Redis's clock). Both keep the contract
 * of `RateLimitStore` (test/rate-limit-contract.ts runs the same checks on each).
 *
 * Adding a limit to a route (the documented way):
 *
 * ```ts
 * import { clientAddress, rateLimit } from '../lib/rate-limit';
 *
 * app.post('/api/newsletter/subscribe', {
 *   // preValidation: counted before the body is validated, so junk counts too.
 *   preValidation: rateLimit({ name: 'newsletter', max: 5, windowMs: 10 * 60_000, by: clientAddress }),
 *   schema: { body: SubscribeBody },
 * }, handler);
 * ```
 *
 * Several rules on one route count in one query (`rateLimit(perAddress, perSession)`);
 * a rule whose `by` returns null skips the request. Inside a handler, when the count
 * depends on the input (e.g. only when a discount code is sent), call
 * `enforceLimits(request, rules)`. Over the limit: 429 'Too many requests. Please wait a
 * moment and try again.' with `Retry-After` (seconds).
 *
 * Routes still using @fastify/rate-limit's `config: { rateLimit }` count in the same
 * store (`pluginRateLimitStore` is that plugin's store), but prefer `rateLimit()`.
 * Keep hot read paths (GET /api/products, GET /api/cart) free of limits: each rule is a
 * write to the shared store.
 */
import { normalizeIP } from '@fastify/rate-limit';
import { and, eq, gt, inArray, lt, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest, preValidationAsyncHookHandler } from 'fastify';
import type { Db } from '../db/client';
import { rateLimits } from '../db/schema';
import { HttpError } from './errors';
import { cleanText } from './input-guard';

export const TOO_MANY_REQUESTS = 'Too many requests. Please wait a moment and try again.';

/**
 * A 429 with `Retry-After: <seconds>`. A wait over a minute is named in the message
 * ('... try again in 7 minutes'): 'a moment' sent a quote sender, whose window is 10
 * minutes, back to a form that kept failing (a quotes audit).
 */
export const tooManyRequests = (retryAfterSeconds: number) => {
  const minutes = Math.ceil(retryAfterSeconds / 60);
  const message =
    retryAfterSeconds <= 60
      ? TOO_MANY_REQUESTS
      : `Too many requests. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`;
  return new HttpError(429, message, {}, { 'retry-after': String(retryAfterSeconds) });
};

/** One counter's state after a hit. */
export interface Hit {
  key: string;
  count: number;
  /** When the window restarts (database clock). */
  resetAt: Date;
  /** The database's now at the hit. */
  now: Date;
}

/** A key's failure record for the backoff (see `backoffWaitMs`). */
export interface FailureRecord {
  failures: number;
  lastFailureAt: Date;
  now: Date;
}

/** Longest key stored; longer keys are cut (keys carry user input such as a username). */
const MAX_KEY = 300;
/** A key as stored: control characters replaced (PostgreSQL refuses NUL), at most MAX_KEY. */
export const storedKey = (key: string) => cleanText(key).slice(0, MAX_KEY);

/**
 * Where the shop's counters live (one store shared by every instance). Keys are cut and
 * cleaned by `storedKey`; a `Hit.key` is the stored form.
 */
export interface RateLimitStore {
  /**
   * Counts one hit on each key (duplicates counted once) in its fixed window of
   * `windowMs`: a key whose window has passed starts again at 1. Atomic: simultaneous
   * hits get distinct counts.
   */
  hit(counters: { key: string; windowMs: number }[]): Promise<Hit[]>;
  /**
   * Backoff (e.g. sign-ins of one account): atomically takes one attempt on `key` if the
   * policy allows it now (the rule of `backoffWaitMs`), counting it; the count is
   * forgotten `decayMs` after the last attempt, or by `clear`. Returns the attempt's
   * number, or null when refused (then `failures` tells how long to wait).
   */
  takeBackoffSlot(key: string, policy: BackoffPolicy, decayMs: number): Promise<number | null>;
  /** The live failure record of `key`, or null (none, or decayed). */
  failures(key: string): Promise<FailureRecord | null>;
  /** Forgets `keys` (their hit counts and failure records). */
  clear(...keys: string[]): Promise<void>;
  /** Deletes counters whose window has passed; returns how many (a store that expires them itself: 0). */
  prune(): Promise<number>;
  /** Checks the store is reachable (at start); a bad address fails there, not at a sign-in. */
  open(): Promise<void>;
  /** Releases the store's own connections (the app's onClose). */
  close(): Promise<void>;
}

/**
 * The store over the `rate_limits` table of the shop's database. Fixed windows for
 * `hit`; a sliding failure count for the backoff. Each call is one statement.
 */
export class DatabaseRateLimitStore implements RateLimitStore {
  constructor(private readonly db: Db) {}

  /** The database is the app's own: nothing to open or close here. */
  async open(): Promise<void> {}
  async close(): Promise<void> {}

  async hit(counters: { key: string; windowMs: number }[]): Promise<Hit[]> {
    const unique = new Map<string, number>();
    for (const c of counters) unique.set(storedKey(c.key), Math.max(1, Math.trunc(c.windowMs)));
    if (unique.size === 0) return [];
    const rows = await this.db
      .insert(rateLimits)
      .values(
        [...unique].map(([key, windowMs]) => ({
          key,
          count: 1,
          windowEndsAt: sql`now() + ${windowMs}::integer * interval '1 millisecond'`,
          lastHitAt: sql`now()`,
        })),
      )
      .onConflictDoUpdate({
        target: rateLimits.key,
        set: {
          count: sql`CASE WHEN ${rateLimits.windowEndsAt} <= now() THEN 1 ELSE LEAST(${rateLimits.count} + 1, 2147483647) END`,
          windowEndsAt: sql`CASE WHEN ${rateLimits.windowEndsAt} <= now() THEN excluded.window_ends_at ELSE ${rateLimits.windowEndsAt} END`,
          lastHitAt: sql`now()`,
        },
      })
      .returning({
        key: rateLimits.key,
        count: rateLimits.count,
        resetAt: rateLimits.windowEndsAt,
        now: sql<Date>`now()`.mapWith((v: string | Date) => new Date(v)),
      });
    return rows;
  }

  /**
   * Allowed: the record decayed, fewer than `freeFailures` attempts so far, or the wait of
   * `backoffWaitMs` has passed since the last one; one statement, so simultaneous
   * attempts cannot all slip through.
   */
  async takeBackoffSlot(
    key: string,
    policy: BackoffPolicy,
    decayMs: number,
  ): Promise<number | null> {
    const k = storedKey(key);
    const rows = await this.db
      .insert(rateLimits)
      .values({
        key: k,
        count: 1,
        windowEndsAt: sql`now() + ${Math.trunc(decayMs)}::integer * interval '1 millisecond'`,
        lastHitAt: sql`now()`,
      })
      .onConflictDoUpdate({
        target: rateLimits.key,
        set: {
          count: sql`CASE WHEN ${rateLimits.windowEndsAt} <= now() THEN 1 ELSE LEAST(${rateLimits.count} + 1, 2147483647) END`,
          windowEndsAt: sql`excluded.window_ends_at`,
          lastHitAt: sql`now()`,
        },
        setWhere: sql`${rateLimits.windowEndsAt} <= now()
          OR ${rateLimits.count} < ${policy.freeFailures}::integer
          OR ${rateLimits.lastHitAt} + LEAST(
               ${policy.baseMs}::double precision * power(2, LEAST(${rateLimits.count} - ${policy.freeFailures}::integer, 40)),
               ${policy.maxMs}::double precision
             ) * interval '1 millisecond' <= now()`,
      })
      .returning({ count: rateLimits.count });
    return rows[0]?.count ?? null;
  }

  async failures(key: string): Promise<FailureRecord | null> {
    const [row] = await this.db
      .select({
        failures: rateLimits.count,
        lastFailureAt: rateLimits.lastHitAt,
        now: sql<Date>`now()`.mapWith((v: string | Date) => new Date(v)),
      })
      .from(rateLimits)
      .where(and(eq(rateLimits.key, storedKey(key)), gt(rateLimits.windowEndsAt, sql`now()`)));
    return row ?? null;
  }

  async clear(...keys: string[]): Promise<void> {
    if (keys.length === 0) return;
    await this.db.delete(rateLimits).where(inArray(rateLimits.key, keys.map(storedKey)));
  }

  async prune(): Promise<number> {
    const gone = await this.db
      .delete(rateLimits)
      .where(lt(rateLimits.windowEndsAt, sql`now()`))
      .returning({ key: rateLimits.key });
    return gone.length;
  }
}

/** Exponential backoff: free attempts, then a doubling wait from `baseMs` up to `maxMs`. */
export interface BackoffPolicy {
  freeFailures: number;
  baseMs: number;
  maxMs: number;
}

/**
 * Exponential backoff for a failure record: no wait for the first `freeFailures`, then
 * `baseMs` doubling with each further failure, at most `maxMs`, counted from the last
 * failure. Returns the milliseconds still to wait (0 = go ahead). Same rule as
 * `takeBackoffSlot` applies in SQL.
 */
export function backoffWaitMs(record: FailureRecord | null, policy: BackoffPolicy): number {
  if (!record || record.failures < policy.freeFailures) return 0;
  const exponent = Math.min(record.failures - policy.freeFailures, 40);
  const delay = Math.min(policy.baseMs * 2 ** exponent, policy.maxMs);
  const until = record.lastFailureAt.getTime() + delay;
  return Math.max(0, until - record.now.getTime());
}

/** A limit: at most `max` requests per `windowMs` for each value `by` returns. */
export interface LimitRule {
  /** Names the limit in its keys and logs ('login', 'register', 'quote', 'discount-ip'). */
  name: string;
  max: number;
  windowMs: number;
  /** Who is counted; null or '' leaves the request out of this rule. */
  by: (request: FastifyRequest) => string | null | undefined;
}

/** The client address, IPv6 folded to its /64 (one host's range), as limits count it. */
export function clientAddress(request: FastifyRequest): string {
  return normalizeIP(request.ip ?? 'unknown');
}

/**
 * Counts `request` against every rule in one query; throws 429 (Retry-After) when any
 * rule is over its max, and logs which.
 */
export async function enforceLimits(request: FastifyRequest, rules: LimitRule[]): Promise<void> {
  const counted: { rule: LimitRule; key: string }[] = [];
  for (const rule of rules) {
    const who = rule.by(request);
    if (who) counted.push({ rule, key: `${rule.name}|${who}` });
  }
  if (counted.length === 0) return;
  const hits = await request.server.deps.limits.hit(
    counted.map((c) => ({ key: c.key, windowMs: c.rule.windowMs })),
  );
  const byKey = new Map(hits.map((h) => [h.key, h]));
  for (const { rule, key } of counted) {
    const hit = byKey.get(storedKey(key));
    if (hit && hit.count > rule.max) {
      const seconds = Math.max(1, Math.ceil((hit.resetAt.getTime() - hit.now.getTime()) / 1000));
      request.log.warn({ limit: rule.name, count: hit.count }, 'rate limit exceeded');
      throw tooManyRequests(seconds);
    }
  }
}

/** A route hook (use as `preValidation` or `preHandler`) enforcing `rules`. */
export function rateLimit(...rules: LimitRule[]): preValidationAsyncHookHandler {
  return async (request: FastifyRequest, _reply: FastifyReply) => {
    await enforceLimits(request, rules);
  };
}

/**
 * @fastify/rate-limit's store interface over the shop's store (`store`), so
 * `config: { rateLimit }` routes count across instances too. Keys are prefixed per route
 * (method + URL) like the plugin's own in-memory store.
 */
export function pluginRateLimitStore(store: RateLimitStore) {
  return class SharedPluginStore {
    constructor(
      _options?: unknown,
      private readonly prefix = 'route|',
    ) {}

    incr(
      key: string,
      callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
      timeWindow: number,
    ): void {
      store.hit([{ key: `${this.prefix}${key}`, windowMs: timeWindow }]).then(
        ([hit]) =>
          callback(null, {
            current: hit!.count,
            ttl: Math.max(0, hit!.resetAt.getTime() - hit!.now.getTime()),
          }),
        (err: Error) => callback(err),
      );
    }

    /**
     * The plugin passes the route's merged limit options (its types say route options),
     * the route itself under `routeInfo`.
     */
    child(options: object): SharedPluginStore {
      const route = (options as { routeInfo?: { method?: string | string[]; url?: string } })
        .routeInfo;
      const method = [route?.method ?? ''].flat().join(',');
      return new SharedPluginStore(undefined, `route|${method} ${route?.url ?? ''}|`);
    }
  };
}
