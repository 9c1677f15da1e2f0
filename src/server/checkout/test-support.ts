/**
 * Test support for checkout and payment tests: rows inserted directly with drizzle,
 * and the customer's steps (add to cart, pay, capture, place the order) through the
 * real routes with `app.inject`.
 */
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { Db } from '../db/client';
import { discountCodes, payments, products, testPaymentOrders } from '../db/schema';
import type { TestClient } from '../test/app';

let seq = 0;

/** Inserts an active product (defaults: $10.00, stock 100). */
export async function insertProduct(db: Db, over: Partial<typeof products.$inferInsert> = {}) {
  seq += 1;
  const [row] = await db
    .insert(products)
    .values({ name: `Test Pin ${seq}`, priceCents: 1000, stockQuantity: 100, ...over })
    .returning();
  return row!;
}

/** Inserts an active discount code (defaults: 10% off, unlimited). */
export async function insertDiscount(
  db: Db,
  over: Partial<typeof discountCodes.$inferInsert> = {},
) {
  seq += 1;
  const [row] = await db
    .insert(discountCodes)
    .values({ code: `TEST${seq}`, discountType: 'percentage', discountValue: 10, ...over })
    .returning();
  return row!;
}

export const customer = {
  customerEmail: 'pat@example.com',
  customerName: 'Pat Golfer',
  shippingAddress: '1 Fairway Dr, San Diego, CA 92101',
};

/** POST /api/cart, expecting 201. */
export async function addToCart(client: TestClient, productId: number, quantity: number) {
  const res = await client.post('/api/cart', { productId, quantity });
  expect(res.statusCode, res.body).toBe(201);
}

/** POST /paypal/order, expecting 201; returns the provider order id. */
export async function createPayment(
  client: TestClient,
  body: {
    discountCode?: string;
    amount?: string;
    testOutcome?: 'approve' | 'decline' | 'pending';
  } = {},
): Promise<string> {
  const res = await client.post('/paypal/order', { intent: 'CAPTURE', currency: 'USD', ...body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ id: string }>().id;
}

/** Creates and captures a payment for the caller's cart (expects COMPLETED); returns the provider order id. */
export async function payCart(
  client: TestClient,
  body: { discountCode?: string } = {},
): Promise<string> {
  const id = await createPayment(client, body);
  const res = await client.post(`/paypal/order/${id}/capture`);
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json().status).toBe('COMPLETED');
  return id;
}

/** The payments row and the test provider's own record for a provider order id. */
export async function paymentState(db: Db, providerOrderId: string) {
  const [payment] = await db
    .select()
    .from(payments)
    .where(eq(payments.providerOrderId, providerOrderId));
  const [provider] = await db
    .select()
    .from(testPaymentOrders)
    .where(eq(testPaymentOrders.id, providerOrderId));
  return { payment: payment!, provider };
}
