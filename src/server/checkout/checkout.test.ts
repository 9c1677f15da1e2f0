/**
 * Catalogue checkout through the real routes with the offline test provider:
 * cart -> POST /paypal/order -> capture -> POST /api/create-order, and every way it can
 * stop (no capture, wrong session, declined capture, price changed, sold out, limit,
 * failure after payment). State is read back from the database.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SHIPPING_ADDRESS_MESSAGE } from '../../shared/schemas/checkout';
import {
  cartItems,
  discountCodes,
  mailOutbox,
  orders,
  paymentIncidents,
  payments,
  products,
} from '../db/schema';
import type { AppHooks } from '../deps';
import { htmlOf } from '../mail/html-later';
import { PaymentProviderError } from '../payments/provider';
import { createTestPaymentProvider } from '../payments/test-provider';
import { createTestApp, type TestApp, TestClient } from '../test/app';
import { placeCatalogOrder } from './service';
import {
  addToCart,
  createPayment,
  customer,
  insertDiscount,
  insertProduct,
  payCart,
  paymentState,
} from './test-support';

describe('catalogue checkout', () => {
  let t: TestApp;
  const hooks: AppHooks = {};
  let refundsDown = false;
  /** What the database said when the provider was asked to refund (a crash could happen here). */
  let atRefund: { status: string; refundId: string | null; incidents: string[] } | null = null;

  beforeAll(async () => {
    t = await createTestApp({
      hooks,
      // The test provider, with refunds that can be made to fail.
      payments: (db) => {
        const provider = createTestPaymentProvider(db);
        return {
          ...provider,
          refundCapture: async (captureId, requestId) => {
            const providerOrderId = requestId.replace(/-refund$/, '');
            const [row] = await db
              .select()
              .from(payments)
              .where(eq(payments.providerOrderId, providerOrderId));
            const incidents = await db
              .select()
              .from(paymentIncidents)
              .where(eq(paymentIncidents.providerOrderId, providerOrderId));
            atRefund = {
              status: row!.status,
              refundId: row!.refundId,
              incidents: incidents.map((i) => i.kind),
            };
            if (refundsDown) throw new PaymentProviderError('refunds are down', 503);
            return provider.refundCapture(captureId, requestId);
          },
        };
      },
    });
  });
  afterAll(() => t.close());
  beforeEach(() => {
    hooks.beforeOrderCommit = undefined;
    refundsDown = false;
    atRefund = null;
  });

  const stockOf = async (id: number) =>
    (await t.db.select().from(products).where(eq(products.id, id)))[0]!.stockQuantity;
  const ordersFor = (providerOrderId: string) =>
    t.db.select().from(orders).where(eq(orders.paymentIntentId, providerOrderId));

  it('places a paid order: tier prices, discount counted, stock taken, cart cleared; a replay answers the same order', async () => {
    const pins = await insertProduct(t.db, {
      name: 'Augusta Flag Pin',
      priceCents: 1000,
      stockQuantity: 50,
    });
    const marker = await insertProduct(t.db, {
      name: 'Ball Marker',
      priceCents: 400,
      stockQuantity: 20,
    });
    const code = await insertDiscount(t.db, { code: 'SAVE10', discountValue: 10, maxUses: 3 });
    const client = new TestClient(t.app);
    await addToCart(client, pins.id, 10); // 10-24 tier: $9.00 each
    await addToCart(client, marker.id, 1);

    // 90.00 + 4.00 = 94.00; -10% = 9.40; + 5.99 shipping = 90.59
    const create = await client.post('/paypal/order', {
      intent: 'CAPTURE',
      currency: 'USD',
      amount: '90.59',
      discountCode: 'save10',
    });
    expect(create.statusCode, create.body).toBe(201);
    const { id } = create.json();
    expect(create.json()).toEqual({ id, amount: '90.59', currency: 'USD' });
    const before = await paymentState(t.db, id);
    expect(before.payment).toMatchObject({
      purpose: 'cart',
      reference: client.sessionId,
      discountCode: 'SAVE10',
      expectedCents: 9059,
      status: 'created',
    });
    expect(before.provider).toMatchObject({ amountCents: 9059, currency: 'USD' });

    const capture = await client.post(`/paypal/order/${id}/capture`);
    expect(capture.statusCode).toBe(200);
    expect(capture.json()).toMatchObject({ id, status: 'COMPLETED', amount: '90.59' });

    const placed = await client.post('/api/create-order', { paypalOrderId: id, ...customer });
    expect(placed.statusCode, placed.body).toBe(201);
    const { order } = placed.json();
    expect(order).toMatchObject({
      customerEmail: customer.customerEmail,
      customerName: customer.customerName,
      shippingAddress: customer.shippingAddress,
      subtotalAmount: 94,
      discountCode: 'SAVE10',
      discountAmount: 9.4,
      shippingAmount: 5.99,
      totalAmount: 90.59,
      paymentIntentId: id,
      paymentStatus: 'paid',
      status: 'processing',
      items: [
        { productId: pins.id, name: 'Augusta Flag Pin', quantity: 10, price: 9 },
        { productId: marker.id, name: 'Ball Marker', quantity: 1, price: 4 },
      ],
    });

    expect(await stockOf(pins.id)).toBe(40);
    expect(await stockOf(marker.id)).toBe(19);
    const [codeRow] = await t.db.select().from(discountCodes).where(eq(discountCodes.id, code.id));
    expect(codeRow!.currentUses).toBe(1);
    expect(
      await t.db.select().from(cartItems).where(eq(cartItems.sessionId, client.sessionId)),
    ).toEqual([]);
    const [row] = await ordersFor(id);
    expect(row).toMatchObject({
      totalCents: 9059,
      subtotalCents: 9400,
      discountCents: 940,
      shippingCents: 599,
      cartSessionId: client.sessionId,
      userId: null,
    });
    expect(row!.items).toEqual([
      { productId: pins.id, name: 'Augusta Flag Pin', quantity: 10, unitPriceCents: 900 },
      { productId: marker.id, name: 'Ball Marker', quantity: 1, unitPriceCents: 400 },
    ]);
    // Consumed at the order's own time, in the order's statement.
    expect((await paymentState(t.db, id)).payment.consumedAt).toEqual(row!.createdAt);

    const replay = await client.post('/api/create-order', { paypalOrderId: id, ...customer });
    expect(replay.statusCode).toBe(200);
    expect(replay.json().order.id).toBe(order.id);
    expect(await ordersFor(id)).toHaveLength(1);
    expect(await stockOf(pins.id)).toBe(40);
  });

  it('a code that takes nothing off (a cart of free items) is not recorded or counted as a use', async () => {
    const free = await insertProduct(t.db, { priceCents: 0, stockQuantity: 5 });
    const code = await insertDiscount(t.db, { discountValue: 15, maxUses: 1 });
    const client = new TestClient(t.app);
    await addToCart(client, free.id, 1);
    const paymentId = await payCart(client, { discountCode: code.code });
    const placed = await client.post('/api/create-order', {
      paypalOrderId: paymentId,
      ...customer,
    });
    expect(placed.statusCode, placed.body).toBe(201);
    expect(placed.json().order).toMatchObject({
      discountCode: null,
      discountAmount: 0,
      totalAmount: 5.99,
    });
    const [after] = await t.db.select().from(discountCodes).where(eq(discountCodes.id, code.id));
    expect(after!.currentUses).toBe(0);
  });

  it('marks the product out of stock when the last unit sells', async () => {
    const last = await insertProduct(t.db, { stockQuantity: 2 });
    const client = new TestClient(t.app);
    await addToCart(client, last.id, 2);
    const id = await payCart(client);
    expect(
      (await client.post('/api/create-order', { paypalOrderId: id, ...customer })).statusCode,
    ).toBe(201);
    const [row] = await t.db.select().from(products).where(eq(products.id, last.id));
    expect(row).toMatchObject({ stockQuantity: 0, inStock: false });
  });

  it('places no order without a completed capture', async () => {
    const p = await insertProduct(t.db);
    const client = new TestClient(t.app);
    await addToCart(client, p.id, 1);
    const id = await createPayment(client);
    const res = await client.post('/api/create-order', { paypalOrderId: id, ...customer });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('Payment not completed');
    expect(await ordersFor(id)).toEqual([]);
  });

  it('never makes an order from a declined capture', async () => {
    const p = await insertProduct(t.db, { stockQuantity: 5 });
    const client = new TestClient(t.app);
    await addToCart(client, p.id, 1);
    const id = await createPayment(client, { testOutcome: 'decline' });
    const capture = await client.post(`/paypal/order/${id}/capture`);
    expect(capture.statusCode).toBe(200);
    expect(capture.json().status).toBe('DECLINED');
    const res = await client.post('/api/create-order', { paypalOrderId: id, ...customer });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('Payment not completed');
    expect(await ordersFor(id)).toEqual([]);
    expect(await stockOf(p.id)).toBe(5);
  });

  it("answers 404 for an unknown payment and for another session's payment", async () => {
    const unknown = await new TestClient(t.app).post('/api/create-order', {
      paypalOrderId: 'TEST-nope',
      ...customer,
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('Payment not found');

    const p = await insertProduct(t.db);
    const owner = new TestClient(t.app);
    await addToCart(owner, p.id, 1);
    const id = await payCart(owner);
    const thief = new TestClient(t.app);
    await addToCart(thief, p.id, 1);
    const res = await thief.post('/api/create-order', { paypalOrderId: id, ...customer });
    expect(res.statusCode).toBe(404);
    expect(await ordersFor(id)).toEqual([]);
    // The owner can still place it.
    expect(
      (await owner.post('/api/create-order', { paypalOrderId: id, ...customer })).statusCode,
    ).toBe(201);
  });

  it('validates the body and the session header', async () => {
    const client = new TestClient(t.app);
    const bad = await client.post('/api/create-order', {
      paypalOrderId: 'x',
      ...customer,
      customerEmail: 'nope',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.customerEmail).toBe('Valid email is required');
    const noSession = await t.app.inject({
      method: 'POST',
      url: '/api/create-order',
      payload: { paypalOrderId: 'x', ...customer },
    });
    expect(noSession.statusCode).toBe(400);
    expect(noSession.json().message).toBe('Missing or invalid session id');
  });

  it('refunds and answers 409 when the cart changed after payment (price changed)', async () => {
    const p = await insertProduct(t.db, { stockQuantity: 10 });
    const client = new TestClient(t.app);
    await addToCart(client, p.id, 1);
    const id = await payCart(client);
    await addToCart(client, p.id, 1);
    const res = await client.post('/api/create-order', { paypalOrderId: id, ...customer });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      message: 'The price changed. Please review your order. Your payment has been refunded.',
      reason: 'price_changed',
      refunded: true,
    });
    // Before the provider refunds, the committed state already says a refund is owed.
    expect(atRefund).toEqual({
      status: 'refund_pending',
      refundId: null,
      incidents: ['order_refused_after_payment'],
    });
    const state = await paymentState(t.db, id);
    expect(state.payment.status).toBe('refunded');
    expect(state.payment.refundId).toBe(state.provider!.refundId);
    expect(state.provider!.captureStatus).toBe('REFUNDED');
    // The admin's record of the refused order is closed once the provider confirms.
    const incidents = await t.db
      .select()
      .from(paymentIncidents)
      .where(eq(paymentIncidents.providerOrderId, id));
    expect(incidents).toMatchObject([{ kind: 'order_refused_after_payment', resolved: true }]);
    expect(incidents[0]!.message).toContain('The price changed.');
    expect(await ordersFor(id)).toEqual([]);
    expect(await stockOf(p.id)).toBe(10);
    // A refunded payment cannot be used again.
    const again = await client.post('/api/create-order', { paypalOrderId: id, ...customer });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('This payment was refunded. Please check out again.');
  });

  it('refunds and answers 409 when the product sold out while paying', async () => {
    const p = await insertProduct(t.db, { name: 'Masters Pin', stockQuantity: 3 });
    const code = await insertDiscount(t.db, { maxUses: 10 });
    const client = new TestClient(t.app);
    await addToCart(client, p.id, 2);
    const id = await payCart(client, { discountCode: code.code });
    await t.db.update(products).set({ stockQuantity: 1 }).where(eq(products.id, p.id));
    const res = await client.post('/api/create-order', { paypalOrderId: id, ...customer });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(
      'Sorry, "Masters Pin" sold out while you were paying. Your payment has been refunded.',
    );
    expect((await paymentState(t.db, id)).payment.status).toBe('refunded');
    expect(await stockOf(p.id)).toBe(1);
    const [codeRow] = await t.db.select().from(discountCodes).where(eq(discountCodes.id, code.id));
    expect(codeRow!.currentUses).toBe(0);
    expect(
      await t.db.select().from(cartItems).where(eq(cartItems.sessionId, client.sessionId)),
    ).toHaveLength(1);
  });

  it('holds the per-customer limit across past orders of the same e-mail', async () => {
    const promo = await insertProduct(t.db, {
      name: 'American Flag Golf Pin',
      purchaseLimit: 4,
      stockQuantity: 100,
    });
    const first = new TestClient(t.app);
    await addToCart(first, promo.id, 3);
    const firstId = await payCart(first);
    expect(
      (await first.post('/api/create-order', { paypalOrderId: firstId, ...customer })).statusCode,
    ).toBe(201);

    const second = new TestClient(t.app); // another browser, same e-mail
    await addToCart(second, promo.id, 2);
    const id = await payCart(second);
    const res = await second.post('/api/create-order', { paypalOrderId: id, ...customer });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(
      'Sorry, "American Flag Golf Pin" is limited to 4 per customer. Your payment has been refunded.',
    );
    expect((await paymentState(t.db, id)).payment.status).toBe('refunded');
    expect(await stockOf(promo.id)).toBe(97);
  });

  it('records an incident and answers 500 when the order cannot be stored after payment', async () => {
    const p = await insertProduct(t.db, { stockQuantity: 4 });
    const client = new TestClient(t.app);
    await addToCart(client, p.id, 1);
    const id = await payCart(client);
    hooks.beforeOrderCommit = async () => {
      throw new Error('disk full');
    };
    const res = await client.post('/api/create-order', { paypalOrderId: id, ...customer });
    expect(res.statusCode).toBe(500);
    expect(res.json().message).toBe(
      'Your payment was received, but we could not record your order. Our team has been notified and will contact you.',
    );
    const incidents = await t.db
      .select()
      .from(paymentIncidents)
      .where(eq(paymentIncidents.providerOrderId, id));
    expect(incidents).toHaveLength(1);
    expect(incidents[0]).toMatchObject({ kind: 'order_failed_after_payment', resolved: false });
    expect(incidents[0]!.message).toContain('disk full');
    expect(await ordersFor(id)).toEqual([]);
    expect(await stockOf(p.id)).toBe(4);
    expect((await paymentState(t.db, id)).payment).toMatchObject({
      status: 'captured',
      consumedAt: null,
    });

    // Once the fault is gone the same payment still places the order.
    hooks.beforeOrderCommit = undefined;
    expect(
      (await client.post('/api/create-order', { paypalOrderId: id, ...customer })).statusCode,
    ).toBe(201);
  });

  it('a name with a NUL after a completed capture answers 400 before the payment is touched', async () => {
    const p = await insertProduct(t.db, { stockQuantity: 4 });
    const client = new TestClient(t.app);
    await addToCart(client, p.id, 1);
    const id = await payCart(client);
    const res = await client.post('/api/create-order', {
      paypalOrderId: id,
      ...customer,
      customerName: 'Pat\u0000',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      message: 'Invalid characters in input',
      errors: { customerName: 'Contains characters that are not allowed' },
    });
    expect((await paymentState(t.db, id)).payment).toMatchObject({
      status: 'captured',
      consumedAt: null,
    });
    expect(await ordersFor(id)).toEqual([]);
    expect(await stockOf(p.id)).toBe(4);
    expect(
      await t.db.select().from(paymentIncidents).where(eq(paymentIncidents.providerOrderId, id)),
    ).toEqual([]);
    // The same payment still places the order with a valid name.
    const placed = await client.post('/api/create-order', { paypalOrderId: id, ...customer });
    expect(placed.statusCode, placed.body).toBe(201);
  });

  it('an address outside the USA and Canada answers 400 on shippingAddress, payment kept; a Canadian one places the order at the flat rate', async () => {
    const p = await insertProduct(t.db, { stockQuantity: 4 });
    const client = new TestClient(t.app);
    await addToCart(client, p.id, 1);
    const id = await payCart(client);
    for (const shippingAddress of [
      '1 Main St, Dublin, Co. Dublin D02 X285',
      '12 Rue Principale, Granby, QC J3B 1A1, USA',
      '12 Main St, Springfield, IL 62701, Canada',
    ]) {
      const res = await client.post('/api/create-order', {
        paypalOrderId: id,
        ...customer,
        shippingAddress,
      });
      expect(res.statusCode, shippingAddress).toBe(400);
      expect(res.json()).toEqual({
        message: SHIPPING_ADDRESS_MESSAGE,
        errors: { shippingAddress: SHIPPING_ADDRESS_MESSAGE },
      });
    }
    expect((await paymentState(t.db, id)).payment).toMatchObject({
      status: 'captured',
      consumedAt: null,
    });
    expect(await ordersFor(id)).toEqual([]);
    const placed = await client.post('/api/create-order', {
      paypalOrderId: id,
      ...customer,
      shippingAddress: '12 Rue Principale, Granby, QC J3B 1A1, Canada',
    });
    expect(placed.statusCode, placed.body).toBe(201);
    const [order] = await ordersFor(id);
    expect(order).toMatchObject({
      shippingAddress: '12 Rue Principale, Granby, QC J3B 1A1, Canada',
      shippingCents: 599,
    });
  });

  it('input the database refuses inside the order transaction answers 400, payment kept', async () => {
    const p = await insertProduct(t.db, { stockQuantity: 4 });
    const client = new TestClient(t.app);
    await addToCart(client, p.id, 1);
    const id = await payCart(client);
    // Straight to the service, past the edge guard: the database itself refuses the NUL.
    const attempt = placeCatalogOrder(
      t.app.deps,
      {
        sessionId: client.sessionId,
        userId: null,
        body: { paypalOrderId: id, ...customer, customerName: 'Pat\u0000' },
      },
      t.app.log,
    );
    await expect(attempt).rejects.toMatchObject({
      statusCode: 400,
      message: 'Invalid characters in input',
    });
    expect((await paymentState(t.db, id)).payment).toMatchObject({
      status: 'captured',
      consumedAt: null,
    });
    expect(await stockOf(p.id)).toBe(4);
    expect(
      (await client.post('/api/create-order', { paypalOrderId: id, ...customer })).statusCode,
    ).toBe(201);
  });

  it('records the incident even when the failure text cannot be stored as it is', async () => {
    const p = await insertProduct(t.db, { stockQuantity: 4 });
    const client = new TestClient(t.app);
    await addToCart(client, p.id, 1);
    const id = await payCart(client);
    hooks.beforeOrderCommit = async () => {
      throw new Error('disk full \u0000 at block 7');
    };
    const res = await client.post('/api/create-order', { paypalOrderId: id, ...customer });
    expect(res.statusCode).toBe(500);
    const incidents = await t.db
      .select()
      .from(paymentIncidents)
      .where(eq(paymentIncidents.providerOrderId, id));
    expect(incidents).toHaveLength(1);
    expect(incidents[0]!.message).toContain('disk full \uFFFD at block 7');
    expect(incidents[0]!.details).toMatchObject({ customer: { customerName: 'Pat Golfer' } });
  });

  it("a signed-in customer's order belongs to their account", async () => {
    const client = new TestClient(t.app);
    const reg = await client.post('/api/auth/register', {
      username: 'checkoutfan',
      email: 'fan@example.com',
      password: 'checkout-fan-pass',
    });
    expect(reg.statusCode, reg.body).toBe(201);
    const p = await insertProduct(t.db);
    await addToCart(client, p.id, 1);
    const id = await payCart(client);
    const res = await client.post('/api/create-order', { paypalOrderId: id, ...customer });
    expect(res.statusCode).toBe(201);
    const [row] = await ordersFor(id);
    expect(row!.userId).toBe(reg.json().id);
  });

  it('when the refund itself fails, says so and reports it to the admin', async () => {
    const p = await insertProduct(t.db, { name: 'Coin', stockQuantity: 1 });
    const client = new TestClient(t.app);
    await addToCart(client, p.id, 1);
    const id = await payCart(client);
    await t.db.update(products).set({ stockQuantity: 0 }).where(eq(products.id, p.id));
    refundsDown = true;
    const res = await client.post('/api/create-order', { paypalOrderId: id, ...customer });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      message:
        'Sorry, "Coin" sold out while you were paying. We could not refund your payment automatically; our team has been notified and will refund it.',
      refunded: false,
    });
    const incidents = await t.db
      .select()
      .from(paymentIncidents)
      .where(eq(paymentIncidents.providerOrderId, id));
    expect(incidents.map((i) => [i.kind, i.resolved])).toEqual([
      ['order_refused_after_payment', false],
      ['refund_failed', false],
    ]);
    // Never "refunded" until the provider confirms a refund.
    const state = await paymentState(t.db, id);
    expect(state.payment).toMatchObject({ status: 'refund_pending', refundId: null });
    expect(state.provider!.refundId).toBeNull();
    // The payment can never be turned into an order afterwards, and a retry says the
    // refund is under way rather than done.
    const again = await client.post('/api/create-order', { paypalOrderId: id, ...customer });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('This payment is being refunded. Please check out again.');
    expect(await ordersFor(id)).toEqual([]);
  });

  it('a placed order stores its confirmation e-mail (held without SMTP_URL); a refused order stores none', async () => {
    const p = await insertProduct(t.db, {
      name: 'Pebble Beach Pin',
      priceCents: 800,
      stockQuantity: 5,
    });
    const client = new TestClient(t.app);
    await addToCart(client, p.id, 2);
    const id = await payCart(client);
    const email = 'mail-check@example.com';
    const res = await client.post('/api/create-order', {
      paypalOrderId: id,
      ...customer,
      customerEmail: email,
    });
    expect(res.statusCode, res.body).toBe(201);
    const orderId = res.json().order.id as number;
    const rows = await t.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, email));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      kind: 'order_confirmation',
      status: 'held',
      attempts: 0,
      sentAt: null,
      subject: `Fairway Pin Co.: order #${orderId} confirmed`,
    });
    expect(rows[0]!.textBody).toContain('Pebble Beach Pin x 2 @ $8.00 = $16.00');
    expect(rows[0]!.textBody).toContain('Total: $21.99');
    expect(rows[0]!.textBody).toContain(customer.shippingAddress);
    expect(rows[0]!.textBody).toContain(`/track-order?id=${orderId}&type=regular`);
    // The HTML part is rendered at delivery from the stored order (issue 12), the same
    // template: nothing rendered yet, everything needed stored.
    expect(rows[0]!.htmlBody).toBeNull();
    expect(rows[0]!.htmlSource).toMatchObject({ template: 'order_confirmation' });
    // Stored as SQL NULL and JSON objects (the order's write is a statement template with
    // parameters on PostgreSQL: a null must not become JSON null, nor an object a string).
    const stored = await t.db.execute(
      sql`select html_body is null as "noBody", headers->>'Reply-To' as "replyTo",
          jsonb_typeof(html_source) as "sourceType"
          from mail_outbox where id = ${rows[0]!.id}`,
    );
    expect((stored as unknown as { rows: unknown[] }).rows[0]).toEqual({
      noBody: true,
      replyTo: t.config.STORE_EMAIL,
      sourceType: 'object',
    });
    const html = htmlOf(rows[0]!, t.config);
    expect(html).toContain('$21.99');
    expect(html).toContain(`/track-order?id=${orderId}&amp;type=regular`);
    // A replay of the same payment sends no second confirmation.
    const replay = await client.post('/api/create-order', {
      paypalOrderId: id,
      ...customer,
      customerEmail: email,
    });
    expect(replay.statusCode).toBe(200);
    expect(
      await t.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, email)),
    ).toHaveLength(1);

    // Sold out while paying: the order is rolled back, and so is its mail.
    const other = new TestClient(t.app);
    await addToCart(other, p.id, 2);
    const soldOutId = await payCart(other);
    await t.db.update(products).set({ stockQuantity: 1 }).where(eq(products.id, p.id));
    const refused = await other.post('/api/create-order', {
      paypalOrderId: soldOutId,
      ...customer,
      customerEmail: 'sold-out@example.com',
    });
    expect(refused.statusCode).toBe(409);
    expect(
      await t.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, 'sold-out@example.com')),
    ).toEqual([]);
  });
});
