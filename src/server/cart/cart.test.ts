import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CartItem, CartTotals } from '../../shared/schemas/cart';
import { insertProduct, signedInClient } from '../catalog/testing';
import { cartItems, discountCodes, type OrderLineRecord, orders, products } from '../db/schema';
import { createTestApp, newSessionId, type TestApp, TestClient } from '../test/app';
import { clearCart, pastPurchases, priceCart } from './service';
import { insertPastOrder, type PastOrderFields, pastLine } from './testing';

describe('cart', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const pastOrder = (fields: PastOrderFields, items: OrderLineRecord[]) =>
    insertPastOrder(t.db, fields, items);
  const line = pastLine;

  describe('session header', () => {
    it('answers 400 Missing or invalid session id without or with a bad X-Session-Id, on every call', async () => {
      const p = await insertProduct(t);
      const calls = [
        { method: 'GET', url: '/api/cart' },
        { method: 'GET', url: '/api/cart/totals' },
        { method: 'POST', url: '/api/cart', payload: { productId: p.id, quantity: 1 } },
        { method: 'PATCH', url: '/api/cart/1', payload: { quantity: 2 } },
        { method: 'DELETE', url: '/api/cart/1' },
        { method: 'POST', url: '/api/clear-cart' },
      ] as const;
      for (const headers of [{}, { 'x-session-id': 'bad id!' }, { 'x-session-id': 'short' }]) {
        for (const call of calls) {
          const res = await t.app.inject({ ...call, headers });
          expect(res.statusCode, `${call.method} ${call.url}`).toBe(400);
          expect(res.json()).toEqual({
            message: 'Missing or invalid session id',
            errors: { 'x-session-id': 'Missing or invalid session id' },
          });
        }
      }
      expect(await t.db.select().from(cartItems).where(eq(cartItems.productId, p.id))).toEqual([]);
    });
  });

  describe('adding and listing', () => {
    it('adds a line (201 CartItem), merges repeat adds into one line, and lists it with server prices', async () => {
      const p = await insertProduct(t, {
        name: 'Pebble Beach Pin',
        priceCents: 1299,
        imageUrl: '/api/files/pb',
      });
      const c = new TestClient(t.app);
      const res = await c.post('/api/cart', { productId: p.id, quantity: 2 });
      expect(res.statusCode).toBe(201);
      const item = res.json() as CartItem;
      expect(item).toMatchObject({
        productId: p.id,
        quantity: 2,
        unitPrice: 12.99,
        percentOff: 0,
        lineTotal: 25.98,
        product: {
          id: p.id,
          name: 'Pebble Beach Pin',
          price: 12.99,
          stockQuantity: 100,
          purchaseLimit: null,
        },
      });
      expect(item.product.imageUrl).toBe(`/api/files/pb?v=${p.updatedAt.getTime()}`);
      const again = await c.post('/api/cart', { productId: p.id, quantity: 3 });
      expect(again.statusCode).toBe(201);
      expect(again.json()).toMatchObject({ id: item.id, quantity: 5, lineTotal: 64.95 });
      const rows = await t.db.select().from(cartItems).where(eq(cartItems.sessionId, c.sessionId));
      expect(rows).toHaveLength(1);
      expect(rows[0]!.quantity).toBe(5);
      const list = await c.get('/api/cart');
      expect(list.statusCode).toBe(200);
      expect(list.json()).toEqual([again.json()]);
    });

    it('answers 400 (not 500) for product and line ids past the integer range', async () => {
      const c = new TestClient(t.app);
      const add = await c.post('/api/cart', { productId: 2147483648, quantity: 1 });
      expect(add.statusCode).toBe(400);
      expect(add.json().errors.productId).toBeTypeOf('string');
      const patch = await c.patch('/api/cart/2147483648', { quantity: 1 });
      expect(patch.statusCode).toBe(400);
      expect(patch.json().errors.id).toBeTypeOf('string');
      const del = await c.delete('/api/cart/3000000000');
      expect(del.statusCode).toBe(400);
      expect(del.json().errors.id).toBeTypeOf('string');
      const edge = await c.post('/api/cart', { productId: 2147483647, quantity: 1 });
      expect(edge.statusCode).toBe(404);
    });

    it('prices each line by its own volume tier: 9 full, 10 at 10% off, 25 at 20% off', async () => {
      const [a, b, d] = await Promise.all([
        insertProduct(t, { priceCents: 1000 }),
        insertProduct(t, { priceCents: 999 }),
        insertProduct(t, { priceCents: 499 }),
      ]);
      const c = new TestClient(t.app);
      await c.post('/api/cart', { productId: a.id, quantity: 9 });
      await c.post('/api/cart', { productId: b.id, quantity: 10 });
      await c.post('/api/cart', { productId: d.id, quantity: 25 });
      const items = (await c.get('/api/cart')).json() as CartItem[];
      expect(items.map((i) => [i.quantity, i.unitPrice, i.percentOff, i.lineTotal])).toEqual([
        [9, 10, 0, 90],
        [10, 8.99, 10, 89.9],
        [25, 3.99, 20, 99.75],
      ]);
      const totals = (await c.get('/api/cart/totals')).json() as CartTotals;
      expect(totals).toEqual({
        itemCount: 44,
        subtotal: 279.65,
        discountCode: null,
        discountAmount: 0,
        discountError: null,
        shipping: 5.99,
        total: 285.64,
      });
    });

    it('rejects unknown and inactive products with 404 Product not found, and bad quantities with 400', async () => {
      const hidden = await insertProduct(t, { isActive: false });
      const c = new TestClient(t.app);
      for (const productId of [999999, hidden.id]) {
        const res = await c.post('/api/cart', { productId, quantity: 1 });
        expect(res.statusCode).toBe(404);
        expect(res.json()).toEqual({ message: 'Product not found' });
      }
      const p = await insertProduct(t);
      for (const quantity of [0, -1, 1.5, '2']) {
        const res = await c.post('/api/cart', { productId: p.id, quantity });
        expect(res.statusCode, String(quantity)).toBe(400);
      }
      expect((await c.post('/api/cart', { productId: p.id, quantity: 0 })).json().message).toBe(
        'Quantity must be at least 1',
      );
      // Above the per-line cap: a sentence the cart toast can show as it is.
      const huge = await c.post('/api/cart', { productId: p.id, quantity: 10_001 });
      expect(huge.statusCode).toBe(400);
      expect(huge.json().message).toBe('Quantity must be at most 10,000 per line');
      expect((await c.get('/api/cart')).json()).toEqual([]);
    });

    it('refuses out-of-stock products and quantities above stock (409), counting what is already in the cart', async () => {
      const none = await insertProduct(t, { stockQuantity: 0 });
      const flagged = await insertProduct(t, { stockQuantity: 20, inStock: false });
      const few = await insertProduct(t, { stockQuantity: 3 });
      const c = new TestClient(t.app);
      for (const p of [none, flagged]) {
        const res = await c.post('/api/cart', { productId: p.id, quantity: 1 });
        expect(res.statusCode).toBe(409);
        expect(res.json().message).toBe('This product is out of stock');
      }
      const tooMany = await c.post('/api/cart', { productId: few.id, quantity: 4 });
      expect(tooMany.statusCode).toBe(409);
      expect(tooMany.json().message).toBe('Only 3 left in stock');
      expect((await c.post('/api/cart', { productId: few.id, quantity: 2 })).statusCode).toBe(201);
      const over = await c.post('/api/cart', { productId: few.id, quantity: 2 });
      expect(over.statusCode).toBe(409);
      expect(over.json().message).toBe('Only 3 left in stock');
      expect((await c.post('/api/cart', { productId: few.id, quantity: 1 })).json().quantity).toBe(
        3,
      );
    });
  });

  describe('changing and removing', () => {
    it('PATCH sets the quantity and re-prices; raising past stock is 409, lowering always works', async () => {
      const p = await insertProduct(t, { priceCents: 1000, stockQuantity: 12 });
      const c = new TestClient(t.app);
      const item = (await c.post('/api/cart', { productId: p.id, quantity: 1 })).json() as CartItem;
      const res = await c.patch(`/api/cart/${item.id}`, { quantity: 10 });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ id: item.id, quantity: 10, unitPrice: 9, lineTotal: 90 });
      const over = await c.patch(`/api/cart/${item.id}`, { quantity: 13 });
      expect(over.statusCode).toBe(409);
      expect(over.json().message).toBe('Only 12 left in stock');
      await t.db.update(products).set({ stockQuantity: 2 }).where(eq(products.id, p.id));
      const lower = await c.patch(`/api/cart/${item.id}`, { quantity: 5 });
      expect(lower.statusCode).toBe(200);
      expect(lower.json().quantity).toBe(5);
      expect((await c.patch(`/api/cart/${item.id}`, { quantity: 0 })).statusCode).toBe(400);
      const [row] = await t.db.select().from(cartItems).where(eq(cartItems.id, item.id));
      expect(row!.quantity).toBe(5);
    });

    it('DELETE removes the line and answers Item removed from cart; unknown ids give 404', async () => {
      const p = await insertProduct(t);
      const c = new TestClient(t.app);
      const item = (await c.post('/api/cart', { productId: p.id, quantity: 1 })).json() as CartItem;
      const res = await c.delete(`/api/cart/${item.id}`);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ message: 'Item removed from cart' });
      expect(await t.db.select().from(cartItems).where(eq(cartItems.id, item.id))).toEqual([]);
      expect((await c.delete(`/api/cart/${item.id}`)).statusCode).toBe(404);
      expect((await c.patch(`/api/cart/${item.id}`, { quantity: 2 })).statusCode).toBe(404);
    });

    it("session B can neither see, change nor delete session A's items (404), and A's line stays", async () => {
      const p = await insertProduct(t);
      const a = new TestClient(t.app);
      const b = new TestClient(t.app);
      const item = (await a.post('/api/cart', { productId: p.id, quantity: 2 })).json() as CartItem;
      expect((await b.get('/api/cart')).json()).toEqual([]);
      const patch = await b.patch(`/api/cart/${item.id}`, { quantity: 7 });
      expect(patch.statusCode).toBe(404);
      expect(patch.json()).toEqual({ message: 'Cart item not found' });
      expect((await b.delete(`/api/cart/${item.id}`)).statusCode).toBe(404);
      await b.post('/api/clear-cart');
      const [row] = await t.db.select().from(cartItems).where(eq(cartItems.id, item.id));
      expect(row).toMatchObject({ sessionId: a.sessionId, quantity: 2 });
    });

    it('POST /api/clear-cart empties only the caller cart', async () => {
      const p = await insertProduct(t);
      const a = new TestClient(t.app);
      const b = new TestClient(t.app);
      await a.post('/api/cart', { productId: p.id, quantity: 1 });
      await b.post('/api/cart', { productId: p.id, quantity: 1 });
      const res = await a.post('/api/clear-cart');
      expect(res.statusCode).toBe(200);
      expect((await a.get('/api/cart')).json()).toEqual([]);
      expect((await b.get('/api/cart')).json()).toHaveLength(1);
    });
  });

  describe('per-customer limits', () => {
    it('holds the limit of 4 within the cart (add and PATCH)', async () => {
      const promo = await insertProduct(t, { name: 'Trump Fight Golf Pin', purchaseLimit: 4 });
      const c = new TestClient(t.app);
      const five = await c.post('/api/cart', { productId: promo.id, quantity: 5 });
      expect(five.statusCode).toBe(409);
      expect(five.json()).toMatchObject({
        message: 'Limit 4 per customer',
        limit: 4,
        remaining: 4,
      });
      const item = (
        await c.post('/api/cart', { productId: promo.id, quantity: 3 })
      ).json() as CartItem;
      // The line carries the limit so the drawer can stop '+' at it.
      expect(item.product.purchaseLimit).toBe(4);
      expect(((await c.get('/api/cart')).json() as CartItem[])[0]!.product.purchaseLimit).toBe(4);
      expect((await c.post('/api/cart', { productId: promo.id, quantity: 2 })).statusCode).toBe(
        409,
      );
      expect((await c.patch(`/api/cart/${item.id}`, { quantity: 5 })).json().message).toBe(
        'Limit 4 per customer',
      );
      expect((await c.patch(`/api/cart/${item.id}`, { quantity: 4 })).statusCode).toBe(200);
    });

    it('counts paid past orders of the same cart session; refunded orders and other sessions do not count', async () => {
      const promo = await insertProduct(t, { purchaseLimit: 4 });
      const c = new TestClient(t.app);
      await pastOrder({ cartSessionId: c.sessionId }, [line(promo.id, 3)]);
      await pastOrder({ cartSessionId: c.sessionId, paymentStatus: 'refunded' }, [
        line(promo.id, 4),
      ]);
      await pastOrder({ cartSessionId: newSessionId() }, [line(promo.id, 4)]);
      const two = await c.post('/api/cart', { productId: promo.id, quantity: 2 });
      expect(two.statusCode).toBe(409);
      expect(two.json()).toMatchObject({ message: 'Limit 4 per customer', remaining: 1 });
      expect((await c.post('/api/cart', { productId: promo.id, quantity: 1 })).statusCode).toBe(
        201,
      );
    });

    it("counts a signed-in customer's orders by account and by e-mail, from any browser session", async () => {
      const promo = await insertProduct(t, { purchaseLimit: 4 });
      const { client, user } = await signedInClient(t);
      await pastOrder({ userId: user.id }, [line(promo.id, 2)]);
      await pastOrder({ customerEmail: user.email.toUpperCase() }, [
        line(promo.id, 1),
        line(999999, 9),
      ]);
      const res = await client.post('/api/cart', { productId: promo.id, quantity: 2 });
      expect(res.statusCode).toBe(409);
      expect(res.json().remaining).toBe(1);
      // A signed-out browser is not that customer (its session has no orders).
      expect(
        (await new TestClient(t.app).post('/api/cart', { productId: promo.id, quantity: 4 }))
          .statusCode,
      ).toBe(201);
    });

    it('leaves products without a limit alone', async () => {
      const p = await insertProduct(t, { stockQuantity: 500 });
      const c = new TestClient(t.app);
      await pastOrder({ cartSessionId: c.sessionId }, [line(p.id, 100)]);
      expect((await c.post('/api/cart', { productId: p.id, quantity: 50 })).statusCode).toBe(201);
    });
  });

  describe('totals', () => {
    it('applies a discount code to the merchandise subtotal and reports codes that do not apply', async () => {
      await t.db.insert(discountCodes).values([
        { code: 'CART10', discountType: 'percentage', discountValue: 10 },
        {
          code: 'CARTBIG',
          discountType: 'percentage',
          discountValue: 20,
          minimumOrderCents: 10000,
        },
        { code: 'CARTFIX', discountType: 'fixed', discountValue: 5000 },
      ]);
      const p = await insertProduct(t, { priceCents: 1999 });
      const c = new TestClient(t.app);
      const empty = (await c.get('/api/cart/totals')).json() as CartTotals;
      expect(empty).toMatchObject({ itemCount: 0, subtotal: 0, shipping: 0, total: 0 });
      await c.post('/api/cart', { productId: p.id, quantity: 2 });
      const ten = (await c.get('/api/cart/totals?discountCode=cart10')).json() as CartTotals;
      expect(ten).toEqual({
        itemCount: 2,
        subtotal: 39.98,
        discountCode: 'CART10',
        discountAmount: 4,
        discountError: null,
        shipping: 5.99,
        total: 41.97,
      });
      const big = (await c.get('/api/cart/totals?discountCode=CARTBIG')).json() as CartTotals;
      expect(big).toMatchObject({ discountCode: null, discountAmount: 0, total: 45.97 });
      expect(big.discountError).toBe('Minimum order of $100.00 required for this code');
      const fixed = (await c.get('/api/cart/totals?discountCode=CARTFIX')).json() as CartTotals;
      expect(fixed).toMatchObject({ discountAmount: 39.98, total: 5.99 });
      const unknown = (await c.get('/api/cart/totals?discountCode=NOPE')).json() as CartTotals;
      expect(unknown).toMatchObject({
        discountError: 'This discount code is not valid',
        discountAmount: 0,
      });
    });
  });

  describe('service for checkout', () => {
    it('pastPurchases matches e-mails through an index on lower(customer_email)', async () => {
      // Seq scans disabled: the planner takes an index when one fits the expression.
      const plan = await t.db.transaction(async (tx) => {
        await tx.execute(sql`set local enable_seqscan = off`);
        const res = (await tx.execute(
          sql`explain select id from ${orders} where lower(${orders.customerEmail}) = ${'pat@example.com'}`,
        )) as unknown as { rows: { 'QUERY PLAN': string }[] };
        return res.rows.map((r) => r['QUERY PLAN']).join('\n');
      });
      expect(plan).toContain('orders_email_lower_idx');
    });

    it('priceCart uses server data, counts inactive lines, and clearCart empties the session', async () => {
      const a = await insertProduct(t, { priceCents: 1000 });
      const b = await insertProduct(t, { priceCents: 999, purchaseLimit: 4 });
      const s = newSessionId();
      await t.db.insert(cartItems).values([
        { sessionId: s, productId: a.id, quantity: 10 },
        { sessionId: s, productId: b.id, quantity: 2 },
      ]);
      await t.db
        .insert(discountCodes)
        .values({ code: 'SVC10', discountType: 'percentage', discountValue: 10 });
      const cart = await priceCart(t.db, s, ' svc10 ');
      expect(cart.lines).toEqual([
        expect.objectContaining({
          productId: a.id,
          quantity: 10,
          basePriceCents: 1000,
          unitPriceCents: 900,
          lineTotalCents: 9000,
          purchaseLimit: null,
          isActive: true,
        }),
        expect.objectContaining({
          productId: b.id,
          quantity: 2,
          unitPriceCents: 999,
          lineTotalCents: 1998,
          purchaseLimit: 4,
          stockQuantity: 100,
        }),
      ]);
      expect(cart).toMatchObject({
        sessionId: s,
        subtotalCents: 10998,
        shippingCents: 599,
        totalCents: 10998 - 1100 + 599,
        discountError: null,
      });
      expect(cart.discount).toMatchObject({ code: 'SVC10', discountCents: 1100 });
      const expired = new Date('2100-01-01');
      await t.db
        .update(discountCodes)
        .set({ validUntil: new Date('2099-01-01') })
        .where(eq(discountCodes.code, 'SVC10'));
      expect(await priceCart(t.db, s, 'SVC10', expired)).toMatchObject({
        discountError: 'This discount code is not valid',
        discountRefusal: 'expired',
      });
      await clearCart(t.db, s);
      expect(await priceCart(t.db, s)).toMatchObject({
        lines: [],
        subtotalCents: 0,
        shippingCents: 0,
        totalCents: 0,
      });
    });

    it('pastPurchases sums paid units per product by user, session and e-mail', async () => {
      const p = await insertProduct(t);
      const q = await insertProduct(t);
      const { user } = await signedInClient(t);
      const s = newSessionId();
      await pastOrder({ userId: user.id }, [line(p.id, 1)]);
      await pastOrder({ cartSessionId: s }, [line(p.id, 2), line(q.id, 5)]);
      await pastOrder({ customerEmail: 'Buyer@Example.com' }, [line(p.id, 4)]);
      await pastOrder({ userId: user.id, paymentStatus: 'refunded' }, [line(p.id, 8)]);
      await pastOrder({ customerEmail: 'x@example.com' }, [
        { productId: null, name: 'Gone', quantity: 3, unitPriceCents: 1 },
      ]);
      const all = await pastPurchases(
        t.db,
        { userId: user.id, sessionId: s, email: 'buyer@example.com' },
        [p.id, q.id],
      );
      expect(Object.fromEntries(all)).toEqual({ [p.id]: 7, [q.id]: 5 });
      expect(
        Object.fromEntries(await pastPurchases(t.db, { userId: user.id }, [p.id, q.id])),
      ).toEqual({ [p.id]: 1 });
      expect((await pastPurchases(t.db, {}, [p.id])).size).toBe(0);
      expect((await pastPurchases(t.db, { sessionId: s }, [])).size).toBe(0);
    });
  });

  describe('GET /api/cart round trips (issue 12)', () => {
    /**
     * The statements sent to the database while `action` runs: every pg.Client query on
     * PostgreSQL (pool clients included), every PGlite query/exec on the embedded one.
     */
    async function statementsDuring(action: () => Promise<void>): Promise<number> {
      let count = 0;
      const restore: (() => void)[] = [];
      const wrap = (target: Record<string, unknown>, method: string) => {
        const original = target[method] as (...args: unknown[]) => unknown;
        target[method] = function (this: unknown, ...args: unknown[]) {
          count += 1;
          return original.apply(this, args);
        };
        restore.push(() => {
          target[method] = original;
        });
      };
      if (t.database.kind === 'postgres') {
        wrap(pg.Client.prototype as unknown as Record<string, unknown>, 'query');
      } else {
        const pglite = t.database.pglite as unknown as Record<string, unknown>;
        wrap(pglite, 'query');
        wrap(pglite, 'exec');
      }
      try {
        await action();
      } finally {
        for (const undo of restore) undo();
      }
      return count;
    }

    it('reads a cart of several lines, with their products, in one query', async () => {
      const a = await insertProduct(t, { priceCents: 1200 });
      const b = await insertProduct(t, { priceCents: 450 });
      const s = newSessionId();
      await t.db.insert(cartItems).values([
        { sessionId: s, productId: a.id, quantity: 3 },
        { sessionId: s, productId: b.id, quantity: 1 },
      ]);
      const read = () => t.app.inject({ url: '/api/cart', headers: { 'x-session-id': s } });
      await read(); // the statement is prepared on first use
      let items: CartItem[] = [];
      const statements = await statementsDuring(async () => {
        const res = await read();
        expect(res.statusCode).toBe(200);
        items = res.json();
      });
      expect(items.map((i) => [i.productId, i.quantity])).toEqual([
        [a.id, 3],
        [b.id, 1],
      ]);
      expect(statements).toBe(1);
    });
  });
});
