/**
 * The capture check sweep (capture-check.ts): a capture whose answer was lost is finished
 * without the buyer, against the PayPal stub with the real PayPal adapter. A lost answer
 * is made with `stub.failNext(3, { path: /\/capture$/, lostAnswer: true })` (PayPal
 * captures, the adapter's three tries all go unanswered); the sweeps get a `now` instead
 * of waiting. Each case leaves nothing due for the next one.
 */
import { eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { addToCart, createPayment, insertProduct } from '../checkout/test-support';
import { manualInvoices, payments } from '../db/schema';
import { formatStoreTime } from '../lib/store-time';
import { CAPTURE_UNKNOWN_INCIDENT } from '../payments/service';
import { TestClient } from '../test/app';
import { CAPTURE_CHECK, captureCheckBackoffSeconds } from './capture-check';
import { captureCheckEnv, dueNow, LOST, ORDER_READ, READ_DOWN } from './capture-check-support';
import { CAPTURE_GRACE_MINUTES, FOUND_BY_CHECK_PAYER, incidentsOverview } from './service';

describe('the capture check sweep', () => {
  const env = captureCheckEnv();

  it('a lost cart capture becomes captured, and is listed as a capture without an order after its grace', async () => {
    const id = await env.lostCartCapture();
    const captures = env.stub.calls(/\/capture$/).length;
    const reads = env.stub.calls(ORDER_READ, 'GET').length;
    const done = await env.sweep(dueNow());
    expect(done).toEqual({ checked: 1, captured: 1, unknown: 0, reported: 0 });
    // It read the order (GET) and captured nothing itself.
    expect(env.stub.calls(/\/capture$/)).toHaveLength(captures);
    expect(env.stub.calls(ORDER_READ, 'GET').map((c) => c.path)).toEqual([
      ...Array(reads).fill(expect.any(String)),
      `/v2/checkout/orders/${id}`,
    ]);
    const row = await env.rowOf(id);
    expect(row).toMatchObject({ status: 'captured', capturedCents: 2599, consumedAt: null });
    expect(env.stub.orders.get(id)!.capture!.status).toBe('COMPLETED'); // captured once, not refunded

    // Its grace starts now (updatedAt), so the buyer may still come back and place the order.
    const listed = async (now: Date) =>
      (await incidentsOverview(env.t.app.deps, now)).capturesWithoutOrder.map(
        (p) => p.providerOrderId,
      );
    expect(await listed(new Date())).not.toContain(id);
    const later = new Date(Date.now() + (CAPTURE_GRACE_MINUTES + 1) * 60_000);
    expect(await listed(later)).toContain(id);
    // Saying what happened, since the shop has no order for it, and who paid (PayPal named
    // the buyer on the order it read; payer.test.ts).
    const shown = (await incidentsOverview(env.t.app.deps, later)).capturesWithoutOrder.find(
      (p) => p.providerOrderId === id,
    );
    expect(shown?.notes).toEqual([FOUND_BY_CHECK_PAYER]);
    expect(shown?.payer).toEqual({ email: 'jane.doe@example.com', name: 'Jane Doe' });
    // Nothing left to check.
    expect((await env.sweep(later)).checked).toBe(0);
  });

  it('a lost invoice capture is settled by the sweep: the invoice is paid', async () => {
    const sent = await env.admin.post('/api/send-invoice', {
      customerName: 'Lost Answer LLC',
      customerEmail: 'lost@example.test',
      amount: 120,
    });
    expect(sent.statusCode, sent.body).toBe(201);
    const invoice = sent.json();
    const payer = new TestClient(env.t.app);
    const order = await payer.post('/paypal/order', {
      purpose: 'invoice',
      invoiceNumber: invoice.invoiceNumber,
      invoiceKey: new URL(invoice.payUrl).searchParams.get('key'),
    });
    expect(order.statusCode, order.body).toBe(201);
    const id: string = order.json().id;
    env.stub.failNext(3, LOST);
    expect((await payer.post(`/paypal/order/${id}/capture`)).statusCode).toBe(502);
    const invoiceRow = async () =>
      (
        await env.t.db
          .select()
          .from(manualInvoices)
          .where(eq(manualInvoices.invoiceNumber, invoice.invoiceNumber))
      )[0]!;
    expect((await invoiceRow()).status).toBe('pending');

    expect(await env.sweep(dueNow())).toMatchObject({ checked: 1, captured: 1 });
    expect(await invoiceRow()).toMatchObject({ status: 'paid', paymentId: id });
    const row = await env.rowOf(id);
    expect(row.status).toBe('captured');
    expect(row.consumedAt).not.toBeNull();
  });

  it('while PayPal stays down: no change, backoff, then exactly one capture_unknown incident', async () => {
    const id = await env.lostCartCapture();
    const asked = (await env.rowOf(id)).captureAttemptedAt!;
    let now = new Date(asked.getTime() + CAPTURE_CHECK.graceSeconds * 1000 + 500);
    for (let check = 1; check <= CAPTURE_CHECK.maxAttempts; check += 1) {
      // Not due a moment before its time.
      expect((await env.sweep(new Date(now.getTime() - 1000))).checked, `check ${check}`).toBe(0);
      env.stub.failNext(3, READ_DOWN);
      const last = check === CAPTURE_CHECK.maxAttempts;
      expect(await env.sweep(now), `check ${check}`).toEqual({
        checked: 1,
        captured: 0,
        unknown: last ? 0 : 1,
        reported: last ? 1 : 0,
      });
      const row = await env.rowOf(id);
      expect(row.status).toBe('created');
      expect(row.captureChecks).toBe(check);
      if (last) break;
      expect(row.nextCaptureCheckAt!.getTime()).toBe(
        now.getTime() + captureCheckBackoffSeconds(check) * 1000,
      );
      expect(await env.incidentsOf(id)).toHaveLength(0);
      now = row.nextCaptureCheckAt!;
    }
    const incidents = await env.incidentsOf(id);
    expect(incidents).toHaveLength(1);
    expect(incidents[0]).toMatchObject({ kind: CAPTURE_UNKNOWN_INCIDENT, resolved: false });
    expect(incidents[0]!.message).toContain(id);
    expect(incidents[0]!.message).toContain('$25.99');
    expect(incidents[0]!.message).toMatch(/Look the order up at PayPal/);
    // In the shop's time zone, named (the admin screens show the browser's local time).
    const minute = formatStoreTime(asked, env.t.config.STORE_TIME_ZONE);
    expect(minute).toMatch(/^[A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d\d [AP]M [A-Z]{3,4}$/);
    expect(incidents[0]!.message).toContain(`capture asked for ${minute})`);
    expect(incidents[0]!.message).toMatch(
      /asked about the order 8 times since, without a definite answer/,
    );
    // The admin sees it among the open incidents.
    const overview = (await env.admin.get('/api/admin/incidents')).json();
    expect(overview.openIncidents).toContainEqual(
      expect.objectContaining({ providerOrderId: id, kind: CAPTURE_UNKNOWN_INCIDENT }),
    );

    // A later sweep neither asks again nor adds an incident.
    const reads = env.stub.calls(ORDER_READ, 'GET').length;
    expect((await env.sweep(new Date(now.getTime() + 24 * 3600_000))).checked).toBe(0);
    expect(env.stub.calls(ORDER_READ, 'GET')).toHaveLength(reads);
    expect(await env.incidentsOf(id)).toHaveLength(1);
  });

  it('a capture that never reached PayPal is not made by the sweep: nothing taken, the attempt cleared', async () => {
    const p = await insertProduct(env.t.db, { priceCents: 2000 });
    const client = new TestClient(env.t.app);
    await addToCart(client, p.id, 1);
    const id = await createPayment(client);
    // PayPal answers 503 to every try: it captured nothing, the buyer is told to try again.
    env.stub.failNext(3, { path: /\/capture$/, status: 503 });
    expect((await client.post(`/paypal/order/${id}/capture`)).statusCode).toBe(502);
    expect(env.stub.orders.get(id)!.capture).toBeNull();
    expect((await env.rowOf(id)).captureAttemptedAt).not.toBeNull();
    const captures = env.stub.calls(/\/capture$/).length;

    expect(await env.sweep(dueNow())).toEqual({ checked: 1, captured: 0, unknown: 0, reported: 0 });
    expect(env.stub.calls(/\/capture$/)).toHaveLength(captures);
    expect(env.stub.orders.get(id)!.capture).toBeNull(); // the buyer was not charged later
    expect(await env.rowOf(id)).toMatchObject({ status: 'created', captureAttemptedAt: null });
    expect(await env.incidentsOf(id)).toHaveLength(0);
  });

  it('an order PayPal does not know (404): nothing moved, the attempt cleared', async () => {
    const id = await env.lostCartCapture();
    env.stub.orders.delete(id);
    expect(await env.sweep(dueNow())).toEqual({ checked: 1, captured: 0, unknown: 0, reported: 0 });
    expect(await env.rowOf(id)).toMatchObject({ status: 'created', captureAttemptedAt: null });
    expect(await env.incidentsOf(id)).toHaveLength(0);
  });

  it('a check lost in a crash at the last attempt still ends in the incident', async () => {
    const id = await env.lostCartCapture();
    // As if the 8th claim counted its check and the process died before asking PayPal.
    const claimedAt = dueNow();
    await env.t.db
      .update(payments)
      .set({ captureChecks: CAPTURE_CHECK.maxAttempts, nextCaptureCheckAt: claimedAt })
      .where(eq(payments.providerOrderId, id));
    env.stub.failNext(3, READ_DOWN);
    expect(await env.sweep(claimedAt)).toEqual({
      checked: 1,
      captured: 0,
      unknown: 0,
      reported: 1,
    });
    expect((await env.incidentsOf(id)).map((i) => i.kind)).toEqual([CAPTURE_UNKNOWN_INCIDENT]);
    expect((await env.rowOf(id)).captureReportedAt).not.toBeNull();
    expect((await env.sweep(new Date(claimedAt.getTime() + 24 * 3600_000))).checked).toBe(0);
  });

  it('not approved: nothing moved, the attempt is cleared, no incident', async () => {
    const p = await insertProduct(env.t.db);
    const client = new TestClient(env.t.app);
    await addToCart(client, p.id, 1);
    const id = await createPayment(client);
    env.stub.setOutcome(id, 'not-approved');
    // PayPal refused, but that answer was lost too: the row looks like a lost capture.
    env.stub.failNext(3, LOST);
    expect((await client.post(`/paypal/order/${id}/capture`)).statusCode).toBe(502);
    expect((await env.rowOf(id)).captureAttemptedAt).not.toBeNull();

    const now = dueNow();
    expect(await env.sweep(now)).toEqual({ checked: 1, captured: 0, unknown: 0, reported: 0 });
    const row = await env.rowOf(id);
    expect(row).toMatchObject({
      status: 'created',
      captureAttemptedAt: null,
      captureChecks: 0,
      nextCaptureCheckAt: null,
    });
    expect(env.stub.orders.get(id)!.capture).toBeNull();
    expect(await env.incidentsOf(id)).toHaveLength(0);
    expect((await env.sweep(new Date(now.getTime() + 24 * 3600_000))).checked).toBe(0);
  });

  it("a reported capture that the buyer's return settles closes its incident", async () => {
    const { id, client } = await env.lostCartCaptureOf();
    const claimedAt = dueNow();
    await env.t.db
      .update(payments)
      .set({ captureChecks: CAPTURE_CHECK.maxAttempts - 1, nextCaptureCheckAt: claimedAt })
      .where(eq(payments.providerOrderId, id));
    env.stub.failNext(3, READ_DOWN);
    expect(await env.sweep(claimedAt)).toMatchObject({ checked: 1, reported: 1 });
    expect((await env.incidentsOf(id))[0]!.resolved).toBe(false);
    // The buyer pays for the same cart again: the earlier capture is handed back...
    const again = await client.post('/paypal/order', { intent: 'CAPTURE', currency: 'USD' });
    expect(again.statusCode, again.body).toBe(201);
    expect(again.json()).toMatchObject({ id, captured: true });
    // ...and the admin's incident is closed, saying what became of it.
    const [incident] = await env.incidentsOf(id);
    expect(incident).toMatchObject({ kind: CAPTURE_UNKNOWN_INCIDENT, resolved: true });
    expect(incident!.resolutionNote).toMatch(/^Known since: the payment was captured \(capture /);
  });

  it('a capture asked for inside the grace period is not touched', async () => {
    const id = await env.lostCartCapture();
    const before = await env.rowOf(id);
    const reads = env.stub.calls(ORDER_READ, 'GET').length;
    const inside = new Date(Date.now() + (CAPTURE_CHECK.graceSeconds - 30) * 1000);
    expect((await env.sweep(inside)).checked).toBe(0);
    expect(await env.rowOf(id)).toEqual(before);
    expect(env.stub.calls(ORDER_READ, 'GET')).toHaveLength(reads);
    // Past it, the sweep finishes it (and leaves nothing due for the next case).
    expect(await env.sweep(dueNow())).toMatchObject({ checked: 1, captured: 1 });
  });

  it('two sweeps at once check each payment once', async () => {
    const ids = [
      await env.lostCartCapture(),
      await env.lostCartCapture(),
      await env.lostCartCapture(),
      await env.lostCartCapture(),
    ];
    const reads = env.stub.calls(ORDER_READ, 'GET').length;
    const now = dueNow();
    const [a, b] = await Promise.all([env.sweep(now), env.sweep(now)]);
    expect(a.checked + b.checked).toBe(4);
    expect(a.captured + b.captured).toBe(4);
    expect(env.stub.calls(ORDER_READ, 'GET')).toHaveLength(reads + 4); // one read per payment
    const rows = await env.t.db
      .select()
      .from(payments)
      .where(inArray(payments.providerOrderId, ids));
    for (const r of rows) expect(r).toMatchObject({ status: 'captured', captureChecks: 1 });
  });
});
