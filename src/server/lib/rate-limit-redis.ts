/**
 * The shop's counters in Redis (issue 12 "Two instances": "in PostgreSQL, or Redis when
 * `REDIS_URL` is set"). Same contract as the database store (`RateLimitStore` in
 * rate-limit.ts; test/rate-limit-contract.ts checks both the same way), kept in Redis so
 * the counters' writes leave the database alone.
 *
 * Each call is ONE Lua script (ioredis `defineCommand`, sent as EVALSHA): Redis runs a
 * script alone, so simultaneous hits get distinct counts and simultaneous backoff
 * attempts cannot both slip through. Windows and the backoff's clock are Redis's own
 * (`TIME`), as the database store uses the database's `now()`: instances with skewed
 * clocks still agree.
 *
 * Keys: `<prefix>hit:<key>` (a counter; `INCR`, the window is its expiry) and
 * `<prefix>backoff:<key>` (a hash: `c` attempts, `l` the last attempt in ms; expires
 * `decayMs` after the last attempt). Redis drops expired keys itself, so `prune` has
 * nothing to do. One Redis server (not Redis Cluster: a hit on several keys is one script
 * over keys of different slots).
 */
import { Redis } from 'ioredis';
import {
  type BackoffPolicy,
  type FailureRecord,
  type Hit,
  type RateLimitStore,
  storedKey,
} from './rate-limit';

/** KEYS: the counters; ARGV: their windows in ms. Returns count, ttl ms per key, then now ms. */
const HIT = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local out = {}
for i, key in ipairs(KEYS) do
  local count = redis.call('INCR', key)
  local ttl = redis.call('PTTL', key)
  if count == 1 or ttl < 0 then
    ttl = tonumber(ARGV[i])
    redis.call('PEXPIRE', key, ttl)
  end
  out[#out + 1] = count
  out[#out + 1] = ttl
end
out[#out + 1] = now
return out`;

/**
 * KEYS[1]: the backoff record; ARGV: freeFailures, baseMs, maxMs, decayMs. The rule of
 * `backoffWaitMs`: allowed with no live record, fewer than freeFailures attempts, or once
 * min(baseMs * 2^min(count - freeFailures, 40), maxMs) has passed since the last attempt.
 * Returns the attempt's number, or false (nil to the client) when refused.
 */
const TAKE_BACKOFF_SLOT = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local free, base, max, decay = tonumber(ARGV[1]), tonumber(ARGV[2]), tonumber(ARGV[3]), tonumber(ARGV[4])
local record = redis.call('HMGET', KEYS[1], 'c', 'l')
local count = tonumber(record[1])
if count == nil then
  count = 1
else
  if count >= free then
    local wait = math.min(base * 2 ^ math.min(count - free, 40), max)
    if tonumber(record[2]) + wait > now then return false end
  end
  count = count + 1
end
redis.call('HSET', KEYS[1], 'c', count, 'l', now)
redis.call('PEXPIRE', KEYS[1], decay)
return count`;

/** KEYS[1]: the backoff record. Returns { count or false, last ms or false, now ms }. */
const FAILURES = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local record = redis.call('HMGET', KEYS[1], 'c', 'l')
return { record[1], record[2], now }`;

interface CounterCommands {
  fpHit(keyCount: number, ...keysThenWindows: (string | number)[]): Promise<number[]>;
  fpTakeBackoffSlot(
    key: string,
    freeFailures: number,
    baseMs: number,
    maxMs: number,
    decayMs: number,
  ): Promise<number | null>;
  fpFailures(key: string): Promise<[string | null, string | null, number]>;
}

/** ioredis options for the counters: fail a call fast while Redis is away instead of queueing it. */
const CLIENT_OPTIONS = {
  lazyConnect: true,
  maxRetriesPerRequest: 1,
  connectTimeout: 5000,
} as const;

/**
 * Counters in the Redis server at `url` (`redis://[:password@]host:port[/db]`, or
 * `rediss://` for TLS), under `prefix` (default `fairway:limit:`; several shops or test
 * runs can share one server with different prefixes).
 */
export class RedisRateLimitStore implements RateLimitStore {
  private readonly redis: Redis & CounterCommands;
  private readonly hitPrefix: string;
  private readonly backoffPrefix: string;
  private readonly where: string;
  /** The client's last connection error (ioredis reports them as events). */
  private lastError: Error | null = null;

  constructor(url: string, prefix = 'fairway:limit:') {
    const redis = new Redis(url, CLIENT_OPTIONS);
    const { hostname, port } = new URL(url);
    this.where = `${hostname}:${port || 6379}`;
    redis.on('error', (err: Error) => {
      this.lastError = err;
    });
    redis.defineCommand('fpHit', { lua: HIT });
    redis.defineCommand('fpTakeBackoffSlot', { numberOfKeys: 1, lua: TAKE_BACKOFF_SLOT });
    redis.defineCommand('fpFailures', { numberOfKeys: 1, lua: FAILURES });
    this.redis = redis as Redis & CounterCommands;
    this.hitPrefix = `${prefix}hit:`;
    this.backoffPrefix = `${prefix}backoff:`;
  }

  /**
   * Connects and asks PING; throws 'REDIS_URL: Redis at host:port did not answer (<cause>)'
   * when unreachable (and stops reconnecting).
   */
  async open(): Promise<void> {
    try {
      if (this.redis.status === 'wait') await this.redis.connect();
      await this.redis.ping();
    } catch (err) {
      this.redis.disconnect();
      const cause = this.lastError?.message ?? (err as Error).message;
      throw new Error(`REDIS_URL: Redis at ${this.where} did not answer (${cause})`);
    }
  }

  async close(): Promise<void> {
    if (this.redis.status === 'end' || this.redis.status === 'wait') {
      this.redis.disconnect();
      return;
    }
    await this.redis.quit().catch(() => this.redis.disconnect());
  }

  async hit(counters: { key: string; windowMs: number }[]): Promise<Hit[]> {
    const unique = new Map<string, number>();
    for (const c of counters) unique.set(storedKey(c.key), Math.max(1, Math.trunc(c.windowMs)));
    if (unique.size === 0) return [];
    const keys = [...unique.keys()];
    const reply = await this.redis.fpHit(
      keys.length,
      ...keys.map((k) => this.hitPrefix + k),
      ...unique.values(),
    );
    const now = new Date(reply[reply.length - 1]!);
    return keys.map((key, i) => ({
      key,
      count: reply[2 * i]!,
      resetAt: new Date(now.getTime() + reply[2 * i + 1]!),
      now,
    }));
  }

  async takeBackoffSlot(
    key: string,
    policy: BackoffPolicy,
    decayMs: number,
  ): Promise<number | null> {
    return this.redis.fpTakeBackoffSlot(
      this.backoffPrefix + storedKey(key),
      policy.freeFailures,
      policy.baseMs,
      policy.maxMs,
      Math.max(1, Math.trunc(decayMs)),
    );
  }

  async failures(key: string): Promise<FailureRecord | null> {
    const [count, last, now] = await this.redis.fpFailures(this.backoffPrefix + storedKey(key));
    if (count === null || last === null) return null;
    return { failures: Number(count), lastFailureAt: new Date(Number(last)), now: new Date(now) };
  }

  async clear(...keys: string[]): Promise<void> {
    if (keys.length === 0) return;
    const stored = keys.map(storedKey);
    await this.redis.del(
      ...stored.map((k) => this.hitPrefix + k),
      ...stored.map((k) => this.backoffPrefix + k),
    );
  }

  /** Redis expires the counters itself. */
  async prune(): Promise<number> {
    return 0;
  }
}
