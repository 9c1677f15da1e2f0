/**
 * `npm run start:cluster`: several shop processes behind one port (Node's cluster module;
 * the primary accepts connections and hands them to the workers round-robin), all on one
 * PostgreSQL database (issue 12 "Two instances"). Nothing a request needs lives only in
 * one process: sessions, carts and rate-limit counters are in PostgreSQL, the catalogue
 * cache is invalidated by NOTIFY, the job queue is pg-boss on the same database.
 *
 * The primary migrates, seeds demo data and bootstraps the admin once, resolves the
 * session secret (so every worker signs cookies alike), then forks WEB_CONCURRENCY
 * workers (default: the number of CPUs) and replaces any that dies.
 *
 * Stopping: SIGINT/SIGTERM to the primary, to the workers, or to all of them at once (a
 * supervisor's KillMode=control-group) drain every worker (requests in flight are
 * answered), then the primary exits: 0 when every worker exited 0. The primary signals
 * each worker's process (SIGTERM) and does not disconnect it first: `worker.kill()` does,
 * and a worker whose IPC channel closes stops listening at once and, signalled again,
 * died with its requests in flight. Repeated signals are ignored while stopping
 * (start.ts stopOnSignals); the primary gives up after PRIMARY_STOP_DEADLINE_MS.
 *
 * Needs DATABASE_URL: the embedded PGlite database belongs to one process.
 */
import cluster, { type Worker } from 'node:cluster';
import os from 'node:os';
import pino from 'pino';
import { bootstrapAdmin } from './accounts/bootstrap';
import { loadConfig } from './config';
import { openDatabase } from './db/client';
import { seedDemoData } from './seed/demo';
import {
  exitOnStartFailure,
  resolveSessionSecret,
  STOP_DEADLINE_MS,
  type StartedShop,
  startShop,
  stopOnSignals,
} from './start';

/** The primary's wait for its workers to drain: a worker's own deadline, and a margin. */
const PRIMARY_STOP_DEADLINE_MS = STOP_DEADLINE_MS + 5_000;

if (cluster.isPrimary) {
  await runPrimary().catch(exitOnStartFailure);
} else {
  let started: Promise<StartedShop> | undefined;
  stopOnSignals(async () => {
    const shop = await started;
    await shop?.stop();
  });
  try {
    started = startShop(loadConfig(), { setup: false });
    const shop = await started;
    const { config, payments } = shop.app.deps;
    // The facts of main.ts's start line (docs/deploy.md 5 looks for `payments: paypal`).
    shop.app.log.info(
      `worker ${process.pid} serving ${shop.url} (${config.STORE_NAME}, ${shop.database.kind}, payments: ${payments.name})`,
    );
  } catch (err) {
    exitOnStartFailure(err);
  }
}

async function runPrimary(): Promise<void> {
  const config = loadConfig();
  if (!config.DATABASE_URL) {
    console.error(
      'start:cluster needs DATABASE_URL (PostgreSQL): the embedded database cannot be shared by several processes. Use `npm start` for one process.',
    );
    process.exit(1);
  }
  const workers = Math.max(1, Number(process.env.WEB_CONCURRENCY ?? os.availableParallelism()));
  const log = pino({ level: config.LOG_LEVEL });

  const database = await openDatabase({ url: config.DATABASE_URL });
  try {
    await database.migrate();
    if (config.SEED_DEMO && (await seedDemoData(database.db, config.STORE_TIME_ZONE))) {
      log.info('Loaded demo catalogue, discount codes and blog posts');
    }
    await bootstrapAdmin(database.db, config, log);
  } finally {
    await database.close();
  }
  const sessionSecret = resolveSessionSecret(config);

  const live = new Set<Worker>();
  let stopping = false;
  let failed = false;
  const fork = () => {
    const worker = cluster.fork({ SESSION_SECRET: sessionSecret, FP_CLUSTER_WORKER: '1' });
    live.add(worker);
  };
  cluster.on('exit', (worker, code, signal) => {
    live.delete(worker);
    if (!stopping) {
      log.warn(`worker ${worker.process.pid} exited (${signal ?? code}); starting another`);
      fork();
      return;
    }
    if (code !== 0) failed = true;
    log.info(`worker ${worker.process.pid} stopped (${signal ?? `exit code ${code}`})`);
    if (live.size === 0) process.exit(failed ? 1 : 0);
  });

  stopOnSignals(
    // Resolves when the last worker exits (the 'exit' listener above ends the process).
    () => new Promise<void>(() => {}),
    PRIMARY_STOP_DEADLINE_MS,
    (signal) => {
      stopping = true;
      log.info(`${signal}: stopping ${live.size} workers (requests in flight are answered)`);
      if (live.size === 0) process.exit(0);
      // The process, not worker.kill(): that disconnects the worker first (see above).
      for (const worker of live) worker.process.kill('SIGTERM');
    },
  );
  for (let i = 0; i < workers; i++) fork();
  log.info(
    `${config.STORE_NAME}: ${workers} workers on http://${config.HOST}:${config.PORT} (postgres, payments: ${config.paymentProvider})`,
  );
}
