/**
 * The real PayPal adapter (official SDK) against the local PayPal stub: request shape,
 * OAuth, idempotency headers, retries, capture semantics, the payer and refunds.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createApiBaseAgent, payerOf } from './paypal-provider';
import { type PaypalStub, paypalAgainst, STUB_PAYER, startPaypalStub } from './paypal-stub';
import { PAYER_NAME_MAX, type PaymentProvider, PaymentProviderError } from './provider';

describe('PayPal provider against the stub', () => {
  let stub: PaypalStub;
  let paypal: PaymentProvider;
  const make = (over: { clientSecret?: string } = {}) =>
    paypalAgainst(stub, { timeoutMs: 5000, ...over });

  beforeAll(async () => {
    stub = await startPaypalStub();
  });
  afterAll(() => stub.close());
  beforeEach(() => {
    stub.reset();
    paypal = make();
  });

  it('creates an order with intent CAPTURE, a USD 2-decimal amount and the request id, after OAuth', async () => {
    const order = await paypal.createOrder({
      amountCents: 123405,
      currency: 'USD',
      requestId: 'req-create-1',
      description: 'Fairway Pin Co. order',
    });
    expect(order.status).toBe('CREATED');
    expect(stub.orders.get(order.id)?.amount).toEqual({ currency_code: 'USD', value: '1234.05' });

    const [token] = stub.calls(/^\/v1\/oauth2\/token$/);
    expect(token.headers.authorization).toBe(
      `Basic ${Buffer.from(`${stub.clientId}:${stub.clientSecret}`).toString('base64')}`,
    );
    expect(token.status).toBe(200);
    const [create] = stub.calls(/^\/v2\/checkout\/orders$/, 'POST');
    expect(create.status).toBe(201);
    expect(create.headers['paypal-request-id']).toBe('req-create-1');
    expect(create.headers.authorization).toMatch(/^Bearer A21AA/);
    expect(create.body).toEqual({
      intent: 'CAPTURE',
      purchase_units: [
        {
          amount: { currency_code: 'USD', value: '1234.05' },
          description: 'Fairway Pin Co. order',
        },
      ],
    });
  });

  it('fetches one token and reuses it for later calls', async () => {
    const a = await paypal.createOrder({ amountCents: 599, currency: 'USD', requestId: 'req-a' });
    await paypal.createOrder({ amountCents: 600, currency: 'USD', requestId: 'req-b' });
    await paypal.captureOrder(a.id, 'cap-a');
    expect(stub.calls(/oauth2\/token/)).toHaveLength(1);
    expect(stub.calls(/^\/v2\//).every((r) => r.status >= 200 && r.status < 300)).toBe(true);
  });

  it('the same request id never creates a second order', async () => {
    const a = await paypal.createOrder({
      amountCents: 1000,
      currency: 'USD',
      requestId: 'same-id',
    });
    const b = await paypal.createOrder({
      amountCents: 1000,
      currency: 'USD',
      requestId: 'same-id',
    });
    expect(b.id).toBe(a.id);
    expect(stub.orders.size).toBe(1);
  });

  it('captures: COMPLETED capture with its amount and currency', async () => {
    const order = await paypal.createOrder({ amountCents: 2599, currency: 'USD', requestId: 'r1' });
    const capture = await paypal.captureOrder(order.id, 'capture-r1');
    expect(capture).toMatchObject({
      orderStatus: 'COMPLETED',
      captureStatus: 'COMPLETED',
      amountCents: 2599,
      currency: 'USD',
    });
    expect(capture.captureId).toBe(stub.orders.get(order.id)?.capture?.id);
    const [call] = stub.calls(/\/capture$/);
    expect(call.headers['paypal-request-id']).toBe('capture-r1');
  });

  it('reports a DECLINED capture inside a COMPLETED order as declined', async () => {
    const order = await paypal.createOrder({ amountCents: 2599, currency: 'USD', requestId: 'r2' });
    stub.setOutcome(order.id, 'declined');
    const capture = await paypal.captureOrder(order.id, 'capture-r2');
    expect(capture.orderStatus).toBe('COMPLETED');
    expect(capture.captureStatus).toBe('DECLINED');
  });

  it('reports a PENDING capture as pending', async () => {
    const order = await paypal.createOrder({ amountCents: 2599, currency: 'USD', requestId: 'r3' });
    stub.setOutcome(order.id, 'pending');
    const capture = await paypal.captureOrder(order.id, 'capture-r3');
    expect(capture.captureStatus).toBe('PENDING');
    expect(capture.amountCents).toBe(2599);
  });

  it('reports the amount PayPal actually captured', async () => {
    const order = await paypal.createOrder({ amountCents: 2599, currency: 'USD', requestId: 'r4' });
    stub.setOutcome(order.id, { amountCents: 100 });
    const capture = await paypal.captureOrder(order.id, 'capture-r4');
    expect(capture).toMatchObject({ captureStatus: 'COMPLETED', amountCents: 100 });
  });

  it('replaying a capture with the same request id returns the same capture, no second one', async () => {
    const order = await paypal.createOrder({ amountCents: 700, currency: 'USD', requestId: 'r5' });
    const first = await paypal.captureOrder(order.id, 'capture-r5');
    const again = await paypal.captureOrder(order.id, 'capture-r5');
    expect(again.captureId).toBe(first.captureId);
    expect(stub.calls(/\/capture$/).map((r) => r.status)).toEqual([201, 201]);
  });

  it('reads the order when it was already captured under another request id', async () => {
    const order = await paypal.createOrder({ amountCents: 700, currency: 'USD', requestId: 'r6' });
    const first = await paypal.captureOrder(order.id, 'capture-r6');
    const other = await paypal.captureOrder(order.id, 'capture-r6-other');
    expect(other).toEqual(first);
    expect(stub.calls(new RegExp(`/v2/checkout/orders/${order.id}$`), 'GET')).toHaveLength(1);
  });

  it('names the payer PayPal reports on the capture answer and on GET order, none before capture', async () => {
    const order = await paypal.createOrder({ amountCents: 900, currency: 'USD', requestId: 'p1' });
    // An order nobody approved yet names no payer.
    expect((await paypal.getOrder(order.id)).payer).toBeNull();
    const jane = { email: STUB_PAYER.email_address, name: 'Jane Doe' };
    expect((await paypal.captureOrder(order.id, 'capture-p1')).payer).toEqual(jane);
    expect((await paypal.getOrder(order.id)).payer).toEqual(jane);
  });

  it('cleans the payer PayPal names: one line, no bidi controls, bounded, an unusable e-mail dropped', async () => {
    const order = await paypal.createOrder({ amountCents: 900, currency: 'USD', requestId: 'p2' });
    stub.setPayer(order.id, {
      email_address: `  ${'x'.repeat(250)}@example.com `,
      name: { given_name: ' <b>Eve</b>\u202E\n\t', surname: `Mal${'l'.repeat(400)}` },
    });
    const { payer } = await paypal.captureOrder(order.id, 'capture-p2');
    expect(payer?.email).toBeNull();
    expect(payer?.name).toMatch(/^<b>Eve<\/b> Mall+$/);
    expect(Array.from(payer!.name!)).toHaveLength(PAYER_NAME_MAX);

    const other = await paypal.createOrder({ amountCents: 900, currency: 'USD', requestId: 'p3' });
    stub.setPayer(other.id, { email_address: ' only@example.com ' });
    expect((await paypal.captureOrder(other.id, 'capture-p3')).payer).toEqual({
      email: 'only@example.com',
      name: null,
    });
    const nobody = await paypal.createOrder({ amountCents: 900, currency: 'USD', requestId: 'p4' });
    stub.setPayer(nobody.id, null);
    expect((await paypal.captureOrder(nobody.id, 'capture-p4')).payer).toBeNull();
  });

  it('reads the older top-level payer when the order has no PayPal wallet source', () => {
    expect(
      payerOf({
        payer: { emailAddress: 'old@example.com', name: { givenName: 'Old', surname: 'Style' } },
      }),
    ).toEqual({ email: 'old@example.com', name: 'Old Style' });
    expect(payerOf({ payer: { name: { givenName: ' ', surname: '' } } })).toBeNull();
    expect(payerOf({})).toBeNull();
  });

  it('retries create and capture on 5xx and dropped connections with the same request id', async () => {
    stub.failNext(1, { path: /^\/v2\/checkout\/orders$/, status: 503 });
    stub.failNext(1, { path: /^\/v2\/checkout\/orders$/, drop: true });
    const order = await paypal.createOrder({
      amountCents: 1500,
      currency: 'USD',
      requestId: 'retry-create',
    });
    const creates = stub.calls(/^\/v2\/checkout\/orders$/, 'POST');
    expect(creates.map((r) => r.status)).toEqual([503, -1, 201]);
    expect(new Set(creates.map((r) => r.headers['paypal-request-id']))).toEqual(
      new Set(['retry-create']),
    );
    expect(stub.orders.size).toBe(1);

    stub.failNext(2, { path: /\/capture$/, status: 500 });
    const capture = await paypal.captureOrder(order.id, 'retry-capture');
    expect(capture.captureStatus).toBe('COMPLETED');
    const captures = stub.calls(/\/capture$/);
    expect(captures.map((r) => r.status)).toEqual([500, 500, 201]);
    expect(new Set(captures.map((r) => r.headers['paypal-request-id']))).toEqual(
      new Set(['retry-capture']),
    );
  });

  it('gives up after two retries', async () => {
    stub.failNext(3, { path: /^\/v2\/checkout\/orders$/, status: 502 });
    await expect(
      paypal.createOrder({ amountCents: 1500, currency: 'USD', requestId: 'x' }),
    ).rejects.toMatchObject({
      name: 'PaymentProviderError',
      providerStatus: 502,
    });
    expect(stub.calls(/^\/v2\/checkout\/orders$/)).toHaveLength(3);
    expect(stub.orders.size).toBe(0);
  });

  it('does not retry business errors and names the issue', async () => {
    const order = await paypal.createOrder({ amountCents: 1500, currency: 'USD', requestId: 'r7' });
    stub.setOutcome(order.id, 'not-approved');
    const err = await paypal.captureOrder(order.id, 'capture-r7').catch((e) => e);
    expect(err).toBeInstanceOf(PaymentProviderError);
    expect(err).toMatchObject({ providerStatus: 422, issue: 'ORDER_NOT_APPROVED' });
    expect(stub.calls(/\/capture$/)).toHaveLength(1);
  });

  it('refunds a capture in full, idempotently per request id', async () => {
    const order = await paypal.createOrder({ amountCents: 4200, currency: 'USD', requestId: 'r8' });
    const capture = await paypal.captureOrder(order.id, 'capture-r8');
    const refund = await paypal.refundCapture(capture.captureId!, 'refund-r8');
    expect(refund.status).toBe('COMPLETED');
    expect(stub.orders.get(order.id)?.capture).toMatchObject({
      status: 'REFUNDED',
      refundId: refund.refundId,
    });
    const again = await paypal.refundCapture(capture.captureId!, 'refund-r8');
    expect(again.refundId).toBe(refund.refundId);
    const calls = stub.calls(/\/refund$/);
    expect(calls.map((c) => c.headers['paypal-request-id'])).toEqual(['refund-r8', 'refund-r8']);
    expect(calls[0].path).toBe(`/v2/payments/captures/${capture.captureId}/refund`);
  });

  it('refuses to refund a declined capture', async () => {
    const order = await paypal.createOrder({ amountCents: 4200, currency: 'USD', requestId: 'r9' });
    stub.setOutcome(order.id, 'declined');
    const capture = await paypal.captureOrder(order.id, 'capture-r9');
    await expect(paypal.refundCapture(capture.captureId!, 'refund-r9')).rejects.toMatchObject({
      issue: 'REFUND_NOT_ALLOWED',
    });
  });

  it('fails with 401 on wrong credentials, and recovers once the token endpoint works again', async () => {
    const wrong = make({ clientSecret: 'wrong' });
    await expect(
      wrong.createOrder({ amountCents: 100, currency: 'USD', requestId: 'w1' }),
    ).rejects.toMatchObject({
      providerStatus: 401,
      issue: 'invalid_client',
    });
    expect(stub.orders.size).toBe(0);
    expect(stub.calls(/^\/v2\//)).toHaveLength(0);

    stub.failNext(3, { path: /oauth2\/token/, status: 503 });
    await expect(
      paypal.createOrder({ amountCents: 100, currency: 'USD', requestId: 'w2' }),
    ).rejects.toBeInstanceOf(PaymentProviderError);
    // The same provider works again: a failed token request does not stick.
    const ok = await paypal.createOrder({ amountCents: 100, currency: 'USD', requestId: 'w3' });
    expect(stub.orders.get(ok.id)).toBeDefined();
  });

  it('setup answers the client id and no client token', async () => {
    expect(await paypal.setup()).toEqual({ clientId: stub.clientId, clientToken: null });
  });

  it('refuses a plain-http API base that is not a loopback address', () => {
    expect(() => createApiBaseAgent('http://example.com:8080')).toThrow(/loopback/);
    expect(() => createApiBaseAgent('http://127.0.0.1:8080')).not.toThrow();
    expect(() => createApiBaseAgent('https://api-m.example.com')).not.toThrow();
  });
});
