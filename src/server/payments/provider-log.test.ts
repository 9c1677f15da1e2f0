/**
 * What the log tells an operator when PayPal fails (an operator audit: a wrong client
 * secret showed only as 502 request lines): a refusal of the shop's own credentials is
 * logged at error level naming the settings to check; other provider trouble at warn
 * level without that sentence. Against the PayPal stub with the real adapter.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addToCart, createPayment, insertProduct } from '../checkout/test-support';
import { createTestApp, type TestApp, TestClient } from '../test/app';
import { type PaypalStub, paypalAgainst, startPaypalStub } from './paypal-stub';
import { CREDENTIALS_REFUSED, PROVIDER_UNAVAILABLE } from './service';

interface LogLine {
  level: number;
  msg: string;
}

describe('provider failures in the log', () => {
  let stub: PaypalStub;
  const apps: TestApp[] = [];
  beforeAll(async () => {
    stub = await startPaypalStub();
  });
  afterAll(async () => {
    for (const t of apps) await t.close();
    await stub.close();
  });

  /** A shop on the stub with `clientSecret`, its warn-and-above log lines, and a cart. */
  async function shopWith(clientSecret: string) {
    const lines: LogLine[] = [];
    const t = await createTestApp({
      logger: { level: 'warn', stream: { write: (l: string) => lines.push(JSON.parse(l)) } },
      payments: () => paypalAgainst(stub, { clientSecret }),
    });
    apps.push(t);
    const client = new TestClient(t.app);
    const p = await insertProduct(t.db, { priceCents: 1500, stockQuantity: 5 });
    await addToCart(client, p.id, 1);
    return { client, lines };
  }
  const order = (client: TestClient) =>
    client.post('/paypal/order', { intent: 'CAPTURE', currency: 'USD' });

  it('a wrong client secret: 502 to the buyer, an error line naming the settings', async () => {
    const { client, lines } = await shopWith('wrong');
    const res = await order(client);
    expect(res.statusCode).toBe(502);
    expect(res.json().message).toBe(PROVIDER_UNAVAILABLE);
    const line = lines.find((l) => l.msg.includes(CREDENTIALS_REFUSED));
    expect(line?.level).toBe(50);
    expect(line?.msg).toMatch(/^creating a payment failed at the provider: /);
  });

  it('credentials refused at capture: 502 to the buyer, an error line naming the settings', async () => {
    const { client, lines } = await shopWith(stub.clientSecret);
    const id = await createPayment(client);
    stub.failNext(1, { path: /\/capture$/, status: 401 });
    expect((await client.post(`/paypal/order/${id}/capture`)).statusCode).toBe(502);
    const line = lines.find((l) => l.msg.includes(CREDENTIALS_REFUSED));
    expect(line?.level).toBe(50);
    expect(line?.msg).toMatch(/^capture failed at the provider: /);
  });

  it('PayPal down: a warning without the credentials sentence', async () => {
    const { client, lines } = await shopWith(stub.clientSecret);
    stub.failNext(3, { path: /\/v2\/checkout\/orders$/, status: 503 });
    expect((await order(client)).statusCode).toBe(502);
    const line = lines.find((l) => l.msg === 'creating a payment failed at the provider');
    expect(line?.level).toBe(40);
    expect(lines.some((l) => l.msg.includes(CREDENTIALS_REFUSED))).toBe(false);
  });
});
