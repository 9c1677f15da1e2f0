import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Order } from '../../shared/schemas/orders';
import { bootstrapAdmin } from '../accounts/bootstrap';
import { orders } from '../db/schema';
import { createTestApp, type TestApp, TestClient } from '../test/app';
import { type OrderRow, toOrderDto } from './service';

const quietLog = { info: () => {}, warn: () => {} };

describe('regular orders API', () => {
  let t: TestApp;
  let admin: TestClient;
  let alice: TestClient;
  let bob: TestClient;
  let anon: TestClient;
  let aliceId: number;
  let bobId: number;

  const insertOrder = async (
    values: Partial<typeof orders.$inferInsert> = {},
  ): Promise<OrderRow> => {
    const [row] = await t.db
      .insert(orders)
      .values({
        customerEmail: 'buyer@example.com',
        customerName: 'Buyer',
        shippingAddress: '1 Tee Box Rd, San Diego, CA',
        subtotalCents: 2450,
        discountCode: 'SAVE10',
        discountCents: 245,
        shippingCents: 599,
        totalCents: 2804,
        paymentIntentId: `PAY-${Math.random().toString(36).slice(2)}`,
        items: [
          { productId: null, name: 'Flag Pin', quantity: 2, unitPriceCents: 999 },
          { productId: null, name: 'Ball Marker', quantity: 1, unitPriceCents: 452 },
        ],
        ...values,
      })
      .returning();
    return row;
  };

  beforeAll(async () => {
    t = await createTestApp();
    await bootstrapAdmin(t.db, { ADMIN_USERNAME: 'chief', ADMIN_PASSWORD: 'chief-pass' }, quietLog);
    admin = new TestClient(t.app);
    expect(
      (await admin.post('/api/auth/login', { username: 'chief', password: 'chief-pass' }))
        .statusCode,
    ).toBe(200);
    alice = new TestClient(t.app);
    aliceId = (
      await alice.post('/api/auth/register', {
        username: 'alice',
        email: 'alice@example.com',
        password: 'alice-pass',
      })
    ).json().id;
    bob = new TestClient(t.app);
    bobId = (
      await bob.post('/api/auth/register', {
        username: 'bob',
        email: 'bob@example.com',
        password: 'bob-pass',
      })
    ).json().id;
    anon = new TestClient(t.app);
  });
  afterAll(() => t.close());

  describe('toOrderDto', () => {
    it('shows cents as dollars and lines with their unit price', async () => {
      const row = await insertOrder({ createdAt: new Date('2030-01-02T03:04:05Z') });
      const dto = toOrderDto(row);
      expect(Order.parse(dto)).toEqual(dto);
      expect(dto).toMatchObject({
        subtotalAmount: 24.5,
        discountAmount: 2.45,
        shippingAmount: 5.99,
        totalAmount: 28.04,
        discountCode: 'SAVE10',
        paymentStatus: 'paid',
        status: 'processing',
        trackingNumber: null,
        trackingUrl: null,
        createdAt: '2030-01-02T03:04:05.000Z',
        items: [
          { productId: null, name: 'Flag Pin', quantity: 2, price: 9.99 },
          { productId: null, name: 'Ball Marker', quantity: 1, price: 4.52 },
        ],
      });
      await t.db.delete(orders).where(eq(orders.id, row.id));
    });
  });

  describe('reading', () => {
    let a1: OrderRow;
    let a2: OrderRow;
    let b1: OrderRow;
    let loose: OrderRow;
    beforeAll(async () => {
      a1 = await insertOrder({ userId: aliceId, createdAt: new Date('2024-01-01T00:00:00Z') });
      a2 = await insertOrder({ userId: aliceId, createdAt: new Date('2024-03-01T00:00:00Z') });
      b1 = await insertOrder({ userId: bobId, createdAt: new Date('2024-02-01T00:00:00Z') });
      loose = await insertOrder({ userId: null, createdAt: new Date('2024-04-01T00:00:00Z') });
    });

    it('needs a signed-in user', async () => {
      const res = await anon.get('/api/orders');
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ message: expect.any(String) });
      expect((await anon.get(`/api/orders/${a1.id}`)).statusCode).toBe(401);
    });

    it('gives a customer only their own orders, newest first', async () => {
      const res = await alice.get('/api/orders');
      expect(res.statusCode).toBe(200);
      const list = res.json() as Order[];
      expect(list.map((o) => o.id)).toEqual([a2.id, a1.id]);
      expect(list[0]).toEqual(toOrderDto(a2));
      expect((await bob.get('/api/orders')).json().map((o: Order) => o.id)).toEqual([b1.id]);
    });

    it('gives the admin every order, newest first', async () => {
      const res = await admin.get('/api/orders');
      expect(res.statusCode).toBe(200);
      const ids = (res.json() as Order[]).map((o) => o.id);
      expect(ids).toEqual([loose.id, a2.id, b1.id, a1.id]);
    });

    it("answers 404 for another customer's order, as for a missing one", async () => {
      expect((await alice.get(`/api/orders/${a1.id}`)).json()).toEqual(toOrderDto(a1));
      const other = await alice.get(`/api/orders/${b1.id}`);
      expect(other.statusCode).toBe(404);
      expect(other.json()).toEqual({ message: 'Order not found' });
      const missing = await alice.get('/api/orders/999999');
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toEqual(other.json());
      expect((await alice.get(`/api/orders/${loose.id}`)).statusCode).toBe(404);
      expect((await admin.get(`/api/orders/${b1.id}`)).json()).toEqual(toOrderDto(b1));
      expect((await alice.get('/api/orders/abc')).statusCode).toBe(400);
    });
  });

  describe('admin actions', () => {
    it('are refused to anonymous callers (401) and customers (403), whatever the body', async () => {
      const order = await insertOrder({ userId: aliceId });
      const calls = [
        ['PUT', `/api/orders/${order.id}/status`, { status: 'delivered' }],
        ['PUT', `/api/orders/${order.id}/tracking`, { trackingNumber: '1Z999' }],
        ['PUT', `/api/orders/${order.id}/tracking`, { trackingNumber: '' }],
        ['DELETE', `/api/orders/${order.id}`, undefined],
      ] as const;
      for (const [method, url, payload] of calls) {
        const asAnon = await anon.request({ method, url, payload });
        expect(asAnon.statusCode, `${method} ${url} anonymous`).toBe(401);
        const asOwner = await alice.request({ method, url, payload });
        expect(asOwner.statusCode, `${method} ${url} owner`).toBe(403);
        expect(asOwner.json()).toEqual({ message: expect.any(String) });
      }
      const [after] = await t.db.select().from(orders).where(eq(orders.id, order.id));
      expect(after).toEqual(order);
    });

    it('sets the status', async () => {
      const order = await insertOrder({ userId: aliceId });
      const res = await admin.put(`/api/orders/${order.id}/status`, { status: 'in_production' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ id: order.id, status: 'in_production' });
      const [after] = await t.db.select().from(orders).where(eq(orders.id, order.id));
      expect(after.status).toBe('in_production');

      const bad = await admin.put(`/api/orders/${order.id}/status`, { status: 'lost' });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().errors.status).toBe('Please choose a valid order status.');
      const missing = await admin.put('/api/orders/999999/status', { status: 'shipped' });
      expect(missing.statusCode).toBe(404);
    });

    it('validates tracking: number required after trimming, URL optional and http(s) only', async () => {
      const order = await insertOrder({ userId: aliceId });
      for (const body of [{ trackingNumber: '   ' }, {}, { trackingNumber: '' }]) {
        const res = await admin.put(`/api/orders/${order.id}/tracking`, body);
        expect(res.statusCode).toBe(400);
        expect(res.json().errors.trackingNumber).toBe('Tracking number is required.');
      }
      for (const trackingUrl of ['javascript:alert(1)', 'not a url', 'ftp://example.com/x']) {
        const res = await admin.put(`/api/orders/${order.id}/tracking`, {
          trackingNumber: '1Z999',
          trackingUrl,
        });
        expect(res.statusCode, trackingUrl).toBe(400);
        expect(res.json().errors.trackingUrl).toBe(
          'Please enter a valid tracking URL (http or https).',
        );
      }
      const [after] = await t.db.select().from(orders).where(eq(orders.id, order.id));
      expect(after.trackingNumber).toBeNull();
      expect(after.status).toBe('processing');
    });

    it('stores tracking, ships a processing order, and keeps a delivered one delivered', async () => {
      const order = await insertOrder({ userId: aliceId });
      const res = await admin.put(`/api/orders/${order.id}/tracking`, {
        trackingNumber: '  1Z999AA10123456784 ',
        trackingUrl: ' https://track.example.com/1Z999AA10123456784 ',
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        status: 'shipped',
        trackingNumber: '1Z999AA10123456784',
        trackingUrl: 'https://track.example.com/1Z999AA10123456784',
      });
      const [shipped] = await t.db.select().from(orders).where(eq(orders.id, order.id));
      expect(shipped).toMatchObject({ status: 'shipped', trackingNumber: '1Z999AA10123456784' });

      // The customer sees it on their tracking page.
      const mine = (await alice.get('/api/orders')).json() as Order[];
      expect(mine.find((o) => o.id === order.id)?.trackingNumber).toBe('1Z999AA10123456784');

      // An empty URL clears it; a delivered order does not go back to shipped.
      await admin.put(`/api/orders/${order.id}/status`, { status: 'delivered' });
      const update = await admin.put(`/api/orders/${order.id}/tracking`, {
        trackingNumber: 'NEW-1',
        trackingUrl: '',
      });
      expect(update.json()).toMatchObject({
        status: 'delivered',
        trackingNumber: 'NEW-1',
        trackingUrl: null,
      });
      expect(
        (await admin.put('/api/orders/999999/tracking', { trackingNumber: 'X' })).statusCode,
      ).toBe(404);
    });

    it('deletes an order', async () => {
      const order = await insertOrder({ userId: bobId });
      const res = await admin.delete(`/api/orders/${order.id}`);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ message: 'Order deleted' });
      expect(await t.db.select().from(orders).where(eq(orders.id, order.id))).toEqual([]);
      expect((await admin.delete(`/api/orders/${order.id}`)).statusCode).toBe(404);
    });
  });
});
