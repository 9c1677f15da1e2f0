/**
 * Proof that concurrent requests really overlap on PostgreSQL. A race test installs
 * `holdFirst()` as one of the app's test hooks (e.g. `beforeOrderCommit`): the first
 * call holds its transaction open until an observer connection sees at least `waiters`
 * other transactions of the same database waiting on a lock (pg_stat_activity
 * wait_event_type 'Lock'), or the deadline passes. The test then asserts the most
 * waiters seen. On PGlite (one transaction at a time) the hook does nothing and the
 * same invariants are checked without the proof.
 */
import pg from 'pg';
import type { AppHooks } from '../deps';
import { createTestApp, type TestApp } from './app';
import { testDbKind } from './db';

export const racesOnPostgres = testDbKind() === 'postgres';

export interface OverlapProbe {
  /** A hook that holds the first caller's transaction open until `waiters` others wait on its locks. */
  holdFirst(
    waiters: number,
    deadlineMs?: number,
  ): { hook: () => Promise<void>; seen: () => number };
  close(): Promise<void>;
}

/** Opens the observer connection (PostgreSQL only). */
export async function openOverlapProbe(t: TestApp): Promise<OverlapProbe> {
  let observer: pg.Client | null = null;
  if (racesOnPostgres) {
    observer = new pg.Client({ connectionString: t.database.pool!.options.connectionString });
    await observer.connect();
  }
  const lockWaiters = async (): Promise<number> => {
    const res = await observer!.query<{ n: number }>(
      `select count(*)::int as n from pg_stat_activity
       where datname = current_database() and wait_event_type = 'Lock'`,
    );
    return res.rows[0]!.n;
  };
  return {
    holdFirst(waiters, deadlineMs = 15_000) {
      let calls = 0;
      let seen = 0;
      const hook = async () => {
        calls += 1;
        if (calls > 1 || !observer) return;
        const deadline = Date.now() + deadlineMs;
        while (Date.now() < deadline) {
          seen = Math.max(seen, await lockWaiters());
          if (seen >= waiters) return;
          await new Promise((r) => setTimeout(r, 10));
        }
      };
      return { hook, seen: () => seen };
    },
    close: async () => {
      await observer?.end();
    },
  };
}

/** A race test's app and its overlap probe; close() closes the probe, then the app. */
export interface RaceTestApp extends TestApp {
  probe: OverlapProbe;
}

/**
 * A fresh app for a race test (see createTestApp) with the test's `hooks` (set per case),
 * a pool of 20 connections so the concurrent requests each hold one, and `env` added;
 * plus its overlap probe. Call close() in afterAll.
 */
export async function createRaceTestApp(
  hooks: AppHooks,
  env: Record<string, string> = {},
): Promise<RaceTestApp> {
  const t = await createTestApp({ hooks, poolSize: 20, env });
  let probe: OverlapProbe;
  try {
    probe = await openOverlapProbe(t);
  } catch (err) {
    await t.close();
    throw err;
  }
  return {
    ...t,
    probe,
    async close() {
      await probe.close();
      await t.close();
    },
  };
}
