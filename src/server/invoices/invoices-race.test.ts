/**
 * An invoice paid several times at once is charged once (issue 8 "What it must show";
 * DECISIONS.md "a paid link cannot be paid twice"). Four visitors each create a payment
 * for the same invoice while it is unpaid, then all four captures run together. On
 * PostgreSQL the first capture's transaction (invoice row locked, marked paid) is held
 * open until the observer sees the other three waiting on that lock, proving overlap;
 * PGlite runs one transaction at a time, so there the same outcome is checked without
 * the proof.
 */
import { eq, inArray, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInClient } from '../catalog/testing';
import {
  mailOutbox,
  manualInvoices,
  paymentIncidents,
  payments,
  testPaymentOrders,
} from '../db/schema';
import type { AppHooks } from '../deps';
import { TestClient } from '../test/app';
import { createRaceTestApp, type RaceTestApp, racesOnPostgres } from '../test/race';

describe('invoice payments under concurrency', () => {
  let t: RaceTestApp;
  const hooks: AppHooks = {};

  beforeAll(async () => {
    t = await createRaceTestApp(hooks);
  });
  afterAll(() => t.close());

  it('four captures for one invoice at once: one payment kept, three refunded, one receipt', async () => {
    const { client: admin } = await signedInClient(t, 'admin');
    const sent = await admin.post('/api/send-invoice', {
      customerName: 'Race Course LLC',
      customerEmail: 'race@example.test',
      amount: 500,
    });
    expect(sent.statusCode, sent.body).toBe(201);
    const invoice = sent.json();
    const key = new URL(invoice.payUrl).searchParams.get('key');

    const visitors = Array.from({ length: 4 }, () => new TestClient(t.app));
    const ids: string[] = [];
    for (const v of visitors) {
      const res = await v.post('/paypal/order', {
        purpose: 'invoice',
        invoiceNumber: invoice.invoiceNumber,
        invoiceKey: key,
      });
      expect(res.statusCode, res.body).toBe(201);
      ids.push(res.json().id);
    }

    const held = t.probe.holdFirst(3);
    hooks.beforeInvoicePaidCommit = held.hook;
    const captures = await Promise.all(
      visitors.map((v, i) => v.post(`/paypal/order/${ids[i]}/capture`)),
    );
    hooks.beforeInvoicePaidCommit = undefined;

    const statuses = captures.map((r) => r.json().status).sort();
    expect(statuses).toEqual(['COMPLETED', 'REFUNDED', 'REFUNDED', 'REFUNDED']);
    const winner = ids[captures.findIndex((r) => r.json().status === 'COMPLETED')]!;
    // The losers read why, not the generic 'could not be matched ... Please try again'.
    for (const loser of captures.filter((r) => r.json().status === 'REFUNDED')) {
      expect(loser.json().message).toBe(
        'This invoice has already been paid, so your payment is being refunded in full.',
      );
    }

    const [row] = await t.db
      .select()
      .from(manualInvoices)
      .where(eq(manualInvoices.invoiceNumber, invoice.invoiceNumber));
    expect(row).toMatchObject({ status: 'paid', paymentId: winner });

    const rows = await t.db.select().from(payments).where(inArray(payments.providerOrderId, ids));
    expect(rows.filter((p) => p.status === 'captured' && p.consumedAt)).toHaveLength(1);
    expect(rows.filter((p) => p.status === 'refunded' && p.refundId && !p.consumedAt)).toHaveLength(
      3,
    );
    // The provider moved money back for exactly the three losers.
    const refunds = await t.db
      .select()
      .from(testPaymentOrders)
      .where(isNotNull(testPaymentOrders.refundId));
    expect(refunds.map((r) => r.id).sort()).toEqual(ids.filter((id) => id !== winner).sort());
    const incidents = await t.db
      .select()
      .from(paymentIncidents)
      .where(inArray(paymentIncidents.providerOrderId, ids));
    expect(incidents).toHaveLength(3);
    expect(incidents.every((i) => i.kind === 'invoice_payment_refused' && i.resolved)).toBe(true);
    const receipts = await t.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.kind, 'invoice_receipt'));
    expect(receipts).toHaveLength(1);
    if (racesOnPostgres) expect(held.seen()).toBeGreaterThanOrEqual(3);
  });
});
