/**
 * Database client: embedded PGlite under DATA_DIR by default, node-postgres when a
 * DATABASE_URL is given. Both use the same Drizzle schema and migrations.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import * as schema from './schema';

export type Schema = typeof schema;
/** Drizzle database over either driver. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** Either the database or a transaction: services take this so they compose inside transactions. */
export type DbOrTx = Db | Tx;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Runs the Drizzle migrations (idempotent). */
  migrate(): Promise<void>;
  close(): Promise<void>;
  /** The node-postgres pool when kind is postgres (for LISTEN, pg-boss, raw connections). */
  pool?: pg.Pool;
  /** The PGlite instance when kind is pglite. */
  pglite?: PGlite;
}

/** node-postgres pool size when none is given (the bench's database baseline uses the same). */
export const DEFAULT_POOL_SIZE = 10;

const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

export interface OpenDatabaseOptions {
  /** postgres:// URL; when absent PGlite is used. */
  url?: string;
  /** PGlite data directory; `memory://` (or undefined with no url) for in-memory. */
  dataDir?: string;
  /** node-postgres pool size. */
  poolSize?: number;
  /** node-postgres: longest wait for a connection, ms (default CONNECT_TIMEOUT_MS). */
  connectTimeoutMs?: number;
  /**
   * PGlite only: start from this dumped data directory (`dumpDataDir()`, a tar) instead of
   * an empty one; skips initdb (the test harness loads a migrated template this way).
   */
  loadDataDir?: Blob;
}

/** Longest wait for a PostgreSQL connection (new, or free in the pool), ms. */
export const CONNECT_TIMEOUT_MS = 10_000;

/**
 * The start-up error for a PostgreSQL server that cannot be reached or refuses the
 * connection: 'DATABASE_URL: cannot connect to PostgreSQL at host:port (<why>)', one
 * line naming the setting and the server (as REDIS_URL's 'did not answer'). <why> is the
 * driver's error code (ECONNREFUSED, ENOTFOUND, 28P01, ...) and, for a few common codes,
 * a fixed sentence: never the driver's own message, which can quote the user name or
 * other parts of the URL (a security review: masking the password inside that message
 * told the password by where the mask fell).
 */
export function databaseUnreachable(url: string, cause: unknown): Error {
  let where = 'the configured server';
  try {
    const parsed = new URL(url);
    where = `${parsed.hostname || 'localhost'}:${parsed.port || 5432}`;
  } catch {}
  const code = (cause as { code?: unknown } | null)?.code;
  const why =
    typeof code === 'string' && /^[A-Z0-9_]{2,20}$/.test(code)
      ? `${code}${CONNECT_FAILURES[code] ? `: ${CONNECT_FAILURES[code]}` : ''}`
      : 'no answer';
  return new Error(`DATABASE_URL: cannot connect to PostgreSQL at ${where} (${why})`, { cause });
}

/** What the usual connection failures mean, by the driver's (or the server's) error code. */
const CONNECT_FAILURES: Record<string, string> = {
  ECONNREFUSED: 'nothing listens there',
  ENOTFOUND: 'unknown host',
  ETIMEDOUT: 'no answer in time',
  EHOSTUNREACH: 'host unreachable',
  '28P01': 'the password was refused',
  '28000': 'the server refused this user',
  '3D000': 'no such database',
};

/** The session advisory lock key every migrator of this shop's database takes. */
const MIGRATION_LOCK_KEY = 720_433_101;

/**
 * Runs `migrate` while holding a PostgreSQL session advisory lock on its own connection,
 * so instances started at once on a new version (several machines, docs/deploy.md)
 * migrate one after the other: the later ones find every migration applied. Drizzle's
 * migrator takes no lock itself: two at once failed (both ran CREATE SCHEMA, CREATE TABLE).
 */
async function migrateLocked(url: string, migrate: () => Promise<void>): Promise<void> {
  // A connection of its own, not one of the pool's (a pool of one would wait on itself).
  const lock = new pg.Client({ connectionString: url });
  lock.on('error', () => {});
  await lock.connect().catch((err: unknown) => {
    throw databaseUnreachable(url, err);
  });
  try {
    await lock.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    await migrate();
  } finally {
    // Ending the session releases the lock.
    await lock.end();
  }
}

/** Opens the database (does not migrate). */
export async function openDatabase(options: OpenDatabaseOptions): Promise<Database> {
  if (options.url) {
    const pool = new pg.Pool({
      connectionString: options.url,
      max: options.poolSize ?? DEFAULT_POOL_SIZE,
      // node-postgres pipeline mode (issue 12; docs/decisions.md "Performance and several
      // instances" 14): a query is written at once, not after the one before it answered.
      // Awaited one by one, queries behave as without it; checkout sends a transaction's
      // statements that do not depend on each other's answers together (db/commit.ts).
      pipeline: true,
      // A database that stops answering (a network partition, a stalled proxy) must not
      // hold every request: a new connection, or a free one from the pool, is waited for
      // at most this long (then the request fails with a 500 instead of hanging), and
      // TCP keep-alive finds a dead peer of an open connection within about a minute.
      connectionTimeoutMillis: options.connectTimeoutMs ?? CONNECT_TIMEOUT_MS,
      keepAlive: true,
      keepAliveInitialDelayMillis: 10_000,
    });
    // An idle client losing its connection (server restart, database dropped) must not
    // crash the process; the pool replaces it on the next query.
    pool.on('error', (err) => console.error('PostgreSQL pool: idle client error:', err.message));
    // Nor may a client in use (checked out for a transaction: the pool listens only to
    // idle ones, and node-postgres emits 'error' on the client besides failing its
    // queries, which crashed the process when a backend was terminated mid-request). The
    // queries in flight fail with the error; the pool drops the client when it is released.
    pool.on('connect', (client) => {
      client.on('error', () => {});
    });
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    return {
      db,
      kind: 'postgres',
      pool,
      migrate: () =>
        migrateLocked(options.url!, () => migratePg(db as never, { migrationsFolder })),
      close: () => pool.end(),
    };
  }
  const dataDir = options.dataDir ?? 'memory://';
  if (!dataDir.startsWith('memory://')) mkdirSync(dataDir, { recursive: true });
  const pglite = await PGlite.create(
    dataDir,
    options.loadDataDir ? { loadDataDir: options.loadDataDir } : {},
  );
  const db = drizzlePglite(pglite, { schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    pglite,
    migrate: () => migratePglite(db as never, { migrationsFolder }),
    close: () => pglite.close(),
  };
}
