/**
 * Start-up sequence shared by `npm start` and the browser tests: open the database
 * (PGlite under DATA_DIR, or DATABASE_URL), migrate, seed demo data on an empty
 * database, bootstrap the admin, build the app and listen on HOST:PORT.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { bootstrapAdmin } from './accounts/bootstrap';
import { buildApp } from './app';
import type { AppConfig } from './config';
import { type Database, databaseUnreachable, openDatabase } from './db/client';
import type { AppHooks } from './deps';
import { createLogDestination } from './lib/log-destination';
import { createPaymentProvider } from './payments/factory';
import { seedDemoData } from './seed/demo';

/** SESSION_SECRET, else one generated once and kept in DATA_DIR/session-secret. */
export function resolveSessionSecret(config: AppConfig): string {
  if (config.SESSION_SECRET) {
    if (config.SESSION_SECRET.length < 32)
      throw new Error('SESSION_SECRET must be at least 32 characters');
    return config.SESSION_SECRET;
  }
  const file = path.join(config.DATA_DIR, 'session-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(config.DATA_DIR, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

export interface StartedShop {
  app: FastifyInstance;
  database: Database;
  url: string;
  stop(): Promise<void>;
}

export interface StartShopOptions {
  hooks?: AppHooks;
  logger?: boolean | object;
  /**
   * Migrate, seed demo data and bootstrap the admin (default true). Instances started by
   * `src/server/cluster.ts` pass false: its primary process did that once before forking.
   */
  setup?: boolean;
  /** The built web app to serve (default dist/web). */
  webDist?: string;
}

/** Opens, migrates, seeds and starts the shop. */
export async function startShop(
  config: AppConfig,
  opts: StartShopOptions = {},
): Promise<StartedShop> {
  const setup = opts.setup ?? true;
  const database = await openDatabase(
    config.DATABASE_URL
      ? { url: config.DATABASE_URL }
      : { dataDir: path.join(config.DATA_DIR, 'pglite') },
  );
  if (config.DATABASE_URL) {
    // One connection now (it stays in the pool): an unreachable server stops the start
    // with one line naming DATABASE_URL, not a driver's stack trace.
    try {
      (await database.pool!.connect()).release();
    } catch (err) {
      await database.close().catch(() => {});
      throw databaseUnreachable(config.DATABASE_URL, err);
    }
  }
  if (setup) await database.migrate();
  // Log lines go to stdout in batches of 4 KB or more, written at least every second and
  // all of them at stop (lib/log-destination.ts): a write per line cost a tenth of a busy
  // process's CPU (issue 12).
  const logs = opts.logger !== undefined ? null : createLogDestination();
  const app = await buildApp({
    database,
    config,
    payments: createPaymentProvider(config, database.db),
    sessionSecret: resolveSessionSecret(config),
    hooks: opts.hooks,
    logger: opts.logger ?? { level: config.LOG_LEVEL, stream: logs?.stream },
    // Only the logger configured here (a level and a stream) has request lines written direct.
    directRequestLines: opts.logger === undefined,
    webDist: opts.webDist,
  });
  if (setup) {
    if (config.SEED_DEMO && (await seedDemoData(database.db, config.STORE_TIME_ZONE)))
      app.log.info('Loaded demo catalogue, discount codes and blog posts');
    await bootstrapAdmin(database.db, config, app.log);
  }
  // Listening makes the app ready: that starts the mail queue when SMTP_URL is set.
  await app.listen({ host: config.HOST, port: config.PORT });
  app.log.info(
    app.deps.mail.sending
      ? 'Mail: sent through SMTP_URL by the pg-boss queue'
      : 'Mail: SMTP_URL unset, outgoing mail is held in the database outbox',
  );
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.PORT;
  // PUBLIC_URL unset: links and the cross-site check use the address actually listened
  // on (PORT=0 picks a free port, as the browser tests do).
  if (!config.PUBLIC_URL) config.publicUrl = `http://${config.HOST}:${port}`;
  if (config.https && !config.TRUST_PROXY) {
    app.log.warn(
      'PUBLIC_URL is https but TRUST_PROXY is false: behind a TLS proxy set TRUST_PROXY=true, ' +
        'or browsers never receive the Secure __Host- session cookie',
    );
  }
  if (app.deps.payments.name === 'test') {
    app.log.warn('Payments: TEST MODE, no real money moves (every page shows a test-mode banner)');
  }
  return {
    app,
    database,
    url: `http://${config.HOST}:${port}`,
    async stop() {
      await app.close();
      await database.close();
      // Every line logged until now (the close's own lines included) reaches stdout.
      await logs?.close();
    },
  };
}

/** The start-up line: the facts an operator checks (docs/deploy.md 5: `payments: paypal`). */
export function openLine(shop: StartedShop): string {
  const { config, payments } = shop.app.deps;
  return `${config.STORE_NAME} is open at ${shop.url} (${shop.database.kind}, payments: ${payments.name})`;
}

/** Longest a stop may take (requests in flight answered, database closed), ms; then exit 1. */
export const STOP_DEADLINE_MS = 10_000;

/**
 * SIGINT and SIGTERM run `stop` once, then exit 0 (1 when it failed or took longer than
 * `deadlineMs`). The handlers stay installed: every later signal is ignored, because
 * during a stop more of them arrive by design: a supervisor signals every process of the
 * group (systemd's KillMode=control-group), the cluster's primary signals its workers, tsx
 * relays the signal to its child. A one-shot handler let the second signal take Node's
 * default action and kill the process with its requests in flight.
 * Installed before the shop starts, so a signal while starting stops it once started.
 */
export function stopOnSignals(
  stop: () => Promise<void>,
  deadlineMs = STOP_DEADLINE_MS,
  onStop?: (signal: NodeJS.Signals) => void,
): void {
  let stopping = false;
  const handler = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    onStop?.(signal);
    setTimeout(() => {
      console.error(`Stop took longer than ${deadlineMs / 1000} s: exiting`);
      process.exit(1);
    }, deadlineMs);
    stop().then(
      () => process.exit(0),
      (err: unknown) => {
        console.error('Stop failed:', err);
        process.exit(1);
      },
    );
  };
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, handler);
}

/**
 * Ends a start that failed. A refusal over a setting (its message starts with the
 * variable: 'DATABASE_URL: cannot connect ...', 'REDIS_URL: ... did not answer',
 * 'STORE_TIME_ZONE must be ...', 'Invalid configuration: ...') is printed as that message
 * alone; anything else with its stack.
 */
export function exitOnStartFailure(err: unknown): never {
  const message = err instanceof Error ? err.message : String(err);
  const setting = /^(Invalid configuration\b|[A-Z][A-Z0-9]*_[A-Z0-9_]*[:= ])/.test(message);
  console.error(setting ? message : err);
  process.exit(1);
}
