/**
 * Builds the whole app on a fresh test database for API tests (`app.inject`, no
 * network), with the offline test payment provider unless another is given, plus
 * helpers to sign in and to send the cart session header.
 */
import { randomBytes } from 'node:crypto';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { type BuildAppOptions, buildApp } from '../app';
import { type AppConfig, loadConfig } from '../config';
import type { Database, Db } from '../db/client';
import type { AppHooks } from '../deps';
import type { PaymentProvider } from '../payments/provider';
import { createTestPaymentProvider } from '../payments/test-provider';
import { openTestDatabase } from './db';
import { startTestSmtp, type TestSmtp } from './smtp';

export interface TestApp {
  app: FastifyInstance;
  db: Db;
  database: Database;
  config: AppConfig;
  close(): Promise<void>;
}

export interface TestAppOptions {
  hooks?: AppHooks;
  payments?: (db: Db) => PaymentProvider;
  env?: Record<string, string>;
  poolSize?: number;
  /** A pino logger config (e.g. `{ level: 'warn', stream }` to capture log lines). */
  logger?: object;
  /** See BuildAppOptions.directRequestLines. */
  directRequestLines?: boolean;
  /** Told about every route as it is added (see BuildAppOptions.onRoute). */
  onRoute?: BuildAppOptions['onRoute'];
}

/** A fresh app over a fresh migrated database. Call close() in afterAll. */
export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const database = await openTestDatabase({ poolSize: options.poolSize });
  const config = loadConfig({ LOG_LEVEL: 'silent', SEED_DEMO: 'false', ...options.env });
  const app = await buildApp({
    database,
    config,
    payments: (options.payments ?? createTestPaymentProvider)(database.db),
    sessionSecret: randomBytes(32).toString('hex'),
    hooks: options.hooks,
    serveWeb: false,
    logger: options.logger,
    directRequestLines: options.directRequestLines,
    onRoute: options.onRoute,
  });
  try {
    await app.ready();
  } catch (err) {
    // A start that fails (e.g. an unreachable REDIS_URL) leaves nothing open behind it.
    await app.close().catch(() => {});
    await database.close();
    throw err;
  }
  return {
    app,
    db: database.db,
    database,
    config,
    async close() {
      await app.close();
      await database.close();
    },
  };
}

/** A TestApp that sends its mail to its own local SMTP server; close() closes both. */
export interface MailTestApp extends TestApp {
  smtp: TestSmtp;
}

/**
 * A fresh app (see createTestApp) sending its mail to a fresh local SMTP server
 * (test/smtp.ts): the mail worker polls every 0.5 s, a failed send is retried without
 * delay, links point at https://shop.example; `env` adds settings or overrides these.
 * Call close() in afterAll (the app first, then the SMTP server).
 */
export async function createMailTestApp(env: Record<string, string> = {}): Promise<MailTestApp> {
  const smtp = await startTestSmtp();
  let t: TestApp;
  try {
    t = await createTestApp({
      env: {
        SMTP_URL: smtp.url,
        MAIL_POLL_SECONDS: '0.5',
        MAIL_RETRY_DELAY_SECONDS: '0',
        PUBLIC_URL: 'https://shop.example',
        ...env,
      },
    });
  } catch (err) {
    await smtp.close();
    throw err;
  }
  return {
    ...t,
    smtp,
    async close() {
      await t.close();
      await smtp.close();
    },
  };
}

/** A new random cart session id, as the browser makes one. */
export const newSessionId = () => randomBytes(16).toString('base64url');

/** Cookie header from a response's set-cookie, for the next request. */
export function cookieFrom(res: LightMyRequestResponse): string {
  const raw = res.headers['set-cookie'];
  const list = Array.isArray(raw) ? raw : raw ? [raw] : [];
  return list.map((c) => c.split(';')[0]).join('; ');
}

/**
 * A small client that keeps its cookies (a jar by name: a cleared or expired cookie is
 * dropped, like a browser) and its cart session id between calls. Requests carry
 * neither Origin nor Sec-Fetch-Site unless a test adds them (non-browser caller).
 */
export class TestClient {
  readonly jar = new Map<string, string>();
  constructor(
    readonly app: FastifyInstance,
    public sessionId: string = newSessionId(),
  ) {}

  /** The Cookie header this client sends ('' when it holds none). */
  get cookie(): string {
    return [...this.jar].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  async request(opts: InjectOptions & { url: string }): Promise<LightMyRequestResponse> {
    const cookie = this.cookie;
    const res = await this.app.inject({
      ...opts,
      headers: {
        'x-session-id': this.sessionId,
        ...(cookie ? { cookie } : {}),
        ...(opts.headers ?? {}),
      },
    });
    for (const set of res.cookies as {
      name: string;
      value: string;
      expires?: Date;
      maxAge?: number;
    }[]) {
      const gone =
        set.value === '' ||
        set.maxAge === 0 ||
        (set.expires !== undefined && set.expires.getTime() <= Date.now());
      if (gone) this.jar.delete(set.name);
      else this.jar.set(set.name, set.value);
    }
    return res;
  }

  get(url: string) {
    return this.request({ method: 'GET', url });
  }
  post(url: string, payload?: unknown) {
    return this.request({ method: 'POST', url, payload: payload as InjectOptions['payload'] });
  }
  patch(url: string, payload?: unknown) {
    return this.request({ method: 'PATCH', url, payload: payload as InjectOptions['payload'] });
  }
  put(url: string, payload?: unknown) {
    return this.request({ method: 'PUT', url, payload: payload as InjectOptions['payload'] });
  }
  delete(url: string) {
    return this.request({ method: 'DELETE', url });
  }
}

let addressSeq = 0;

/**
 * A TestClient calling from its own client address (`remoteAddress`), so per-address
 * rate limits of one test never touch another; pass `ip` to share an address on purpose.
 */
export class AddressedClient extends TestClient {
  readonly ip: string;
  constructor(app: FastifyInstance, sessionId?: string, ip?: string) {
    super(app, sessionId);
    addressSeq += 1;
    this.ip = ip ?? `10.50.${Math.floor(addressSeq / 250) % 250}.${addressSeq % 250}`;
  }

  override request(opts: InjectOptions & { url: string }): Promise<LightMyRequestResponse> {
    return super.request({ remoteAddress: this.ip, ...opts });
  }
}

let nameSeq = 0;

/** Registration fields of a new, unique account (a password no list calls common). */
export function newCredentials(prefix = 'user') {
  nameSeq += 1;
  const username = `${prefix}${Date.now().toString(36)}${nameSeq}`;
  return { username, email: `${username}@example.com`, password: 'fairway-secret-9' };
}
