/**
 * The admin's Regular Orders section in Chromium against the real shop (embedded
 * PGlite, demo catalogue, offline test payments): orders are placed through the real
 * API as a customer's browser would; a customer is sent away from /admin; the admin
 * signs in via /login?next=/admin, sees the Admin link, adds tracking (after the
 * validation message), marks the order delivered and deletes another order after
 * confirming. The database is read back after every step.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { orders } from '../src/server/db/schema';
import type { Product } from '../src/shared/schemas/catalog';
import { expectAxeClean } from './support/axe';
import { screenshot } from './support/browser';
import { E2E_ADMIN, placeOrderThroughApi as placeOrder, useShopAndBrowser } from './support/shop';

describe('admin Regular Orders in Chromium', () => {
  const fixture = useShopAndBrowser();

  it('keeps customers out and lets the admin track, deliver and delete orders', async () => {
    const { shop, browser } = fixture;
    const products = (await (await fetch(`${shop.url}/api/products`)).json()) as Product[];
    const product = products.find((p) => p.price > 0 && p.stockQuantity >= 10)!;
    expect(product, 'demo catalogue has a product in stock').toBeTruthy();
    const shippedId = await placeOrder(shop, product.id, {
      name: 'Ada Birdie',
      email: 'ada@example.com',
    });
    const deletedId = await placeOrder(shop, product.id, {
      name: 'Bo Bogey',
      email: 'bo@example.com',
    });
    const row = async (id: number) =>
      (await shop.database.db.select().from(orders).where(eq(orders.id, id)))[0];
    expect((await row(shippedId))?.status).toBe('processing');

    // A signed-in customer is sent away from /admin.
    const customerContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    customerContext.setDefaultTimeout(10_000);
    const registered = await customerContext.request.post(`${shop.url}/api/auth/register`, {
      data: { username: 'plaincustomer', email: 'plain@example.com', password: 'fairway-pass-9' },
    });
    expect(registered.ok(), await registered.text()).toBe(true);
    const customerPage = await customerContext.newPage();
    await customerPage.goto(`${shop.url}/admin`);
    await customerPage.waitForURL((url) => url.pathname === '/');
    await expect.poll(() => customerPage.getByText('Access Denied').isVisible()).toBe(true);
    expect(await customerPage.getByText('Admin Dashboard').count()).toBe(0);
    await customerContext.close();

    // Signed out: /admin goes to the login page, which comes back to /admin.
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    context.setDefaultTimeout(10_000);
    const page = await context.newPage();
    const pageErrors: string[] = [];
    page.on('pageerror', (e) => pageErrors.push(e.message));
    await page.goto(`${shop.url}/admin`);
    await page.waitForURL(
      (url) => url.pathname === '/login' && url.searchParams.get('next') === '/admin',
    );
    await page.getByLabel('Username').fill(E2E_ADMIN.username);
    await page.getByLabel('Password').fill(E2E_ADMIN.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL((url) => url.pathname === '/admin');
    await expect
      .poll(() => page.getByRole('heading', { level: 1, name: 'Admin Dashboard' }).isVisible())
      .toBe(true);
    const main = page.getByRole('navigation', { name: 'Main' });
    await expect.poll(() => main.getByRole('link', { name: 'Admin' }).isVisible()).toBe(true);

    // The section menu holds Regular Orders (marked current once chosen; Order History is the default).
    const menu = page.getByRole('navigation', { name: 'Admin sections' });
    await menu.getByRole('link', { name: 'Regular Orders' }).click();
    await expect
      .poll(() => menu.getByRole('link', { name: 'Regular Orders' }).getAttribute('aria-current'))
      .toBe('page');
    const shippedCard = page.getByRole('article', { name: `Order #${shippedId}`, exact: true });
    const deletedCard = page.getByRole('article', { name: `Order #${deletedId}`, exact: true });
    await expect.poll(() => shippedCard.isVisible()).toBe(true);
    await expect.poll(() => deletedCard.isVisible()).toBe(true);
    await expect.poll(() => shippedCard.getByText('ada@example.com').isVisible()).toBe(true);
    await expect.poll(() => shippedCard.getByText('2 items').isVisible()).toBe(true);
    // Newest first.
    const titles = await page
      .getByRole('heading', { level: 3, name: /^Order #\d+$/ })
      .allTextContents();
    expect(titles.indexOf(`Order #${deletedId}`)).toBeLessThan(
      titles.indexOf(`Order #${shippedId}`),
    );
    await screenshot(page, 'admin-01-regular-orders');
    await expectAxeClean(page, '/admin Regular Orders');

    // View Details: customer, address and items.
    await shippedCard.getByRole('button', { name: 'View Details' }).click();
    const details = page.getByRole('dialog', { name: `Order #${shippedId} Details` });
    await expect.poll(() => details.getByText(product.name).isVisible()).toBe(true);
    await expect.poll(() => details.getByText(/1 Fairway Drive/).isVisible()).toBe(true);
    await expectAxeClean(page, 'order details dialog');
    await page.keyboard.press('Escape');
    await expect.poll(() => details.isVisible()).toBe(false);

    // Tracking: an empty number is refused; a number (+ URL) saves and ships the order.
    await shippedCard.getByRole('button', { name: 'Add Tracking' }).click();
    const tracking = page.getByRole('dialog', { name: /Add Tracking/ });
    await tracking.getByRole('button', { name: 'Save Tracking' }).click();
    await expect
      .poll(() => tracking.getByText('Tracking number is required.').isVisible())
      .toBe(true);
    await screenshot(page, 'admin-02-tracking-validation');
    await expectAxeClean(page, 'tracking dialog');
    await tracking.getByLabel('Tracking Number').fill('  1Z999AA10123456784 ');
    await tracking
      .getByLabel(/Tracking URL/)
      .fill('https://www.ups.com/track?tracknum=1Z999AA10123456784');
    await tracking.getByRole('button', { name: 'Save Tracking' }).click();
    await expect.poll(() => page.getByText('Tracking Updated').isVisible()).toBe(true);
    await expect.poll(() => tracking.isVisible()).toBe(false);
    expect(await row(shippedId)).toMatchObject({
      trackingNumber: '1Z999AA10123456784',
      trackingUrl: 'https://www.ups.com/track?tracknum=1Z999AA10123456784',
      status: 'shipped',
    });
    await expect.poll(() => shippedCard.getByText('1Z999AA10123456784').isVisible()).toBe(true);
    await expect
      .poll(() => shippedCard.getByRole('button', { name: 'Update Tracking' }).isVisible())
      .toBe(true);
    await expect.poll(() => shippedCard.getByLabel('Order status').inputValue()).toBe('shipped');

    // Mark as Delivered (only offered while shipped).
    await shippedCard.getByRole('button', { name: 'Mark as Delivered' }).click();
    await expect.poll(async () => (await row(shippedId))?.status).toBe('delivered');
    await expect.poll(() => page.getByText('Status Updated').isVisible()).toBe(true);
    await expect
      .poll(() => shippedCard.getByRole('button', { name: 'Mark as Delivered' }).count())
      .toBe(0);
    await expect.poll(() => shippedCard.getByLabel('Order status').inputValue()).toBe('delivered');

    // The status selector sets any offered status, saved by 'Update Status' (choosing alone
    // saves nothing: arrow keys change a closed select in Chromium).
    await deletedCard.getByLabel('Order status').selectOption('pending');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect((await row(deletedId))?.status).not.toBe('pending');
    await deletedCard.getByRole('button', { name: 'Update Status' }).click();
    await expect.poll(async () => (await row(deletedId))?.status).toBe('pending');

    // Delete asks first; Cancel keeps the order, confirming deletes it.
    await deletedCard.getByRole('button', { name: 'Delete' }).click();
    const confirm = page.getByRole('alertdialog', { name: `Delete order #${deletedId}?` });
    await expect.poll(() => confirm.isVisible()).toBe(true);
    await screenshot(page, 'admin-03-delete-confirm');
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(() => confirm.isVisible()).toBe(false);
    expect(await row(deletedId)).toBeDefined();
    await deletedCard.getByRole('button', { name: 'Delete' }).click();
    await confirm.getByRole('button', { name: 'Delete Order' }).click();
    await expect.poll(() => page.getByText('Order Deleted').isVisible()).toBe(true);
    await expect.poll(() => deletedCard.count()).toBe(0);
    // The Delete button went with its card: the focus goes to the section's title, not
    // to the page's start.
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.id))
      .toBe('admin-section-title');
    expect(await row(deletedId)).toBeUndefined();
    expect((await row(shippedId))?.status).toBe('delivered');
    await screenshot(page, 'admin-04-after-delete');
    await expectAxeClean(page, '/admin after changes');

    // Narrow screen: no horizontal scrolling.
    await page.setViewportSize({ width: 360, height: 800 });
    await expect.poll(() => shippedCard.isVisible()).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      360,
    );
    await screenshot(page, 'admin-05-regular-orders-360');

    expect(pageErrors).toEqual([]);
    await context.close();
  });
});
