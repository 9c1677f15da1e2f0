/**
 * Custom orders over the real routes (app.inject), on PGlite and PostgreSQL: preparing
 * with a logo (server prices, 409 on tampered amounts, upload limits by content), the
 * deposit through the one payment route, the order made once per capture, ownership,
 * guest claiming, the admin's desk (status, link, mails, export, history, delete) and the
 * balance by token. Races are in custom-orders-race.test.ts.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { estimatedDelivery } from '../../shared/custom-pins';
import { DISCOUNT_NOT_VALID, priceCustomPins } from '../../shared/pricing';
import type {
  BalancePaymentInfo,
  CustomOrder,
  OrderHistoryPage,
  PreparedCustomOrder,
} from '../../shared/schemas/custom-orders';
import { insertDiscount } from '../checkout/test-support';
import {
  customOrders,
  discountCodes,
  files,
  mailOutbox,
  orders,
  payments,
  preparedCustomOrders,
  quoteRequests,
  testPaymentOrders,
} from '../db/schema';
import { storeDayOf } from '../lib/store-time';
import { createTestApp, type TestApp, TestClient } from '../test/app';
import { exportCsv, neutralizeFormula } from './admin';
import { rushMonth } from './rush';
import {
  DEPOSIT_AWAITING_ORDER,
  prepareCustomOrderFromQuote,
  sweepExpiredPreparedOrders,
} from './service';
import {
  draft,
  orderCustomPins,
  payFor,
  placeCustomOrder,
  postPrepare,
  prepare,
  prepareBody,
  registerCustomer,
  signInAdmin,
} from './test-support';

let t: TestApp;
let admin: TestClient;

beforeAll(async () => {
  t = await createTestApp({
    env: { PUBLIC_URL: 'https://pins.example', RUSH_SLOTS_PER_MONTH: '3' },
  });
  admin = new TestClient(t.app);
  await signInAdmin(t, admin);
});
afterAll(async () => {
  await t?.close();
});

const mailsTo = (to: string) => t.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, to));

describe('POST /api/custom-orders/prepare', () => {
  it('prices the draft on the server and stores the prepared order with its logo', async () => {
    const client = new TestClient(t.app);
    const res = await postPrepare(
      client,
      draft({
        quantity: 100,
        plating: 'gold',
        size: '1.5inch',
        packaging: 'backing-cards,individual-bags',
      }),
    );
    expect(res.statusCode, res.body).toBe(201);
    const prepared = res.json<PreparedCustomOrder>();
    const quote = priceCustomPins({
      quantity: 100,
      size: '1.5inch',
      plating: 'gold',
      packaging: ['individual-bags', 'backing-cards'],
      rushOrder: false,
    });
    expect(prepared).toMatchObject({
      quantity: 100,
      size: '1.5inch',
      plating: 'gold',
      packaging: ['individual-bags', 'backing-cards'],
      pricePerPin: quote.pricePerPinCents / 100,
      totalPrice: quote.totalCents / 100,
      depositAmount: quote.depositCents / 100,
      remainingBalance: quote.balanceCents / 100,
      customerName: 'Pat Green',
      paid: false,
      estimatedDelivery: estimatedDelivery(storeDayOf(new Date(), t.config.STORE_TIME_ZONE), false),
    });
    // The deposit link's credential: 32 random bytes, base64url (DECISIONS.md payment links).
    expect(prepared.preparedOrderId).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const [row] = await t.db
      .select()
      .from(preparedCustomOrders)
      .where(eq(preparedCustomOrders.id, prepared.preparedOrderId));
    expect(row!.cartSessionId).toBe(client.sessionId);
    expect(row!.expiresAt.getTime() - Date.now()).toBeGreaterThan(23 * 3600_000);
    const [file] = await t.db.select().from(files).where(eq(files.id, row!.logoFileId!));
    expect(file!.contentType).toBe('image/png');
    // Checkout reads the prepared order back from the server.
    const back = await client.get(`/api/custom-orders/prepared/${prepared.preparedOrderId}`);
    expect(back.json()).toEqual({ ...prepared, unsettledDepositPaymentId: null });
    expect((await client.get('/api/custom-orders/prepared/nope')).statusCode).toBe(404);
  });

  it('answers 409 with the server amounts when the client price was tampered with', async () => {
    const client = new TestClient(t.app);
    for (const tampered of [{ pricePerPin: 1 }, { totalPrice: 10 }, { depositAmount: 0.5 }]) {
      const res = await postPrepare(client, draft({ ...tampered }));
      expect(res.statusCode, JSON.stringify(tampered)).toBe(409);
      expect(res.json()).toMatchObject({
        message: 'The price changed. Please review your order.',
        amounts: { pricePerPin: 7, totalPrice: 350, depositAmount: 35, remainingBalance: 315 },
      });
    }
    // The amounts the wizard computed with the shared module are accepted.
    const ok = await postPrepare(
      client,
      draft({
        pricePerPin: 7,
        totalPrice: 350,
        depositAmount: 35,
        remainingBalance: 315,
        rushOrderFee: 0,
        discountAmount: 0,
      }),
    );
    expect(ok.statusCode, ok.body).toBe(201);
  });

  it('applies a promo code to the pins subtotal and refuses one that does not apply', async () => {
    await insertDiscount(t.db, { code: 'CLUB20', discountValue: 20 });
    const client = new TestClient(t.app);
    const prepared = await prepare(client, { quantity: 100, rushOrder: true, promoCode: 'club20' });
    // 100 x $5 = $500; 20% = $100 off; + $100 rush = $500 total.
    expect(prepared).toMatchObject({
      discountCode: 'CLUB20',
      discountAmount: 100,
      rushOrderFee: 100,
      totalPrice: 500,
      depositAmount: 50,
      remainingBalance: 450,
    });
    const bad = await postPrepare(client, draft({ promoCode: 'NOPE' }));
    expect(bad.statusCode).toBe(409);
    expect(bad.json()).toMatchObject({ message: DISCOUNT_NOT_VALID, field: 'promoCode' });
  });

  it('counts a promo code sent with the draft in the one discount-code limiter (issue 11)', async () => {
    const limited = await createTestApp({ env: { DISCOUNT_RATE_LIMIT: '2' } });
    try {
      const client = new TestClient(limited.app);
      for (const code of ['GUESS1', 'GUESS2']) {
        expect((await postPrepare(client, draft({ promoCode: code }))).statusCode).toBe(409);
      }
      const third = await postPrepare(client, draft({ promoCode: 'GUESS3' }));
      expect(third.statusCode).toBe(429);
      expect(third.headers['retry-after']).toBeDefined();
      // A draft without a code checks no code, so it is not counted.
      expect((await postPrepare(client, draft())).statusCode).toBe(201);
    } finally {
      await limited.close();
    }
  });

  it('validates the draft with the shared schema (400 naming the field)', async () => {
    const client = new TestClient(t.app);
    const cases: [unknown, string][] = [
      [draft({ quantity: 24 }), 'quantity'],
      [draft({ quantity: 1001 }), 'quantity'],
      [draft({ size: '2inch' as never }), 'size'],
      [draft({ plating: 'platinum' as never }), 'plating'],
      [draft({ packaging: 'gift-box' }), 'packaging.0'],
      [draft({ customerName: '  ' }), 'customerName'],
      [draft({ customerEmail: 'not-an-email' }), 'customerEmail'],
      ['{not json', 'orderData'],
    ];
    for (const [body, field] of cases) {
      const res = await postPrepare(client, body);
      expect(res.statusCode, field).toBe(400);
      expect(Object.keys(res.json().errors), field).toContain(field);
    }
    const noLogo = await postPrepare(client, draft(), null);
    expect(noLogo.statusCode).toBe(400);
    expect(noLogo.json()).toMatchObject({ errors: { logo: 'Please upload your logo.' } });
  });

  it('enforces the logo limits by content: 11 MB, HTML named .png, sanitised SVG, PDF', async () => {
    const client = new TestClient(t.app);
    const big = Buffer.alloc(11 * 1024 * 1024, 1);
    TINY_PNG_HEADER.copy(big);
    const tooLarge = await postPrepare(client, draft(), {
      data: big,
      name: 'big.png',
      type: 'image/png',
    });
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json().message).toBe('Please upload a file smaller than 10MB.');

    const html = await postPrepare(client, draft(), {
      data: Buffer.from('<!doctype html><html><script>alert(1)</script></html>'),
      name: 'logo.png',
      type: 'image/png',
    });
    expect(html.statusCode).toBe(415);
    expect(html.json().message).toBe('Please upload a PNG, JPG, SVG or PDF file.');

    const svg = await postPrepare(client, draft(), {
      data: Buffer.from(
        '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(2)</script><circle r="4" onclick="x()"/></svg>',
      ),
      name: 'crest.svg',
      type: 'image/svg+xml',
    });
    expect(svg.statusCode, svg.body).toBe(201);
    const svgRow = await preparedRow(svg.json().preparedOrderId);
    const [svgFile] = await t.db.select().from(files).where(eq(files.id, svgRow.logoFileId!));
    const stored = Buffer.from(svgFile!.data, 'base64').toString('utf8');
    expect(svgFile!.contentType).toBe('image/svg+xml');
    expect(stored).toContain('<circle');
    expect(stored).not.toMatch(/script|onload|onclick/);

    const pdf = await postPrepare(client, draft(), {
      data: Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n'),
      name: 'crest.pdf',
      type: 'application/pdf',
    });
    expect(pdf.statusCode, pdf.body).toBe(201);
    const pdfRow = await preparedRow(pdf.json().preparedOrderId);
    const served = await client.get(pdfRow.logoUrl!);
    expect(served.headers['content-type']).toBe('application/pdf');
    expect(served.headers['content-disposition']).toBe('attachment');
  });

  it('limits prepare calls per client address (429)', async () => {
    const client = new TestClient(t.app);
    const send = async () => {
      const body = await prepareBody(draft());
      return client.request({
        method: 'POST',
        url: '/api/custom-orders/prepare',
        remoteAddress: '10.9.9.9',
        ...body,
      });
    };
    for (let i = 0; i < t.config.CUSTOM_ORDER_RATE_LIMIT; i++) {
      expect((await send()).statusCode).toBe(201);
    }
    expect((await send()).statusCode).toBe(429);
  });
});

const TINY_PNG_HEADER = Buffer.from('89504e470d0a1a0a', 'hex');

async function preparedRow(id: string) {
  const [row] = await t.db
    .select()
    .from(preparedCustomOrders)
    .where(eq(preparedCustomOrders.id, id));
  return row!;
}

describe('the deposit and the order', () => {
  it('a deposit paid in a tab closed before the order was placed completes it: no second charge', async () => {
    const client = new TestClient(t.app);
    const prepared = await prepare(client, { customerEmail: 'closed-deposit@club.example' });
    const paymentId = await payFor(client, {
      purpose: 'custom_deposit',
      preparedOrderId: prepared.preparedOrderId,
    });
    // The tab closed: no POST /api/custom-orders. Reloaded, the page learns of the payment.
    const url = `/api/custom-orders/prepared/${prepared.preparedOrderId}`;
    const reloaded = await client.get(url);
    expect(reloaded.json()).toMatchObject({ paid: false, unsettledDepositPaymentId: paymentId });
    // Another browser is not told of it.
    const stranger = new TestClient(t.app);
    expect((await stranger.get(url)).json().unsettledDepositPaymentId).toBeNull();
    // A second deposit payment is refused for this browser ...
    const again = await client.post('/paypal/order', {
      purpose: 'custom_deposit',
      preparedOrderId: prepared.preparedOrderId,
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(DEPOSIT_AWAITING_ORDER);
    // ... and the first one places the order.
    const placed = await placeCustomOrder(client, prepared.preparedOrderId, paymentId);
    expect(placed.statusCode, placed.body).toBe(201);
    expect((await client.get(url)).json()).toMatchObject({
      paid: true,
      unsettledDepositPaymentId: null,
    });
    const deposits = await t.db
      .select()
      .from(payments)
      .where(
        and(
          eq(payments.purpose, 'custom_deposit'),
          eq(payments.reference, prepared.preparedOrderId),
        ),
      );
    expect(deposits).toHaveLength(1);
  });

  it('a deposit capture whose answer was lost: paying again hands it back and the order is placed, charged once', async () => {
    const client = new TestClient(t.app);
    const prepared = await prepare(client, { customerEmail: 'lost-answer@club.example' });
    const paymentId = await payFor(client, {
      purpose: 'custom_deposit',
      preparedOrderId: prepared.preparedOrderId,
    });
    // What a capture whose answer never came leaves: the provider captured, the shop's
    // row still says 'created' with the attempt recorded.
    await t.db
      .update(payments)
      .set({
        status: 'created',
        captureId: null,
        capturedCents: null,
        captureAttemptedAt: new Date(),
      })
      .where(eq(payments.providerOrderId, paymentId));
    const again = await client.post('/paypal/order', {
      purpose: 'custom_deposit',
      preparedOrderId: prepared.preparedOrderId,
    });
    expect(again.statusCode, again.body).toBe(201);
    expect(again.json()).toMatchObject({ id: paymentId, captured: true });
    const captured = await client.post(`/paypal/order/${paymentId}/capture`);
    expect(captured.json().status).toBe('COMPLETED');
    const placed = await placeCustomOrder(client, prepared.preparedOrderId, paymentId);
    expect(placed.statusCode, placed.body).toBe(201);
    const deposits = await t.db
      .select()
      .from(payments)
      .where(
        and(
          eq(payments.purpose, 'custom_deposit'),
          eq(payments.reference, prepared.preparedOrderId),
        ),
      );
    expect(deposits).toHaveLength(1);
    expect(deposits[0]).toMatchObject({
      status: 'captured',
      capturedCents: Math.round(prepared.depositAmount * 100),
    });
  });

  it('charges exactly the deposit, makes the order once, counts the promo and sends the confirmation', async () => {
    const code = await insertDiscount(t.db, { code: 'DEPOSIT10', discountValue: 10, maxUses: 5 });
    const client = new TestClient(t.app);
    const prepared = await prepare(client, {
      quantity: 250,
      promoCode: 'DEPOSIT10',
      customerEmail: 'deposit@club.example',
    });
    // 250 x $4 = $1,000 - 10% = $900; deposit $90.
    expect(prepared.depositAmount).toBe(90);

    const wrong = await client.post('/paypal/order', {
      purpose: 'custom_deposit',
      preparedOrderId: prepared.preparedOrderId,
      amount: '900.00',
    });
    expect(wrong.statusCode).toBe(409);
    expect(wrong.json()).toMatchObject({ amount: '90.00' });

    const created = await client.post('/paypal/order', {
      purpose: 'custom_deposit',
      preparedOrderId: prepared.preparedOrderId,
      amount: '90.00',
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().amount).toBe('90.00');
    const paymentId = created.json().id as string;
    expect((await client.post(`/paypal/order/${paymentId}/capture`)).json().status).toBe(
      'COMPLETED',
    );

    const res = await placeCustomOrder(client, prepared.preparedOrderId, paymentId);
    expect(res.statusCode, res.body).toBe(201);
    const order = res.json<{ id: number; order: CustomOrder }>().order;
    expect(order).toMatchObject({
      quantity: 250,
      totalPrice: 900,
      depositAmount: 90,
      remainingBalance: 810,
      depositPaid: 90,
      balancePaid: 0,
      balanceDue: 810,
      status: 'pending',
      discountCode: 'DEPOSIT10',
      shippingAddress: '1 Fairway Dr, Carmel, CA 93923',
      logoUrl: prepared.logoUrl,
    });

    const replay = await placeCustomOrder(client, prepared.preparedOrderId, paymentId);
    expect(replay.statusCode).toBe(200);
    expect(replay.json().id).toBe(order.id);
    expect(
      await t.db.select().from(customOrders).where(eq(customOrders.depositPaymentId, paymentId)),
    ).toHaveLength(1);
    const [codeRow] = await t.db.select().from(discountCodes).where(eq(discountCodes.id, code.id));
    expect(codeRow!.currentUses).toBe(1);
    const mails = await mailsTo('deposit@club.example');
    expect(mails.map((m) => m.kind)).toEqual(['deposit_received']);
    expect(mails[0]!.textBody).toContain('$90.00');
    expect((await preparedRow(prepared.preparedOrderId)).customOrderId).toBe(order.id);

    // The prepared order cannot be paid again.
    const again = await client.post('/paypal/order', {
      purpose: 'custom_deposit',
      preparedOrderId: prepared.preparedOrderId,
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('The deposit for this order has already been paid.');
  });

  it('refunds a deposit whose promo code was used up while paying (never past maxUses)', async () => {
    const code = await insertDiscount(t.db, { code: 'ONCEONLY', discountValue: 10, maxUses: 1 });
    const buyers = await Promise.all(
      [0, 1].map(async () => {
        const client = new TestClient(t.app);
        const prepared = await prepare(client, { promoCode: 'ONCEONLY' });
        const paymentId = await payFor(client, {
          purpose: 'custom_deposit',
          preparedOrderId: prepared.preparedOrderId,
        });
        return { client, prepared, paymentId };
      }),
    );
    const first = await placeCustomOrder(
      buyers[0]!.client,
      buyers[0]!.prepared.preparedOrderId,
      buyers[0]!.paymentId,
    );
    expect(first.statusCode, first.body).toBe(201);
    const second = await placeCustomOrder(
      buyers[1]!.client,
      buyers[1]!.prepared.preparedOrderId,
      buyers[1]!.paymentId,
    );
    expect(second.statusCode).toBe(409);
    expect(second.json()).toMatchObject({
      message:
        'Sorry, the promo code "ONCEONLY" was used up while you were paying. Your payment has been refunded.',
      reason: 'code_used_up',
      refunded: true,
    });
    const [row] = await t.db.select().from(discountCodes).where(eq(discountCodes.id, code.id));
    expect(row!.currentUses).toBe(1);
    // A new deposit for a prepared order with the used-up code is refused before payment.
    const again = await buyers[1]!.client.post('/paypal/order', {
      purpose: 'custom_deposit',
      preparedOrderId: buyers[1]!.prepared.preparedOrderId,
    });
    expect(again.statusCode).toBe(409);
    // One text for every refusal (issue 11: telling them apart helps whoever guesses codes).
    expect(again.json().message).toBe(DISCOUNT_NOT_VALID);
  });

  it('refunds a deposit capture of the wrong amount and makes no order', async () => {
    const client = new TestClient(t.app);
    const prepared = await prepare(client);
    const created = await client.post('/paypal/order', {
      purpose: 'custom_deposit',
      preparedOrderId: prepared.preparedOrderId,
    });
    const paymentId = created.json().id as string;
    // The provider captures another amount than the server asked for.
    await t.db
      .update(testPaymentOrders)
      .set({ amountCents: 100 })
      .where(eq(testPaymentOrders.id, paymentId));
    const capture = await client.post(`/paypal/order/${paymentId}/capture`);
    expect(capture.json().status).toBe('REFUNDED');
    const res = await placeCustomOrder(client, prepared.preparedOrderId, paymentId);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('This payment was refunded. Please check out again.');
    expect(
      await t.db.select().from(customOrders).where(eq(customOrders.depositPaymentId, paymentId)),
    ).toHaveLength(0);
  });

  it('never reuses a capture for another order and refuses unpaid or foreign payments', async () => {
    const client = new TestClient(t.app);
    const first = await prepare(client);
    const second = await prepare(client);
    const paymentId = await payFor(client, {
      purpose: 'custom_deposit',
      preparedOrderId: first.preparedOrderId,
    });
    expect((await placeCustomOrder(client, first.preparedOrderId, paymentId)).statusCode).toBe(201);
    const reused = await placeCustomOrder(client, second.preparedOrderId, paymentId);
    expect(reused.statusCode).toBe(404);
    expect(reused.json().message).toBe('Payment not found');

    const uncaptured = await client.post('/paypal/order', {
      purpose: 'custom_deposit',
      preparedOrderId: second.preparedOrderId,
    });
    const notPaid = await placeCustomOrder(client, second.preparedOrderId, uncaptured.json().id);
    expect(notPaid.statusCode).toBe(409);
    expect(notPaid.json().message).toBe('Payment not completed');
    expect(
      (await placeCustomOrder(client, second.preparedOrderId, 'TEST-unknown')).statusCode,
    ).toBe(404);
  });

  it("lets only the payer's session or account turn a deposit into the order (no takeover)", async () => {
    const owner = new TestClient(t.app);
    const prepared = await prepare(owner);
    const paymentId = await payFor(owner, {
      purpose: 'custom_deposit',
      preparedOrderId: prepared.preparedOrderId,
    });
    // Another browser that learnt both ids (the prepared id is in the checkout URL).
    const other = new TestClient(t.app);
    const taken = await other.post('/api/custom-orders', {
      orderData: { preparedOrderId: prepared.preparedOrderId },
      depositPaymentId: paymentId,
      customerName: 'Mallory',
      customerEmail: 'mallory@evil.example',
      shippingAddress: '1 Attacker Rd',
    });
    expect(taken.statusCode).toBe(404);
    expect(taken.json().message).toBe('Payment not found');
    const placed = await placeCustomOrder(owner, prepared.preparedOrderId, paymentId);
    expect(placed.statusCode).toBe(201);
    expect(placed.json().order.customerEmail).not.toBe('mallory@evil.example');
    // The owner's replay still answers the order; the other browser's still does not.
    expect((await placeCustomOrder(owner, prepared.preparedOrderId, paymentId)).statusCode).toBe(
      200,
    );
    expect((await placeCustomOrder(other, prepared.preparedOrderId, paymentId)).statusCode).toBe(
      404,
    );
  });

  it('refunds a second deposit paid for an order already placed', async () => {
    const client = new TestClient(t.app);
    const prepared = await prepare(client);
    const one = await payFor(client, {
      purpose: 'custom_deposit',
      preparedOrderId: prepared.preparedOrderId,
    });
    // Another browser pays it too (this one would be told to complete with its first).
    const other = new TestClient(t.app);
    const created = await other.post('/paypal/order', {
      purpose: 'custom_deposit',
      preparedOrderId: prepared.preparedOrderId,
    });
    expect(created.statusCode, created.body).toBe(201);
    const two = created.json().id as string;
    await other.post(`/paypal/order/${two}/capture`);
    expect((await placeCustomOrder(client, prepared.preparedOrderId, one)).statusCode).toBe(201);
    const res = await placeCustomOrder(other, prepared.preparedOrderId, two);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ reason: 'already_paid', refunded: true });
    const [row] = await t.db.select().from(payments).where(eq(payments.providerOrderId, two));
    expect(row!.status).toBe('refunded');
  });

  it('expires an unpaid prepared order (410) and sweeps it with its logo', async () => {
    const client = new TestClient(t.app);
    const prepared = await prepare(client);
    const row = await preparedRow(prepared.preparedOrderId);
    await t.db
      .update(preparedCustomOrders)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(preparedCustomOrders.id, row.id));
    const pay = await client.post('/paypal/order', {
      purpose: 'custom_deposit',
      preparedOrderId: row.id,
    });
    expect(pay.statusCode).toBe(410);
    expect(pay.json().message).toBe('This order has expired. Please start again.');
    expect(await sweepExpiredPreparedOrders(t.db)).toBeGreaterThanOrEqual(1);
    expect(
      await t.db.select().from(preparedCustomOrders).where(eq(preparedCustomOrders.id, row.id)),
    ).toHaveLength(0);
    expect(await t.db.select().from(files).where(eq(files.id, row.logoFileId!))).toHaveLength(0);
  });

  it('keeps an expired prepared order whose deposit was captured, and places its order', async () => {
    const client = new TestClient(t.app);
    const prepared = await prepare(client);
    const paymentId = await payFor(client, {
      purpose: 'custom_deposit',
      preparedOrderId: prepared.preparedOrderId,
    });
    await t.db
      .update(preparedCustomOrders)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(preparedCustomOrders.id, prepared.preparedOrderId));
    await sweepExpiredPreparedOrders(t.db);
    expect((await placeCustomOrder(client, prepared.preparedOrderId, paymentId)).statusCode).toBe(
      201,
    );
  });
});

describe('ownership and claiming', () => {
  it('shows an order to its owner and the admin only; lists only the own orders', async () => {
    const alice = new TestClient(t.app);
    await registerCustomer(alice, 'alicecustom');
    const bob = new TestClient(t.app);
    await registerCustomer(bob, 'bobcustom');
    const id = await orderCustomPins(alice);

    expect((await alice.get(`/api/custom-orders/${id}`)).json().id).toBe(id);
    // Spec section 3 custom_orders: the owner and the payments are in the answer.
    const [stored] = await t.db.select().from(customOrders).where(eq(customOrders.id, id));
    expect((await admin.get(`/api/custom-orders/${id}`)).json()).toMatchObject({
      userId: stored!.userId,
      depositPaymentId: stored!.depositPaymentId,
      balancePaymentId: null,
    });
    expect(stored!.userId).not.toBeNull();
    expect(stored!.depositPaymentId).not.toBeNull();
    expect((await admin.get(`/api/custom-orders/${id}`)).statusCode).toBe(200);
    const foreign = await bob.get(`/api/custom-orders/${id}`);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().message).toBe('Custom order not found');
    // Signed out, without the claim of the browser that placed it: nothing revealed.
    const stranger = await new TestClient(t.app).get(`/api/custom-orders/${id}`);
    expect(stranger.statusCode).toBe(404);
    expect(stranger.json().message).toBe('Custom order not found');
    expect(
      (await alice.get('/api/custom-orders/user-orders')).json().map((o: CustomOrder) => o.id),
    ).toEqual([id]);
    expect((await bob.get('/api/custom-orders/user-orders')).json()).toEqual([]);
    expect((await bob.get('/api/custom-orders')).statusCode).toBe(403);
    expect((await admin.get('/api/custom-orders')).json().map((o: CustomOrder) => o.id)).toContain(
      id,
    );
    // Nor can Bob act as the admin on it.
    expect(
      (await bob.patch(`/api/custom-orders/${id}/status`, { status: 'approved' })).statusCode,
    ).toBe(403);
    expect((await bob.post(`/api/custom-orders/${id}/generate-balance-link`)).statusCode).toBe(403);
    expect((await bob.delete(`/api/custom-orders/${id}`)).statusCode).toBe(403);
  });

  it('gives an order placed signed out to the account that registers next in that browser', async () => {
    const guest = new TestClient(t.app);
    const id = await orderCustomPins(guest);
    const [before] = await t.db.select().from(customOrders).where(eq(customOrders.id, id));
    expect(before!.userId).toBeNull();
    // The thank-you page after the deposit: that browser (its claim cookie) reads the order;
    // another signed-out browser does not.
    const own = await guest.get(`/api/custom-orders/${id}`);
    expect(own.statusCode).toBe(200);
    expect(own.json()).toMatchObject({ id, status: 'pending' });
    expect((await new TestClient(t.app).get(`/api/custom-orders/${id}`)).statusCode).toBe(404);
    const userId = await registerCustomer(guest, 'guestclaimer');
    const [after] = await t.db.select().from(customOrders).where(eq(customOrders.id, id));
    expect(after!.userId).toBe(userId);
    expect(
      (await guest.get('/api/custom-orders/user-orders')).json().map((o: CustomOrder) => o.id),
    ).toEqual([id]);
  });

  it("a guest's deposit mail links to the order signed out, in any browser", async () => {
    const guest = new TestClient(t.app);
    const id = await orderCustomPins(guest, { customerEmail: 'mailed@club.example' });
    const [mail] = await t.db
      .select()
      .from(mailOutbox)
      .where(
        and(
          eq(mailOutbox.kind, 'deposit_received'),
          eq(mailOutbox.toAddress, 'mailed@club.example'),
        ),
      );
    const key = new RegExp(`/track-order\\?id=${id}&type=custom&key=([\\w.-]+)`).exec(
      mail!.textBody,
    )?.[1];
    expect(key).toBeDefined();
    const elsewhere = new TestClient(t.app);
    expect((await elsewhere.get(`/api/custom-orders/${id}`)).statusCode).toBe(404);
    const opened = await elsewhere.get(`/api/custom-orders/${id}?key=${key}`);
    expect(opened.statusCode, opened.body).toBe(200);
    expect(opened.json()).toMatchObject({ id, customerEmail: 'mailed@club.example' });
    // It opens that order only.
    const other = await orderCustomPins(new TestClient(t.app));
    expect((await elsewhere.get(`/api/custom-orders/${other}?key=${key}`)).statusCode).toBe(404);

    // Opened signed in to an account with the order's e-mail (registered on another
    // device), the link adds the order to that account's custom orders.
    const mine = async (client: TestClient) =>
      (await client.get('/api/custom-orders/user-orders')).json().map((o: CustomOrder) => o.id);
    const laptop = new TestClient(t.app);
    expect(
      (
        await laptop.post('/api/auth/register', {
          username: 'mailedlaptop',
          email: 'mailed@club.example',
          password: 'mailed-laptop-password',
        })
      ).statusCode,
    ).toBe(201);
    expect(await mine(laptop)).not.toContain(id);
    expect((await laptop.get(`/api/custom-orders/${id}?key=${key}`)).statusCode).toBe(200);
    expect(await mine(laptop)).toContain(id);
  });
});

describe('the admin desk', () => {
  it('changes the status (mails through the rules), refuses an unknown status', async () => {
    const client = new TestClient(t.app);
    const id = await orderCustomPins(client, { customerEmail: 'status@club.example' });
    const bad = await admin.patch(`/api/custom-orders/${id}/status`, { status: 'balance_paid' });
    expect(bad.statusCode).toBe(400);
    const res = await admin.patch(`/api/custom-orders/${id}/status`, { status: 'mockup_sent' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().status).toBe('mockup_sent');
    expect((await mailsTo('status@club.example')).map((m) => m.kind)).toEqual([
      'deposit_received',
      'custom_mockup_ready',
    ]);
    // The same status again sends nothing new.
    await admin.patch(`/api/custom-orders/${id}/status`, { status: 'mockup_sent' });
    expect(await mailsTo('status@club.example')).toHaveLength(2);
    expect(
      (await admin.patch('/api/custom-orders/999999/status', { status: 'approved' })).statusCode,
    ).toBe(404);
  });

  it('generates a balance link only for approved or mockup_sent orders and mails it', async () => {
    const client = new TestClient(t.app);
    const id = await orderCustomPins(client, { customerEmail: 'link@club.example' });
    const early = await admin.post(`/api/custom-orders/${id}/generate-balance-link`);
    expect(early.statusCode).toBe(409);
    await admin.patch(`/api/custom-orders/${id}/status`, { status: 'approved' });
    const res = await admin.post(`/api/custom-orders/${id}/generate-balance-link`);
    expect(res.statusCode, res.body).toBe(200);
    const { balancePaymentUrl, expiresAt } = res.json();
    expect(balancePaymentUrl).toMatch(
      /^https:\/\/pins\.example\/balance-payment\/[A-Za-z0-9_-]{43}$/,
    );
    expect(new Date(expiresAt).getTime() - Date.now()).toBeGreaterThan(29 * 24 * 3600_000);
    const link = (await mailsTo('link@club.example')).find((m) => m.kind === 'balance_link')!;
    expect(link.textBody).toContain(balancePaymentUrl);
    // A fresh token each time; the old one stops working.
    const again = (await admin.post(`/api/custom-orders/${id}/generate-balance-link`)).json()
      .balancePaymentUrl;
    expect(again).not.toBe(balancePaymentUrl);
    const oldToken = balancePaymentUrl.split('/').pop();
    expect((await new TestClient(t.app).get(`/api/balance-payment/${oldToken}`)).statusCode).toBe(
      404,
    );
  });

  it('sends the production e-mail only in production, and free messages to the order e-mail', async () => {
    const client = new TestClient(t.app);
    const id = await orderCustomPins(client, { customerEmail: 'prod@club.example' });
    const early = await admin.post('/api/send-production-email', {
      orderId: id,
      estimatedWeeks: '2 to 3 weeks',
    });
    expect(early.statusCode).toBe(409);
    await admin.patch(`/api/custom-orders/${id}/status`, { status: 'in_production' });
    const res = await admin.post('/api/send-production-email', {
      orderId: id,
      customerName: 'Someone Else',
      customerEmail: 'attacker@example.com',
      estimatedWeeks: '2 to 3 weeks',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe('Production status email sent successfully!');
    const notice = (await mailsTo('prod@club.example')).find(
      (m) => m.kind === 'production_notice',
    )!;
    expect(notice.textBody).toContain('2 to 3 weeks');
    expect(await mailsTo('attacker@example.com')).toHaveLength(0);

    const msg = await admin.post('/api/admin/order-email', {
      type: 'custom',
      orderId: id,
      subject: 'Your proof',
      message: 'See the attached proof.',
    });
    expect(msg.statusCode, msg.body).toBe(200);
    const sent = (await mailsTo('prod@club.example')).find((m) => m.kind === 'admin_message')!;
    expect(sent.subject).toBe('Your proof');
    const [regular] = await t.db
      .insert(orders)
      .values({
        customerEmail: 'regular@club.example',
        customerName: 'Reg',
        subtotalCents: 100,
        totalCents: 699,
        items: [],
      })
      .returning();
    expect(
      (
        await admin.post('/api/admin/order-email', {
          type: 'regular',
          orderId: regular!.id,
          subject: 'Hi',
          message: 'Thanks',
        })
      ).statusCode,
    ).toBe(200);
    expect((await mailsTo('regular@club.example')).map((m) => m.kind)).toEqual(['admin_message']);
    expect(
      (
        await admin.post('/api/admin/order-email', {
          type: 'custom',
          orderId: id,
          subject: '',
          message: 'x',
        })
      ).statusCode,
    ).toBe(400);
    expect(
      (
        await client.post('/api/admin/order-email', {
          type: 'custom',
          orderId: id,
          subject: 'a',
          message: 'b',
        })
      ).statusCode,
    ).toBe(401);
  });

  it('exports the order as CSV (formulas neutralised) and as a printable page (escaped)', async () => {
    const client = new TestClient(t.app);
    const id = await orderCustomPins(client, {
      customerName: '=HYPERLINK("http://evil.example","x")',
      notes: '<script>alert(1)</script>',
    });
    const csv = await admin.get(`/api/custom-orders/${id}/export?format=csv`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.headers['content-disposition']).toBe(`attachment; filename="Order-${id}.csv"`);
    expect(csv.body).toContain(`"'=HYPERLINK(""http://evil.example"",""x"")"`);
    expect(csv.body.split('\n')[0]).toContain('Customer name');
    // A UTF-8 byte order mark: Excel otherwise reads accented names as its code page.
    expect([...csv.rawPayload.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const html = await admin.get(`/api/custom-orders/${id}/export?format=html`);
    expect(html.headers['content-type']).toContain('text/html');
    expect(html.body).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html.body).not.toContain('<script>');
    expect((await client.get(`/api/custom-orders/${id}/export`)).statusCode).toBe(401);
    for (const v of ['=1+1', '+1', '-1', '@SUM(A1)', '\tx', '\rx'])
      expect(neutralizeFormula(v)).toBe(`'${v}`);
    expect(neutralizeFormula('$1.00')).toBe('$1.00');
    const [row] = await t.db.select().from(customOrders).where(eq(customOrders.id, id));
    expect(exportCsv(row!).split('\n')[1]).toContain('$35.00');
  });

  it('lists custom and catalogue orders together, newest first, filtered and paged', async () => {
    const client = new TestClient(t.app);
    const base = Date.now() - 10 * 60_000;
    const created: { type: string; id: number }[] = [];
    for (let i = 0; i < 5; i++) {
      const [o] = await t.db
        .insert(orders)
        .values({
          customerEmail: `reg${i}@hist.example`,
          customerName: `Regular ${i}`,
          subtotalCents: 100,
          totalCents: 699,
          items: [],
          status: i % 2 ? 'shipped' : 'processing',
          createdAt: new Date(base + i * 2 * 60_000),
        })
        .returning();
      created.push({ type: 'regular', id: o!.id });
      const customId = await orderCustomPins(client, {
        customerName: `Custom ${i}`,
        customerEmail: `cus${i}@hist.example`,
      });
      await t.db
        .update(customOrders)
        .set({ createdAt: new Date(base + (i * 2 + 1) * 60_000) })
        .where(eq(customOrders.id, customId));
      created.push({ type: 'custom', id: customId });
    }
    const newestFirst = [...created].reverse();
    const list = async (query: string) =>
      (await admin.get(`/api/admin/order-history?${query}`)).json<OrderHistoryPage>();
    const page1 = await list('q=hist.example&pageSize=4');
    expect(page1.total).toBe(10);
    expect(page1.items.map((i) => ({ type: i.type, id: i.order.id }))).toEqual(
      newestFirst.slice(0, 4),
    );
    const page3 = await list('q=hist.example&pageSize=4&page=3');
    expect(page3.items.map((i) => i.order.id)).toEqual(newestFirst.slice(8).map((c) => c.id));
    const customOnly = await list('q=hist.example&type=custom');
    expect(customOnly.total).toBe(5);
    expect(customOnly.items.every((i) => i.type === 'custom')).toBe(true);
    const shipped = await list('q=hist.example&status=shipped');
    expect(shipped.items.map((i) => i.order.customerName).sort()).toEqual([
      'Regular 1',
      'Regular 3',
    ]);
    expect((await list('q=CUS3@HIST')).items.map((i) => i.order.customerName)).toEqual([
      'Custom 3',
    ]);
    const target = created[6]!;
    const byId = await list(`q=%23${target.id}&type=${target.type}`);
    expect(byId.items.map((i) => i.order.id)).toEqual([target.id]);
    // The whole list, newest first, starts with the newest order of all.
    const everything = await list('pageSize=100');
    expect(everything.total).toBeGreaterThanOrEqual(10);
    const times = everything.items.map((i) => i.order.createdAt);
    expect([...times].sort().reverse()).toEqual(times);
    expect((await list('q=%25')).total).toBe(0);
    expect((await client.get('/api/admin/order-history')).statusCode).toBe(401);
  });

  it('searches names without regard to accents or case, as the admin tables do', async () => {
    const client = new TestClient(t.app);
    const [regular] = await t.db
      .insert(orders)
      .values({
        customerEmail: 'olafur@accents.example',
        customerName: 'Ólafur Grímssonvik',
        subtotalCents: 100,
        totalCents: 699,
        items: [],
        status: 'processing',
      })
      .returning();
    const customId = await orderCustomPins(client, {
      // Typed decomposed (i + U+0301), as some keyboards give it.
      customerName: 'JÓN GRI\u0301MSSONVIK',
      customerEmail: 'jon@accents.example',
    });
    await orderCustomPins(client, {
      customerName: 'Grimm Sonvik',
      customerEmail: 'grimm@accents.example',
    });
    const found = async (q: string) =>
      (await admin.get(`/api/admin/order-history?q=${encodeURIComponent(q)}`))
        .json<OrderHistoryPage>()
        .items.map((i) => i.order.id)
        .sort((a, b) => a - b);
    const both = [regular!.id, customId].sort((a, b) => a - b);
    expect(await found('Grimssonvik')).toEqual(both);
    expect(await found('grímssonvik')).toEqual(both);
    expect(await found('GRÍMSSONVIK')).toEqual(both);
    expect(await found('olafur grims')).toEqual([regular!.id]);
    expect(await found('jon gri')).toEqual([customId]);
    // Each word anywhere in the name or e-mail, in any order, as the admin tables search.
    expect(await found('grimssonvik olafur')).toEqual([regular!.id]);
    expect(await found('sonvik grimm')).toEqual([...(await found('grimm@accents.example'))]);
    expect(await found('Grímsson Sonvik')).toEqual(both);
    expect(await found('Grímsson nobody')).toEqual([]);
  });

  it('deletes an order with its confirmation done on the client (200, then 404)', async () => {
    const id = await orderCustomPins(new TestClient(t.app));
    expect((await admin.delete(`/api/custom-orders/${id}`)).statusCode).toBe(200);
    expect((await admin.delete(`/api/custom-orders/${id}`)).statusCode).toBe(404);
    expect((await admin.get(`/api/custom-orders/${id}`)).statusCode).toBe(404);
  });
});

describe('the balance by link', () => {
  async function approvedWithLink(email: string) {
    const client = new TestClient(t.app);
    const id = await orderCustomPins(client, { customerEmail: email });
    await admin.patch(`/api/custom-orders/${id}/status`, { status: 'approved' });
    const url: string = (await admin.post(`/api/custom-orders/${id}/generate-balance-link`)).json()
      .balancePaymentUrl;
    return { id, token: url.split('/').pop()!, client };
  }

  it('shows only that order summary, charges the remaining balance once, then shows it paid', async () => {
    const { id, token } = await approvedWithLink('balance@club.example');
    const stranger = new TestClient(t.app);
    const info = await stranger.get(`/api/balance-payment/${token}`);
    expect(info.statusCode).toBe(200);
    const summary = info.json<BalancePaymentInfo>();
    expect(summary).toMatchObject({
      orderId: id,
      quantity: 50,
      totalPrice: 350,
      depositAmount: 35,
      remainingBalance: 315,
      paid: false,
    });
    expect(JSON.stringify(summary)).not.toMatch(/balance@club|Pat Green|555-0100|Fairway Dr/);

    // The owner sees the token on Track Order while it can be paid.
    expect((await admin.get(`/api/custom-orders/${id}`)).json().balancePaymentToken).toBe(token);

    const wrong = await stranger.post('/paypal/order', {
      purpose: 'custom_balance',
      balanceToken: token,
      amount: '35.00',
    });
    expect(wrong.statusCode).toBe(409);
    expect(wrong.json().amount).toBe('315.00');
    const paymentId = await payFor(stranger, { purpose: 'custom_balance', balanceToken: token });
    const done = await stranger.post(`/api/balance-payment/${token}/complete`, {
      balancePaymentId: paymentId,
    });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toEqual({ orderId: id, status: 'balance_paid', paid: true });
    const replay = await stranger.post(`/api/balance-payment/${token}/complete`, {
      balancePaymentId: paymentId,
    });
    expect(replay.statusCode).toBe(200);

    const after = (await stranger.get(`/api/balance-payment/${token}`)).json<BalancePaymentInfo>();
    expect(after).toMatchObject({ paid: true, status: 'balance_paid' });
    const again = await stranger.post('/paypal/order', {
      purpose: 'custom_balance',
      balanceToken: token,
    });
    // DECISIONS.md: already paid is a 409 conflict, as for the deposit and invoices.
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('The balance of this order has already been paid.');
    const [row] = await t.db.select().from(customOrders).where(eq(customOrders.id, id));
    expect(row).toMatchObject({ status: 'balance_paid', balancePaymentId: paymentId });
    expect(row!.balancePaidAt).not.toBeNull();
    const owner = (await admin.get(`/api/custom-orders/${id}`)).json<CustomOrder>();
    expect(owner).toMatchObject({
      balancePaid: 315,
      balanceDue: 0,
      balancePaymentToken: null,
      balancePaymentId: paymentId,
    });
    expect((await mailsTo('balance@club.example')).map((m) => m.kind)).toContain('balance_paid');
  });

  it('records the balance without moving back an order the admin already shipped', async () => {
    const { id, token } = await approvedWithLink('shipped@club.example');
    const moved = await admin.patch(`/api/custom-orders/${id}/status`, { status: 'shipped' });
    expect(moved.statusCode, moved.body).toBe(200);
    const payer = new TestClient(t.app);
    const paymentId = await payFor(payer, { purpose: 'custom_balance', balanceToken: token });
    const done = await payer.post(`/api/balance-payment/${token}/complete`, {
      balancePaymentId: paymentId,
    });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toEqual({ orderId: id, status: 'shipped', paid: true });
    const [row] = await t.db.select().from(customOrders).where(eq(customOrders.id, id));
    expect(row).toMatchObject({ status: 'shipped', balancePaymentId: paymentId });
    expect(row!.balancePaidAt).not.toBeNull();
    expect((await mailsTo('shipped@club.example')).map((m) => m.kind)).toContain('balance_paid');
  });

  it('answers 404 for an unknown token and 410 for an expired one; the token is the only way in', async () => {
    const { id, token } = await approvedWithLink('expired@club.example');
    const client = new TestClient(t.app);
    expect((await client.get(`/api/balance-payment/${'x'.repeat(43)}`)).statusCode).toBe(404);
    expect((await client.get('/api/balance-payment/short')).statusCode).toBe(404);
    expect(
      (await client.post('/paypal/order', { purpose: 'custom_balance', balanceToken: 'nope' }))
        .statusCode,
    ).toBe(404);
    // The order id is not a way in.
    expect(
      (await client.post('/paypal/order', { purpose: 'custom_balance', balanceToken: String(id) }))
        .statusCode,
    ).toBe(404);
    await t.db
      .update(customOrders)
      .set({ balanceTokenExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(customOrders.id, id));
    const expired = await client.get(`/api/balance-payment/${token}`);
    expect(expired.statusCode).toBe(410);
    expect(
      (await client.post('/paypal/order', { purpose: 'custom_balance', balanceToken: token }))
        .statusCode,
    ).toBe(410);
    expect((await admin.get(`/api/custom-orders/${id}`)).json().balancePaymentToken).toBeNull();
  });

  it('the capture itself settles the balance: a tab closed before completing is not charged again', async () => {
    const { id, token } = await approvedWithLink('closed-tab@club.example');
    const client = new TestClient(t.app);
    const paymentId = await payFor(client, { purpose: 'custom_balance', balanceToken: token });
    // The buyer closed the tab: no complete call. The link already says paid.
    const info = await client.get(`/api/balance-payment/${token}`);
    expect(info.json()).toMatchObject({ paid: true, status: 'balance_paid' });
    const again = await client.post('/paypal/order', {
      purpose: 'custom_balance',
      balanceToken: token,
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('The balance of this order has already been paid.');
    const [order] = await t.db.select().from(customOrders).where(eq(customOrders.id, id));
    expect(order).toMatchObject({ status: 'balance_paid', balancePaymentId: paymentId });
    // A late complete call answers the same result, once.
    const late = await client.post(`/api/balance-payment/${token}/complete`, {
      balancePaymentId: paymentId,
    });
    expect(late.statusCode, late.body).toBe(200);
    expect(late.json()).toEqual({ orderId: id, status: 'balance_paid', paid: true });
    const mails = await t.db
      .select()
      .from(mailOutbox)
      .where(
        and(
          eq(mailOutbox.toAddress, 'closed-tab@club.example'),
          eq(mailOutbox.kind, 'balance_paid'),
        ),
      );
    expect(mails).toHaveLength(1);
  });

  it('settles a payment made through a link the admin replaced while the buyer paid', async () => {
    const { id, token } = await approvedWithLink('replaced@club.example');
    const client = new TestClient(t.app);
    const created = await client.post('/paypal/order', {
      purpose: 'custom_balance',
      balanceToken: token,
    });
    expect(created.statusCode, created.body).toBe(201);
    const paymentId = created.json<{ id: string }>().id;
    await admin.post(`/api/custom-orders/${id}/generate-balance-link`);
    const captured = await client.post(`/paypal/order/${paymentId}/capture`);
    expect(captured.json().status).toBe('COMPLETED');
    const res = await client.post(`/api/balance-payment/${token}/complete`, {
      balancePaymentId: paymentId,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ orderId: id, status: 'balance_paid', paid: true });
    // An old token with no captured payment of its own still finds nothing.
    expect((await client.get(`/api/balance-payment/${token}`)).statusCode).toBe(404);
  });

  it('refuses to complete with a payment of another order, a deposit, or an uncaptured one', async () => {
    const a = await approvedWithLink('a-bal@club.example');
    const b = await approvedWithLink('b-bal@club.example');
    const client = new TestClient(t.app);
    const paidForB = await payFor(client, { purpose: 'custom_balance', balanceToken: b.token });
    const foreign = await client.post(`/api/balance-payment/${a.token}/complete`, {
      balancePaymentId: paidForB,
    });
    expect(foreign.statusCode).toBe(404);
    const [depositOfA] = await t.db.select().from(customOrders).where(eq(customOrders.id, a.id));
    expect(
      (
        await client.post(`/api/balance-payment/${a.token}/complete`, {
          balancePaymentId: depositOfA!.depositPaymentId,
        })
      ).statusCode,
    ).toBe(404);
    const uncaptured = (
      await client.post('/paypal/order', { purpose: 'custom_balance', balanceToken: a.token })
    ).json().id;
    const res = await client.post(`/api/balance-payment/${a.token}/complete`, {
      balancePaymentId: uncaptured,
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('Payment not completed');
  });
});

describe('rush slots', () => {
  it('counts this month rush orders and refuses rush at 0 before payment', async () => {
    const client = new TestClient(t.app);
    const slots = async () => (await client.get('/api/custom-orders/rush-slots')).json();
    expect(await slots()).toEqual({
      month: rushMonth(new Date(), t.config.STORE_TIME_ZONE).month,
      slotsPerMonth: 3,
      slotsLeft: 3,
    });
    const waiting = await prepare(client, { rushOrder: true });
    expect(waiting.rushOrderFee).toBe(100);
    for (let i = 0; i < 3; i++) await orderCustomPins(client, { rushOrder: true });
    expect((await slots()).slotsLeft).toBe(0);
    const full = await postPrepare(client, draft({ rushOrder: true }));
    expect(full.statusCode).toBe(409);
    expect(full.json().message).toBe(
      'Rush orders are fully booked this month. Please choose standard delivery.',
    );
    // A rush order prepared before the slots ran out is stopped before payment.
    const refused = await client.post('/paypal/order', {
      purpose: 'custom_deposit',
      preparedOrderId: waiting.preparedOrderId,
    });
    expect(refused.statusCode).toBe(409);
    // Standard delivery still works; a deleted rush order frees its slot.
    expect((await postPrepare(client, draft({ rushOrder: false }))).statusCode).toBe(201);
    const [rush] = await t.db.select().from(customOrders).where(eq(customOrders.rushOrder, true));
    await admin.delete(`/api/custom-orders/${rush!.id}`);
    expect((await slots()).slotsLeft).toBe(1);
  });
});

describe('prepareCustomOrderFromQuote (issue 7)', () => {
  it('prices an accepted quote at its quoted amount and goes through the same deposit path', async () => {
    const [quote] = await t.db
      .insert(quoteRequests)
      .values({
        customerName: 'Quote Buyer',
        customerEmail: 'quote@club.example',
        projectDescription: 'Member-guest pins',
        quantity: 300,
        preferredSize: '1.5inch',
        logoUrl: '/api/files/quoteLogo12345678',
        logoFileName: 'quote.png',
        status: 'approved',
        quotedAmountCents: 123_457,
      })
      .returning();
    const prepared = await prepareCustomOrderFromQuote(t, { quoteId: quote!.id, plating: 'gold' });
    expect(prepared).toMatchObject({
      source: 'quote',
      quoteRequestId: quote!.id,
      quantity: 300,
      size: '1.5inch',
      plating: 'gold',
      totalPrice: 1234.57,
      depositAmount: 123.46,
      remainingBalance: 1111.11,
      customerEmail: 'quote@club.example',
      logoUrl: '/api/files/quoteLogo12345678',
    });
    expect(prepared.depositAmount * 100 + prepared.remainingBalance * 100).toBeCloseTo(123_457);
    // Asking again returns the same open prepared order.
    expect((await prepareCustomOrderFromQuote(t, { quoteId: quote!.id })).preparedOrderId).toBe(
      prepared.preparedOrderId,
    );

    const client = new TestClient(t.app);
    const paymentId = await payFor(client, {
      purpose: 'custom_deposit',
      preparedOrderId: prepared.preparedOrderId,
    });
    const [payment] = await t.db
      .select()
      .from(payments)
      .where(eq(payments.providerOrderId, paymentId));
    expect(payment!.expectedCents).toBe(12_346);
    const res = await placeCustomOrder(client, prepared.preparedOrderId, paymentId);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().order).toMatchObject({ quoteRequestId: quote!.id, totalPrice: 1234.57 });
    await expect(prepareCustomOrderFromQuote(t, { quoteId: quote!.id })).rejects.toThrow(
      /already custom order/,
    );
    // The quote's logo file is the quote's: the sweep never deletes it.
    expect(
      await t.db
        .select()
        .from(preparedCustomOrders)
        .where(and(eq(preparedCustomOrders.quoteRequestId, quote!.id))),
    ).toEqual([expect.objectContaining({ logoFileId: null })]);
  });

  it('refuses a quote without an amount and an unknown quote', async () => {
    const [quote] = await t.db
      .insert(quoteRequests)
      .values({
        customerName: 'Q',
        customerEmail: 'q@example.com',
        projectDescription: 'Pins please',
        quantity: 50,
      })
      .returning();
    await expect(prepareCustomOrderFromQuote(t, { quoteId: quote!.id })).rejects.toMatchObject({
      statusCode: 409,
    });
    await expect(prepareCustomOrderFromQuote(t, { quoteId: 987654 })).rejects.toMatchObject({
      statusCode: 404,
    });
  });
});
