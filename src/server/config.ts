/**
 * Runtime configuration from the environment (DECISIONS.md "Runtime conventions";
 * README's configuration table lists every variable). Parsed once with zod so a bad
 * value fails at start with a clear message.
 */
import { z } from 'zod';

const bool = (def: boolean) =>
  z
    .enum(['true', 'false', '1', '0', 'yes', 'no'])
    .optional()
    .transform((v) => (v === undefined ? def : v === 'true' || v === '1' || v === 'yes'));

const EnvSchema = z.object({
  HOST: z.string().default('127.0.0.1'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
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
  MAIL_FROM: z.string().default('Fairway Pin Co. <orders@fairwaypin.co>'),
  /** Retries of a mail after its first failed attempt (pg-boss retryLimit); then it is 'failed'. */
  MAIL_RETRY_LIMIT: z.coerce.number().int().min(0).max(100).default(5),
  /** Seconds before the first mail retry; doubles on each retry (0: retry at once). */
  MAIL_RETRY_DELAY_SECONDS: z.coerce.number().int().min(0).default(60),
  /** How often the mail worker looks for due jobs, seconds (at least 0.5). */
  MAIL_POLL_SECONDS: z.coerce.number().min(0.5).default(2),
  /** How often 'queued' outbox rows without a job are handed to the queue again, seconds. */
  MAIL_SWEEP_SECONDS: z.coerce.number().int().min(1).default(60),
  PUBLIC_URL: z.string().optional(),
  STORE_NAME: z.string().default('Fairway Pin Co.'),
  STORE_EMAIL: z.string().default('hello@fairwaypin.co'),
  STORE_CITY: z.string().default('San Diego, California'),
  STORE_CUSTOMER_COUNT: z.string().default('500+'),
  RUSH_SLOTS_PER_MONTH: z.coerce.number().int().min(0).default(3),
  TRUST_PROXY: bool(false),
  /** Login attempts per minute per client address and username (DECISIONS.md: login rate-limited). */
  LOGIN_RATE_LIMIT: z.coerce.number().int().min(1).default(10),
  /** Registrations per minute per client address. */
  REGISTER_RATE_LIMIT: z.coerce.number().int().min(1).default(5),
  /** Quote requests per 10 minutes per client address (DECISIONS.md: public forms rate-limited). */
  QUOTE_RATE_LIMIT: z.coerce.number().int().min(1).default(5),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
});

export type Env = z.infer<typeof EnvSchema>;

export interface AppConfig extends Env {
  paymentProvider: 'test' | 'paypal';
  publicUrl: string;
}

/** Reads and validates configuration; throws with every bad variable named. */
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
  return {
    ...base,
    paymentProvider,
    publicUrl: (base.PUBLIC_URL ?? `http://${base.HOST}:${base.PORT}`).replace(/\/$/, ''),
  };
}
