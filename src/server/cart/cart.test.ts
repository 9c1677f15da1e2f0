import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cartItems, discountCodes, orders, products } from '../db/schema';
import { createTestApp, newSessionId, type TestApp } from '../test/app';
import { clearCart, pastPurchases, priceCart } from './service';

describe('cart service', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('prices lines with tiers, discount and shipping; counts past purchases', async () => {
    const [p1, p2] = await t.db
      .insert(products)
      .values([
        { name: 'A', priceCents: 1000, stockQuantity: 100 },
        { name: 'B', priceCents: 999, stockQuantity: 100, purchaseLimit: 4 },
      ])
      .returning();
    const s = newSessionId();
    await t.db.insert(cartItems).values([
      { sessionId: s, productId: p1!.id, quantity: 10 },
      { sessionId: s, productId: p2!.id, quantity: 2 },
    ]);
    await t.db
      .insert(discountCodes)
      .values({ code: 'TEN', discountType: 'percentage', discountValue: 10 });
    const cart = await priceCart(t.db, s, 'ten');
    expect(cart.lines.map((l) => l.lineTotalCents)).toEqual([9000, 1998]);
    expect(cart.subtotalCents).toBe(10998);
    expect(cart.discount?.discountCents).toBe(1100);
    expect(cart.shippingCents).toBe(599);
    expect(cart.totalCents).toBe(10998 - 1100 + 599);
    const bad = await priceCart(t.db, s, 'NOPE');
    expect(bad.discount).toBeNull();
    expect(bad.discountError).toBe('Invalid discount code');

    await t.db.insert(orders).values({
      cartSessionId: s,
      customerEmail: 'X@Example.com',
      customerName: 'X',
      subtotalCents: 0,
      totalCents: 0,
      items: [{ productId: p2!.id, name: 'B', quantity: 3, unitPriceCents: 999 }],
    });
    expect((await pastPurchases(t.db, { sessionId: s }, [p2!.id])).get(p2!.id)).toBe(3);
    expect(
      (await pastPurchases(t.db, { email: 'x@example.COM' }, [p2!.id, p1!.id])).get(p2!.id),
    ).toBe(3);
    expect((await pastPurchases(t.db, { sessionId: 'other-session' }, [p2!.id])).size).toBe(0);
    await clearCart(t.db, s);
    expect((await priceCart(t.db, s)).lines).toEqual([]);
  });
});
