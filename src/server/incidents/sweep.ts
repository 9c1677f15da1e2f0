/**
 * The timer the incidents sweeps share (refund-retry.ts, capture-check.ts): one sweep at
 * a time in this process, unref'd, and a stop function that waits for a running sweep,
 * so the app closes its database only after it.
 */
import { type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { FastifyBaseLogger } from 'fastify';

/** A doubling backoff: `baseSeconds` after the first try, twice that after the second, ... capped. */
export interface Backoff {
  baseSeconds: number;
  maxSeconds: number;
}

/** Seconds to wait after the `attempt`-th try (1-based) under `backoff`: base, 2 base, 4 base, ... capped. */
export function backoffSeconds(attempt: number, backoff: Backoff): number {
  return Math.min(backoff.baseSeconds * 2 ** Math.max(0, attempt - 1), backoff.maxSeconds);
}

/**
 * The same rule in SQL, for a claim that counts its try in `tries` in the same UPDATE:
 * `now` plus `backoffSeconds(tries + 1)` (the column still holds the count before this try).
 */
export function nextTryAt(now: Date, tries: AnyPgColumn, backoff: Backoff): SQL {
  return sql`${now.toISOString()}::timestamptz + make_interval(secs => least(${backoff.baseSeconds} * power(2, ${tries}), ${backoff.maxSeconds}))`;
}

/**
 * Runs `sweep` every `intervalSeconds` (a tick while one still runs is skipped; a
 * failure is logged as `${what} failed` and the next tick runs as usual). Returns a
 * function that stops the timer and resolves once a running sweep has ended.
 * `intervalSeconds` 0 disables it (nothing runs; the stop function does nothing).
 */
export function startSweep(
  sweep: () => Promise<unknown>,
  log: FastifyBaseLogger,
  intervalSeconds: number,
  what: string,
): () => Promise<void> {
  if (intervalSeconds <= 0) return async () => {};
  let running: Promise<unknown> | null = null;
  const timer = setInterval(() => {
    if (running) return;
    running = sweep()
      .catch((err) => log.error({ err }, `${what} failed`))
      .finally(() => {
        running = null;
      });
  }, intervalSeconds * 1000);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
