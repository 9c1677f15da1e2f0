/**
 * The durable job queue behind outgoing mail (DECISIONS.md "All outgoing mail goes
 * through a durable job queue with retries"): pg-boss 10 in the shop's own database
 * (schema `pgboss`), over PGlite through a small adapter or over the node-postgres pool.
 * A job carries only the id of its `mail_outbox` row; the row is the record of the mail.
 */
import { createHash } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import PgBoss from 'pg-boss';
import type { Database } from '../db/client';

export const MAIL_QUEUE = 'mail-send';

/**
 * Mail its reader waits for at the screen (the reset link, which also expires): its job
 * goes before a backlog of other mail (pg-boss priority; the rest keep their order).
 */
export const URGENT_MAIL_KINDS: ReadonlySet<string> = new Set(['password_reset']);

export interface MailQueueOptions {
  /** Retries after the first attempt (pg-boss retryLimit). */
  retryLimit: number;
  /** Seconds before the first retry; doubles on each retry (pg-boss backoff) when > 0. */
  retryDelaySeconds: number;
  /** How often the worker looks for due jobs, seconds (pg-boss minimum 0.5). */
  pollSeconds: number;
}

/** One delivery attempt; `final` is true when pg-boss will not retry after a failure. */
export type MailJobHandler = (outboxId: number, final: boolean) => Promise<void>;

export interface MailQueue {
  /** The running pg-boss instance (other durable jobs, e.g. campaigns, share it). */
  readonly boss: PgBoss;
  /**
   * Adds the job for an outbox row; a second call for the same row is a no-op while its
   * job exists. Kinds in URGENT_MAIL_KINDS are fetched before the others.
   */
  send(outbox: { id: number; createdAt: Date; kind?: string }): Promise<void>;
  /** Asks the worker to look for jobs now instead of at its next poll. */
  wake(): void;
  /** Stops the worker (waiting briefly for a running delivery) and pg-boss. */
  stop(): Promise<void>;
}

/**
 * pg-boss `db` adapter. PGlite runs one statement list per call: parameterised SQL
 * goes through `query`, pg-boss's multi-statement plans (no parameters) through `exec`.
 */
export function pgBossDb(database: Database): PgBoss.Db {
  // pg-boss completes or fails a job without awaiting it, so that call can come after the
  // shop stopped the queue (which waits 5 s for a delivery) and closed its database; it
  // would then be an unhandled rejection. Once the database is closing, such a call is
  // dropped: its promise never settles and nothing waits for it (the job, left active, is
  // retried after its expiry; its outbox row says whether the mail was sent).
  if (database.pool) {
    const pool = database.pool;
    return {
      executeSql: (text, values) => (pool.ending ? dropped() : pool.query(text, values)),
    };
  }
  const pg = database.pglite!;
  return {
    async executeSql(text, values) {
      if (pg.closed) return dropped();
      if (values?.length) return pg.query(text, values);
      return (await pg.exec(text)).at(-1) ?? { rows: [] };
    },
  };
}

/** A database call made after the database closed: never answered (see `pgBossDb`). */
const dropped = () => new Promise<{ rows: never[] }>(() => {});

/**
 * The job id of an outbox row: a UUID derived from the row's id and creation time, so
 * re-sending the same row (after-commit dispatch, start-up sweep) cannot make a second job.
 */
export function mailJobId(outbox: { id: number; createdAt: Date }): string {
  const h = createHash('sha256')
    .update(`mail_outbox:${outbox.id}:${outbox.createdAt.getTime()}`)
    .digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-8${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

/**
 * Starts pg-boss (creating or migrating its schema), creates the mail queue and a worker
 * that calls `handler` for each job; a handler that throws makes pg-boss retry the job
 * after the configured delay, up to `retryLimit` times. Throws if pg-boss cannot start.
 */
export async function startMailQueue(
  database: Database,
  options: MailQueueOptions,
  handler: MailJobHandler,
  log: FastifyBaseLogger,
): Promise<MailQueue> {
  const boss = new PgBoss({
    db: pgBossDb(database),
    // Mail needs no cron; keep the clock/cron monitors off.
    schedule: false,
  });
  boss.on('error', (err) => log.error({ err }, 'mail queue error'));
  await boss.start();
  const retry = {
    retryLimit: options.retryLimit,
    retryDelay: options.retryDelaySeconds,
    retryBackoff: options.retryDelaySeconds > 0,
  };
  // A delivery takes seconds (30 s socket timeout); a job still active after 5 minutes
  // belongs to a process that died before marking its row, and is retried.
  await boss.createQueue(MAIL_QUEUE, { name: MAIL_QUEUE, ...retry, expireInSeconds: 300 });
  let workerId: string | null = null;
  workerId = await boss.work<{ outboxId: number }>(
    MAIL_QUEUE,
    { includeMetadata: true, batchSize: 1, pollingIntervalSeconds: options.pollSeconds },
    async (jobs) => {
      for (const job of jobs) {
        await handler(job.data.outboxId, job.retryCount >= job.retryLimit);
      }
      // Delivered: fetch the next job at once instead of after the polling interval
      // (one mail per poll was about 30 a minute; a backlog drains at the SMTP server's
      // pace now). A failed delivery keeps the polling pace.
      if (workerId) boss.notifyWorker(workerId);
    },
  );
  return {
    boss,
    async send(outbox) {
      await boss.send(
        MAIL_QUEUE,
        { outboxId: outbox.id },
        {
          id: mailJobId(outbox),
          ...retry,
          ...(outbox.kind && URGENT_MAIL_KINDS.has(outbox.kind) ? { priority: 1 } : {}),
        },
      );
    },
    wake() {
      if (workerId) boss.notifyWorker(workerId);
    },
    async stop() {
      await boss.stop({ graceful: true, timeout: 5000, wait: true, close: false });
    },
  };
}
