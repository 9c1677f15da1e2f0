/**
 * The background check of captures whose answer never came (docs/decisions.md "When the
 * parts around the shop fail" 5): a `created` payment with `capture_attempted_at` set is
 * one the shop asked the provider to capture without hearing the answer, so money may
 * have moved, or not (the request may never have reached the provider). The buyer's own
 * next payment finishes it (payments/service.ts `finishOpenPayments`, `unusedCaptureOf`:
 * the buyer is there and wants it paid); this sweep learns what happened when the buyer
 * never comes back. It only READS the provider's order (`getOrder`), never captures: a
 * buyer told 'try again in a moment' who left must not be charged later (a review: the
 * first version captured again and took money the provider had never taken). Same
 * pattern as the refund sweep (refund-retry.ts): periodic, backoff per payment, safe
 * with any number of app instances on one database.
 *
 * Each sweep claims due rows in one statement — `UPDATE ... WHERE id IN (SELECT ... FOR
 * UPDATE SKIP LOCKED) RETURNING` — which also counts the check and pushes
 * `next_capture_check_at` forward (1 min, 2, 4, ... capped at 1 h), so two instances
 * never claim the same row in the same window. A row is first due
 * CAPTURE_CHECK.graceSeconds after its capture was asked for (the buyer's page asks
 * again at once by itself). Then, by what the provider's order holds:
 *
 * - a capture -> decided as the buyer's capture would have been (`decideCapture`):
 *   COMPLETED with the expected amount -> `captured`, an invoice or a custom order
 *   balance settled at once (`onCaptured`), a cart or deposit capture listed under
 *   'captures without an order' once CAPTURE_GRACE_MINUTES have passed (its `updatedAt`
 *   is the decision) unless the buyer comes back and places the order with it; declined,
 *   pending, another amount -> as at the buyer's capture. `decide` moves only a
 *   `created` row, so the buyer's own request deciding it at the same moment is harmless;
 * - no capture (the order is only approved, or never was), or an order the provider does
 *   not know (404) -> nothing moved: `capture_attempted_at` cleared, checks from zero;
 * - no definite answer (no answer, 5xx, or a refusal such as 401) -> checked again after
 *   the backoff; from the CAPTURE_CHECK.maxAttempts-th check on, ONE open
 *   `capture_unknown` incident tells the admin to look the order up at the provider and
 *   `capture_reported_at` ends the checks. A crash between a claim and its check only
 *   delays it: a row is claimed until it is decided, cleared or reported.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { formatUsd } from '../../shared/money';
import type { Db, DbOrTx } from '../db/client';
import { paymentIncidents, payments } from '../db/schema';
import type { AppDeps } from '../deps';
import { formatStoreTime } from '../lib/store-time';
import { PaymentProviderError, type ProviderCapture } from '../payments/provider';
import {
  CAPTURE_UNKNOWN_INCIDENT,
  decideCapture,
  type PaymentRow,
  recordIncident,
} from '../payments/service';
import { backoffSeconds, nextTryAt, startSweep } from './sweep';

/**
 * First check 5 min after the capture was asked for, then 1, 2, 4, ... 32, 60 min: the
 * 8th check, after which a row still unknown is reported, is about 2 h 10 min after it,
 * inside the 3 hours in which the buyer's own next payment also asks again
 * (payments/service.ts OPEN_CAPTURE_HOURS).
 */
export const CAPTURE_CHECK = {
  graceSeconds: 5 * 60,
  baseSeconds: 60,
  maxSeconds: 3600,
  maxAttempts: 8,
  batch: 10,
} as const;

/** Seconds to wait after the `check`-th check (1-based): 60, 120, 240, ... capped at 1 h. */
export function captureCheckBackoffSeconds(check: number): number {
  return backoffSeconds(check, CAPTURE_CHECK);
}

/**
 * Claims up to `limit` due `created` rows of `provider` whose capture got no answer (see
 * module doc), counting the check and setting the next one; returns them. Rows of
 * another provider (the shop switched from test payments) are left alone.
 */
