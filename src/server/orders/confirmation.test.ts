/**
 * The order confirmation (issue 10): the browser that placed an order signed out sees it
 * through its claim cookie (items, discount, totals, address, expected ship date);
 * another browser, another customer or a guessed id sees nothing (404); signing up in
 * that browser claims the order, and the owner still sees it.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrderConfirmation } from '../../shared/schemas/orders';
import { signedInClient } from '../catalog/testing';
import {
  addToCart,
  customer,
  insertDiscount,
  insertProduct,
  payCart,
} from '../checkout/test-support';
import { mailOutbox, orders } from '../db/schema';
import { htmlOf } from '../mail/html-later';
import { createTestApp, newCredentials, type TestApp, TestClient } from '../test/app';

describe('order confirmation', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  async function placeGuestOrder(client: TestClient, customerEmail = customer.customerEmail) {
    const p = await insertProduct(t.db, { priceCents: 1000 });
    await addToCart(client, p.id, 3);
    const code = await insertDiscount(t.db);
    const paymentId = await payCart(client, { discountCode: code.code });
    const res = await client.post('/api/create-order', {
      paypalOrderId: paymentId,
      ...customer,
      customerEmail,
      discountCode: code.code,
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().order.id as number;
  }

  /** The confirmation mail of order `id` (its outbox row). */
  async function confirmationMail(id: number) {
    const rows = await t.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.kind, 'order_confirmation'));
    const mail = rows.find((r) => r.textBody.includes(`order #${id} is being processed`));
    expect(mail).toBeDefined();
    return mail!;
  }

  it('shows the guest buyer their order through the claim cookie, and no one else', async () => {
    const buyer = new TestClient(t.app);
    const id = await placeGuestOrder(buyer);
    const res = await buyer.get(`/api/orders/${id}/confirmation`);
    expect(res.statusCode, res.body).toBe(200);
    const order = res.json() as OrderConfirmation;
    expect(order).toMatchObject({
      id,
      customerEmail: customer.customerEmail,
      shippingAddress: customer.shippingAddress,
      shippingAmount: 5.99,
    });
    expect(order.items).toHaveLength(1);
    expect(order.items[0]!.quantity).toBe(3);
    expect(order.discountAmount).toBeGreaterThan(0);
    expect(order.totalAmount).toBeCloseTo(order.subtotalAmount - order.discountAmount + 5.99, 2);
    expect(order.expectedShipDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(order.expectedShipDate > order.createdAt.slice(0, 10)).toBe(true);

    // Two business days from the day the shop's calendar (STORE_TIME_ZONE, default
    // America/Los_Angeles) gives the order: Monday 23 November 2026, 6:30 pm in San Diego
    // (already Tuesday in UTC) ships by Wednesday the 25th, not Thursday.
    await t.db
      .update(orders)
      .set({ createdAt: new Date('2026-11-24T02:30:00Z') })
      .where(eq(orders.id, id));
    const evening = (await buyer.get(`/api/orders/${id}/confirmation`)).json();
    expect(evening.expectedShipDate).toBe('2026-11-25');

    // Another browser, a customer, a forged cookie: 404 (nothing revealed).
    expect((await new TestClient(t.app).get(`/api/orders/${id}/confirmation`)).statusCode).toBe(
      404,
    );
    const other = (await signedInClient(t, 'user')).client;
    expect((await other.get(`/api/orders/${id}/confirmation`)).statusCode).toBe(404);
    const forged = new TestClient(t.app);
    forged.jar.set('fp_claim', 'x'.repeat(43));
    expect((await forged.get(`/api/orders/${id}/confirmation`)).statusCode).toBe(404);
    // The same browser cannot read a neighbouring order by id.
    expect((await buyer.get(`/api/orders/${id + 1}/confirmation`)).statusCode).toBe(404);
    // An admin can.
    const admin = (await signedInClient(t, 'admin')).client;
    expect((await admin.get(`/api/orders/${id}/confirmation`)).statusCode).toBe(200);
  });

  it('signing up in that browser claims the order; the owner keeps seeing it', async () => {
    const buyer = new TestClient(t.app);
    const id = await placeGuestOrder(buyer);
    const creds = { ...newCredentials('guest'), email: customer.customerEmail };
    const reg = await buyer.post('/api/auth/register', creds);
    expect(reg.statusCode, reg.body).toBe(201);
    const mine = await buyer.get('/api/orders');
    expect((mine.json() as { id: number }[]).map((o) => o.id)).toContain(id);
    expect((await buyer.get(`/api/orders/${id}/confirmation`)).statusCode).toBe(200);
  });

  it("a guest's mailed link shows that order signed out in any browser, and no other", async () => {
    const buyer = new TestClient(t.app);
    const id = await placeGuestOrder(buyer);
    const other = await placeGuestOrder(new TestClient(t.app));
    const mail = await confirmationMail(id);
    const link = /\/track-order\?id=(\d+)&type=regular&key=([\w.-]+)/.exec(mail.textBody);
    expect(link?.[1]).toBe(String(id));
    const key = link![2]!;
    // The HTML part (rendered at delivery) carries the same link.
    expect(htmlOf(mail, t.config)).toContain(`type=regular&amp;key=${key}`);

    const stranger = new TestClient(t.app);
    expect((await stranger.get(`/api/orders/${id}/confirmation`)).statusCode).toBe(404);
    const opened = await stranger.get(`/api/orders/${id}/confirmation?key=${key}`);
    expect(opened.statusCode, opened.body).toBe(200);
    expect(opened.json()).toMatchObject({ id, customerEmail: customer.customerEmail });
    // The key opens its own order only, and not once changed.
    expect((await stranger.get(`/api/orders/${other}/confirmation?key=${key}`)).statusCode).toBe(
      404,
    );
    const [expires, sig] = key.split('.');
    const later = `${Number(expires) + 1}.${sig}`;
    expect((await stranger.get(`/api/orders/${id}/confirmation?key=${later}`)).statusCode).toBe(
      404,
    );
    expect((await stranger.get(`/api/orders/${id}/confirmation?key=junk`)).statusCode).toBe(404);
  });

  it("the mailed link opened signed in with the order's e-mail adds the order to that account; another account gets none", async () => {
    const email = 'two-devices@example.com';
    const id = await placeGuestOrder(new TestClient(t.app), email);
    const key = /key=([\w.-]+)/.exec((await confirmationMail(id)).textBody)![1]!;
    const historyOf = async (client: TestClient) =>
      ((await client.get('/api/orders')).json() as { id: number }[]).map((o) => o.id);

    // Another account (another e-mail) opening the link sees the order, owns nothing.
    const other = new TestClient(t.app);
    expect((await other.post('/api/auth/register', newCredentials('other'))).statusCode).toBe(201);
    expect((await other.get(`/api/orders/${id}/confirmation?key=${key}`)).statusCode).toBe(200);
    expect(await historyOf(other)).not.toContain(id);

    // The buyer registers on another device with the order's e-mail (no claim cookie
    // there) and opens the link from the mail: the order is in their Order History.
    const laptop = new TestClient(t.app);
    const creds = { ...newCredentials('laptop'), email: email.toUpperCase() };
    expect((await laptop.post('/api/auth/register', creds)).statusCode).toBe(201);
    expect(await historyOf(laptop)).not.toContain(id);
    expect((await laptop.get(`/api/orders/${id}/confirmation?key=${key}`)).statusCode).toBe(200);
    expect(await historyOf(laptop)).toContain(id);
    // Owned now: the other account's link no longer moves it.
    await other.get(`/api/orders/${id}/confirmation?key=${key}`);
    expect(await historyOf(laptop)).toContain(id);
  });

  it('an order placed signed in is mailed a plain link (the account shows it)', async () => {
    const { client } = await signedInClient(t);
    const id = await placeGuestOrder(client);
    const mail = await confirmationMail(id);
    expect(mail.textBody).toContain(`/track-order?id=${id}&type=regular\n`);
    expect(mail.textBody).not.toContain('key=');
  });
});
