/**
 * Settling a captured payment exactly once: turning it into the thing it paid for (a
 * catalogue order, a custom order from its deposit, a custom order's balance), or
 * refusing and refunding it. Shared by every flow whose capture is settled by a later
 * call (DECISIONS.md "Payments count only when captured, with the right amount, once";
 * catalogue checkout's rules, docs/decisions.md 22, 33).
 *
 * In ONE transaction, with the payment row locked FOR UPDATE:
 * - a `PaymentLookup` read with the lock that is unknown or not the caller's: 404;
 * - already consumed: the existing result is answered again (idempotent replay);
 * - not captured (declined, refunded, ...): 409 saying why, nothing changes;
 * - else the caller's `settle` runs in a savepoint (or, with `savepoint: false`, without
 *   one: a refusal then rolls back and is recorded in a new transaction). It does the work
 *   and must mark the payment consumed (`markConsumed`). When it throws `PaymentRefused`
 *   the work is undone, the payment becomes `refund_pending` with an admin incident, and
 *   after the commit it is refunded in full (`refunded` once the provider confirms); the
 *   customer gets 409 with the reason and whether the refund went through.
 * Input the database refuses answers 400 with the payment kept; any other failure after
 * payment is logged, recorded for the admin and answered 500.
 */
import { eq, type Placeholder, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { FastifyBaseLogger } from 'fastify';
import type { ORDER_REJECT_REASONS } from '../../shared/schemas/checkout';
import type { Db, DbOrTx, Tx } from '../db/client';
import { executePrepared } from '../db/commit';
import { payments } from '../db/schema';
import type { AppDeps } from '../deps';
import { conflict, HttpError, inputRejectedByDatabase, notFound } from '../lib/errors';
import { ORDER_REFUSED_INCIDENT, type PaymentRow, recordIncident, refundPayment } from './service';

type Deps = Pick<AppDeps, 'db' | 'payments' | 'config' | 'mail'>;

export const PAYMENT_NOT_COMPLETED = 'Payment not completed';
export const PAYMENT_REFUNDED = 'This payment was refunded. Please check out again.';
export const PAYMENT_REFUND_PENDING = 'This payment is being refunded. Please check out again.';
export const ORDER_FAILED_AFTER_PAYMENT =
  'Your payment was received, but we could not record your order. Our team has been notified and will contact you.';
const REFUNDED = 'Your payment has been refunded.';
const REFUND_PENDING =
  'We could not refund your payment automatically; our team has been notified and will refund it.';

export type RefusalReason = (typeof ORDER_REJECT_REASONS)[number];

/** Thrown by `settle` to stop after payment: the payment is refunded and the customer told why. */
export class PaymentRefused extends Error {
  constructor(
    /** A full customer sentence, e.g. 'Sorry, "X" sold out while you were paying.' */
    readonly problem: string,
    readonly kind: RefusalReason,
  ) {
    super(problem);
    this.name = 'PaymentRefused';
  }
}

/**
 * A payment the caller names but has not read: settlement reads it with its row lock
 * (one round trip fewer than reading it first; issue 12) and answers 404 `notFoundMessage`
 * when it does not exist or `belongs` refuses it (e.g. not this session's cart payment).
 */
export interface PaymentLookup {
  providerOrderId: string;
  belongs(payment: PaymentRow): boolean;
  notFoundMessage: string;
}

export interface SettleOptions<T, A = undefined> {
  /** For incidents and logs: what the payment pays for, e.g. 'order', 'custom order deposit'. */
  what: string;
  /** The result an earlier settlement of this (consumed) payment made, or null. */
  replay(tx: Tx, payment: PaymentRow): Promise<T | null>;
  /**
   * Optional: sends reads the work needs right behind the payment lock, before its answer
   * (on the pipelined PostgreSQL pool one round trip for both; issue 12). They must not
   * depend on the payment as read (PostgreSQL runs them after the lock is held); what this
   * returns is handed to `settle`, and is dropped when the payment cannot settle (so a
   * promise returned here must not reject unhandled).
   */
  alongsideLock?(tx: Tx): A;
  /**
   * Does the work inside a savepoint (see `savepoint`), with what `alongsideLock`
   * returned; throws PaymentRefused to refuse and refund.
   */
  settle(tx: Tx, payment: PaymentRow, alongside: A): Promise<T>;
  /** Extra details stored on the admin's incidents (caller, request body). */
  details: Record<string, unknown>;
  /**
   * false: `settle` runs without a savepoint (one round trip fewer; issue 12). A refusal
   * then rolls the whole transaction back (which may already be aborted, e.g. by a
   * statement sent with COMMIT) and the refund is recorded in a new transaction that
   * locks the payment again: if another request settled or refused it meanwhile, that
   * result is answered instead. Default true.
   */
  savepoint?: boolean;
  /**
   * Runs the settling transaction; default `deps.db.transaction`. Checkout passes
   * db/commit.ts `transactionEndingInCommit` (its work ends with `executeThenCommit`).
   */
  runTransaction?: <R>(fn: (tx: Tx) => Promise<R>) => Promise<R>;
}

/**
 * A `SettleOptions.replay` for work that records the payment on its row: answers the row
 * of `table` whose `column` holds the payment's provider order id (the catalogue order,
 * the custom order made from a deposit, the custom order whose balance it paid), or null
 * when there is none.
 */
export function replayRecordedRow<T extends PgTable>(
  table: T,
  column: PgColumn,
): (tx: Tx, payment: PaymentRow) => Promise<T['$inferSelect'] | null> {
  return async (tx, payment) => {
    const [row] = await tx
      .select()
      .from(table as PgTable)
      .where(eq(column, payment.providerOrderId));
    return (row as T['$inferSelect'] | undefined) ?? null;
  };
}

/** Marks a payment consumed (inside `settle`): it can never settle anything else. */
export async function markConsumed(tx: Tx, payment: PaymentRow): Promise<void> {
  await consumeWrite(tx, payment.id);
}

/**
 * `markConsumed`'s update of payment `paymentId`, built not run (`at`: the time stored,
 * default now; either may be a placeholder): for a caller that sends it inside one
 * statement of its own (checkout, issue 12).
 */
export function consumeWrite(
  db: DbOrTx,
  paymentId: number | Placeholder,
  at: Date | Placeholder = new Date(),
) {
  // As a parameter bound to its column (encoded like any value), also when a placeholder.
  const time = (column: typeof payments.consumedAt | typeof payments.updatedAt) =>
    sql`${sql.param(at, column)}`;
  return db
    .update(payments)
    .set({ consumedAt: time(payments.consumedAt), updatedAt: time(payments.updatedAt) })
    .where(eq(payments.id, paymentId));
}

/** The payment lock by provider order id, prepared once per database (`lockPaymentByOrderId`). */
const paymentLocks = new WeakMap<
  Db,
  { execute(v: Record<string, unknown>): Promise<PaymentRow[]> }
>();

/**
 * The payment with provider order id `providerOrderId`, read `FOR UPDATE` in `tx` (empty
 * when unknown). In a transaction run by db/commit.ts `transactionEndingInCommit` (checkout
 * on PostgreSQL) the query is built once and sent as the named statement `fp_lock_payment`
 * (issue 12); elsewhere it is built per call.
 */
function lockPaymentByOrderId(db: Db, tx: Tx, providerOrderId: string): Promise<PaymentRow[]> {
  let prepared = paymentLocks.get(db);
  if (!prepared) {
    prepared = db
      .select()
      .from(payments)
      .where(eq(payments.providerOrderId, sql.placeholder('providerOrderId')))
      .for('update')
      .prepare('fp_lock_payment');
    paymentLocks.set(db, prepared);
  }
  return (
    executePrepared(tx, prepared, { providerOrderId }) ??
    tx.select().from(payments).where(eq(payments.providerOrderId, providerOrderId)).for('update')
  );
}

type Outcome<T> =
  | { kind: 'not-found'; message: string }
  | { kind: 'created'; value: T }
  | { kind: 'replay'; value: T }
  | { kind: 'not-paid'; payment: PaymentRow }
  | { kind: 'refused'; payment: PaymentRow; reason: PaymentRefused };

/**
 * Settles `found` (a payment row the caller already matched to what it pays for, or a
 * `PaymentLookup` matched here under the row lock: 404 when it does not match) once.
 * Returns the result and whether it was created now (false: a replay). After a commit
 * that created it, queued mail is handed to the sender. Throws 409 PAYMENT_NOT_COMPLETED
 * / PAYMENT_REFUNDED / PAYMENT_REFUND_PENDING for a payment that cannot settle anything,
 * 409 `{message, reason, refunded}` after a refusal, 400 for input the database refuses,
 * 500 ORDER_FAILED_AFTER_PAYMENT for anything else.
 */
export async function settleCapturedPayment<T, A = undefined>(
  deps: Deps,
  found: PaymentRow | PaymentLookup,
  options: SettleOptions<T, A>,
  log: FastifyBaseLogger,
): Promise<{ value: T; created: boolean }> {
  let outcome: Outcome<T>;
  const lookup = 'belongs' in found ? found : null;
  /** The payment's id once known (for the admin's incident). */
  let paymentId = lookup ? null : (found as PaymentRow).id;
  const savepoint = options.savepoint !== false;
  /**
   * The payment read with its row lock, and what it allows: an outcome, or null when it
   * is captured and unused (it may settle now).
   */
  const lockPayment = async (
    tx: Tx,
  ): Promise<{ payment: PaymentRow; outcome: Outcome<T> | null } | Outcome<T>> => {
    const [payment] = lookup
      ? await lockPaymentByOrderId(deps.db, tx, lookup.providerOrderId)
      : await tx
          .select()
          .from(payments)
          .where(eq(payments.id, (found as PaymentRow).id))
          .for('update');
    if (lookup && !(payment && lookup.belongs(payment))) {
      return { kind: 'not-found', message: lookup.notFoundMessage };
    }
    paymentId = payment!.id;
    if (payment!.consumedAt) {
      const earlier = await options.replay(tx, payment!);
      if (earlier !== null)
        return { payment: payment!, outcome: { kind: 'replay', value: earlier } };
    }
    if (payment!.status !== 'captured' || payment!.consumedAt) {
      return { payment: payment!, outcome: { kind: 'not-paid', payment: payment! } };
    }
    return { payment: payment!, outcome: null };
  };
  // Decided while the row is locked: no concurrent request can still use it.
  // `refund_pending` + the admin's incident commit together, before the provider
  // is asked: a crash or a failed refund leaves a row that says money is owed.
  const refuse = async (tx: Tx, payment: PaymentRow, err: PaymentRefused): Promise<Outcome<T>> => {
    const [refunding] = await tx
      .update(payments)
      .set({ status: 'refund_pending', failureReason: err.problem, updatedAt: new Date() })
      .where(eq(payments.id, payment.id))
      .returning();
    await recordIncident(tx, {
      providerOrderId: payment.providerOrderId,
      kind: ORDER_REFUSED_INCIDENT,
      message: `${options.what} refused after payment: ${err.problem} The capture is being refunded in full; if this stays unresolved, refund capture ${payment.captureId} by hand.`,
      details: {
        paymentId: payment.id,
        captureId: payment.captureId,
        capturedCents: payment.capturedCents,
        reason: err.kind,
        ...options.details,
      },
    });
    return { kind: 'refused', payment: refunding!, reason: err };
  };
  try {
    try {
      const run = options.runTransaction ?? ((fn) => deps.db.transaction(fn));
      outcome = await run(async (tx): Promise<Outcome<T>> => {
        // Sent now, answered below: `alongsideLock`'s reads go out right behind the lock.
        const locking = lockPayment(tx);
        const alongside = options.alongsideLock?.(tx) as A;
        const locked = await locking;
        if ('kind' in locked) return locked;
        if (locked.outcome) return locked.outcome;
        const payment = locked.payment;
        // A savepoint: a refusal undoes the work but keeps the row lock. Not released on
        // success: COMMIT ends it, one round trip fewer while the work's locks (e.g. a
        // product's stock row) are held (issue 12: checkout throughput).
        if (savepoint) await tx.execute(sql`savepoint fp_settle`);
        try {
          const value = await options.settle(tx, payment, alongside);
          return { kind: 'created', value };
        } catch (err) {
          // Without a savepoint the whole transaction rolls back (below).
          if (!(err instanceof PaymentRefused) || !savepoint) throw err;
          await tx.execute(sql`rollback to savepoint fp_settle`);
          return refuse(tx, payment, err);
        }
      });
    } catch (err) {
      if (!(err instanceof PaymentRefused)) throw err;
      // No savepoint: the work was rolled back with the transaction; record the refusal
      // in a new one, unless another request settled or refused the payment meanwhile.
      outcome = await deps.db.transaction(async (tx): Promise<Outcome<T>> => {
        const locked = await lockPayment(tx);
        if ('kind' in locked) return locked;
        return locked.outcome ?? refuse(tx, locked.payment, err);
      });
    }
  } catch (err) {
    // Input the database cannot store (the edge guard stops it first): nothing was
    // written, the payment stays captured and usable with valid details.
    const rejected = inputRejectedByDatabase(err);
    if (rejected) throw rejected;
    log.error(
      { err, providerOrderId: found.providerOrderId },
      `${options.what.toLowerCase()} failed after payment`,
    );
    await recordIncident(deps.db, {
      providerOrderId: found.providerOrderId,
      kind: 'order_failed_after_payment',
      message: `The payment was captured but the ${options.what.toLowerCase()} could not be stored: ${err instanceof Error ? err.message : String(err)}`,
      details: { paymentId, ...options.details },
    }).catch((incidentErr) =>
      log.error({ err: incidentErr }, 'could not record the payment incident'),
    );
    throw new HttpError(500, ORDER_FAILED_AFTER_PAYMENT);
  }

  switch (outcome.kind) {
    case 'not-found':
      throw notFound(outcome.message);
    case 'created':
      // Mail committed with the work (outbox); hand it to the queue now. A failure here
      // loses nothing: the mail sweep picks up queued rows.
      await deps.mail
        .flush()
        .catch((err) => log.error({ err, what: options.what }, 'mail flush failed'));
      return { value: outcome.value, created: true };
    case 'replay':
      return { value: outcome.value, created: false };
    case 'not-paid':
      throw conflict(
        outcome.payment.status === 'refunded'
          ? PAYMENT_REFUNDED
          : outcome.payment.status === 'refund_pending'
            ? PAYMENT_REFUND_PENDING
            : PAYMENT_NOT_COMPLETED,
      );
    case 'refused': {
      const refundId = await refundPayment(deps, outcome.payment, outcome.reason.problem, log);
      throw conflict(`${outcome.reason.problem} ${refundId ? REFUNDED : REFUND_PENDING}`, {
        reason: outcome.reason.kind,
        refunded: refundId !== null,
      });
    }
  }
}
