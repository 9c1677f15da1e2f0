/**
 * A catalogue order's printable receipt (docs/decisions.md "A printable receipt for
 * catalogue orders (2026-11-27)") in Chromium against the real shop (embedded PGlite, demo
 * catalogue, offline test payments): a signed-in buyer's browser places an order with a
 * discount code through the real API, opens Order History (Track Order, Catalog Orders),
 * follows the card's 'Print Receipt' link and finds the receipt with the total the
 * database stored; the page is axe-clean, fits a 360 px phone, and in print shows the
 * document alone (no Print button, no site header), within an A4 page's printable width.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { orders } from '../src/server/db/schema';
import { formatUsd } from '../src/shared/money';
import type { Product } from '../src/shared/schemas/catalog';
import { expectAxeClean } from './support/axe';
import { screenshot } from './support/browser';
import { placeOrder, useShopAndBrowser } from './support/shop';

/** A4's width less Chromium's default print margins (0.4 in each side), in CSS pixels. */
const A4_PRINTABLE_WIDTH = 718;

describe("a catalogue order's receipt in Chromium", () => {
  const fixture = useShopAndBrowser();

  it('places an order, opens its receipt from Order History, shows the stored total, prints the document alone', async () => {
    const { shop, browser } = fixture;
    const products = (await (await fetch(`${shop.url}/api/products`)).json()) as Product[];
    const product = products.find(
      (p) => p.price > 0 && p.stockQuantity >= 10 && p.purchaseLimit === null,
    )!;
    expect(product, 'demo catalogue has a product in stock').toBeTruthy();

    const context = await browser.newContext({ viewport: { width: 1366, height: 768 } });
    context.setDefaultTimeout(15_000);
    // The buyer signs up; the order placed from this browser is then theirs.
    const registered = await context.request.post(`${shop.url}/api/auth/register`, {
      data: {
        username: 'lakesidepro',
        email: 'accounts@lakeside.example',
        password: 'fairway-pass-9',
      },
    });
    expect(registered.ok(), await registered.text()).toBe(true);
    const orderId = await placeOrder(shop, {
      request: context.request,
      lines: [{ productId: product.id, quantity: 3 }],
      customer: { name: 'Lakeside Pro Shop', email: 'accounts@lakeside.example' },
      discountCode: 'SAVE5',
    });
    const [row] = await shop.database.db.select().from(orders).where(eq(orders.id, orderId));
    expect(row?.userId, 'the order is the signed-in buyer’s').not.toBeNull();
    expect(row?.discountCents).toBeGreaterThan(0);

    const page = await context.newPage();
    const pageErrors: string[] = [];
    page.on('pageerror', (e) => pageErrors.push(e.message));
    await page.goto(`${shop.url}/track-order?type=regular`);
    const card = page.getByRole('article', { name: `Order #${orderId}`, exact: true });
    await card
      .getByRole('link', { name: `Print Receipt for order #${orderId}`, exact: true })
      .click();
    await page.waitForURL((url) => url.pathname === `/track-order/${orderId}/receipt`);
    const receipt = page.getByRole('article', { name: `Receipt for order #${orderId}` });
    await receipt.waitFor();
    // The total the database stored, and the lines and discount code as the order has them.
    expect(await receipt.locator('tfoot tr').last().textContent()).toBe(
      `Total (USD)${formatUsd(row!.totalCents)}`,
    );
    expect(await receipt.locator('tfoot').textContent()).toContain(
      `Discount (SAVE5)-${formatUsd(row!.discountCents)}`,
    );
    expect(await receipt.locator('tbody tr').allTextContents()).toEqual([
      expect.stringContaining(product.name),
    ]);
    expect(await page.title()).toMatch(new RegExp(`^Receipt for order #${orderId} \\| `));
    await screenshot(page, 'order-receipt-1366x768');
    await expectAxeClean(page, `/track-order/${orderId}/receipt`);

    // A phone: nothing wider than the screen.
    await page.setViewportSize({ width: 360, height: 740 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      360,
    );

    // In print: the document alone, within an A4 page's printable width.
    await page.setViewportSize({ width: A4_PRINTABLE_WIDTH, height: 1000 });
    await page.emulateMedia({ media: 'print' });
    await screenshot(page, 'order-receipt-print-a4');
    expect(await receipt.isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: 'Print', exact: true }).isVisible()).toBe(false);
    expect(await page.locator('header').first().isVisible()).toBe(false);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      A4_PRINTABLE_WIDTH,
    );
    expect(pageErrors).toEqual([]);
    await context.close();
  });
});