export async function claimDueCaptureChecks(
  db: DbOrTx,
  provider: PaymentRow['provider'],
  now: Date,
  limit: number = CAPTURE_CHECK.batch,
): Promise<PaymentRow[]> {
  const grace = new Date(now.getTime() - CAPTURE_CHECK.graceSeconds * 1000);
  // `status = 'created' and capture_attempted_at is not null` as literals: the partial
  // index payments_capture_check_idx answers the inner select.
  return db
    .update(payments)
    .set({
      captureChecks: sql`${payments.captureChecks} + 1`,
      nextCaptureCheckAt: nextTryAt(now, payments.captureChecks, CAPTURE_CHECK),
    })
    .where(
      sql`${payments.id} in (
        select id from payments
         where status = 'created'
           and capture_attempted_at is not null
           and provider = ${provider}
           and capture_reported_at is null
           and (next_capture_check_at <= ${now.toISOString()}::timestamptz
                or (next_capture_check_at is null
                    and capture_attempted_at <= ${grace.toISOString()}::timestamptz))
         order by id
         limit ${limit}
         for update skip locked)`,
    )
    .returning();
}

/** What one check of a claimed row came to. */
type CheckOutcome = 'captured' | 'decided' | 'not_captured' | 'unknown' | 'reported';

function paidFor(p: PaymentRow): string {
  switch (p.purpose) {
    case 'cart':
      return 'a catalogue cart';
    case 'custom_deposit':
      return `the deposit of prepared custom order ${p.reference}`;
    case 'custom_balance':
      return `the balance of custom order ${p.reference}`;
    case 'invoice':
      return `invoice ${p.reference}`;
  }
}

/**
 * Records the one open `capture_unknown` incident of `row` (none when one is open
 * already) and ends its checks (`capture_reported_at`), under its row lock; nothing when
 * the row was decided or its attempt cleared meanwhile. `answer` says what the provider
 * last answered. Returns true when the incident is open now.
 */
async function reportUnknown(
  db: Db,
  timeZone: string,
  row: PaymentRow,
  answer: string,
  err: PaymentProviderError,
  log: FastifyBaseLogger,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [p] = await tx.select().from(payments).where(eq(payments.id, row.id)).for('update');
    if (p?.status !== 'created' || !p.captureAttemptedAt) return false;
    await tx
      .update(payments)
      .set({ captureReportedAt: new Date(), nextCaptureCheckAt: null })
      .where(eq(payments.id, p.id));
    const [open] = await tx
      .select({ id: paymentIncidents.id })
      .from(paymentIncidents)
      .where(
        and(
          eq(paymentIncidents.providerOrderId, p.providerOrderId),
          eq(paymentIncidents.kind, CAPTURE_UNKNOWN_INCIDENT),
          eq(paymentIncidents.resolved, false),
        ),
      )
      .limit(1);
    if (open) return true;
    const provider = p.provider === 'paypal' ? 'PayPal' : 'the payment provider';
    await recordIncident(tx, {
      providerOrderId: p.providerOrderId,
      kind: CAPTURE_UNKNOWN_INCIDENT,
      message:
        `The shop asked ${provider} to capture order ${p.providerOrderId} ` +
        `(${formatUsd(p.expectedCents)} for ${paidFor(p)}; payment started ${formatStoreTime(p.createdAt, timeZone)}, ` +
        `capture asked for ${formatStoreTime(p.captureAttemptedAt, timeZone)}) and never heard whether the money moved; ` +
        `asked about the order ${row.captureChecks} times since, ${answer}. ` +
        `Look the order up at ${provider}: if it was captured, refund it there or settle it with the customer; then mark this resolved.`,
      details: {
        paymentId: p.id,
        purpose: p.purpose,
        reference: p.reference,
        expectedCents: p.expectedCents,
        createdAt: p.createdAt.toISOString(),
        captureAttemptedAt: p.captureAttemptedAt.toISOString(),
        checks: row.captureChecks,
        lastAnswer: {
          status: err.providerStatus ?? null,
          issue: err.issue ?? null,
          message: err.message,
        },
      },
    });
    log.warn({ providerOrderId: p.providerOrderId }, 'capture outcome unknown: admin told');
    return true;
  });
}

