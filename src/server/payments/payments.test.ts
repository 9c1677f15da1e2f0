/**
 * Payment routes (/paypal/... and /api/paypal/...): server-priced payment orders,
 * capture verification (only a COMPLETED capture of the expected amount counts),
 * idempotent captures, and the whole flow against the PayPal stub with the real
 * PayPal adapter.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInClient } from '../catalog/testing';
import {
  addToCart,
  createPayment,
  customer,
  insertDiscount,
  insertProduct,
  payCart,
  paymentState,
} from '../checkout/test-support';
import { orders, paymentIncidents, payments, products, testPaymentOrders } from '../db/schema';
import { createTestApp, type TestApp, TestClient } from '../test/app';
import { type PaypalStub, paypalAgainst, startPaypalStub } from './paypal-stub';
import { PaymentProviderError } from './provider';
import { recordIncident } from './service';
import { createTestPaymentProvider } from './test-provider';

describe('payment routes with the test provider', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('GET setup answers at /paypal and /api/paypal', async () => {
    for (const url of ['/paypal/setup', '/api/paypal/setup']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        provider: 'test',
        clientId: null,
        clientToken: null,
        currency: 'USD',
      });
    }
  });

  it('prices the cart on the server and records the expected amount', async () => {
    const p = await insertProduct(t.db, { priceCents: 250 });
    const client = new TestClient(t.app);
    await addToCart(client, p.id, 25); // 25+ tier: 20% off -> $2.00 each
    const res = await client.post('/api/paypal/order', { intent: 'CAPTURE', currency: 'USD' });
    expect(res.statusCode).toBe(201);
    expect(res.json().amount).toBe('55.99'); // 25 x 2.00 + 5.99
    const { payment, provider } = await paymentState(t.db, res.json().id);
    expect(payment).toMatchObject({
      provider: 'test',
      purpose: 'cart',
      reference: client.sessionId,
      expectedCents: 5599,
      discountCode: null,
    });
    expect(provider!.amountCents).toBe(5599);
  });

  it('answers 400 for a purpose without its reference or that no module handles', async () => {
    const client = new TestClient(t.app);
    const missing = await client.post('/paypal/order', { purpose: 'invoice' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors).toHaveProperty('invoiceNumber');
    const registered = [...t.app.deps.paymentPurposes.keys()];
    expect(registered).toContain('cart');
    const unknown = (['custom_deposit', 'custom_balance', 'invoice'] as const).find(
      (p) => !registered.includes(p),
    );
    if (unknown) {
      const field = {
        custom_deposit: 'preparedOrderId',
        custom_balance: 'balanceToken',
        invoice: 'invoiceNumber',
      }[unknown];
      const res = await client.post('/paypal/order', { purpose: unknown, [field]: 'x1' });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toHaveProperty('purpose');
    }
  });

  it('a cart payment needs the cart session header', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/paypal/order', payload: {} });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toHaveProperty('x-session-id');
  });

  it('answers 409 for an empty cart, a code that does not apply, a different amount, and stock', async () => {
    const client = new TestClient(t.app);
    const empty = await client.post('/paypal/order', { intent: 'CAPTURE', currency: 'USD' });
    expect(empty.statusCode).toBe(409);
    expect(empty.json().message).toBe('Your cart is empty');

    const p = await insertProduct(t.db, { name: 'Tour Pin', priceCents: 1000, stockQuantity: 3 });
    await addToCart(client, p.id, 2);
    const badCode = await client.post('/paypal/order', { discountCode: 'NOSUCH' });
    expect(badCode.statusCode).toBe(409);
    expect(badCode.json().message).toBe('This discount code is not valid');
    const minimum = await insertDiscount(t.db, { minimumOrderCents: 5000 });
    const tooSmall = await client.post('/paypal/order', { discountCode: minimum.code });
    expect(tooSmall.statusCode).toBe(409);
    expect(tooSmall.json().message).toBe('Minimum order of $50.00 required for this code');

    const changed = await client.post('/paypal/order', { amount: '20.00' });
    expect(changed.statusCode).toBe(409);
    expect(changed.json()).toEqual({
      message: 'The price changed. Please review your order.',
      amount: '25.99',
    });

    await t.db.update(products).set({ stockQuantity: 1 }).where(eq(products.id, p.id));
    const stock = await client.post('/paypal/order', {});
    expect(stock.statusCode).toBe(409);
    expect(stock.json()).toMatchObject({
      message: 'Only 1 of "Tour Pin" left in stock. Please update your cart.',
      available: 1,
    });

    expect(
      await t.db.select().from(payments).where(eq(payments.reference, client.sessionId)),
    ).toEqual([]);
  });

  it("a signed-in customer's past orders under their e-mail count against the limit before payment", async () => {
    const promo = await insertProduct(t.db, { name: 'Promo Flag Pin', purchaseLimit: 4 });
    const { client, user } = await signedInClient(t);
    await addToCart(client, promo.id, 2);
    // Placed signed out from another browser, with the account's e-mail (any case).
    await t.db.insert(orders).values({
      customerEmail: user.email.toUpperCase(),
      customerName: 'Pat',
      subtotalCents: 3000,
      totalCents: 3599,
      items: [{ productId: promo.id, name: 'Promo Flag Pin', quantity: 3, unitPriceCents: 1000 }],
    });
    const res = await client.post('/paypal/order', { intent: 'CAPTURE', currency: 'USD' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      message: '"Promo Flag Pin" is limited to 4 per customer.',
      limit: 4,
      remaining: 1,
    });
    expect(
      await t.db.select().from(payments).where(eq(payments.reference, client.sessionId)),
    ).toEqual([]);
  });

  it("a guest's past orders under the e-mail entered at checkout count against the limit before payment", async () => {
    const promo = await insertProduct(t.db, { name: 'Guest Flag Pin', purchaseLimit: 4 });
    // An earlier order of this guest, from another cart session, known only by its e-mail.
    await t.db.insert(orders).values({
      customerEmail: 'repeat.guest@example.com',
      customerName: 'Pat',
      subtotalCents: 4000,
      totalCents: 4599,
      items: [{ productId: promo.id, name: 'Guest Flag Pin', quantity: 4, unitPriceCents: 1000 }],
    });
    const client = new TestClient(t.app);
    await addToCart(client, promo.id, 4);
    const res = await client.post('/paypal/order', {
      intent: 'CAPTURE',
      currency: 'USD',
      customerEmail: ' Repeat.Guest@example.com ',
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      message: '"Guest Flag Pin" is limited to 4 per customer.',
      limit: 4,
      remaining: 0,
    });
    expect(
      await t.db.select().from(payments).where(eq(payments.reference, client.sessionId)),
    ).toEqual([]);
    // Another e-mail has no past orders: the payment is created.
    const other = await client.post('/paypal/order', {
      intent: 'CAPTURE',
      currency: 'USD',
      customerEmail: 'first.timer@example.com',
    });
    expect(other.statusCode).toBe(201);
  });

  it('refuses to take more than $1,000,000 online (409, no payment row) instead of overflowing', async () => {
    const p = await insertProduct(t.db, { priceCents: 10_000_000, stockQuantity: 20_000 });
    const client = new TestClient(t.app);
    await addToCart(client, p.id, 10_000); // $800,000,000 at the 25+ tier
    const res = await client.post('/paypal/order', { intent: 'CAPTURE', currency: 'USD' });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(
      'This order is too large to pay online. Please contact us to place it.',
    );
    expect(
      await t.db.select().from(payments).where(eq(payments.reference, client.sessionId)),
    ).toEqual([]);
    const amount = await client.post('/paypal/order', { amount: '99999999999999999999.99' });
    expect(amount.statusCode).toBe(400);
    expect(amount.json().errors.amount).toBeTypeOf('string');
  });

  it('needs the session header and a valid body', async () => {
    const noSession = await t.app.inject({ method: 'POST', url: '/paypal/order', payload: {} });
    expect(noSession.statusCode).toBe(400);
    expect(noSession.json().message).toBe('Missing or invalid session id');
    const badAmount = await new TestClient(t.app).post('/paypal/order', { amount: '12.345' });
    expect(badAmount.statusCode).toBe(400);
    expect(badAmount.json().errors.amount).toBeDefined();
  });

  it('capture: COMPLETED once; a replay answers the stored result without a second capture', async () => {
    const p = await insertProduct(t.db);
    const client = new TestClient(t.app);
    await addToCart(client, p.id, 1);
    const id = await createPayment(client);
    const first = await t.app.inject({
      method: 'POST',
      url: `/paypal/order/${id}/capture`,
      headers: { 'content-type': 'application/json', 'x-session-id': client.sessionId },
    });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ id, status: 'COMPLETED', amount: '15.99' });
    const again = await client.post(`/api/paypal/order/${id}/capture`);
    expect(again.json()).toEqual(first.json());
    const { payment, provider } = await paymentState(t.db, id);
    expect(payment).toMatchObject({
      status: 'captured',
      capturedCents: 1599,
      captureId: provider!.captureId,
    });
    expect(provider!.requestIds.capture).toBe(`${id}-capture`);
  });

  it('the test provider names no payer: its capture and order report none, the payment keeps none', async () => {
    const p = await insertProduct(t.db);
    const client = new TestClient(t.app);
    await addToCart(client, p.id, 1);
    const id = await payCart(client);
    expect(await t.app.deps.payments.getOrder(id)).toMatchObject({
      captureStatus: 'COMPLETED',
      payer: null,
    });
    const provider = createTestPaymentProvider(t.db);
    const order = await provider.createOrder({
      amountCents: 500,
      currency: 'USD',
      requestId: 'np',
    });
    expect((await provider.captureOrder(order.id, 'np-capture')).payer).toBeNull();
    const { payment } = await paymentState(t.db, id);
    expect(payment).toMatchObject({ status: 'captured', payerEmail: null, payerName: null });
  });

  describe('capture is bound to whoever created the payment (issue 11)', () => {
    it('answers 404 to another cart session, to no session, and to the id alone; the payment stays open', async () => {
      const p = await insertProduct(t.db);
      const buyer = new TestClient(t.app);
      await addToCart(buyer, p.id, 1);
      const id = await createPayment(buyer);
      const other = new TestClient(t.app);
      for (const res of [
        await other.post(`/paypal/order/${id}/capture`),
        await other.post(`/api/paypal/order/${id}/capture`),
        await t.app.inject({ method: 'POST', url: `/paypal/order/${id}/capture` }),
        await (await signedInClient(t)).client.post(`/paypal/order/${id}/capture`),
      ]) {
        expect(res.statusCode).toBe(404);
        expect(res.json().message).toBe('Payment not found');
      }
      expect((await paymentState(t.db, id)).payment).toMatchObject({
        status: 'created',
        createdBySession: buyer.sessionId,
        createdByUserId: null,
      });
      expect((await paymentState(t.db, id)).provider!.captureId).toBeNull();
      const mine = await buyer.post(`/paypal/order/${id}/capture`);
      expect(mine.json().status).toBe('COMPLETED');
    });

    it('a signed-in creator may capture from another cart session; another account may not', async () => {
      const { client: alice, user } = await signedInClient(t);
      const p = await insertProduct(t.db);
      await addToCart(alice, p.id, 1);
      const id = await createPayment(alice);
      expect((await paymentState(t.db, id)).payment.createdByUserId).toBe(user.id);
      const bob = (await signedInClient(t)).client;
      expect((await bob.post(`/paypal/order/${id}/capture`)).statusCode).toBe(404);
      alice.sessionId = 'a-new-cart-session-id';
      const res = await alice.post(`/paypal/order/${id}/capture`);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().status).toBe('COMPLETED');
    });

    it('binds an anonymous visitor’s payment for another purpose (invoice) to their X-Session-Id', async () => {
      const { client: admin } = await signedInClient(t, 'admin');
      const sent = await admin.post('/api/send-invoice', {
        customerName: 'Fox Hollow Golf Club',
        customerEmail: 'ap@foxhollow.example',
        description: '20 tournament pins',
        amount: 12.34,
      });
      expect(sent.statusCode, sent.body).toBe(201);
      const { invoiceNumber, payUrl } = sent.json();
      const pay = {
        purpose: 'invoice',
        invoiceNumber,
        invoiceKey: new URL(payUrl).searchParams.get('key'),
      };
      // An anonymous visitor on /pay-invoice/{n}: only their X-Session-Id identifies them.
      const visitor = new TestClient(t.app);
      const created = await visitor.post('/paypal/order', pay);
      expect(created.statusCode, created.body).toBe(201);
      const id = created.json().id;
      expect((await new TestClient(t.app).post(`/paypal/order/${id}/capture`)).statusCode).toBe(
        404,
      );
      expect((await visitor.post(`/paypal/order/${id}/capture`)).json().status).toBe('COMPLETED');
      // Neither a session id nor an account: nobody could capture it, so it is not created.
      const nobody = await t.app.inject({ method: 'POST', url: '/paypal/order', payload: pay });
      expect(nobody.statusCode).toBe(400);
      expect(nobody.json().errors).toHaveProperty('x-session-id');
    });
  });

  it('capture of an unknown payment answers 404', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/paypal/order/TEST-unknown/capture' });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('Payment not found');
  });

  it('a declined capture answers status DECLINED and is stored as declined', async () => {
    const p = await insertProduct(t.db);
    const client = new TestClient(t.app);
    await addToCart(client, p.id, 1);
    const id = await createPayment(client, { testOutcome: 'decline' });
    const res = await client.post(`/paypal/order/${id}/capture`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      status: 'DECLINED',
      message: 'Your payment was declined. Please try another payment method.',
    });
    expect((await paymentState(t.db, id)).payment.status).toBe('declined');
    expect((await client.post(`/paypal/order/${id}/capture`)).json().status).toBe('DECLINED');
  });

  it('a pending capture does not count and is reported to the admin', async () => {
    const p = await insertProduct(t.db);
    const client = new TestClient(t.app);
    await addToCart(client, p.id, 1);
    const id = await createPayment(client, { testOutcome: 'pending' });
    const res = await client.post(`/paypal/order/${id}/capture`);
    expect(res.json().status).toBe('PENDING');
    expect((await paymentState(t.db, id)).payment.status).toBe('failed');
    const incidents = await t.db
      .select()
      .from(paymentIncidents)
      .where(eq(paymentIncidents.providerOrderId, id));
    expect(incidents.map((i) => i.kind)).toEqual(['capture_pending']);
    expect(
      (await client.post('/api/create-order', { paypalOrderId: id, ...customer })).statusCode,
    ).toBe(409);
  });

  it('a capture of another amount is refunded and reported, never captured', async () => {
    const p = await insertProduct(t.db);
    const client = new TestClient(t.app);
    await addToCart(client, p.id, 1);
    const id = await createPayment(client);
    // The provider holds a different amount than the shop expects (e.g. a tampered order).
    await t.db
      .update(testPaymentOrders)
      .set({ amountCents: 100 })
      .where(eq(testPaymentOrders.id, id));
    const res = await client.post(`/paypal/order/${id}/capture`);
    expect(res.statusCode).toBe(200);
    expect(res.json().status).toBe('REFUNDED');
    const { payment, provider } = await paymentState(t.db, id);
    expect(payment).toMatchObject({
      status: 'refunded',
      capturedCents: 100,
      refundId: provider!.refundId,
    });
    expect(provider!.captureStatus).toBe('REFUNDED');
    const incidents = await t.db
      .select()
      .from(paymentIncidents)
      .where(eq(paymentIncidents.providerOrderId, id));
    expect(incidents.map((i) => i.kind)).toEqual(['capture_amount_mismatch']);
    const order = await client.post('/api/create-order', { paypalOrderId: id, ...customer });
    expect(order.statusCode).toBe(409);
    expect(await t.db.select().from(orders).where(eq(orders.paymentIntentId, id))).toEqual([]);
  });

  it('recordIncident stores user values it cannot keep as they are (NUL, bad keys, cycles)', async () => {
    const cyclic: Record<string, unknown> = { name: 'loop' };
    cyclic.self = cyclic;
    await recordIncident(t.db, {
      providerOrderId: 'TEST-\u0000nul',
      kind: 'order_failed_after_payment',
      message: 'could not store "Pat\u0000"',
      details: { customer: { customerName: 'Pat\u0000', 'k\u0000': '\ud800' } },
    });
    await recordIncident(t.db, {
      providerOrderId: 'TEST-cyclic',
      kind: 'order_failed_after_payment',
      message: 'cyclic details',
      details: cyclic,
    });
    const [nul] = await t.db
      .select()
      .from(paymentIncidents)
      .where(eq(paymentIncidents.providerOrderId, 'TEST-\uFFFDnul'));
    expect(nul).toMatchObject({
      message: 'could not store "Pat\uFFFD"',
      details: { customer: { customerName: 'Pat\uFFFD', 'k\uFFFD': '\uFFFD' } },
    });
    const [cyc] = await t.db
      .select()
      .from(paymentIncidents)
      .where(eq(paymentIncidents.providerOrderId, 'TEST-cyclic'));
    expect(cyc!.details).toEqual({ unserializable: '[object Object]' });
  });
});

describe('a capture of another amount when the refund fails', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      payments: (db) => ({
        ...createTestPaymentProvider(db),
        refundCapture: () => Promise.reject(new PaymentProviderError('refunds are down', 503)),
      }),
    });
  });
  afterAll(() => t.close());

  it('stays refund_pending (never refunded without a refund) and says the refund is under way', async () => {
    const p = await insertProduct(t.db);
    const client = new TestClient(t.app);
    await addToCart(client, p.id, 1);
    const id = await createPayment(client);
    await t.db
      .update(testPaymentOrders)
      .set({ amountCents: 100 })
      .where(eq(testPaymentOrders.id, id));
    const res = await client.post(`/paypal/order/${id}/capture`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      status: 'REFUND_PENDING',
      message:
        'Your payment could not be matched to your order and is being refunded. Please try again.',
    });
    const { payment } = await paymentState(t.db, id);
    expect(payment).toMatchObject({ status: 'refund_pending', capturedCents: 100, refundId: null });
    const incidents = await t.db
      .select()
      .from(paymentIncidents)
      .where(eq(paymentIncidents.providerOrderId, id));
    expect(incidents.map((i) => i.kind)).toEqual(['capture_amount_mismatch', 'refund_failed']);
    // A replayed capture answers the stored state; no order can be made from it.
    expect((await client.post(`/paypal/order/${id}/capture`)).json().status).toBe('REFUND_PENDING');
    const order = await client.post('/api/create-order', { paypalOrderId: id, ...customer });
    expect(order.statusCode).toBe(409);
    expect(order.json().message).toBe('This payment is being refunded. Please check out again.');
  });
});

describe('payment routes with the PayPal adapter against the stub', () => {
  let stub: PaypalStub;
  let t: TestApp;
  beforeAll(async () => {
    stub = await startPaypalStub();
    t = await createTestApp({ payments: () => paypalAgainst(stub) });
  });
  afterAll(async () => {
    await t.close();
    await stub.close();
  });

  it('setup answers the PayPal client id', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/paypal/setup' });
    expect(res.json()).toEqual({
      provider: 'paypal',
      clientId: stub.clientId,
      clientToken: null,
      currency: 'USD',
    });
  });

  it('pays and places an order through PayPal', async () => {
    const p = await insertProduct(t.db, { priceCents: 1250, stockQuantity: 5 });
    const client = new TestClient(t.app);
    await addToCart(client, p.id, 2);
    const id = await createPayment(client, { amount: '30.99', testOutcome: 'decline' });
    const [create] = stub.calls(/^\/v2\/checkout\/orders$/, 'POST');
    expect(create!.body).toMatchObject({
      intent: 'CAPTURE',
      purchase_units: [{ amount: { currency_code: 'USD', value: '30.99' } }],
    });
    expect(stub.orders.get(id)!.outcome).toBe('success'); // testOutcome is for the test provider only

    const capture = await client.post(`/paypal/order/${id}/capture`);
    expect(capture.json()).toMatchObject({ status: 'COMPLETED', amount: '30.99' });
    expect(stub.calls(/\/capture$/)[0]!.headers['paypal-request-id']).toBe(`${id}-capture`);
    const placed = await client.post('/api/create-order', { paypalOrderId: id, ...customer });
    expect(placed.statusCode).toBe(201);
    expect(placed.json().order.totalAmount).toBe(30.99);
  });

  it('a DECLINED capture inside a COMPLETED PayPal order does not count', async () => {
    const p = await insertProduct(t.db, { stockQuantity: 5 });
    const client = new TestClient(t.app);
    await addToCart(client, p.id, 1);
    const id = await createPayment(client);
    stub.setOutcome(id, 'declined');
    const capture = await client.post(`/paypal/order/${id}/capture`);
    expect(capture.json().status).toBe('DECLINED');
    expect(stub.orders.get(id)!.status).toBe('COMPLETED');
    expect(
      (await client.post('/api/create-order', { paypalOrderId: id, ...customer })).statusCode,
    ).toBe(409);
  });

  it('a refund after a sold-out goes back through PayPal', async () => {
    const p = await insertProduct(t.db, { stockQuantity: 1 });
    const client = new TestClient(t.app);
    await addToCart(client, p.id, 1);
    const id = await createPayment(client);
    await client.post(`/paypal/order/${id}/capture`);
    await t.db.update(products).set({ stockQuantity: 0 }).where(eq(products.id, p.id));
    const res = await client.post('/api/create-order', { paypalOrderId: id, ...customer });
    expect(res.statusCode).toBe(409);
    expect(res.json().refunded).toBe(true);
    const capture = stub.orders.get(id)!.capture!;
    expect(capture.status).toBe('REFUNDED');
    const [payment] = await t.db.select().from(payments).where(eq(payments.providerOrderId, id));
    expect(payment).toMatchObject({ status: 'refunded', refundId: capture.refundId });
    expect(stub.calls(/\/refund$/)[0]!.headers['paypal-request-id']).toBe(`${id}-refund`);
  });

  it('not approved yet answers 409 and leaves the payment open', async () => {
    const p = await insertProduct(t.db);
    const client = new TestClient(t.app);
    await addToCart(client, p.id, 1);
    const id = await createPayment(client);
    stub.setOutcome(id, 'not-approved');
    const res = await client.post(`/paypal/order/${id}/capture`);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(
      'The payment has not been approved yet. Please complete it in the payment window.',
    );
    expect((await paymentState(t.db, id)).payment.status).toBe('created');
  });

  it('provider down answers 502 and leaves the payment open; a later capture completes it', async () => {
    const p = await insertProduct(t.db);
    const client = new TestClient(t.app);
    await addToCart(client, p.id, 1);
    const id = await createPayment(client);
    stub.failNext(3, { path: /\/capture$/, status: 503 });
    const down = await client.post(`/paypal/order/${id}/capture`);
    expect(down.statusCode).toBe(502);
    expect(down.json().message).toBe(
      'The payment service is not answering right now. Please try again in a moment.',
    );
    expect((await paymentState(t.db, id)).payment.status).toBe('created');
    const later = await client.post(`/paypal/order/${id}/capture`);
    expect(later.json().status).toBe('COMPLETED');
    expect(stub.orders.get(id)!.capture).not.toBeNull();
  });

  it('a capture whose answer was lost: paying again hands back that payment and the order is placed, charged once', async () => {
    const p = await insertProduct(t.db, { priceCents: 2000, stockQuantity: 5 });
    const client = new TestClient(t.app);
    await addToCart(client, p.id, 1);
    const id = await createPayment(client);
    // PayPal captures every time (the first, then replays of the same request id), and
    // every answer is lost: the adapter's retries included.
    stub.failNext(3, { path: /\/capture$/, lostAnswer: true });
    const lost = await client.post(`/paypal/order/${id}/capture`);
    expect(lost.statusCode).toBe(502);
    expect(stub.orders.get(id)!.capture).not.toBeNull(); // the money moved
    expect((await paymentState(t.db, id)).payment.status).toBe('created');

    // 'Please try again': a new payment for the same cart finds the capture went through.
    const creates = stub.calls(/^\/v2\/checkout\/orders$/, 'POST').length;
    const again = await client.post('/paypal/order', { intent: 'CAPTURE', currency: 'USD' });
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual({ id, amount: '25.99', currency: 'USD', captured: true });
    expect(stub.calls(/^\/v2\/checkout\/orders$/, 'POST')).toHaveLength(creates); // no new PayPal order
    expect((await paymentState(t.db, id)).payment).toMatchObject({
      status: 'captured',
      capturedCents: 2599,
    });
    const captures = stub.calls(/\/capture$/).length;
    expect((await client.post(`/paypal/order/${id}/capture`)).json().status).toBe('COMPLETED');
    expect(stub.calls(/\/capture$/)).toHaveLength(captures); // answered from the record
    const placed = await client.post('/api/create-order', { paypalOrderId: id, ...customer });
    expect(placed.statusCode, placed.body).toBe(201);
    expect(placed.json().order.totalAmount).toBe(25.99);
    // Used now: the next payment of this session is a new one.
    await addToCart(client, p.id, 1);
    expect((await client.post('/paypal/order', {})).json().captured).toBeUndefined();
  });

  it('while a lost capture cannot be asked about, no second payment starts; once it can, it is handed back', async () => {
    const p = await insertProduct(t.db, { priceCents: 2000, stockQuantity: 5 });
    const client = new TestClient(t.app);
    await addToCart(client, p.id, 1);
    const id = await createPayment(client);
    stub.failNext(3, { path: /\/capture$/, lostAnswer: true });
    expect((await client.post(`/paypal/order/${id}/capture`)).statusCode).toBe(502);
    const creates = stub.calls(/^\/v2\/checkout\/orders$/, 'POST').length;
    // PayPal's capture endpoint is down as the buyer tries again.
    stub.failNext(3, { path: /\/capture$/, status: 503 });
    const down = await client.post('/paypal/order', {});
    expect(down.statusCode).toBe(502);
    expect(stub.calls(/^\/v2\/checkout\/orders$/, 'POST')).toHaveLength(creates);
    const back = await client.post('/paypal/order', {});
    expect(back.json()).toMatchObject({ id, captured: true });
  });

  it('an earlier capture for another cart total is refunded and a new payment made', async () => {
    const p = await insertProduct(t.db, { priceCents: 2000, stockQuantity: 5 });
    const client = new TestClient(t.app);
    await addToCart(client, p.id, 1);
    const id = await createPayment(client);
    stub.failNext(3, { path: /\/capture$/, lostAnswer: true });
    expect((await client.post(`/paypal/order/${id}/capture`)).statusCode).toBe(502);
    // The buyer adds one more before trying again: $45.99 now, not $25.99.
    await addToCart(client, p.id, 1);
    const again = await client.post('/paypal/order', { amount: '45.99' });
    expect(again.statusCode, again.body).toBe(201);
    expect(again.json().id).not.toBe(id);
    expect(again.json().captured).toBeUndefined();
    expect(again.json().amount).toBe('45.99');
    // The first capture went back to the buyer.
    expect((await paymentState(t.db, id)).payment.status).toBe('refunded');
    expect(stub.orders.get(id)!.capture!.status).toBe('REFUNDED');
    const incidents = await t.db
      .select()
      .from(paymentIncidents)
      .where(eq(paymentIncidents.providerOrderId, id));
    expect(incidents.map((i) => i.kind)).toContain('capture_without_order');
  });

  it('an earlier capture is handed back only to the one who made it, and not after the admin settled it', async () => {
    const p = await insertProduct(t.db, { stockQuantity: 5 });
    const client = new TestClient(t.app);
    await addToCart(client, p.id, 1);
    const id = await payCart(client);
    // Made by another cart session: not this buyer's payment.
    await t.db
      .update(payments)
      .set({ createdBySession: 'someone-else' })
      .where(eq(payments.providerOrderId, id));
    expect((await client.post('/paypal/order', {})).json().id).not.toBe(id);
    await t.db
      .update(payments)
      .set({ createdBySession: client.sessionId, adminResolvedAt: new Date() })
      .where(eq(payments.providerOrderId, id));
    expect((await client.post('/paypal/order', {})).json().id).not.toBe(id);
  });

  it('a capture refused as not approved leaves nothing to finish later', async () => {
    const p = await insertProduct(t.db);
    const client = new TestClient(t.app);
    await addToCart(client, p.id, 1);
    const id = await createPayment(client);
    stub.setOutcome(id, 'not-approved');
    expect((await client.post(`/paypal/order/${id}/capture`)).statusCode).toBe(409);
    const [row] = await t.db.select().from(payments).where(eq(payments.providerOrderId, id));
    expect(row!.captureAttemptedAt).toBeNull();
    const captures = stub.calls(/\/capture$/).length;
    expect((await client.post('/paypal/order', {})).json().id).not.toBe(id);
    expect(stub.calls(/\/capture$/)).toHaveLength(captures); // not asked again
  });

  it('an instrument refused by PayPal is stored as declined', async () => {
    const p = await insertProduct(t.db);
    const client = new TestClient(t.app);
    await addToCart(client, p.id, 1);
    const id = await createPayment(client);
    stub.setOutcome(id, { status: 422, issue: 'INSTRUMENT_DECLINED' });
    const res = await client.post(`/paypal/order/${id}/capture`);
    expect(res.statusCode).toBe(200);
    expect(res.json().status).toBe('DECLINED');
    expect((await paymentState(t.db, id)).payment.status).toBe('declined');
  });
});

describe('payment orders are rate limited (each is a provider call and a payment row)', () => {
  let stub: PaypalStub;
  let t: TestApp;
  beforeAll(async () => {
    stub = await startPaypalStub();
    t = await createTestApp({
      env: { PAYMENT_ORDER_RATE_LIMIT: '3' },
      payments: () => paypalAgainst(stub),
    });
  });
  afterAll(async () => {
    await t.close();
    await stub.close();
  });

  const order = (client: TestClient, remoteAddress: string) =>
    client.request({
      method: 'POST',
      url: '/paypal/order',
      payload: { intent: 'CAPTURE', currency: 'USD' },
      remoteAddress,
    });

  it('one cart session gets PAYMENT_ORDER_RATE_LIMIT orders, then 429 without calling the provider', async () => {
    const p = await insertProduct(t.db);
    const client = new TestClient(t.app);
    await addToCart(client, p.id, 1);
    // From three addresses: the per-session count refuses the fourth, not the address's.
    for (const address of ['10.0.0.1', '10.0.0.2', '10.0.0.3']) {
      expect((await order(client, address)).statusCode).toBe(201);
    }
    const created = stub.calls(/^\/v2\/checkout\/orders$/, 'POST').length;
    const refused = await order(client, '10.0.0.4');
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(stub.calls(/^\/v2\/checkout\/orders$/, 'POST')).toHaveLength(created);
    const rows = await t.db.select().from(payments).where(eq(payments.reference, client.sessionId));
    expect(rows).toHaveLength(3);
  });

  it('one client address gets PAYMENT_ORDER_RATE_LIMIT orders across cart sessions', async () => {
    const p = await insertProduct(t.db);
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) {
      const client = new TestClient(t.app);
      await addToCart(client, p.id, 1);
      statuses.push((await order(client, '10.0.9.9')).statusCode);
    }
    expect(statuses).toEqual([201, 201, 201, 429]);
  });
});
