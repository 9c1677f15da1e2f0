/**
 * The capture check sweep with a second connection (PostgreSQL only): a payment another
 * instance holds locked is skipped (SKIP LOCKED), not waited for, and checked once freed.
 */
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { captureCheckEnv, dueNow } from './capture-check-support';

describe('the capture check sweep on PostgreSQL', () => {
  const env = captureCheckEnv();

  it('a payment another instance holds is skipped, not waited for', async () => {
    const [held, free] = [await env.lostCartCapture(), await env.lostCartCapture()];
    const other = new pg.Client({
      connectionString: env.t.database.pool!.options.connectionString,
    });
    await other.connect();
    try {
      await other.query('begin');
      await other.query('select id from payments where provider_order_id = $1 for update', [held]);
      const now = dueNow();
      const first = await Promise.race([
        env.sweep(now),
        new Promise<'waited'>((r) => setTimeout(() => r('waited'), 5000)),
      ]);
      expect(first).toMatchObject({ checked: 1, captured: 1 });
      expect((await env.rowOf(held)).status).toBe('created');
      expect((await env.rowOf(free)).status).toBe('captured');
      await other.query('rollback');
      expect(await env.sweep(now)).toMatchObject({ checked: 1, captured: 1 });
      expect((await env.rowOf(held)).status).toBe('captured');
    } finally {
      await other.query('rollback').catch(() => {});
      await other.end();
    }
  });
});
