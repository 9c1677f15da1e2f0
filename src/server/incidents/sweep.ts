/**
 * The timer the incidents sweeps share (refund-retry.ts, capture-check.ts): one sweep at
 * a time in this process, unref'd, and a stop function that waits for a running sweep,
 * so the app closes its database only after it.
 */
import type { FastifyBaseLogger } from 'fastify';

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
