/**
 * Money owed and mail held: the incidents screen's list and actions, and the refund
 * retry sweep (backoff, two sweeps at once claim each payment once). Refunds are made
 * to fail by wrapping the offline test provider; everything else is the real path.
 */
import { eq, inArray } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInClient } from '../catalog/testing';
import { addToCart, customer, insertProduct, payCart } from '../checkout/test-support';
import { mailOutbox, orders, paymentIncidents, payments } from '../db/schema';
import { PaymentProviderError } from '../payments/provider';
import { createTestPaymentProvider } from '../payments/test-provider';
import { createTestApp, type TestApp, TestClient } from '../test/app';
import { claimDueRefunds, refundBackoffSeconds, runRefundSweep } from './refund-retry';

describe('incidents screen and refund retries', () => {
  let t: TestApp;
  let admin: TestClient;
  let failRefunds = false;

  beforeAll(async () => {
    t = await createTestApp({
      env: { REFUND_RETRY_SECONDS: '0' },
      payments: (db) => {
        const real = createTestPaymentProvider(db);
        return {
          ...real,
          refundCapture: (captureId, requestId) =>
            failRefunds
              ? Promise.reject(new PaymentProviderError('Provider down', 503))
              : real.refundCapture(captureId, requestId),
        };
      },
    });
    admin = (await signedInClient(t, 'admin')).client;
  });
  afterAll(async () => t.close());

  /** A payment owed a refund: a second payment for an invoice that the first one paid, refund failing. */
  async function owedPayment(): Promise<typeof payments.$inferSelect> {
    const inv = (
      await admin.post('/api/send-invoice', {
        customerName: 'Owed',
        customerEmail: 'owed@example.test',
        amount: 20,
      })
    ).json();
    const key = new URL(inv.payUrl).searchParams.get('key');
    const pay = async () => {
      const v = new TestClient(t.app);
      const o = await v.post('/paypal/order', {
        purpose: 'invoice',
        invoiceNumber: inv.invoiceNumber,
        invoiceKey: key,
      });
      return { v, id: o.json().id as string };
    };
    const first = await pay();
    const second = await pay();
    await first.v.post(`/paypal/order/${first.id}/capture`);
    failRefunds = true;
    const res = await second.v.post(`/paypal/order/${second.id}/capture`);
    failRefunds = false;
    expect(res.json().status).toBe('REFUND_PENDING');
    const [row] = await t.db.select().from(payments).where(eq(payments.providerOrderId, second.id));
    return row!;
  }

  it('every call is admin-only; bad input is a 400 naming the field', async () => {
    const anon = new TestClient(t.app);
    const { client: user } = await signedInClient(t, 'user');
    const calls: [string, string, unknown?][] = [
      ['GET', '/api/admin/incidents'],
      ['POST', '/api/admin/payments/1/refund'],
      ['POST', '/api/admin/payments/1/resolve', { note: 'done by hand' }],
      ['POST', '/api/admin/incidents/1/resolve', { note: 'done by hand' }],
      ['POST', '/api/admin/outbox/release-held'],
      ['POST', '/api/admin/outbox/1/release'],
      ['POST', '/api/admin/outbox/1/resend'],
    ];
    for (const [method, url, payload] of calls) {
      const opts = { method: method as 'GET' | 'POST', url, payload: payload as object };
      expect((await anon.request(opts)).statusCode, url).toBe(401);
      expect((await user.request(opts)).statusCode, url).toBe(403);
    }
    const empty = await admin.post('/api/admin/incidents/1/resolve', { note: ' ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors).toEqual({ note: 'Please say what was done' });
    expect((await admin.post('/api/admin/payments/x/refund')).statusCode).toBe(400);
    expect((await admin.post('/api/admin/payments/999999/refund')).statusCode).toBe(404);
  });

  it('lists a refund owed with its notes; Retry refund tries again; one refund_failed incident', async () => {
    const owed = await owedPayment();
    const overview = (await admin.get('/api/admin/incidents')).json();
    const listed = overview.refundsOwed.find((p: { id: number }) => p.id === owed.id);
    expect(listed).toMatchObject({ status: 'refund_pending', purpose: 'invoice', amount: 20 });
    expect(listed.notes.join(' ')).toMatch(/already paid/);
    expect(overview.counts.refundsOwed).toBeGreaterThanOrEqual(1);
    expect(overview.counts.needsHuman).toBeGreaterThanOrEqual(overview.counts.refundsOwed);
    // Its incidents are shown with the refund, not again as separate incidents.
    expect(
      overview.openIncidents.some(
        (i: { providerOrderId: string }) => i.providerOrderId === owed.providerOrderId,
      ),
    ).toBe(false);

    failRefunds = true;
    const failed = await admin.post(`/api/admin/payments/${owed.id}/refund`);
    failRefunds = false;
    expect(failed.json()).toMatchObject({
      refunded: false,
      message: expect.stringMatching(/did not refund/),
    });
    const failures = await t.db
      .select()
      .from(paymentIncidents)
      .where(eq(paymentIncidents.providerOrderId, owed.providerOrderId));
    expect(failures.filter((i) => i.kind === 'refund_failed')).toHaveLength(1);

    const ok = await admin.post(`/api/admin/payments/${owed.id}/refund`);
    expect(ok.json()).toEqual({ message: 'The refund went through.', refunded: true });
    const [row] = await t.db.select().from(payments).where(eq(payments.id, owed.id));
    expect(row!.status).toBe('refunded');
    const open = await t.db
      .select()
      .from(paymentIncidents)
      .where(eq(paymentIncidents.providerOrderId, owed.providerOrderId));
    expect(
      open.every((i) => i.resolved && i.resolutionNote?.startsWith('Refunded automatically')),
    ).toBe(true);
  });

  it('Mark resolved on a refund owed records that it was refunded by hand', async () => {
    const owed = await owedPayment();
    const res = await admin.post(`/api/admin/payments/${owed.id}/resolve`, {
      note: 'Refunded in the PayPal dashboard',
    });
    expect(res.statusCode, res.body).toBe(200);
    const [row] = await t.db.select().from(payments).where(eq(payments.id, owed.id));
    expect(row).toMatchObject({
      status: 'refunded',
      adminNote: 'Refunded in the PayPal dashboard',
    });
    expect(
      (await admin.post(`/api/admin/payments/${owed.id}/resolve`, { note: 'again' })).statusCode,
    ).toBe(409);
  });

  it('the sweep retries with backoff, and two sweeps at once claim each payment once', async () => {
    const owed = [await owedPayment(), await owedPayment(), await owedPayment()];
    const ids = owed.map((p) => p.id);
    const now = new Date(Date.now() + 60_000);
    // Just owed (inside the grace period): not yet.
    expect(await claimDueRefunds(t.db, new Date(), 50)).toHaveLength(0);

    failRefunds = true;
    const log = t.app.log;
    const [a, b] = await Promise.all([
      runRefundSweep(t.app.deps, log, now),
      runRefundSweep(t.app.deps, log, now),
    ]);
    expect(a.attempted + b.attempted).toBe(3);
    let rows = await t.db.select().from(payments).where(inArray(payments.id, ids));
    for (const r of rows) {
      expect(r).toMatchObject({ status: 'refund_pending', refundAttempts: 1 });
      expect(r.nextRefundAt!.getTime()).toBe(now.getTime() + refundBackoffSeconds(1) * 1000);
    }
    // Not due again before the backoff has passed.
    expect(
      (await runRefundSweep(t.app.deps, log, new Date(now.getTime() + 59_000))).attempted,
    ).toBe(0);
    const later = new Date(now.getTime() + 61_000);
    expect((await runRefundSweep(t.app.deps, log, later)).attempted).toBe(3);
    rows = await t.db.select().from(payments).where(inArray(payments.id, ids));
    for (const r of rows) {
      expect(r.refundAttempts).toBe(2);
      expect(r.nextRefundAt!.getTime()).toBe(later.getTime() + refundBackoffSeconds(2) * 1000);
    }

    failRefunds = false;
    const done = await runRefundSweep(t.app.deps, log, new Date(later.getTime() + 121_000));
    expect(done).toEqual({ attempted: 3, refunded: 3 });
    rows = await t.db.select().from(payments).where(inArray(payments.id, ids));
    expect(rows.every((r) => r.status === 'refunded' && r.refundId)).toBe(true);
  });

  it('a capture that never became an order is listed after 15 minutes; Refund and Mark resolved act on it', async () => {
    const captures: string[] = [];
    for (let i = 0; i < 2; i += 1) {
      const pin = await insertProduct(t.db, { stockQuantity: 5 });
      const shopper = new TestClient(t.app);
      await addToCart(shopper, pin.id, 1);
      captures.push(await payCart(shopper));
    }
    const overviewNow = (await admin.get('/api/admin/incidents')).json();
    expect(overviewNow.capturesWithoutOrder).toHaveLength(0);
    // Within the grace period the buyer's page may still be placing the order: neither
    // Refund nor Mark resolved may take the payment from under it.
    const fresh = await t.db
      .select()
      .from(payments)
      .where(inArray(payments.providerOrderId, captures));
    for (const action of ['refund', 'resolve']) {
      const early = await admin.post(`/api/admin/payments/${fresh[0]!.id}/${action}`, {
        note: 'too early',
      });
      expect(early.statusCode, action).toBe(409);
    }
    await t.db
      .update(payments)
      .set({ updatedAt: new Date(Date.now() - 20 * 60_000) })
      .where(inArray(payments.providerOrderId, captures));
    const overview = (await admin.get('/api/admin/incidents')).json();
    const listed = overview.capturesWithoutOrder.map(
      (p: { providerOrderId: string }) => p.providerOrderId,
    );
    expect(listed.sort()).toEqual([...captures].sort());
    // Test payments have no buyer behind them: no payer is shown, none made up.
    expect(overview.capturesWithoutOrder.map((p: { payer: unknown }) => p.payer)).toEqual([
      null,
      null,
    ]);

    const [first, second] = await t.db
      .select()
      .from(payments)
      .where(inArray(payments.providerOrderId, captures));
    const refund = await admin.post(`/api/admin/payments/${first!.id}/refund`);
    expect(refund.json().message).toBe('The refund went through.');
    const [refunded] = await t.db.select().from(payments).where(eq(payments.id, first!.id));
    expect(refunded).toMatchObject({ status: 'refunded' });
    // The buyer's late create-order cannot use the refunded payment.
    const late = await new TestClient(t.app, first!.reference).post('/api/create-order', {
      paypalOrderId: first!.providerOrderId,
      ...customer,
    });
    expect(late.statusCode).toBe(409);

    const resolved = await admin.post(`/api/admin/payments/${second!.id}/resolve`, {
      note: 'Order entered by hand as #42',
    });
    expect(resolved.statusCode).toBe(200);
    const after = (await admin.get('/api/admin/incidents')).json();
    expect(after.capturesWithoutOrder).toHaveLength(0);
    // The order was placed by hand: the buyer's late create-order cannot make a second.
    const ordersBefore = (await t.db.select().from(orders)).length;
    const twice = await new TestClient(t.app, second!.reference).post('/api/create-order', {
      paypalOrderId: second!.providerOrderId,
      ...customer,
    });
    expect(twice.statusCode).toBe(409);
    expect((await t.db.select().from(orders)).length).toBe(ordersBefore);
  });

  it('an open incident is marked resolved with a note', async () => {
    const [row] = await t.db
      .insert(paymentIncidents)
      .values({
        providerOrderId: null,
        kind: 'capture_pending',
        message: 'Capture pending at PayPal',
      })
      .returning();
    const listed = (await admin.get('/api/admin/incidents')).json();
    expect(listed.openIncidents.some((i: { id: number }) => i.id === row!.id)).toBe(true);
    const res = await admin.post(`/api/admin/incidents/${row!.id}/resolve`, {
      note: 'It completed; order placed by hand',
    });
    expect(res.statusCode).toBe(200);
    const [after] = await t.db
      .select()
      .from(paymentIncidents)
      .where(eq(paymentIncidents.id, row!.id));
    expect(after).toMatchObject({
      resolved: true,
      resolutionNote: 'It completed; order placed by hand',
    });
    expect(
      (await admin.post(`/api/admin/incidents/${row!.id}/resolve`, { note: 'again' })).statusCode,
    ).toBe(404);
  });

  it('counts in full what the lists cut at the oldest 200', async () => {
    const before = (await admin.get('/api/admin/incidents')).json();
    // 230 more refunds owed, as a long provider outage leaves them.
    const rows = await t.db
      .insert(payments)
      .values(
        Array.from({ length: 230 }, (_, i) => ({
          provider: 'test' as const,
          providerOrderId: `OWED-BULK-${i}`,
          purpose: 'cart' as const,
          reference: `bulk-${i}`,
          expectedCents: 1000,
          status: 'refund_pending' as const,
          captureId: `CAP-BULK-${i}`,
          capturedCents: 1000,
          // Not due yet: the refund sweep leaves them alone during this test.
          nextRefundAt: new Date(Date.now() + 3600_000),
        })),
      )
      .returning({ id: payments.id });
    try {
      const overview = (await admin.get('/api/admin/incidents')).json();
      expect(overview.refundsOwed).toHaveLength(200);
      expect(overview.counts.refundsOwed).toBe(before.counts.refundsOwed + 230);
      expect(overview.counts.needsHuman).toBe(before.counts.needsHuman + 230);
      const dashboard = (await admin.get('/api/admin/dashboard')).json();
      expect(dashboard.needsHuman.refundsOwed).toBe(overview.counts.refundsOwed);
    } finally {
      await t.db.delete(payments).where(
        inArray(
          payments.id,
          rows.map((r) => r.id),
        ),
      );
    }
  });

  it('without SMTP, held mail is listed and cannot be released', async () => {
    const overview = (await admin.get('/api/admin/incidents')).json();
    expect(overview.mailSending).toBe(false);
    expect(overview.mail.some((m: { status: string }) => m.status === 'held')).toBe(true);
    expect(overview.counts.heldMail).toBeGreaterThan(0);
    const res = await admin.post('/api/admin/outbox/release-held');
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/SMTP_URL/);
  });
});

describe('releasing held mail and resending failed mail over SMTP', () => {
  const received: string[] = [];
  let server: SMTPServer;
  let t: TestApp;

  beforeAll(async () => {
    server = new SMTPServer({
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      onData(stream, session, cb) {
        stream.resume();
        stream.on('end', () => {
          received.push(session.envelope.rcptTo.map((r) => r.address).join(','));
          cb();
        });
      },
    });
    // A client that resets a connection mid-message must not fail the run.
    server.on('error', () => {});
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const address = server.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    t = await createTestApp({
      env: {
        SMTP_URL: `smtp://127.0.0.1:${port}`,
        MAIL_POLL_SECONDS: '0.5',
        REFUND_RETRY_SECONDS: '0',
      },
    });
  });
  afterAll(async () => {
    await t.close();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  it('release sends held mail; resend replaces a failed mail by a copy that is sent', async () => {
    const { client: admin } = await signedInClient(t, 'admin');
    const base = { subject: 'Hello', textBody: 'Hi', kind: 'test' };
    const [held] = await t.db
      .insert(mailOutbox)
      .values({ ...base, toAddress: 'held@example.test', status: 'held' })
      .returning();
    const [failed] = await t.db
      .insert(mailOutbox)
      .values({
        ...base,
        toAddress: 'failed@example.test',
        status: 'failed',
        lastError: '550 no',
        headers: { 'Reply-To': 'shop@example.test', 'List-Unsubscribe': '<https://x.test/u>' },
      })
      .returning();
    const overview = (await admin.get('/api/admin/incidents')).json();
    expect(overview.mailSending).toBe(true);
    expect(overview.counts).toMatchObject({ heldMail: 1, failedMail: 1 });

    expect((await admin.post(`/api/admin/outbox/${failed!.id}/release`)).statusCode).toBe(404);
    const release = await admin.post('/api/admin/outbox/release-held');
    expect(release.json().message).toBe('1 held mail released for sending.');
    const resend = await admin.post(`/api/admin/outbox/${failed!.id}/resend`);
    expect(resend.statusCode, resend.body).toBe(200);
    expect((await admin.post(`/api/admin/outbox/${failed!.id}/resend`)).statusCode).toBe(404);

    await expect
      .poll(() => [...received].sort(), { timeout: 15_000 })
      .toEqual(['failed@example.test', 'held@example.test']);
    const [heldNow] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.id, held!.id));
    expect(heldNow!.status).toBe('sent');
    const copies = await t.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.toAddress, 'failed@example.test'));
    expect(copies).toHaveLength(1);
    // The copy is the same mail: its headers (Reply-To, List-Unsubscribe) too.
    expect(copies[0]).toMatchObject({ status: 'sent', subject: 'Hello', headers: failed!.headers });
    expect(copies[0]!.id).not.toBe(failed!.id);
  });
});
