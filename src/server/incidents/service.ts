/**
 * Money owed and mail held (issue 8): what after a payment or a mail needs the admin,
 * and the buttons that act on it. Payments (payments table):
 *
 * - refunds owed: `refund_pending` rows (money must go back, the provider has not
 *   confirmed). 'Retry refund' asks the provider again (same request id: never twice);
 *   'Mark resolved' records that it was refunded by hand (row `refunded`, note kept).
 * - captures without an order: `captured`, not consumed by an order or invoice, older
 *   than CAPTURE_GRACE_MINUTES, not settled by the admin. 'Refund' moves the row to
 *   `refund_pending` under a row lock (so a late create-order cannot use it) and refunds;
 *   'Mark resolved' records the admin's note (e.g. order entered by hand).
 * - other open incidents (payment_incidents not about a refund still owed): 'Mark
 *   resolved' with a note.
 * Mail: held and failed outbox rows (mail/outbox-admin.ts).
 */
import { and, asc, eq, isNull, lt, notExists, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { centsToDollars } from '../../shared/money';
import type {
  IncidentPayment,
  IncidentsOverview,
  OpenIncident,
} from '../../shared/schemas/incidents';
import type { DbOrTx } from '../db/client';
import { paymentIncidents, payments } from '../db/schema';
import type { AppDeps } from '../deps';
import { conflict, notFound } from '../lib/errors';
import { countProblemMail, listProblemMail } from '../mail/outbox-admin';
import { type PaymentRow, refundPayment, refundPendingWithoutOrder } from '../payments/service';

/** A capture this old without an order/invoice is listed (the buyer's page normally places the order in seconds). */
export const CAPTURE_GRACE_MINUTES = 15;
const LIST_LIMIT = 200;

type Deps = Pick<AppDeps, 'db' | 'payments' | 'config' | 'mail'>;
type IncidentRow = typeof paymentIncidents.$inferSelect;

const capturedWithoutOrder = (now: Date) =>
  and(
    eq(payments.status, 'captured'),
    isNull(payments.consumedAt),
    isNull(payments.adminResolvedAt),
    lt(payments.updatedAt, new Date(now.getTime() - CAPTURE_GRACE_MINUTES * 60_000)),
  );

/**
 * A capture the admin may act on as 'without an order' (the same rule as the list's
 * `capturedWithoutOrder`): captured, unused, unsettled, and older than the grace period,
 * so the buyer's own create-order, which normally follows within seconds, is not cut off.
 */
const isCaptureWithoutOrder = (p: PaymentRow, now: Date) =>
  p.status === 'captured' &&
  !p.consumedAt &&
  !p.adminResolvedAt &&
  p.updatedAt.getTime() < now.getTime() - CAPTURE_GRACE_MINUTES * 60_000;

function toIncidentPayment(row: PaymentRow, incidents: IncidentRow[]): IncidentPayment {
  return {
    id: row.id,
    providerOrderId: row.providerOrderId,
    purpose: row.purpose,
    reference: row.reference,
    amount: centsToDollars(row.capturedCents ?? row.expectedCents),
    status: row.status,
    captureId: row.captureId,
    failureReason: row.failureReason,
    refundAttempts: row.refundAttempts,
    nextRefundAt: row.nextRefundAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    payer:
      row.payerEmail !== null || row.payerName !== null
        ? { email: row.payerEmail, name: row.payerName }
        : null,
    notes: [
      ...(row.status === 'captured' && row.captureChecks > 0
        ? [
            row.payerEmail !== null || row.payerName !== null
              ? FOUND_BY_CHECK_PAYER
              : FOUND_BY_CHECK,
          ]
        : []),
      ...incidents.filter((i) => i.providerOrderId === row.providerOrderId).map((i) => i.message),
    ],
  };
}

/**
 * The note of a capture the lost-capture check found (capture-check.ts): the buyer's page
 * never heard of it, so no order or buyer details exist in the shop (an owner audit: the
 * row said nothing an owner could act on). This one when the provider named no payer;
 * FOUND_BY_CHECK_PAYER when it did (the row carries `payer`).
 */
export const FOUND_BY_CHECK =
  "PayPal took this payment, but the buyer's page never heard back, so no order was placed. Look up the payer under this PayPal order id, then enter the order by hand and mark it resolved, or refund it.";
/** FOUND_BY_CHECK when PayPal named the payer (shown with the payment): no look-up needed. */
export const FOUND_BY_CHECK_PAYER =
  "PayPal took this payment, but the buyer's page never heard back, so no order was placed. Contact the payer shown to enter the order by hand and mark it resolved, or refund it.";

function toOpenIncident(row: IncidentRow): OpenIncident {
  return {
    id: row.id,
    providerOrderId: row.providerOrderId,
    kind: row.kind,
    message: row.message,
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * How many of each need a human, counted in full (the lists stop at LIST_LIMIT): refunds
 * owed, captures without an order, open incidents other than those of a refund owed,
 * held and failed mail. Four count queries.
 */
export async function incidentCounts(deps: Pick<Deps, 'db'>, now = new Date()) {
  const { db } = deps;
  const refundsOwed = await db.$count(payments, eq(payments.status, 'refund_pending'));
  const capturesWithoutOrder = await db.$count(payments, capturedWithoutOrder(now));
  const openIncidents = await db.$count(
    paymentIncidents,
    and(
      eq(paymentIncidents.resolved, false),
      or(
        isNull(paymentIncidents.providerOrderId),
        notExists(
          db
            .select({ one: sql`1` })
            .from(payments)
            .where(
              and(
                eq(payments.providerOrderId, paymentIncidents.providerOrderId),
                eq(payments.status, 'refund_pending'),
              ),
            ),
        ),
      ),
    ),
  );
  const mail = await countProblemMail(db);
  const counts = {
    refundsOwed,
    capturesWithoutOrder,
    openIncidents,
    heldMail: mail.held,
    failedMail: mail.failed,
  };
  return { ...counts, needsHuman: Object.values(counts).reduce((a, b) => a + b, 0) };
}

/**
 * Everything the incidents screen lists (each list the oldest LIST_LIMIT), with the full
 * counts (`incidentCounts`). No N+1.
 */
export async function incidentsOverview(deps: Deps, now = new Date()): Promise<IncidentsOverview> {
  const { db } = deps;
  const owed = await db
    .select()
    .from(payments)
    .where(eq(payments.status, 'refund_pending'))
    .orderBy(asc(payments.id))
    .limit(LIST_LIMIT);
  const orphans = await db
    .select()
    .from(payments)
    .where(capturedWithoutOrder(now))
    .orderBy(asc(payments.id))
    .limit(LIST_LIMIT);
  const open = await db
    .select()
    .from(paymentIncidents)
    .where(eq(paymentIncidents.resolved, false))
    .orderBy(asc(paymentIncidents.id))
    .limit(LIST_LIMIT * 2);
  const mail = await listProblemMail(db, LIST_LIMIT);
  const counts = await incidentCounts(deps, now);

  const owedIds = new Set(owed.map((p) => p.providerOrderId));
  const others = open.filter((i) => !i.providerOrderId || !owedIds.has(i.providerOrderId));
  return {
    refundsOwed: owed.map((p) => toIncidentPayment(p, open)),
    capturesWithoutOrder: orphans.map((p) => toIncidentPayment(p, open)),
    openIncidents: others.map(toOpenIncident),
    mail: mail.map((m) => ({
      id: m.id,
      toAddress: m.toAddress,
      subject: m.subject,
      kind: m.kind,
      status: m.status as 'held' | 'failed',
      attempts: m.attempts,
      lastError: m.lastError,
      createdAt: m.createdAt.toISOString(),
    })),
    mailSending: deps.mail.sending,
    counts,
  };
}

/**
 * 'Retry refund' / 'Refund': refunds a `refund_pending` payment through the provider, or
 * first moves a capture without an order to `refund_pending` (row locked; with an
 * incident naming the admin's action). Returns true when the provider confirmed the
 * refund, false when it failed (the row stays owed, a `refund_failed` incident says so).
 * Throws 404 unknown payment, 409 when the payment is neither.
 */
export async function adminRefund(
  deps: Deps,
  paymentId: number,
  log: FastifyBaseLogger,
  now = new Date(),
): Promise<boolean> {
  const row = await deps.db.transaction(async (tx) => {
    const [p] = await tx.select().from(payments).where(eq(payments.id, paymentId)).for('update');
    if (!p) throw notFound('Payment not found');
    if (p.status === 'refund_pending') return p;
    if (!isCaptureWithoutOrder(p, now)) throw conflict('This payment has nothing to refund.');
    return refundPendingWithoutOrder(
      tx,
      p,
      'Refunded by the admin: the capture never became an order',
      now,
    );
  });
  const refundId = await refundPayment(deps, row, row.failureReason ?? 'Refund by the admin', log);
  return refundId !== null;
}

/**
 * 'Mark resolved' on a payment with the admin's note: a `refund_pending` one was refunded
 * by hand (becomes `refunded`, its open incidents resolved); a capture without an order
 * was settled otherwise (leaves the list, and is marked used: no order can be placed on
 * it afterwards; not within its first CAPTURE_GRACE_MINUTES, while the buyer's page may
 * still be placing the order). Throws 404 / 409 as `adminRefund`.
 */
export async function resolvePayment(
  db: DbOrTx,
  paymentId: number,
  note: string,
  now = new Date(),
): Promise<void> {
  await db.transaction(async (tx) => {
    const [p] = await tx.select().from(payments).where(eq(payments.id, paymentId)).for('update');
    if (!p) throw notFound('Payment not found');
    if (p.status === 'refund_pending') {
      await tx
        .update(payments)
        .set({
          status: 'refunded',
          adminResolvedAt: now,
          adminNote: note,
          nextRefundAt: null,
          updatedAt: now,
        })
        .where(eq(payments.id, p.id));
    } else if (isCaptureWithoutOrder(p, now)) {
      // Resolved by hand (the admin placed the order or settled it with the buyer): the
      // payment counts as used, so a late create-order cannot make a second order on it.
      await tx
        .update(payments)
        .set({ adminResolvedAt: now, adminNote: note, consumedAt: now, updatedAt: now })
        .where(eq(payments.id, p.id));
    } else {
      throw conflict('This payment needs nothing more.');
    }
    await tx
      .update(paymentIncidents)
      .set({ resolved: true, resolvedAt: now, resolutionNote: note })
      .where(
        and(
          eq(paymentIncidents.providerOrderId, p.providerOrderId),
          eq(paymentIncidents.resolved, false),
        ),
      );
  });
}

/** 'Mark resolved' on one incident with the admin's note. Throws 404 unknown or already resolved. */
export async function resolveIncident(db: DbOrTx, id: number, note: string, now = new Date()) {
  const done = await db
    .update(paymentIncidents)
    .set({ resolved: true, resolvedAt: now, resolutionNote: note })
    .where(and(eq(paymentIncidents.id, id), eq(paymentIncidents.resolved, false)))
    .returning({ id: paymentIncidents.id });
  if (done.length === 0) throw notFound('Open incident not found');
}
