/**
 * Periodic clean-up of rows that expire (rate-limit counters, guest claims): each task
 * runs once when the app is ready and then every hour, never overlapping itself; a
 * failure is logged and retried at the next tick. Timers are unref'd and stop on close.
 */
import type { FastifyInstance } from 'fastify';

const HOUR_MS = 60 * 60 * 1000;

/** Runs each `tasks[name]()` on ready and hourly. */
export function installHourlyPrune(
  app: FastifyInstance,
  tasks: Record<string, () => Promise<unknown>>,
  intervalMs = HOUR_MS,
): void {
  const timers: NodeJS.Timeout[] = [];
  app.addHook('onReady', async () => {
    for (const [name, task] of Object.entries(tasks)) {
      let running = false;
      const run = async () => {
        if (running) return;
        running = true;
        try {
          await task();
        } catch (err) {
          app.log.warn({ err }, `pruning ${name} failed`);
        } finally {
          running = false;
        }
      };
      await run();
      const timer = setInterval(run, intervalMs);
      timer.unref();
      timers.push(timer);
    }
  });
  app.addHook('onClose', async () => {
    for (const timer of timers) clearInterval(timer);
  });
}
