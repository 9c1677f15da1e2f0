/**
 * Manual invoices over the real routes (back-office "Manual Invoices",
 * "/pay-invoice/{invoiceNumber}"; DECISIONS.md: the amount comes from the server's
 * invoice). Runs on PGlite and, with TEST_DATABASE_URL, on PostgreSQL.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDaysIso } from '../../shared/dates';
import type { AdminInvoice, PublicInvoice } from '../../shared/schemas/invoices';
import { signedInClient } from '../catalog/testing';
import { mailOutbox, manualInvoices, paymentIncidents, payments } from '../db/schema';
import { storeDayOf } from '../lib/store-time';
import { PaymentProviderError } from '../payments/provider';
import { createTestPaymentProvider } from '../payments/test-provider';
import { createTestApp, type TestApp, TestClient } from '../test/app';
import { createInvoice, findPayableInvoice, invoiceLinkExpiresAt } from './service';

const body = {
  customerName: 'Fox Hollow Golf Club',
  customerEmail: 'ap@foxhollow.example',
  customerCompany: 'Fox Hollow GC',
  customerAddress: '1 Hollow Rd, Austin, TX',
  description: '200 tournament pins',
  amount: 1234.5,
  notes: 'Thank you!',
};

describe('manual invoices', () => {
  let t: TestApp;
  let admin: TestClient;
  let customer: TestClient;

  beforeAll(async () => {
    t = await createTestApp({ env: { PUBLIC_URL: 'https://shop.example' } });
    admin = (await signedInClient(t, 'admin')).client;
    customer = (await signedInClient(t, 'user')).client;
  });
  afterAll(async () => t.close());

  async function send(over: Record<string, unknown> = {}) {
    const res = await admin.post('/api/send-invoice', { ...body, ...over });
    expect(res.statusCode, res.body).toBe(201);
    return res.json();
  }
  const keyOf = (payUrl: string) => new URL(payUrl).searchParams.get('key')!;

  it('every admin call answers 401 anonymous and 403 for a customer', async () => {
    const anon = new TestClient(t.app);
    for (const [method, url] of [
      ['POST', '/api/send-invoice'],
      ['GET', '/api/manual-invoices'],
      ['DELETE', '/api/manual-invoices/1'],
    ] as const) {
      const payload = method === 'POST' ? body : undefined;
      expect((await anon.request({ method, url, payload })).statusCode).toBe(401);
      expect((await customer.request({ method, url, payload })).statusCode).toBe(403);
    }
  });

  it('refuses bad input with 400 naming the field', async () => {
    const missing = await admin.post('/api/send-invoice', { customerEmail: 'a@b.example' });
    expect(missing.statusCode).toBe(400);
    expect(Object.keys(missing.json().errors)).toEqual(
      expect.arrayContaining(['customerName', 'amount']),
    );
    const zero = await admin.post('/api/send-invoice', { ...body, amount: 0 });
    expect(zero.json().errors).toEqual({ amount: 'Amount must be above 0' });
    const email = await admin.post('/api/send-invoice', { ...body, customerEmail: 'nope' });
    expect(email.json().errors).toEqual({ customerEmail: 'Please enter a valid email address' });
    const cents = await admin.post('/api/send-invoice', { ...body, amount: 10.005 });
    expect(Object.keys(cents.json().errors)).toEqual(['amount']);
    const date = await admin.post('/api/send-invoice', { ...body, dueDate: '2026-02-31x' });
    expect(Object.keys(date.json().errors)).toEqual(['dueDate']);
    // A day that does not exist is refused, not rolled over into March.
    const feb30 = await admin.post('/api/send-invoice', { ...body, dueDate: '2031-02-30' });
    expect(feb30.statusCode).toBe(400);
    expect(feb30.json().errors.dueDate).toBe('Please enter a valid date');
    expect((await admin.delete('/api/manual-invoices/abc')).statusCode).toBe(400);
  });

  it('counts the default due date from the shop’s today (STORE_TIME_ZONE), not UTC’s', async () => {
    // 6 pm on 25 November in San Diego is already the 26th in UTC.
    const row = await createInvoice(
      t.app.deps,
      { ...body, terms: '' },
      t.app.log,
      new Date('2026-11-26T02:00:00Z'),
    );
    expect(row.dueDate?.toISOString()).toBe('2026-12-25T00:00:00.000Z');
  });

  it('names the issue and payment days in the store zone (issuedDay, paidDay), not UTC days', async () => {
    expect(t.app.deps.config.STORE_TIME_ZONE).toBe('America/Los_Angeles');
    const inv = await send({ amount: 77 });
    const key = keyOf(inv.payUrl);
    const visitor = new TestClient(t.app);
    const url = `/api/pay-invoice/${inv.invoiceNumber}?key=${key}`;
    // Sent at 5:30 pm on 25 November in San Diego (already the 26th in UTC), due Net 30.
    await t.db
      .update(manualInvoices)
      .set({
        sentAt: new Date('2026-11-26T01:30:00Z'),
        createdAt: new Date('2026-11-26T01:29:59Z'),
        dueDate: new Date('2026-12-25T00:00:00Z'),
      })
      .where(eq(manualInvoices.id, inv.id));
    const listed = async () =>
      ((await admin.get('/api/manual-invoices')).json() as AdminInvoice[]).find(
        (i) => i.id === inv.id,
      )!;
    const unpaid = (await visitor.get(url)).json() as PublicInvoice;
    expect(unpaid).toMatchObject({ issuedDay: '2026-11-25', paidDay: null });
    expect(unpaid.dueDate).toBe('2026-12-25T00:00:00.000Z'); // the due date is unchanged
    expect(await listed()).toMatchObject({ issuedDay: '2026-11-25', paidDay: null });

    // Paid at 10:15 pm on 1 December there (6:15 am on the 2nd in UTC).
    const order = await visitor.post('/paypal/order', {
      purpose: 'invoice',
      invoiceNumber: inv.invoiceNumber,
      invoiceKey: key,
    });
    await visitor.post(`/paypal/order/${order.json().id}/capture`);
    await t.db
      .update(manualInvoices)
      .set({ paidAt: new Date('2026-12-02T06:15:00Z') })
      .where(eq(manualInvoices.id, inv.id));
    const paid = (await visitor.get(url)).json() as PublicInvoice;
    expect(paid).toMatchObject({ status: 'paid', issuedDay: '2026-11-25', paidDay: '2026-12-01' });
    expect(await listed()).toMatchObject({ issuedDay: '2026-11-25', paidDay: '2026-12-01' });

    // A row without `sentAt` was issued when it was created (11:59 pm on 28 February there).
    await t.db
      .update(manualInvoices)
      .set({ sentAt: null, createdAt: new Date('2026-03-01T07:59:00Z') })
      .where(eq(manualInvoices.id, inv.id));
    expect(((await visitor.get(url)).json() as PublicInvoice).issuedDay).toBe('2026-02-28');
  });

  it('creates INV-###### numbers, defaults (due +30 days, Net 30) and mails the pay link', async () => {
    const before = Date.now();
    const a = await send();
    const b = await send({ dueDate: '2031-05-01', terms: 'Net 15' });
    expect(a.invoiceNumber).toMatch(/^INV-\d{6}$/);
    expect(Number(b.invoiceNumber.slice(4))).toBeGreaterThan(Number(a.invoiceNumber.slice(4)));
    expect(a).toMatchObject({ amount: 1234.5, status: 'pending', terms: 'Net 30' });
    const due = new Date(a.dueDate).getTime();
    const expected = new Date(new Date(before).toISOString().slice(0, 10)).getTime() + 30 * 864e5;
    expect(Math.abs(due - expected)).toBeLessThanOrEqual(864e5);
    expect(b).toMatchObject({ dueDate: '2031-05-01T00:00:00.000Z', terms: 'Net 15' });
    expect(a.payUrl).toMatch(
      new RegExp(`^https://shop\\.example/pay-invoice/${a.invoiceNumber}\\?key=[\\w-]{43}$`),
    );
    const [row] = await t.db.select().from(manualInvoices).where(eq(manualInvoices.id, a.id));
    expect(row).toMatchObject({ totalCents: 123450, subtotalCents: 123450 });
    const mails = await t.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.kind, 'invoice'), eq(mailOutbox.toAddress, body.customerEmail)));
    expect(mails.some((m) => m.textBody.includes(a.payUrl))).toBe(true);
    const list = (await admin.get('/api/manual-invoices')).json();
    expect(list[0].invoiceNumber).toBe(b.invoiceNumber);
  });

  it('says whether the e-mail went out: without SMTP `sending` is false and the mail is held', async () => {
    // This app has no SMTP_URL: the admin's toast must not say 'was e-mailed' (an admin
    // audit of 2026-11-27); the campaign routes' `sending` says the same.
    expect(t.app.deps.mail.sending).toBe(false);
    const sent = await send({ customerEmail: 'held@foxhollow.example' });
    expect(sent.sending).toBe(false);
    const mails = await t.db
      .select()
      .from(mailOutbox)
      .where(
        and(eq(mailOutbox.kind, 'invoice'), eq(mailOutbox.toAddress, 'held@foxhollow.example')),
      );
    expect(mails.map((m) => m.status)).toEqual(['held']);
    // The list's invoices carry no such field: it belongs to the sending only.
    const listed = (await admin.get('/api/manual-invoices')).json() as Record<string, unknown>[];
    expect(listed.find((i) => i.id === sent.id)).not.toHaveProperty('sending');
  });

  it("answers the invoice's items, subtotal, tax and total (back-office spec section 3 manual_invoices)", async () => {
    const sent = await send({ amount: 99.95 });
    const money = {
      items: [{ description: body.description, quantity: 1, unitPrice: 99.95 }],
      subtotal: 99.95,
      tax: 0,
      total: 99.95,
    };
    expect(sent).toMatchObject(money);
    const listed = (await admin.get('/api/manual-invoices')).json();
    expect(listed.find((i: { id: number }) => i.id === sent.id)).toMatchObject(money);
    const key = keyOf(sent.payUrl);
    const page = await new TestClient(t.app).get(
      `/api/pay-invoice/${sent.invoiceNumber}?key=${key}`,
    );
    expect(page.json()).toMatchObject(money);
  });

  it('the pay page shows the server amount: a tampered ?amount= changes nothing', async () => {
    const inv = await send({ amount: 250 });
    const key = keyOf(inv.payUrl);
    const visitor = new TestClient(t.app);
    const res = await visitor.get(`/api/pay-invoice/${inv.invoiceNumber}?key=${key}&amount=1`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ invoiceNumber: inv.invoiceNumber, amount: 250 });
    expect(res.json()).not.toHaveProperty('customerEmail');
    // Paying: the server sets the amount; a client amount that differs is refused.
    const tampered = await visitor.post('/paypal/order', {
      purpose: 'invoice',
      invoiceNumber: inv.invoiceNumber,
      invoiceKey: key,
      amount: '1.00',
    });
    expect(tampered.statusCode).toBe(409);
    expect(tampered.json().amount).toBe('250.00');
    const order = await visitor.post('/paypal/order', {
      purpose: 'invoice',
      invoiceNumber: inv.invoiceNumber,
      invoiceKey: key,
    });
    expect(order.statusCode).toBe(201);
    expect(order.json().amount).toBe('250.00');
  });

  it('unknown number, wrong key and deleted invoices are an Invalid Payment Link', async () => {
    const inv = await send();
    const visitor = new TestClient(t.app);
    const invalid = { message: 'Invalid Payment Link' };
    for (const url of [
      `/api/pay-invoice/${inv.invoiceNumber}`,
      `/api/pay-invoice/${inv.invoiceNumber}?key=wrong`,
      `/api/pay-invoice/INV-999999?key=${keyOf(inv.payUrl)}`,
      '/api/pay-invoice/whatever',
    ]) {
      const res = await visitor.get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.json()).toEqual(invalid);
    }
    const noKey = await visitor.post('/paypal/order', {
      purpose: 'invoice',
      invoiceNumber: inv.invoiceNumber,
    });
    expect(noKey.statusCode).toBe(404);

    expect((await admin.delete(`/api/manual-invoices/${inv.id}`)).statusCode).toBe(200);
    const gone = await visitor.get(
      `/api/pay-invoice/${inv.invoiceNumber}?key=${keyOf(inv.payUrl)}`,
    );
    expect(gone.statusCode).toBe(404);
    const list = (await admin.get('/api/manual-invoices')).json() as { id: number }[];
    expect(list.some((i) => i.id === inv.id)).toBe(false);
    expect((await admin.delete(`/api/manual-invoices/${inv.id}`)).statusCode).toBe(404);
    // The number is never given out again.
    const next = await send();
    expect(Number(next.invoiceNumber.slice(4))).toBeGreaterThan(Number(inv.invoiceNumber.slice(4)));
  });

  it('an unpaid invoice link expires 30 days after its due date (410); a paid one still shows paid', async () => {
    const inv = await send({ amount: 40 });
    const key = keyOf(inv.payUrl);
    const visitor = new TestClient(t.app);
    const url = `/api/pay-invoice/${inv.invoiceNumber}?key=${key}`;
    const pay = { purpose: 'invoice', invoiceNumber: inv.invoiceNumber, invoiceKey: key };
    // Due and sent `days` store days ago (the due date stored as the app stores it: that
    // day's UTC midnight; sent at 20:00 UTC, midday in San Diego).
    const age = async (days: number) => {
      const day = addDaysIso(storeDayOf(new Date(), t.app.deps.config.STORE_TIME_ZONE), -days);
      await t.db
        .update(manualInvoices)
        .set({
          dueDate: new Date(`${day}T00:00:00Z`),
          sentAt: new Date(`${day}T20:00:00Z`),
          createdAt: new Date(`${day}T20:00:00Z`),
        })
        .where(eq(manualInvoices.id, inv.id));
    };
    await age(30); // the last day
    expect((await visitor.get(url)).statusCode).toBe(200);
    await age(29);
    expect((await visitor.get(url)).statusCode).toBe(200);
    await age(31);
    const expired = { message: 'This payment link has expired. Please contact us for a new one.' };
    const page = await visitor.get(url);
    expect(page.statusCode).toBe(410);
    expect(page.json()).toEqual(expired);
    const order = await visitor.post('/paypal/order', pay);
    expect(order.statusCode).toBe(410);
    expect(order.json()).toEqual(expired);
    // The admin list no longer offers the dead link, and says when it stopped.
    const listed = (await admin.get('/api/manual-invoices')).json() as {
      id: number;
      payUrl: string | null;
      linkExpiresAt: string | null;
    }[];
    const row = listed.find((i) => i.id === inv.id)!;
    expect(row.payUrl).toBeNull();
    expect(Date.parse(row.linkExpiresAt!)).toBeLessThan(Date.now());
    // Nor a print link that would answer 'expired'.
    expect((row as { printUrl?: string | null }).printUrl).toBeNull();

    // Paid before it expired: the page keeps answering 'paid', a new payment stays 409.
    const paid = await send({ amount: 41 });
    const paidKey = keyOf(paid.payUrl);
    const created = await visitor.post('/paypal/order', {
      purpose: 'invoice',
      invoiceNumber: paid.invoiceNumber,
      invoiceKey: paidKey,
    });
    await visitor.post(`/paypal/order/${created.json().id}/capture`);
    const then = new Date(Date.now() - 90 * 864e5);
    await t.db
      .update(manualInvoices)
      .set({ dueDate: then, sentAt: then })
      .where(eq(manualInvoices.id, paid.id));
    const paidPage = await visitor.get(`/api/pay-invoice/${paid.invoiceNumber}?key=${paidKey}`);
    expect(paidPage.statusCode).toBe(200);
    expect(paidPage.json()).toMatchObject({ status: 'paid' });
    // The admin keeps a print link to the paid invoice (no pay link any more).
    const paidRow = (
      (await admin.get('/api/manual-invoices')).json() as {
        id: number;
        payUrl: string | null;
        printUrl: string | null;
      }[]
    ).find((i) => i.id === paid.id)!;
    expect(paidRow.payUrl).toBeNull();
    expect(paidRow.printUrl).toBe(`/pay-invoice/${paid.invoiceNumber}/print?key=${paidKey}`);
  });

  it('the pay link works to the end of the store day 30 days after the due date (STORE_TIME_ZONE), not UTC midnight', async () => {
    // Due 15 January 2030 (stored as that day's UTC midnight): the link's last day is
    // 14 February, which ends at 23:59:59.999 in San Diego = 07:59:59.999 UTC on the 15th.
    // From the due date's UTC midnight it ended at 4 pm on the 13th in San Diego.
    expect(t.app.deps.config.STORE_TIME_ZONE).toBe('America/Los_Angeles');
    const inv = await send({ amount: 42, dueDate: '2030-01-15' });
    expect(inv.dueDate).toBe('2030-01-15T00:00:00.000Z');
    expect(inv.linkExpiresAt).toBe('2030-02-15T07:59:59.999Z');
    expect(inv.linkExpiresDay).toBe('2030-02-14'); // what the admin list shows
    const key = keyOf(inv.payUrl);
    const at = (iso: string) =>
      findPayableInvoice(
        t.db,
        inv.invoiceNumber,
        key,
        t.app.deps.config.STORE_TIME_ZONE,
        new Date(iso),
      );
    // 3 pm on 14 February in San Diego: still payable.
    await expect(at('2030-02-14T23:00:00Z')).resolves.toMatchObject({ id: inv.id });
    // Its last millisecond (linkExpiresAt) still belongs to the day.
    await expect(at('2030-02-15T07:59:59.999Z')).resolves.toMatchObject({ id: inv.id });
    // Midnight in San Diego: expired.
    await expect(at('2030-02-15T08:00:00Z')).rejects.toMatchObject({ statusCode: 410 });

    // Sent after its due date: 30 store days from the day it was sent, to that day's end.
    const late = await createInvoice(
      t.app.deps,
      { ...body, terms: '', dueDate: '2030-01-15' },
      t.app.log,
      new Date('2030-03-02T02:00:00Z'), // 6 pm on 1 March in San Diego
    );
    expect(invoiceLinkExpiresAt(late, 'America/Los_Angeles').toISOString()).toBe(
      '2030-04-01T06:59:59.999Z', // end of 31 March, daylight saving time (UTC-7)
    );
  });

  it('a captured payment marks the invoice paid once, sends the receipt, and it cannot be paid or deleted again', async () => {
    const inv = await send({ amount: 99.99 });
    const key = keyOf(inv.payUrl);
    const visitor = new TestClient(t.app);
    const order = await visitor.post('/paypal/order', {
      purpose: 'invoice',
      invoiceNumber: inv.invoiceNumber,
      invoiceKey: key,
    });
    const capture = await visitor.post(`/paypal/order/${order.json().id}/capture`);
    expect(capture.json()).toMatchObject({ status: 'COMPLETED', amount: '99.99' });
    // A replayed capture changes nothing.
    expect((await visitor.post(`/paypal/order/${order.json().id}/capture`)).json().status).toBe(
      'COMPLETED',
    );

    const [row] = await t.db.select().from(manualInvoices).where(eq(manualInvoices.id, inv.id));
    expect(row).toMatchObject({ status: 'paid', paymentId: order.json().id });
    expect(row!.paidAt).toBeInstanceOf(Date);
    const [payment] = await t.db
      .select()
      .from(payments)
      .where(eq(payments.providerOrderId, order.json().id));
    expect(payment).toMatchObject({ purpose: 'invoice', reference: inv.invoiceNumber });
    expect(payment!.consumedAt).toBeInstanceOf(Date);
    const receipts = await t.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.subject, `Fairway Pin Co.: receipt for invoice ${inv.invoiceNumber}`));
    expect(receipts).toHaveLength(1);
    expect(receipts[0]!.textBody).toContain(`Invoice #${inv.invoiceNumber} has been paid in full.`);

    const page = await visitor.get(`/api/pay-invoice/${inv.invoiceNumber}?key=${key}`);
    expect(page.json()).toMatchObject({ status: 'paid' });
    const again = await visitor.post('/paypal/order', {
      purpose: 'invoice',
      invoiceNumber: inv.invoiceNumber,
      invoiceKey: key,
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('This invoice has already been paid.');
    const del = await admin.delete(`/api/manual-invoices/${inv.id}`);
    expect(del.statusCode).toBe(409);
    expect(del.json().message).toBe('Paid invoices cannot be deleted.');
    const listed = (await admin.get('/api/manual-invoices')).json() as {
      id: number;
      status: string;
    }[];
    expect(listed.find((i) => i.id === inv.id)?.status).toBe('paid');
  });

  it('a payment captured after the invoice was deleted is refunded and recorded', async () => {
    const inv = await send({ amount: 40 });
    const visitor = new TestClient(t.app);
    const order = await visitor.post('/paypal/order', {
      purpose: 'invoice',
      invoiceNumber: inv.invoiceNumber,
      invoiceKey: keyOf(inv.payUrl),
    });
    expect((await admin.delete(`/api/manual-invoices/${inv.id}`)).statusCode).toBe(200);
    const capture = await visitor.post(`/paypal/order/${order.json().id}/capture`);
    expect(capture.json().status).toBe('REFUNDED');
    const [payment] = await t.db
      .select()
      .from(payments)
      .where(eq(payments.providerOrderId, order.json().id));
    expect(payment).toMatchObject({ status: 'refunded', consumedAt: null });
    const incidents = await t.db
      .select()
      .from(paymentIncidents)
      .where(eq(paymentIncidents.providerOrderId, order.json().id));
    expect(incidents.map((i) => i.kind)).toContain('invoice_payment_refused');
    const [row] = await t.db.select().from(manualInvoices).where(eq(manualInvoices.id, inv.id));
    expect(row!.status).toBe('cancelled');
  });
});

describe('an invoice capture left open is finished before a second payment (a failure audit)', () => {
  let t: TestApp;
  let admin: TestClient;
  /** Captures to lose the answer of: the provider captures, the shop hears nothing. */
  let loseAnswers = 0;
  let providerCaptures = 0;

  beforeAll(async () => {
    t = await createTestApp({
      env: { PUBLIC_URL: 'https://shop.example' },
      payments: (db) => {
        const provider = createTestPaymentProvider(db);
        return {
          ...provider,
          async captureOrder(orderId, requestId) {
            const result = await provider.captureOrder(orderId, requestId);
            providerCaptures += 1;
            if (loseAnswers > 0) {
              loseAnswers -= 1;
              throw new PaymentProviderError('socket hang up'); // no status: no answer
            }
            return result;
          },
        };
      },
    });
    admin = (await signedInClient(t, 'admin')).client;
  });
  afterAll(async () => t.close());

  const pay = (client: TestClient, inv: { invoiceNumber: string; payUrl: string }) =>
    client.post('/paypal/order', {
      purpose: 'invoice',
      invoiceNumber: inv.invoiceNumber,
      invoiceKey: new URL(inv.payUrl).searchParams.get('key')!,
    });

  it('a capture whose answer was lost: paying again finds it went through and charges nothing more', async () => {
    const inv = (await admin.post('/api/send-invoice', { ...body, amount: 250 })).json();
    const buyer = new TestClient(t.app);
    const first = (await pay(buyer, inv)).json().id as string;
    loseAnswers = 1;
    const lost = await buyer.post(`/paypal/order/${first}/capture`);
    expect(lost.statusCode).toBe(502);
    expect(providerCaptures).toBe(1); // the money moved; the shop did not hear it

    const again = await pay(buyer, inv);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('This invoice has already been paid.');
    const rows = await t.db
      .select()
      .from(payments)
      .where(eq(payments.reference, inv.invoiceNumber));
    expect(rows).toHaveLength(1); // no second provider order
    expect(rows[0]).toMatchObject({ status: 'captured', capturedCents: 25_000 });
    expect(rows[0]!.consumedAt).toBeInstanceOf(Date);
    expect(providerCaptures).toBe(2); // the replay of the same request id, not a new charge
    const [invoice] = await t.db
      .select()
      .from(manualInvoices)
      .where(eq(manualInvoices.invoiceNumber, inv.invoiceNumber));
    expect(invoice).toMatchObject({ status: 'paid', paymentId: first });
  });

  it('a capture recorded but not settled (a crash between the two) settles at the next payment', async () => {
    const inv = (await admin.post('/api/send-invoice', { ...body, amount: 75 })).json();
    const buyer = new TestClient(t.app);
    const first = (await pay(buyer, inv)).json().id as string;
    expect((await buyer.post(`/paypal/order/${first}/capture`)).json().status).toBe('COMPLETED');
    // What a crash after the capture was recorded and before the invoice was settled leaves.
    await t.db
      .update(manualInvoices)
      .set({ status: 'pending', paidAt: null, paymentId: null })
      .where(eq(manualInvoices.invoiceNumber, inv.invoiceNumber));
    await t.db
      .update(payments)
      .set({ consumedAt: null })
      .where(eq(payments.providerOrderId, first));

    const again = await pay(new TestClient(t.app), inv);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('This invoice has already been paid.');
    const [invoice] = await t.db
      .select()
      .from(manualInvoices)
      .where(eq(manualInvoices.invoiceNumber, inv.invoiceNumber));
    expect(invoice).toMatchObject({ status: 'paid', paymentId: first });
  });

  it('an order the buyer never paid is left alone: a new payment is created', async () => {
    const inv = (await admin.post('/api/send-invoice', { ...body, amount: 20 })).json();
    const buyer = new TestClient(t.app);
    const before = providerCaptures;
    expect((await pay(buyer, inv)).statusCode).toBe(201);
    expect((await pay(buyer, inv)).statusCode).toBe(201);
    expect(providerCaptures).toBe(before); // no capture was ever asked for, none is made
  });
});
