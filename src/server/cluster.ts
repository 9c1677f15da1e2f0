/**
 * `npm run start:cluster`: several shop processes behind one port (Node's cluster module;
 * the primary accepts connections and hands them to the workers round-robin), all on one
 * PostgreSQL database (issue 12 "Two instances"). Nothing a request needs lives only in
 * one process: sessions, carts and rate-limit counters are in PostgreSQL, the catalogue
 * cache is invalidated by NOTIFY, the job queue is pg-boss on the same database.
 *
 * The primary migrates, seeds demo data and bootstraps the admin once, resolves the
 * session secret (so every worker signs cookies alike), then forks WEB_CONCURRENCY
 * workers (default: the number of CPUs) and replaces any that dies. SIGINT/SIGTERM stop
 * the workers gracefully, then the primary.
 *
 * Needs DATABASE_URL: the embedded PGlite database belongs to one process.
 */
import cluster from 'node:cluster';
import os from 'node:os';
import pino from 'pino';
import { bootstrapAdmin } from './accounts/bootstrap';
import { loadConfig } from './config';
import { openDatabase } from './db/client';
import { seedDemoData } from './seed/demo';
import { resolveSessionSecret, startShop } from './start';

const config = loadConfig();

if (cluster.isPrimary) {
  if (!config.DATABASE_URL) {
    console.error(
      'start:cluster needs DATABASE_URL (PostgreSQL): the embedded database cannot be shared by several processes. Use `npm start` for one process.',
    );
    process.exit(1);
  }
  const workers = Math.max(1, Number(process.env.WEB_CONCURRENCY ?? os.availableParallelism()));
  const log = pino({ level: config.LOG_LEVEL });

  const database = await openDatabase({ url: config.DATABASE_URL });
  await database.migrate();
  if (config.SEED_DEMO && (await seedDemoData(database.db, config.STORE_TIME_ZONE))) {
    log.info('Loaded demo catalogue, discount codes and blog posts');
  }
  await bootstrapAdmin(database.db, config, log);
  await database.close();
  const sessionSecret = resolveSessionSecret(config);

  let stopping = false;
  const fork = () => cluster.fork({ SESSION_SECRET: sessionSecret, FP_CLUSTER_WORKER: '1' });
  for (let i = 0; i < workers; i++) fork();
  cluster.on('exit', (worker, code, signal) => {
    if (stopping) return;
    log.warn(`worker ${worker.process.pid} exited (${signal ?? code}); starting another`);
    fork();
  });
  log.info(`${config.STORE_NAME}: ${workers} workers on http://${config.HOST}:${config.PORT}`);

  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      stopping = true;
      for (const worker of Object.values(cluster.workers ?? {})) worker?.kill('SIGTERM');
      const deadline = setTimeout(() => process.exit(1), 15_000);
      deadline.unref();
      cluster.on('exit', () => {
        if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(0);
      });
    });
  }
} else {
  const shop = await startShop(config, { setup: false });
  shop.app.log.info(`worker ${process.pid} serving ${shop.url}`);
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      shop.stop().then(
        () => process.exit(0),
        () => process.exit(1),
      );
    });
  }
}
