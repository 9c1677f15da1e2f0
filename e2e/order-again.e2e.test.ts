/**
 * 'Order Again' when the shop has fewer than the order had (docs/decisions.md "Order Again:
 * what is left (2026-11-27)") in Chromium against the real shop (embedded PGlite, demo
 * catalogue, offline test payments): a signed-in buyer's browser places an order of two
 * pins through the real API; one pin's stock then falls below the order's quantity while
 * the cart already holds one of it. 'Order Again' on the Order History card puts in what
 * is left beside the cart line, says so in the toast, and adds the other pin in full.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { products as productsTable } from '../src/server/db/schema';
import type { Product } from '../src/shared/schemas/catalog';
import { placeOrder, useShopAndBrowser } from './support/shop';

describe("'Order Again' with less in stock, in Chromium", () => {
  const fixture = useShopAndBrowser();

  it('adds what is left of a short pin beside the cart line, the other in full, and says so', async () => {
    const { shop, browser } = fixture;
    const catalogue = (await (await fetch(`${shop.url}/api/products`)).json()) as Product[];
    const [short, full] = catalogue.filter(
      (p) => p.price > 0 && p.stockQuantity >= 20 && p.purchaseLimit === null,
    );
    expect(short && full, 'demo catalogue has two unlimited products in stock').toBeTruthy();

    const context = await browser.newContext({ viewport: { width: 1366, height: 768 } });
    context.setDefaultTimeout(15_000);
    const registered = await context.request.post(`${shop.url}/api/auth/register`, {
      data: {
        username: 'ridgeviewgc',
        email: 'shop@ridgeview.example',
        password: 'fairway-pass-9',
      },
    });
    expect(registered.ok(), await registered.text()).toBe(true);
    const orderId = await placeOrder(shop, {
      request: context.request,
      lines: [
        { productId: short!.id, quantity: 5 },
        { productId: full!.id, quantity: 2 },
      ],
      customer: { name: 'Ridgeview Golf Club', email: 'shop@ridgeview.example' },
      shippingAddress: '9 Ridge Rd, Boise, ID 83702',
    });

    // Three left of the short pin; the page's own cart (the browser's session) holds one.
    await shop.database.db
      .update(productsTable)
      .set({ stockQuantity: 3 })
      .where(eq(productsTable.id, short!.id));
    const page = await context.newPage();
    const pageErrors: string[] = [];
    page.on('pageerror', (e) => pageErrors.push(e.message));
    await page.goto(`${shop.url}/track-order?type=regular`);
    // The cart session id the page sends (lib/session-id.ts), made by its first API call.
    await expect.poll(() => page.evaluate(() => localStorage.getItem('sessionId'))).toBeTruthy();
    const sessionId = await page.evaluate(() => localStorage.getItem('sessionId'));
    const added = await context.request.post(`${shop.url}/api/cart`, {
      data: { productId: short!.id, quantity: 1 },
      headers: { 'x-session-id': sessionId! },
    });
    expect(added.ok(), await added.text()).toBe(true);

    const card = page.getByRole('article', { name: `Order #${orderId}`, exact: true });
    await card.getByRole('button', { name: `Order Again for order #${orderId}` }).click();
    const toast = page.getByText(`${short!.name}: 2 of 5, Only 3 left in stock.`);
    await toast.waitFor();
    expect(await page.getByText('Some Pins Not Added').isVisible()).toBe(true);
    expect(await page.getByText(`Added 2 × ${short!.name}, 2 × ${full!.name}.`).count()).toBe(1);

    const cart = (await (
      await context.request.get(`${shop.url}/api/cart`, { headers: { 'x-session-id': sessionId! } })
    ).json()) as { productId: number; quantity: number }[];
    expect(cart.map((line) => [line.productId, line.quantity]).sort()).toEqual(
      [
        [short!.id, 3],
        [full!.id, 2],
      ].sort(),
    );
    expect(pageErrors).toEqual([]);
    await context.close();
  });
});
