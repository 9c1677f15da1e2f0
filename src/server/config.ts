/**
 * Runtime configuration from the environment (DECISIONS.md "Runtime conventions";
 * README's configuration table lists every variable). Parsed once with zod so a bad
 * value fails at start with a clear message.
 */
import { isIP } from 'node:net';
import { z } from 'zod';
import { DEFAULT_STORE_TIME_ZONE, isTimeZone } from './lib/store-time';

const bool = (def: boolean) =>
  z
    .enum(['true', 'false', '1', '0', 'yes', 'no'])
    .optional()
    .transform((v) => (v === undefined ? def : v === 'true' || v === '1' || v === 'yes'));

/** An IP address, CIDR range (`10.0.0.0/8`, `::1/128`) or proxy-addr range name, as TRUST_PROXY takes them. */
function isProxyAddress(entry: string): boolean {
  if (['loopback', 'linklocal', 'uniquelocal'].includes(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d+$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
}

const EnvSchema = z.object({
  /** `production` makes the shop refuse to start on the test payment provider unless asked for. */
  NODE_ENV: z.string().optional(),
  HOST: z.string().default('127.0.0.1'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  /**
   * How long one start-up step (a plugin or route module registering) may take before the
   * start fails, ms (Fastify's `pluginTimeout`, 10 s by default); 0: no limit. Only a much
   * slower run needs more, such as the shop under valgrind (scripts/bench-instructions.ts).
   */
  STARTUP_STEP_TIMEOUT_MS: z.coerce.number().int().min(0).default(10_000),
  DATABASE_URL: z.string().optional(),
  DATA_DIR: z.string().default('./data'),
  SEED_DEMO: bool(true),
  ADMIN_USERNAME: z.string().optional(),
  ADMIN_PASSWORD: z.string().optional(),
  ADMIN_EMAIL: z.string().optional(),
  SESSION_SECRET: z.string().optional(),
  PAYMENT_PROVIDER: z.enum(['test', 'paypal']).optional(),
  PAYPAL_CLIENT_ID: z.string().optional(),
  PAYPAL_CLIENT_SECRET: z.string().optional(),
  PAYPAL_ENVIRONMENT: z.enum(['sandbox', 'live']).default('sandbox'),
  PAYPAL_API_BASE: z.string().url().optional(),
  SMTP_URL: z.string().optional(),
  /**
   * Redis for the rate-limit counters (issue 12); unset keeps them in the database's
   * `rate_limits` table. Checked at start: an unreachable server stops the start.
   */
  REDIS_URL: z
    .string()
    .url()
    .refine((v) => /^rediss?:\/\//i.test(v), 'REDIS_URL must be a redis:// or rediss:// URL')
    .optional(),
  /** Prefix of the shop's Redis keys (several shops can share one Redis server). */
  REDIS_KEY_PREFIX: z.string().min(1).default('fairway:'),
  MAIL_FROM: z.string().default('Fairway Pin Co. <orders@fairwaypin.co>'),
  /** Retries of a mail after its first failed attempt (pg-boss retryLimit); then it is 'failed'. */
  MAIL_RETRY_LIMIT: z.coerce.number().int().min(0).max(100).default(5),
  /** Seconds before the first mail retry; doubles on each retry (0: retry at once). */
  MAIL_RETRY_DELAY_SECONDS: z.coerce.number().int().min(0).default(60),
  /** How often the mail worker looks for due jobs, seconds (at least 0.5). */
  MAIL_POLL_SECONDS: z.coerce.number().min(0.5).default(2),
  /** How often 'queued' outbox rows without a job are handed to the queue again, seconds. */
  MAIL_SWEEP_SECONDS: z.coerce.number().int().min(1).default(60),
  /** Parallel SMTP connections one campaign job sends over. */
  CAMPAIGN_CONCURRENCY: z.coerce.number().int().min(1).max(50).default(4),
  /**
   * A campaign whose worker has not reported for this long (it died) is picked up again;
   * its recipients claimed but not yet sent go back to pending. Seconds.
   */
  CAMPAIGN_STALE_SECONDS: z.coerce.number().int().min(1).default(60),
  /** Newsletter sign-ups per 10 minutes per client address. */
  NEWSLETTER_RATE_LIMIT: z.coerce.number().int().min(1).default(5),
  /** How often refunds still owed are retried by the background sweep, seconds (0: off). */
  REFUND_RETRY_SECONDS: z.coerce.number().int().min(0).default(60),
  /** The shop's address as buyers reach it (links in mail, the cross-site check, https cookies). */
  PUBLIC_URL: z
    .string()
    .url()
    .refine((v) => /^https?:\/\//i.test(v), 'PUBLIC_URL must be an http(s) URL')
    .optional(),
  STORE_NAME: z.string().default('Fairway Pin Co.'),
  STORE_EMAIL: z.string().default('hello@fairwaypin.co'),
  STORE_CITY: z.string().default('San Diego, California'),
  STORE_CUSTOMER_COUNT: z.string().default('500+'),
  /** Opening hours (schema.org openingHours) and service area of the home page's LocalBusiness (storefront spec section 9). */
  STORE_HOURS: z.string().default('Mo-Fr 09:00-17:00'),
  STORE_SERVICE_AREA: z.string().default('United States'),
  /**
   * The shop's own calendar (IANA zone name): a discount code 'valid from / until' a day
   * means that day here (docs/decisions.md issue 8 entry 5). An unknown zone refuses to start.
   */
  STORE_TIME_ZONE: z
    .string()
    .trim()
    .default(DEFAULT_STORE_TIME_ZONE)
    .refine(
      isTimeZone,
      'STORE_TIME_ZONE must be an IANA time zone name such as America/Los_Angeles or Europe/Berlin',
    ),
  RUSH_SLOTS_PER_MONTH: z.coerce.number().int().min(0).default(3),
  /**
   * Which proxies in front may speak for the client (`X-Forwarded-For`, `-Proto`):
   * `false` none; `true` the proxy on this machine (`loopback`, the documented setup:
   * the address it added, the rightmost, is the client); the proxies' addresses, CIDR
   * ranges or proxy-addr's names (`loopback`, `linklocal`, `uniquelocal`),
   * comma-separated; or a number N of hops, only when nothing but the proxies can reach
   * the shop. Never "trust every hop": the leftmost address is the client's own choice,
   * and every per-address rate limit would count what it chose (a security audit).
   */
  TRUST_PROXY: z
    .string()
    .trim()
    .optional()
    .transform((v, ctx): false | number | string[] => {
      const text = (v ?? 'false').toLowerCase();
      if (['', 'false', '0', 'no'].includes(text)) return false;
      if (['true', 'yes'].includes(text)) return ['loopback'];
      if (/^\d+$/.test(text)) return Number(text);
      const entries = text.split(',').map((e) => e.trim());
      if (entries.every(isProxyAddress)) return entries;
      ctx.addIssue({
        code: 'custom',
        message:
          "TRUST_PROXY must be true, false, the proxies' addresses (comma-separated IPs, CIDR ranges or loopback) or a number of proxy hops",
      });
      return z.NEVER;
    }),
  /** Login attempts per minute per client address and username (DECISIONS.md: login rate-limited). */
  LOGIN_RATE_LIMIT: z.coerce.number().int().min(1).default(10),
  /**
   * Login attempts per minute per client address, whatever the username: one address
   * trying one password on many accounts (password spraying) meets this, not the above.
   */
  LOGIN_ADDRESS_RATE_LIMIT: z.coerce.number().int().min(1).default(30),
  /** Registrations per minute per client address. */
  REGISTER_RATE_LIMIT: z.coerce.number().int().min(1).default(5),
  /**
   * 'Forgot password?' requests per 10 minutes per client address, and new passwords set
   * from a mailed link per minute per client address (accounts/routes.ts).
   */
  PASSWORD_RESET_RATE_LIMIT: z.coerce.number().int().min(1).default(5),
  /** Quote requests per 10 minutes per client address (DECISIONS.md: public forms rate-limited). */
  QUOTE_RATE_LIMIT: z.coerce.number().int().min(1).default(5),
  /** Error reports from the web app's error screen per minute per client address (issue 10). */
  CLIENT_ERROR_RATE_LIMIT: z.coerce.number().int().min(1).default(10),
  /** Custom orders prepared (wizard uploads) per 10 minutes per client address. */
  CUSTOM_ORDER_RATE_LIMIT: z.coerce.number().int().min(1).default(20),
  /**
   * Discount-code checks (validate, cart totals with a code, payment with a code) per
   * minute, counted per client address and per cart session (issue 11).
   */
  DISCOUNT_RATE_LIMIT: z.coerce.number().int().min(1).default(30),
  /**
   * Payment orders created (POST /paypal/order: each one is a call to the provider and a
   * payment row) per 10 minutes, counted per client address and per cart session or
   * account. A buyer retrying a payment a few times stays far below it.
   */
  PAYMENT_ORDER_RATE_LIMIT: z.coerce.number().int().min(1).default(60),
  /** Failed sign-ins of one account (from any address) before each try must wait (backoff). */
  LOGIN_ACCOUNT_FREE_FAILURES: z.coerce.number().int().min(1).default(10),
  /** Longest wait the per-account backoff imposes, seconds (never a permanent lockout). */
  LOGIN_ACCOUNT_MAX_DELAY_SECONDS: z.coerce.number().int().min(1).default(900),
  /** A customer's session ends after this many hours without use (renewed on use). */
  SESSION_IDLE_HOURS: z.coerce
    .number()
    .positive()
    .default(7 * 24),
  /** An admin's session ends after this many hours without use. */
  ADMIN_SESSION_IDLE_HOURS: z.coerce.number().positive().default(12),
  /** Every session ends this many days after sign-in, used or not. */
  SESSION_MAX_DAYS: z.coerce.number().positive().default(30),
  /** Days a collaboration link works after it is created (DECISIONS.md: tokens expire). */
  COLLAB_LINK_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  /**
   * Seconds a collaboration presence entry lives without a refresh from its app instance;
   * each instance refreshes its own every third of that, so a dead instance's users leave
   * the room within this time (collaboration/presence.ts).
   */
  COLLAB_PRESENCE_TTL_SECONDS: z.coerce.number().min(0.3).max(600).default(30),
  /** Messages per 10 seconds one collaboration WebSocket may send (burst up to the same number). */
  COLLAB_MESSAGE_RATE_LIMIT: z.coerce.number().int().min(1).max(10_000).default(20),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
});

export type Env = z.infer<typeof EnvSchema>;

export interface AppConfig extends Env {
  paymentProvider: 'test' | 'paypal';
  /** PUBLIC_URL without a trailing slash, else `http://HOST:PORT`. */
  publicUrl: string;
  /** True when PUBLIC_URL is https: cookies get the `__Host-` prefix and `Secure`. */
  https: boolean;
}

/** Start refused: production on the test provider without PAYMENT_PROVIDER=test (issue 11). */
export const TEST_PAYMENTS_IN_PRODUCTION =
  'NODE_ENV=production but PayPal is not configured: set PAYPAL_CLIENT_ID and PAYPAL_CLIENT_SECRET, ' +
  'or PAYMENT_PROVIDER=test to run on test payments on purpose (no real money is taken).';

/**
 * Reads and validates configuration; throws with every bad variable named, and
 * TEST_PAYMENTS_IN_PRODUCTION when NODE_ENV=production would silently take test
 * payments (DECISIONS.md "One payment route": production starts only with PayPal
 * configured or PAYMENT_PROVIDER=test set explicitly).
 */
export function loadConfig(
  env: NodeJS.ProcessEnv = process.env,
  overrides: Partial<Env> = {},
): AppConfig {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const base = { ...parsed.data, ...overrides };
  const paymentProvider =
    base.PAYMENT_PROVIDER ??
    (base.PAYPAL_CLIENT_ID && base.PAYPAL_CLIENT_SECRET ? 'paypal' : 'test');
  if (base.NODE_ENV === 'production' && paymentProvider === 'test' && !base.PAYMENT_PROVIDER) {
    throw new Error(TEST_PAYMENTS_IN_PRODUCTION);
  }
  const publicUrl = (base.PUBLIC_URL ?? `http://${base.HOST}:${base.PORT}`).replace(/\/+$/, '');
  return {
    ...base,
    paymentProvider,
    publicUrl,
    https: publicUrl.toLowerCase().startsWith('https://'),
  };
}
