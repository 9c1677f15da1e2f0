/**
 * LISTEN on PostgreSQL (db/listen.ts; issue 12): the listener's connection is its own,
 * not one of the query pool's, and a listener whose connection is killed says so
 * (`onDown`), comes back (`onUp`) and receives notifications again.
 * PostgreSQL only (vitest.config.ts: `*.postgres.test.ts`).
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../test/db';
import type { Database } from './client';
import { listenToChannel, notifyChannel } from './listen';

const CHANNEL = 'fp_listen_test';
let database: Database;

beforeAll(async () => {
  database = await openTestDatabase({ poolSize: 2 });
});
afterAll(() => database?.close());

describe('listenToChannel on PostgreSQL', () => {
  it('leaves every pool connection to queries, and reconnects after losing its connection', async () => {
    const messages: string[] = [];
    let ups = 0;
    let downs = 0;
    const warnings: string[] = [];
    const log = { warn: (_obj: unknown, msg?: string) => warnings.push(msg ?? '') };
    const stop = await listenToChannel(
      database,
      CHANNEL,
      {
        onMessage: (payload) => messages.push(payload),
        onUp: () => {
          ups += 1;
        },
        onDown: () => {
          downs += 1;
        },
      },
      log,
    );
    try {
      expect(ups).toBe(1);
      await notifyChannel(database.db, CHANNEL, 'first');
      await expect.poll(() => messages, { timeout: 3000 }).toEqual(['first']);

      // The pool (2 connections) runs 2 queries at once although a listener is live.
      const started = Date.now();
      await Promise.all([
        database.db.execute(sql`select pg_sleep(0.4)`),
        database.db.execute(sql`select pg_sleep(0.4)`),
      ]);
      // One after the other they would take at least 800 ms.
      expect(Date.now() - started).toBeLessThan(790);
      expect(database.pool!.totalCount).toBeLessThanOrEqual(2);

      // Kill the listener's connection: it reports the loss, reconnects and hears again.
      const killed = await database.db.execute(sql`
        select pg_terminate_backend(pid) as ok from pg_stat_activity
        where datname = current_database() and query = ${`LISTEN ${CHANNEL}`}`);
      expect((killed as unknown as { rows: unknown[] }).rows).toHaveLength(1);
      await expect.poll(() => downs, { timeout: 3000 }).toBe(1);
      expect(warnings).toEqual(['notification listener lost its connection; reconnecting']);
      await expect.poll(() => ups, { timeout: 5000 }).toBe(2);
      await notifyChannel(database.db, CHANNEL, 'second');
      await expect.poll(() => messages, { timeout: 3000 }).toEqual(['first', 'second']);
    } finally {
      await stop();
    }
    // Stopped: no more messages, and its connection is gone.
    await notifyChannel(database.db, CHANNEL, 'third');
    await new Promise((r) => setTimeout(r, 300));
    expect(messages).toEqual(['first', 'second']);
    const listeners = async () => {
      const res = await database.db.execute(sql`
        select count(*)::int as n from pg_stat_activity
        where datname = current_database()
          and (query like 'LISTEN%' or query like 'UNLISTEN%')`);
      return (res as unknown as { rows: { n: number }[] }).rows[0]!.n;
    };
    await expect.poll(listeners, { timeout: 3000 }).toBe(0);
  });
});