/**
 * Nothing was captured (the order holds no capture, or the provider does not know it):
 * clears the attempt of `row` (unless a new one was made since) and its checks.
 */
async function clearAttempt(db: Db, row: PaymentRow): Promise<void> {
  await db
    .update(payments)
    .set({ captureAttemptedAt: null, captureChecks: 0, nextCaptureCheckAt: null })
    .where(
      and(
        eq(payments.id, row.id),
        eq(payments.status, 'created'),
        eq(payments.captureAttemptedAt, row.captureAttemptedAt!),
      ),
    );
}

/**
 * Checks one claimed row (see module doc): reads the order at the provider and decides,
 * clears, waits or reports. Throws only for what is not a provider failure (the database).
 */
async function checkCapture(
  deps: AppDeps,
  row: PaymentRow,
  log: FastifyBaseLogger,
): Promise<CheckOutcome> {
  let order: ProviderCapture;
  try {
    order = await deps.payments.getOrder(row.providerOrderId);
  } catch (err) {
    if (!(err instanceof PaymentProviderError)) throw err;
    if (err.providerStatus === 404) {
      await clearAttempt(deps.db, row);
      return 'not_captured';
    }
    log.warn({ err, providerOrderId: row.providerOrderId }, 'capture check: no answer');
    if (row.captureChecks < CAPTURE_CHECK.maxAttempts) return 'unknown';
    const answer =
      err.providerStatus === undefined || err.providerStatus >= 500
        ? 'without a definite answer'
        : `refused with ${err.providerStatus}${err.issue ? ` ${err.issue}` : ''}`;
    const zone = deps.config.STORE_TIME_ZONE;
    return (await reportUnknown(deps.db, zone, row, answer, err, log)) ? 'reported' : 'decided';
  }
  if (order.captureId === null) {
    await clearAttempt(deps.db, row);
    return 'not_captured';
  }
  const answer = await decideCapture(deps, row, order, log);
  return answer.status === 'COMPLETED' ? 'captured' : 'decided';
}

/**
 * One sweep: claims due rows (`claimDueCaptureChecks` for the app's provider) and checks
 * each (module doc). A row whose check fails unexpectedly (the database) is logged and
 * left to its next check. Returns the counts: rows checked, captured now, still unknown
 * (checked again later), reported to the admin now.
 */
export async function runCaptureCheckSweep(
  deps: AppDeps,
  log: FastifyBaseLogger,
  now: Date = new Date(),
): Promise<{ checked: number; captured: number; unknown: number; reported: number }> {
  const claimed = await claimDueCaptureChecks(deps.db, deps.payments.name, now);
  const counts = { checked: claimed.length, captured: 0, unknown: 0, reported: 0 };
  for (const row of claimed) {
    let outcome: CheckOutcome;
    try {
      outcome = await checkCapture(deps, row, log);
    } catch (err) {
      log.error({ err, providerOrderId: row.providerOrderId }, 'capture check failed');
      continue;
    }
    if (outcome === 'captured') counts.captured += 1;
    else if (outcome === 'unknown') counts.unknown += 1;
    else if (outcome === 'reported') counts.reported += 1;
  }
  if (claimed.length > 0) log.info(counts, 'capture check sweep');
  return counts;
}

/**
 * Runs `runCaptureCheckSweep` every `intervalSeconds` (never two at once in this
 * process; sweep.ts); returns a function that stops it and waits for a running sweep.
 * `intervalSeconds` 0 disables the sweep.
 */
export function startCaptureCheck(
  deps: AppDeps,
  log: FastifyBaseLogger,
  intervalSeconds: number,
): () => Promise<void> {
  return startSweep(() => runCaptureCheckSweep(deps, log), log, intervalSeconds, 'capture check');
}
