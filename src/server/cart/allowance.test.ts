/**
 * GET /api/cart/allowance?productId=N: what the per-customer limit still lets the caller
 * add of one product (limit - paid past orders as the add's check counts them - units in
 * this session's cart), so the product page can say it before Add to Cart answers 409.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CartAllowance } from '../../shared/schemas/cart';
import { insertProduct, signedInClient } from '../catalog/testing';
import { createTestApp, newSessionId, type TestApp, TestClient } from '../test/app';
import { insertPastOrder, type PastOrderFields, pastLine } from './testing';

describe('GET /api/cart/allowance', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  /** A past order of `quantity` units of `productId` (paid unless said otherwise). */
  const pastOrder = (fields: PastOrderFields, productId: number, quantity: number) =>
    insertPastOrder(t.db, fields, [pastLine(productId, quantity)]);

  const allowance = async (c: TestClient, productId: number | string) =>
    c.get(`/api/cart/allowance?productId=${productId}`);

  it('answers null limit, bought and remaining for a product without a limit (the cart still counted)', async () => {
    const p = await insertProduct(t, { stockQuantity: 500 });
    const c = new TestClient(t.app);
    await pastOrder({ cartSessionId: c.sessionId }, p.id, 100);
    expect((await c.post('/api/cart', { productId: p.id, quantity: 7 })).statusCode).toBe(201);
    const res = await allowance(c, p.id);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json()).toEqual({
      productId: p.id,
      limit: null,
      bought: null,
      inCart: 7,
      remaining: null,
    } satisfies CartAllowance);
  });

  it('counts a paid past order of this cart session; refunded orders and other sessions do not count', async () => {
    const promo = await insertProduct(t, { purchaseLimit: 4 });
    const c = new TestClient(t.app);
    expect((await allowance(c, promo.id)).json()).toEqual({
      productId: promo.id,
      limit: 4,
      bought: 0,
      inCart: 0,
      remaining: 4,
    });
    await pastOrder({ cartSessionId: c.sessionId }, promo.id, 3);
    await pastOrder({ cartSessionId: c.sessionId, paymentStatus: 'refunded' }, promo.id, 4);
    await pastOrder({ cartSessionId: newSessionId() }, promo.id, 4);
    expect((await allowance(c, promo.id)).json()).toEqual({
      productId: promo.id,
      limit: 4,
      bought: 3,
      inCart: 0,
      remaining: 1,
    });
    // The add agrees: 2 is refused with the same remaining, 1 goes in.
    const two = await c.post('/api/cart', { productId: promo.id, quantity: 2 });
    expect(two.statusCode).toBe(409);
    expect(two.json()).toMatchObject({ message: 'Limit 4 per customer', remaining: 1 });
  });

  it('answers remaining 0 when past orders used the limit up (a signed-in customer, by account and e-mail)', async () => {
    const promo = await insertProduct(t, { purchaseLimit: 4 });
    const { client, user } = await signedInClient(t);
    await pastOrder({ userId: user.id }, promo.id, 3);
    await pastOrder({ customerEmail: user.email.toUpperCase() }, promo.id, 1);
    expect((await allowance(client, promo.id)).json()).toEqual({
      productId: promo.id,
      limit: 4,
      bought: 4,
      inCart: 0,
      remaining: 0,
    });
    expect((await client.post('/api/cart', { productId: promo.id, quantity: 1 })).statusCode).toBe(
      409,
    );
    // Signed out, the same check as the add: only this browser's cart session counts.
    expect((await allowance(new TestClient(t.app), promo.id)).json()).toMatchObject({
      bought: 0,
      remaining: 4,
    });
  });

  it("subtracts the units already in this session's cart, and never goes below 0", async () => {
    const promo = await insertProduct(t, { purchaseLimit: 4 });
    const c = new TestClient(t.app);
    await pastOrder({ cartSessionId: c.sessionId }, promo.id, 1);
    expect((await c.post('/api/cart', { productId: promo.id, quantity: 2 })).statusCode).toBe(201);
    expect((await allowance(c, promo.id)).json()).toEqual({
      productId: promo.id,
      limit: 4,
      bought: 1,
      inCart: 2,
      remaining: 1,
    });
    // Another session's cart is not this one's.
    expect((await allowance(new TestClient(t.app), promo.id)).json()).toMatchObject({
      inCart: 0,
      remaining: 4,
    });
    // Held in the cart and bought since (6 against 4): 0, not negative.
    expect((await c.post('/api/cart', { productId: promo.id, quantity: 1 })).statusCode).toBe(201);
    await pastOrder({ cartSessionId: c.sessionId }, promo.id, 2);
    expect((await allowance(c, promo.id)).json()).toMatchObject({
      bought: 3,
      inCart: 3,
      remaining: 0,
    });
  });

  it('answers 404 Product not found for an unknown or inactive product', async () => {
    const hidden = await insertProduct(t, { isActive: false, purchaseLimit: 4 });
    const c = new TestClient(t.app);
    for (const id of [hidden.id, 2147483647]) {
      const res = await allowance(c, id);
      expect(res.statusCode, String(id)).toBe(404);
      expect(res.json()).toEqual({ message: 'Product not found' });
    }
  });

  it('answers 400 with a per-field error for a missing or bad product id, and without a session', async () => {
    const c = new TestClient(t.app);
    for (const query of ['', '?productId=', '?productId=0', '?productId=abc', '?productId=1.5']) {
      const res = await c.get(`/api/cart/allowance${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json(), query).toMatchObject({ errors: { productId: 'Invalid id' } });
      expect(res.json().message, query).toBeTypeOf('string');
    }
    for (const id of ['2147483648', '007', '1e3', '-1']) {
      expect((await allowance(c, id)).statusCode, id).toBe(400);
    }
    const p = await insertProduct(t, { purchaseLimit: 4 });
    const anonymous = await t.app.inject({
      method: 'GET',
      url: `/api/cart/allowance?productId=${p.id}`,
    });
    expect(anonymous.statusCode).toBe(400);
    expect(anonymous.json()).toEqual({
      message: 'Missing or invalid session id',
      errors: { 'x-session-id': 'Missing or invalid session id' },
    });
  });
});
