/**
 * The background job that retries refunds still owed (issue 8): a periodic sweep over
 * `payments` in `refund_pending`, with exponential backoff per payment, safe with any
 * number of app instances on one database.
 *
 * Each sweep claims due rows in one statement — `UPDATE ... WHERE id IN (SELECT ...
 * FOR UPDATE SKIP LOCKED) RETURNING` — which also counts the attempt and pushes
 * `next_refund_at` forward (1 min, 2, 4, ... capped at 6 h), so two instances never
 * claim the same row in the same window; the provider call then uses the payment's
 * stable refund request id (payments/service.ts), so even a duplicate call cannot refund
 * twice. A row is first eligible RECENT_GRACE_SECONDS after it became owed (the request
 * that owes it is refunding it right now). After MAX_ATTEMPTS the sweep stops trying and
 * the row waits for the admin on the incidents screen ('Retry refund').
 */
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { DbOrTx } from '../db/client';
import { payments } from '../db/schema';
import type { AppDeps } from '../deps';
import { type PaymentRow, refundPayment } from '../payments/service';
import { backoffSeconds, nextTryAt, startSweep } from './sweep';

export const REFUND_RETRY = {
  baseSeconds: 60,
  maxSeconds: 6 * 3600,
  maxAttempts: 12,
  recentGraceSeconds: 30,
  batch: 10,
} as const;

/** Seconds to wait after the `attempt`-th automatic attempt (1-based): 60, 120, 240, ... capped. */
export function refundBackoffSeconds(attempt: number): number {
  return backoffSeconds(attempt, REFUND_RETRY);
}

/** Claims up to `limit` due `refund_pending` rows (see module doc); returns them. */
export async function claimDueRefunds(
  db: DbOrTx,
  now: Date,
  limit: number = REFUND_RETRY.batch,
): Promise<PaymentRow[]> {
  const grace = new Date(now.getTime() - REFUND_RETRY.recentGraceSeconds * 1000);
  // Backoff by the attempt this claim counts: base * 2^(attempts) seconds, capped.
  return db
    .update(payments)
    .set({
      refundAttempts: sql`${payments.refundAttempts} + 1`,
      nextRefundAt: nextTryAt(now, payments.refundAttempts, REFUND_RETRY),
    })
    .where(
      sql`${payments.id} in (
        select id from payments
         where status = 'refund_pending'
           and admin_resolved_at is null
           and refund_attempts < ${REFUND_RETRY.maxAttempts}
           and (next_refund_at <= ${now.toISOString()}::timestamptz
                or (next_refund_at is null and updated_at <= ${grace.toISOString()}::timestamptz))
         order by id
         limit ${limit}
         for update skip locked)`,
    )
    .returning();
}

/** One sweep: claims due rows and asks the provider to refund each. Returns the counts. */
export async function runRefundSweep(
  deps: Pick<AppDeps, 'db' | 'payments' | 'config'>,
  log: FastifyBaseLogger,
  now: Date = new Date(),
): Promise<{ attempted: number; refunded: number }> {
  const claimed = await claimDueRefunds(deps.db, now);
  let refunded = 0;
  for (const row of claimed) {
    const reason = row.failureReason ?? 'Refund owed';
    if ((await refundPayment(deps, row, reason, log)) !== null) refunded += 1;
  }
  if (claimed.length > 0) log.info({ attempted: claimed.length, refunded }, 'refund sweep');
  return { attempted: claimed.length, refunded };
}

/**
 * Runs `runRefundSweep` every `intervalSeconds` (never two at once in this process;
 * sweep.ts); returns a function that stops it. `intervalSeconds` 0 disables the sweep.
 */
export function startRefundRetry(
  deps: Pick<AppDeps, 'db' | 'payments' | 'config'>,
  log: FastifyBaseLogger,
  intervalSeconds: number,
): () => Promise<void> {
  return startSweep(() => runRefundSweep(deps, log), log, intervalSeconds, 'refund sweep');
}
