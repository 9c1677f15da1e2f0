/**
 * The node-postgres pool when the database fails (db/client.ts; a failure audit): a
 * connection terminated while a transaction holds it fails that transaction and does
 * not crash the process (node-postgres emits 'error' on a checked-out client, which had
 * no listener); a database that accepts connections but never answers makes a query
 * fail after the connect timeout instead of hanging.
 * PostgreSQL only (vitest.config.ts: `*.postgres.test.ts`).
 */
import net from 'node:net';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../test/db';
import { type Database, openDatabase } from './client';

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase({ poolSize: 3 });
});
afterAll(() => database?.close());

const rows = (result: unknown) => (result as { rows: Record<string, unknown>[] }).rows;

describe('the pool when PostgreSQL fails', () => {
  it('a backend terminated inside a transaction fails it; the process lives and the next query works', async () => {
    const crashes: unknown[] = [];
    const onUncaught = (err: unknown) => crashes.push(err);
    process.on('uncaughtException', onUncaught);
    try {
      for (let round = 0; round < 3; round++) {
        let pid: (value: number) => void = () => {};
        const backend = new Promise<number>((resolve) => {
          pid = resolve;
        });
        // Settled into a value at once: the transaction may fail before the kill query
        // answers, and a rejection with no handler yet is reported as unhandled.
        const held = database.db
          .transaction(async (tx) => {
            pid(Number(rows(await tx.execute(sql`select pg_backend_pid() as pid`))[0]!.pid));
            await tx.execute(sql`select pg_sleep(10)`);
          })
          .then(
            () => null,
            (err: unknown) => err,
          );
        const killed = await database.db.execute(
          sql`select pg_terminate_backend(${await backend}) as ok`,
        );
        expect(rows(killed)[0]!.ok).toBe(true);
        expect(await held).toBeInstanceOf(Error);
        // Give an unhandled 'error' event the time to surface.
        await new Promise((r) => setTimeout(r, 50));
        expect(rows(await database.db.execute(sql`select 1 as one`))[0]!.one).toBe(1);
      }
      expect(crashes).toEqual([]);
    } finally {
      process.off('uncaughtException', onUncaught);
    }
  });

  it('a database that never answers fails the query after the connect timeout', async () => {
    const silent = net.createServer(() => {
      // Accepts the connection and says nothing, as a stalled proxy does.
    });
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const port = (silent.address() as net.AddressInfo).port;
    const stalled = await openDatabase({
      url: `postgres://postgres@127.0.0.1:${port}/none`,
      poolSize: 2,
      connectTimeoutMs: 400,
    });
    try {
      const started = Date.now();
      const failed = await stalled.db.execute(sql`select 1`).then(
        () => null,
        (err: Error & { cause?: Error }) => err,
      );
      // Drizzle wraps the driver's error ('Failed query: ...'); its cause is the timeout.
      expect(failed?.cause?.message ?? failed?.message).toMatch(/timeout/i);
      expect(Date.now() - started).toBeLessThan(3000);
    } finally {
      await stalled.close();
      silent.close();
    }
  });

  it('instances started at once on an empty database migrate one after the other, all succeeding', async () => {
    const adminUrl = process.env.TEST_DATABASE_URL!;
    const name = `fp_migrate_${Date.now().toString(36)}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    const instances = await Promise.all(
      Array.from({ length: 3 }, () => openDatabase({ url: url.toString(), poolSize: 1 })),
    );
    try {
      const results = await Promise.allSettled(instances.map((d) => d.migrate()));
      expect(results.map((r) => (r.status === 'rejected' ? String(r.reason) : 'ok'))).toEqual([
        'ok',
        'ok',
        'ok',
      ]);
      const applied = await instances[0]!.db.execute(
        sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
      );
      expect(rows(applied)[0]!.n).toBeGreaterThan(10);
    } finally {
      await Promise.all(instances.map((d) => d.close()));
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    }
  });
});
