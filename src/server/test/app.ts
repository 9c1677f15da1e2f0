/**
 * Builds the whole app on a fresh test database for API tests (`app.inject`, no
 * network), with the offline test payment provider unless another is given, plus
 * helpers to sign in and to send the cart session header.
 */
import { randomBytes } from 'node:crypto';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { type AppHooks, buildApp } from '../app';
import { type AppConfig, loadConfig } from '../config';
import type { Database, Db } from '../db/client';
import type { PaymentProvider } from '../payments/provider';
import { createTestPaymentProvider } from '../payments/test-provider';
import { openTestDatabase } from './db';

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
  });
  await app.ready();
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

/** A new random cart session id, as the browser makes one. */
export const newSessionId = () => randomBytes(16).toString('base64url');

/** Cookie header from a response's set-cookie, for the next request. */
export function cookieFrom(res: LightMyRequestResponse): string {
  const raw = res.headers['set-cookie'];
  const list = Array.isArray(raw) ? raw : raw ? [raw] : [];
  return list.map((c) => c.split(';')[0]).join('; ');
}

/** A small client that keeps the session cookie and cart session id between calls. */
export class TestClient {
  cookie = '';
  constructor(
    readonly app: FastifyInstance,
    readonly sessionId: string = newSessionId(),
  ) {}

  async request(opts: InjectOptions & { url: string }): Promise<LightMyRequestResponse> {
    const res = await this.app.inject({
      ...opts,
      headers: {
        'x-session-id': this.sessionId,
        ...(this.cookie ? { cookie: this.cookie } : {}),
        ...(opts.headers ?? {}),
      },
    });
    const set = cookieFrom(res);
    if (set) this.cookie = set;
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
