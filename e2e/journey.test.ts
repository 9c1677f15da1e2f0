/**
 * The purchase path as a customer walks it, in Chromium against the real shop
 * (embedded PGlite, demo catalogue, offline test payments): browse /wholesale, filter
 * by collection, open a product, add 25 (tier price shown and charged), apply a
 * discount code, pay in test mode signed out (thank-you panel with the order number),
 * create an account from there, and find the order under Track Order. Issue 11: the
 * 'Test mode: no real payments' banner shows; the order is claimed through the
 * HttpOnly claim cookie (script cannot read it); the cart session id is replaced after
 * the order and at logout. Issue 10: the guest confirmation on a 360x740 phone too, and
 * only in the browser that placed the order.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { orders } from '../src/server/db/schema';
import { COLLECTION_LABELS } from '../src/shared/catalog';
import { centsToDollars, dollarsToCents, formatUsd } from '../src/shared/money';
import { catalogUnitPrice, discountAmount, SHIPPING_FLAT_CENTS } from '../src/shared/pricing';
import type { Product } from '../src/shared/schemas/catalog';
import { expectAxeClean } from './support/axe';
import { screenshot } from './support/browser';
import { useShopAndBrowser } from './support/shop';

describe('purchase journey in Chromium', () => {
  const fixture = useShopAndBrowser();

  it('browses, filters, buys 25 with a code in test mode, registers and tracks the order', async () => {
    const { shop, browser } = fixture;
    const products = (await (await fetch(`${shop.url}/api/products`)).json()) as Product[];
    // A priced product with enough stock for 25, in a collection we filter by.
    const product = products.find(
      (p) => p.price > 0 && p.stockQuantity >= 60 && p.purchaseLimit === null,
    )!;
    expect(product, 'demo catalogue has a product with stock for 25').toBeTruthy();
    const inCollection = products.filter((p) => p.collection === product.collection).length;

    const context = await browser.newContext({ viewport: { width: 1366, height: 768 } });
    context.setDefaultTimeout(15_000);
    const page = await context.newPage();
    const pageErrors: string[] = [];
    page.on('pageerror', (e) => pageErrors.push(e.message));

    // Browse the catalogue.
    await page.goto(`${shop.url}/wholesale`);
    await expect
      .poll(() =>
        page.getByText(`Showing ${products.length} of ${products.length} pins`).isVisible(),
      )
      .toBe(true);
    await expect.poll(() => page.getByText('Test mode: no real payments').isVisible()).toBe(true);
    await screenshot(page, '01-wholesale');
    await expectAxeClean(page, '/wholesale');

    // Filter by the product's collection.
    await page
      .getByRole('button', { name: new RegExp(`^${COLLECTION_LABELS[product.collection]}$`, 'i') })
      .click();
    await expect
      .poll(() => page.getByText(`Showing ${inCollection} of ${products.length} pins`).isVisible())
      .toBe(true);
    await screenshot(page, '02-wholesale-filtered');

    // Open the product.
    await page
      .getByRole('link', { name: new RegExp(escapeRegExp(product.name)) })
      .first()
      .click();
    await page.waitForURL(`**/product/${product.id}`);
    await expect
      .poll(() => page.getByRole('heading', { name: product.name }).isVisible())
      .toBe(true);
    await expectAxeClean(page, '/product/:id');

    // Add 25: the 20% tier applies.
    const unitCents = catalogUnitPrice(dollarsToCents(product.price), 25);
    await page.getByRole('button', { name: 'Set quantity to 25' }).click();
    await page.getByRole('button', { name: /add to cart/i }).click();
    const drawer = page.getByRole('dialog', { name: 'Shopping Cart' });
    await expect.poll(() => drawer.isVisible()).toBe(true);
    await expect
      .poll(() => drawer.getByText(`${formatUsd(unitCents)} each`).isVisible())
      .toBe(true);
    await screenshot(page, '03-cart-drawer');

    // Apply a discount code (WELCOME10: 10% off the merchandise subtotal).
    const subtotalCents = unitCents * 25;
    const discountCents = discountAmount(
      { discountType: 'percentage', discountValue: 10 },
      subtotalCents,
    );
    const totalCents = subtotalCents - discountCents + SHIPPING_FLAT_CENTS;
    await drawer.getByRole('textbox', { name: /discount code/i }).fill('welcome10');
    await drawer.getByRole('button', { name: /^apply$/i }).click();
    await expect.poll(() => page.getByText('Discount Applied').isVisible()).toBe(true);
    await expect.poll(() => drawer.getByText(formatUsd(totalCents)).first().isVisible()).toBe(true);
    await screenshot(page, '04-discount-applied');

    // Checkout.
    await drawer.getByRole('button', { name: /checkout/i }).click();
    await page.waitForURL('**/checkout');
    await expect.poll(() => page.getByText(formatUsd(totalCents)).first().isVisible()).toBe(true);
    await page.getByLabel('Full Name').fill('Jordan Spieth-Fan');
    await page.getByLabel('Email').fill('jordan@example.com');
    await page.getByLabel('Address').fill('1 Fairway Drive');
    await page.getByLabel('City').fill('Austin');
    await page.getByLabel('State').fill('TX');
    await page.getByLabel('ZIP Code').fill('78701');
    await screenshot(page, '05-checkout-info');
    await expectAxeClean(page, '/checkout');
    // A reload (or a trip back to add a pin) keeps what was typed in this tab.
    await page.reload();
    await expect.poll(() => page.getByLabel('City').inputValue()).toBe('Austin');
    expect(await page.getByLabel('Full Name').inputValue()).toBe('Jordan Spieth-Fan');
    expect(await page.getByLabel('ZIP Code').inputValue()).toBe('78701');
    await page.getByRole('button', { name: 'Continue to Payment' }).click();
    const cartSession = () => page.evaluate(() => localStorage.getItem('sessionId'));
    const sessionBeforeOrder = await cartSession();
    expect(sessionBeforeOrder).toBeTruthy();
    await page.getByRole('button', { name: 'Test payment' }).click();

    // Signed out: Track Order thanks the buyer with the order number (no 'Access Denied')
    // and offers an account; create one from there.
    await page.waitForURL(
      (url) => url.pathname === '/track-order' && url.searchParams.get('fromCheckout') === 'true',
      { timeout: 15_000 },
    );
    const thanks = page.getByRole('heading', {
      name: /^Thank you! Your order #\d+ has been placed\.$/,
    });
    await expect.poll(() => thanks.isVisible()).toBe(true);
    const placedId = Number(/#(\d+)/.exec((await thanks.textContent()) ?? '')?.[1]);
    await expect.poll(() => page.getByText('Payment Successful!').isVisible()).toBe(true);
    expect(await page.getByText('Access Denied').count()).toBe(0);
    // A new cart session id once the order is placed; the claim cookie is HttpOnly.
    await expect.poll(cartSession).not.toBe(sessionBeforeOrder);
    // Placed: the typed details are not kept for the next checkout.
    expect(
      await page.evaluate(() => sessionStorage.getItem('fairway_checkout_details')),
    ).toBeNull();
    const claim = (await context.cookies()).find((c) => c.name === 'fp_claim');
    expect(claim).toMatchObject({ httpOnly: true, sameSite: 'Lax' });
    expect(await page.evaluate(() => document.cookie)).not.toContain('fp_claim');
    await screenshot(page, '06-thank-you-signed-out');
    await expectAxeClean(page, '/track-order after checkout, signed out');
    // The confirmation this browser may see (claim cookie): items, totals, ship date.
    const confirmation = page.getByRole('region', { name: `Order #${placedId}` });
    await expect.poll(() => confirmation.isVisible()).toBe(true);
    expect(await confirmation.textContent()).toContain(product.name);
    expect(await confirmation.textContent()).toContain(formatUsd(totalCents));
    expect(await confirmation.textContent()).toContain('Expected to ship');
    expect(await confirmation.textContent()).toContain('1 Fairway Drive');
    await page.getByRole('link', { name: 'Create an account to track this order' }).click();
    await page.waitForURL('**/register**');
    await page.getByLabel('Username').fill('jordanfan');
    // The order's e-mail is filled in.
    expect(await page.getByLabel('Email').inputValue()).toBe('jordan@example.com');
    await page.getByLabel('Password', { exact: true }).fill('birdie-putt-42');
    await page.getByLabel('Confirm Password').fill('birdie-putt-42');
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expect.poll(() => page.getByText('Account Created!').isVisible()).toBe(true);

    // The order placed signed out in this browser is now the new account's.
    const [order] = await shop.database.db
      .select()
      .from(orders)
      .where(eq(orders.customerEmail, 'jordan@example.com'));
    expect(order.id).toBe(placedId);
    expect(order.totalCents).toBe(totalCents);
    expect(order.discountCents).toBe(discountCents);
    expect(order.items).toEqual([
      expect.objectContaining({ productId: product.id, quantity: 25, unitPriceCents: unitCents }),
    ]);
    await expect
      .poll(
        async () =>
          (await shop.database.db.select().from(orders).where(eq(orders.id, order.id)))[0].userId,
      )
      .not.toBeNull();

    // Creating the account came back to Track Order, which now lists the order.
    await page.waitForURL((url) => url.pathname === '/track-order');
    await expect
      .poll(() => page.getByText(`Order #${order.id}`, { exact: true }).isVisible())
      .toBe(true);

    await page.goto(`${shop.url}/track-order?id=${order.id}&type=regular`);
    await expect
      .poll(() => page.getByRole('heading', { name: `Order #${order.id}` }).isVisible())
      .toBe(true);
    await expect.poll(() => page.getByText(formatUsd(totalCents)).first().isVisible()).toBe(true);
    await expect.poll(() => page.getByText(product.name).first().isVisible()).toBe(true);
    await screenshot(page, '07-track-order');
    await expectAxeClean(page, '/track-order');

    // Logging out replaces the cart session id too.
    const sessionBeforeLogout = await cartSession();
    await page.getByRole('button', { name: 'Logout' }).first().click();
    await expect.poll(cartSession).not.toBe(sessionBeforeLogout);

    // Narrow screen: the page fits 360 px without horizontal scrolling.
    await page.setViewportSize({ width: 360, height: 800 });
    await page.goto(`${shop.url}/wholesale`);
    await expect.poll(() => page.getByText(/Showing \d+ of \d+ pins/).isVisible()).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      360,
    );
    await screenshot(page, '08-wholesale-360');

    expect(pageErrors).toEqual([]);
    expect(centsToDollars(order.totalCents)).toBeGreaterThan(0);
    await context.close();
  });

  it('shows a guest the confirmation on a 360x740 phone, and only in the browser that paid', async () => {
    const { shop, browser } = fixture;
    const products = (await (await fetch(`${shop.url}/api/products`)).json()) as Product[];
    const product = products.find((p) => p.price > 0 && p.stockQuantity >= 10)!;
    const context = await browser.newContext({ viewport: { width: 360, height: 740 } });
    context.setDefaultTimeout(15_000);
    const page = await context.newPage();
    const pageErrors: string[] = [];
    page.on('pageerror', (e) => pageErrors.push(e.message));

    // Pay through the same calls the checkout page makes, from this browser's own request
    // context: the claim cookie the server sets lands in this browser.
    const headers = { 'x-session-id': randomUUID() };
    const post = async (path: string, data: unknown) => {
      const res = await context.request.post(`${shop.url}${path}`, { headers, data });
      expect(res.ok(), `${path}: ${await res.text()}`).toBe(true);
      return (await res.json()) as Record<string, unknown>;
    };
    await post('/api/cart', { productId: product.id, quantity: 3 });
    const payment = await post('/paypal/order', { intent: 'CAPTURE', currency: 'USD' });
    await post(`/paypal/order/${payment.id}/capture`, {});
    const placed = await post('/api/create-order', {
      paypalOrderId: payment.id,
      customerEmail: 'phone.guest@example.com',
      customerName: 'Phone Guest',
      shippingAddress: '9 Short Par Lane, Tucson, AZ 85701',
    });
    const order = placed.order as { id: number };
    // Computed here from the catalogue's rules: 3 at the single-unit tier, flat shipping.
    const totalCents = catalogUnitPrice(dollarsToCents(product.price), 3) * 3 + SHIPPING_FLAT_CENTS;

    await page.goto(`${shop.url}/track-order?id=${order.id}&type=regular&fromCheckout=true`);
    const confirmation = page.getByRole('region', { name: `Order #${order.id}` });
    await expect.poll(() => confirmation.isVisible()).toBe(true);
    const text = (await confirmation.textContent()) ?? '';
    expect(text).toContain(product.name);
    expect(text).toContain(formatUsd(totalCents));
    expect(text).toContain('Expected to ship');
    expect(text).toContain('9 Short Par Lane');
    const signUp = page.getByRole('link', { name: 'Create an account to track this order' });
    expect(await signUp.isVisible()).toBe(true);
    // Fits the phone: no horizontal scrolling, the sign-up link is a real tap target.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      360,
    );
    expect((await signUp.boundingBox())?.height ?? 0).toBeGreaterThanOrEqual(24);
    await screenshot(page, '09-guest-confirmation-360');
    await expectAxeClean(page, '/track-order guest confirmation at 360 px');

    // Another browser (no claim cookie) sees the thank-you but not the order's details.
    const stranger = await browser.newContext({ viewport: { width: 360, height: 740 } });
    const other = await stranger.newPage();
    await other.goto(`${shop.url}/track-order?id=${order.id}&type=regular&fromCheckout=true`);
    await expect
      .poll(() =>
        other.getByText(`Thank you! Your order #${order.id} has been placed.`).isVisible(),
      )
      .toBe(true);
    expect(await other.getByText('9 Short Par Lane').count()).toBe(0);
    expect(await other.getByText(product.name).count()).toBe(0);
    await stranger.close();

    expect(pageErrors).toEqual([]);
    await context.close();
  });
});

function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
