/**
 * Manual invoices payable by link (back-office spec sections 2 "Manual Invoices" and
 * "/pay-invoice/{invoiceNumber}", 3, 4 "Invoice status", 5, 7, 9; DECISIONS.md
 * "/pay-invoice: the amount comes from the server's invoice", "Payment links ... 32
 * random bytes", "a paid link cannot be paid twice").
 *
 * - Numbers are `INV-` + a 6-digit sequence value (never reused, even after a delete).
 * - The pay link is `PUBLIC_URL/pay-invoice/{number}?key={payKey}`; without the right key
 *   the invoice is not shown and cannot be paid ('Invalid Payment Link').
 * - Deleting marks an unpaid invoice `cancelled` (it leaves the list; its link stops
 *   working); a paid one cannot be deleted (409).
 * - The `invoice` payment purpose prices a payment from the invoice (never from the
 *   client); its `onCaptured` marks the invoice paid exactly once, under a row lock. A
 *   capture for an invoice that is already paid or was cancelled is refunded in full and
 *   recorded as an incident for the admin.
 */
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { and, desc, eq, ne, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { addDaysIso, storedDayIso } from '../../shared/dates';
import { centsToDollars, dollarsToCents } from '../../shared/money';
import {
  type AdminInvoice,
  INVOICE_DUE_DAYS,
  INVOICE_LINK_DAYS_AFTER_DUE,
  INVOICE_MESSAGES,
  INVOICE_NUMBER_PATTERN,
  type PublicInvoice,
  type SendInvoiceInput,
} from '../../shared/schemas/invoices';
import type { AppConfig } from '../config';
import type { DbOrTx } from '../db/client';
import { manualInvoices, payments } from '../db/schema';
import type { AppDeps } from '../deps';
import { publish } from '../events/events';
import { conflict, HttpError, notFound } from '../lib/errors';
import { endOfStoreDay, storeDayOf } from '../lib/store-time';
import type { PaymentPurposeHandler } from '../payments/purposes';
import { type PaymentRow, recordIncident, refundPayment } from '../payments/service';

export type InvoiceRow = typeof manualInvoices.$inferSelect;

/** Incident kind for a capture that could not pay its invoice (refunded). */
export const INVOICE_PAYMENT_REFUSED = 'invoice_payment_refused';

/** The customer's pay link of an invoice (null for rows without a key). */
export function invoicePayUrl(
  config: Pick<AppConfig, 'publicUrl'>,
  row: InvoiceRow,
): string | null {
  if (!row.payKey) return null;
  return `${config.publicUrl}/pay-invoice/${encodeURIComponent(row.invoiceNumber)}?key=${row.payKey}`;
}

/** The invoice's one line description (the admin form's `description`). */
function descriptionOf(row: InvoiceRow): string {
  return row.items[0]?.description ?? '';
}

const isoDate = (d: Date | null) => (d ? d.toISOString() : null);

/**
 * The instant an invoice was issued: when it was sent (the generator sets `sentAt` to the
 * instant its default due date is counted from), else when its row was created.
 */
function issuedAt(row: Pick<InvoiceRow, 'sentAt' | 'createdAt'>): Date {
  return row.sentAt ?? row.createdAt;
}

/**
 * What the public pay page and the printable invoice show (no e-mail address, no key).
 * `timeZone` (STORE_TIME_ZONE) names the store days `issuedDay` (of `sentAt`, else
 * `createdAt`) and `paidDay` (of `paidAt`; docs/decisions.md issue 8 entry 15).
 */
export function toPublicInvoice(row: InvoiceRow, timeZone: string): PublicInvoice {
  return {
    invoiceNumber: row.invoiceNumber,
    customerName: row.customerName,
    customerCompany: row.customerCompany,
    customerAddress: row.customerAddress,
    description: descriptionOf(row),
    amount: centsToDollars(row.totalCents),
    items: row.items.map((item) => ({
      description: item.description,
      quantity: item.quantity,
      unitPrice: centsToDollars(item.unitPriceCents),
    })),
    subtotal: centsToDollars(row.subtotalCents),
    tax: centsToDollars(row.taxCents),
    total: centsToDollars(row.totalCents),
    dueDate: isoDate(row.dueDate),
    terms: row.terms,
    notes: row.notes,
    status: row.status === 'paid' ? 'paid' : 'pending',
    paidAt: isoDate(row.paidAt),
    createdAt: row.createdAt.toISOString(),
    issuedDay: storeDayOf(issuedAt(row), timeZone),
    paidDay: row.paidAt ? storeDayOf(row.paidAt, timeZone) : null,
  };
}

/**
 * A row as the admin list shows it: the public view plus e-mail, pay link and dates. The
 * pay link is left out once it no longer works (paid, cancelled, or past
 * `invoiceLinkExpiresAt` at `now`), so the admin is never offered a dead link to copy.
 */
export function toAdminInvoice(
  config: Pick<AppConfig, 'publicUrl' | 'STORE_TIME_ZONE'>,
  row: InvoiceRow,
  now = new Date(),
): AdminInvoice {
  const expiresAt =
    row.status === 'pending' ? invoiceLinkExpiresAt(row, config.STORE_TIME_ZONE) : null;
  return {
    ...toPublicInvoice(row, config.STORE_TIME_ZONE),
    id: row.id,
    customerEmail: row.customerEmail,
    status: row.status,
    payUrl: expiresAt && expiresAt >= now ? invoicePayUrl(config, row) : null,
    // A paid invoice stays printable (the admin's copy); an unpaid one while its link works.
    printUrl:
      row.payKey && row.totalCents > 0 && (row.status === 'paid' || (expiresAt && expiresAt >= now))
        ? `/pay-invoice/${encodeURIComponent(row.invoiceNumber)}/print?key=${row.payKey}`
        : null,
    linkExpiresAt: expiresAt ? expiresAt.toISOString() : null,
    linkExpiresDay: expiresAt ? storeDayOf(expiresAt, config.STORE_TIME_ZONE) : null,
    sentAt: isoDate(row.sentAt),
  };
}

/**
 * POST /api/send-invoice: stores the invoice (next number, new pay key, due date default
 * the shop's today (STORE_TIME_ZONE) + 30 days) and publishes `invoice.sent` with its pay link in the same
 * transaction (the mail rules write the customer's e-mail to the outbox); then hands the
 * mail to the sender. Returns the new row.
 */
export async function createInvoice(
  deps: Pick<AppDeps, 'db' | 'mail' | 'config'>,
  input: SendInvoiceInput,
  log: FastifyBaseLogger,
  now: Date = new Date(),
): Promise<InvoiceRow> {
  const cents = dollarsToCents(input.amount);
  // Counted from the shop's today (STORE_TIME_ZONE), as the admin reads the calendar.
  const due =
    input.dueDate ?? addDaysIso(storeDayOf(now, deps.config.STORE_TIME_ZONE), INVOICE_DUE_DAYS);
  const row = await deps.db.transaction(async (tx) => {
    const result = await tx.execute(sql`select nextval('manual_invoice_number_seq')::text as n`);
    // Both drivers answer `{ rows }`.
    const n = (result as unknown as { rows: { n: string }[] }).rows[0]!.n;
    const [created] = await tx
      .insert(manualInvoices)
      .values({
        invoiceNumber: `INV-${n}`,
        customerName: input.customerName,
        customerEmail: input.customerEmail,
        customerCompany: input.customerCompany,
        customerAddress: input.customerAddress,
        dueDate: new Date(`${due}T00:00:00Z`),
        notes: input.notes,
        terms: input.terms || 'Net 30',
        items: [{ description: input.description, quantity: 1, unitPriceCents: cents }],
        subtotalCents: cents,
        totalCents: cents,
        status: 'pending',
        payKey: randomBytes(32).toString('base64url'),
        sentAt: now,
      })
      .returning();
    const payUrl = invoicePayUrl(deps.config, created!)!;
    await publish(deps, tx, { type: 'invoice.sent', invoice: created!, payUrl });
    return created!;
  });
  await deps.mail
    .flush()
    .catch((err) => log.error({ err, invoice: row.invoiceNumber }, 'mail flush failed'));
  return row;
}

/** Every invoice that is not cancelled, newest first (GET /api/manual-invoices). */
export async function listInvoices(db: DbOrTx): Promise<InvoiceRow[]> {
  return db
    .select()
    .from(manualInvoices)
    .where(ne(manualInvoices.status, 'cancelled'))
    .orderBy(desc(manualInvoices.createdAt), desc(manualInvoices.id));
}

/**
 * DELETE /api/manual-invoices/{id}: an unpaid invoice becomes `cancelled` (its pay link
 * stops working, its number is never reused). Throws 404 'Invoice not found' (unknown or
 * already deleted), 409 'Paid invoices cannot be deleted.'.
 */
export async function cancelInvoice(db: DbOrTx, id: number, now = new Date()): Promise<InvoiceRow> {
  const [row] = await db
    .update(manualInvoices)
    .set({ status: 'cancelled', cancelledAt: now })
    .where(and(eq(manualInvoices.id, id), eq(manualInvoices.status, 'pending')))
    .returning();
  if (row) return row;
  const [existing] = await db.select().from(manualInvoices).where(eq(manualInvoices.id, id));
  if (existing?.status === 'paid') throw conflict(INVOICE_MESSAGES.paidCannotDelete);
  throw notFound('Invoice not found');
}

/** Constant-time comparison of the link's key with the invoice's. */
function keyMatches(row: InvoiceRow, key: string | undefined): boolean {
  if (!row.payKey || !key) return false;
  const a = Buffer.from(row.payKey);
  const b = Buffer.from(key);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * The last instant an unpaid invoice's pay link works (it still works AT it; a millisecond
 * later it has expired): the end (last millisecond) of the store day
 * `INVOICE_LINK_DAYS_AFTER_DUE` days after its due date, or after the store day it was sent
 * when that is later, in `timeZone` (STORE_TIME_ZONE; docs/decisions.md issue 8 entry 17). The due date is read as the calendar day it stores
 * (that day's UTC midnight). A paid invoice's page keeps answering.
 */
export function invoiceLinkExpiresAt(
  row: Pick<InvoiceRow, 'dueDate' | 'sentAt' | 'createdAt'>,
  timeZone: string,
): Date {
  const sentDay = storeDayOf(issuedAt(row), timeZone);
  const dueDay = row.dueDate ? storedDayIso(row.dueDate) : sentDay;
  const from = dueDay > sentDay ? dueDay : sentDay;
  return endOfStoreDay(addDaysIso(from, INVOICE_LINK_DAYS_AFTER_DUE), timeZone);
}

/**
 * The invoice behind a pay link, when the link is valid: known number, right key,
 * not cancelled, amount above 0. Throws 404 'Invalid Payment Link' otherwise, 410
 * 'This payment link has expired...' for an unpaid invoice past `invoiceLinkExpiresAt`.
 */
export async function findPayableInvoice(
  db: DbOrTx,
  invoiceNumber: string,
  key: string | undefined,
  timeZone: string,
  now: Date = new Date(),
): Promise<InvoiceRow> {
  if (!INVOICE_NUMBER_PATTERN.test(invoiceNumber)) throw notFound(INVOICE_MESSAGES.invalidLink);
  const [row] = await db
    .select()
    .from(manualInvoices)
    .where(eq(manualInvoices.invoiceNumber, invoiceNumber));
  if (!row || !keyMatches(row, key) || row.status === 'cancelled' || row.totalCents <= 0) {
    throw notFound(INVOICE_MESSAGES.invalidLink);
  }
  if (row.status !== 'paid' && invoiceLinkExpiresAt(row, timeZone) < now) {
    throw new HttpError(410, INVOICE_MESSAGES.linkExpired);
  }
  return row;
}

type SettleOutcome =
  | { kind: 'paid' }
  | { kind: 'nothing' }
  | { kind: 'refund'; payment: PaymentRow; reason: string; buyerMessage: string };

/**
 * The `invoice` purpose's `onCaptured`: in one transaction, with the invoice row locked,
 * a pending invoice whose amount equals the capture becomes `paid` (paidAt, paymentId),
 * the payment is marked consumed and `invoice.paid` is published (the receipt e-mail).
 * Otherwise (already paid by another payment, cancelled, unknown) the payment becomes
 * `refund_pending` with an incident in the same transaction, and is then refunded in
 * full through the provider, and the buyer's sentence saying why is returned (a second
 * tab paying an invoice the first already paid reads that it was already paid, not
 * 'Please try again'). Idempotent: a payment already consumed or not `captured` does
 * nothing. Never throws for these business outcomes.
 */
export async function settleInvoicePayment(
  deps: AppDeps,
  payment: PaymentRow,
  log: FastifyBaseLogger,
): Promise<string | undefined> {
  const outcome = await deps.db.transaction(async (tx): Promise<SettleOutcome> => {
    const [invoice] = await tx
      .select()
      .from(manualInvoices)
      .where(eq(manualInvoices.invoiceNumber, payment.reference))
      .for('update');
    const [current] = await tx
      .select()
      .from(payments)
      .where(eq(payments.id, payment.id))
      .for('update');
    if (current?.status !== 'captured' || current.consumedAt) return { kind: 'nothing' };
    if (invoice?.status === 'pending' && invoice.totalCents === current.capturedCents) {
      const now = new Date();
      const [paid] = await tx
        .update(manualInvoices)
        .set({ status: 'paid', paidAt: now, paymentId: current.providerOrderId })
        .where(eq(manualInvoices.id, invoice.id))
        .returning();
      await tx
        .update(payments)
        .set({ consumedAt: now, updatedAt: now })
        .where(eq(payments.id, current.id));
      await deps.hooks.beforeInvoicePaidCommit?.({ invoiceNumber: invoice.invoiceNumber });
      await publish(deps, tx, { type: 'invoice.paid', invoice: paid! });
      return { kind: 'paid' };
    }
    const reason = !invoice
      ? `Invoice ${payment.reference} does not exist`
      : invoice.status === 'paid'
        ? `Invoice ${invoice.invoiceNumber} was already paid (payment ${invoice.paymentId})`
        : invoice.status === 'cancelled'
          ? `Invoice ${invoice.invoiceNumber} was deleted before the payment arrived`
          : `Invoice ${invoice.invoiceNumber} is for ${invoice.totalCents} cents, captured ${current.capturedCents}`;
    const [refunding] = await tx
      .update(payments)
      .set({ status: 'refund_pending', failureReason: reason, updatedAt: new Date() })
      .where(eq(payments.id, current.id))
      .returning();
    await recordIncident(tx, {
      providerOrderId: current.providerOrderId,
      kind: INVOICE_PAYMENT_REFUSED,
      message: `${reason}; the capture is being refunded in full. If this stays unresolved, refund capture ${current.captureId} by hand.`,
      details: { paymentId: current.id, captureId: current.captureId, invoice: payment.reference },
    });
    const why =
      invoice?.status === 'paid'
        ? 'This invoice has already been paid'
        : invoice?.status === 'cancelled'
          ? 'This invoice was withdrawn before your payment arrived'
          : invoice
            ? 'This invoice changed before your payment arrived'
            : 'This invoice does not exist';
    const buyerMessage = `${why}, so your payment is being refunded in full.`;
    return { kind: 'refund', payment: refunding!, reason, buyerMessage };
  });
  if (outcome.kind === 'paid') {
    await deps.mail
      .flush()
      .catch((err) => log.error({ err, invoice: payment.reference }, 'mail flush failed'));
  } else if (outcome.kind === 'refund') {
    await refundPayment(deps, outcome.payment, outcome.reason, log);
    return outcome.buyerMessage;
  }
  return undefined;
}

/**
 * The `invoice` payment purpose (payments/purposes.ts): the amount is the invoice's
 * total. Throws 404 'Invalid Payment Link' (unknown number, wrong or missing
 * `invoiceKey`, cancelled, non-positive), 410 for an expired link, 409 'This invoice has
 * already been paid.'.
 */
export const invoicePurpose: PaymentPurposeHandler = {
  async price(deps, _caller, body) {
    const invoice = await findPayableInvoice(
      deps.db,
      body.invoiceNumber ?? '',
      body.invoiceKey,
      deps.config.STORE_TIME_ZONE,
    );
    if (invoice.status === 'paid') throw conflict(INVOICE_MESSAGES.alreadyPaid);
    return { reference: invoice.invoiceNumber, expectedCents: invoice.totalCents };
  },
  onCaptured: settleInvoicePayment,
};
