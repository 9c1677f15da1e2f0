/**
 * One limiter for every path that checks a discount code (issue 11): validate, cart
 * totals with a code and the payment order with a code share DISCOUNT_RATE_LIMIT per
 * client address and per cart session; totals without a code never count.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addToCart, insertProduct } from '../checkout/test-support';
import { AddressedClient, createTestApp, newSessionId, type TestApp } from '../test/app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { DISCOUNT_RATE_LIMIT: '5' } });
});
afterAll(() => t?.close());

/** A client at `ip` with an optional cart session id. */
const At = (app: TestApp['app'], ip: string, sessionId?: string) =>
  new AddressedClient(app, sessionId, ip);

const guess = (n: number) => `GUESS${n}`;

describe('discount-code limiter', () => {
  it('counts validate, totals with a code and the payment order with a code together', async () => {
    const p = await insertProduct(t.db);
    const c = At(t.app, '10.90.0.1');
    await addToCart(c, p.id, 1);
    const statuses = [
      (await c.post('/api/discount-codes/validate', { code: guess(1), orderAmount: 10 }))
        .statusCode,
      (await c.get(`/api/cart/totals?discountCode=${guess(2)}`)).statusCode,
      (await c.post('/paypal/order', { discountCode: guess(3) })).statusCode,
      (await c.post('/api/discount-codes/validate', { code: guess(4), orderAmount: 10 }))
        .statusCode,
      (await c.get(`/api/cart/totals?discountCode=${guess(5)}`)).statusCode,
    ];
    expect(statuses).toEqual([200, 200, 409, 200, 200]);
    for (const res of [
      await c.post('/paypal/order', { discountCode: guess(6) }),
      await c.get(`/api/cart/totals?discountCode=${guess(7)}`),
      await c.post('/api/discount-codes/validate', { code: guess(8), orderAmount: 10 }),
    ]) {
      expect(res.statusCode).toBe(429);
      expect(res.json().message).toMatch(/too many requests/i);
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    }
    // Plain totals and a payment without a code are not discount checks.
    expect((await c.get('/api/cart/totals')).statusCode).toBe(200);
    expect((await c.post('/paypal/order', {})).statusCode).toBe(201);
  });

  it('limits one cart session across many addresses, and one address across many sessions', async () => {
    const session = newSessionId();
    const bySession = [];
    for (let i = 0; i < 6; i++) {
      const c = At(t.app, `10.91.0.${i + 1}`, session);
      bySession.push((await c.get(`/api/cart/totals?discountCode=${guess(i)}`)).statusCode);
    }
    expect(bySession).toEqual([200, 200, 200, 200, 200, 429]);

    const byAddress = [];
    for (let i = 0; i < 6; i++) {
      const c = At(t.app, '10.92.0.1');
      byAddress.push(
        (await c.post('/api/discount-codes/validate', { code: guess(i), orderAmount: 10 }))
          .statusCode,
      );
    }
    expect(byAddress).toEqual([200, 200, 200, 200, 200, 429]);
  });
});
