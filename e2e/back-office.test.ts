/**
 * The back office in Chromium against the real shop (embedded PGlite, demo catalogue,
 * offline test payments), issue 8 "What it must show": the admin signs in, sees the
 * dashboard charts, creates a product with an image and finds it in the catalogue, edits
 * its stock, creates and deactivates a code, imports customers, creates an invoice; a
 * visitor pays it through its link (with a tampered ?amount=) in test mode and the admin
 * list shows it paid. axe finds no violations on the admin sections and the pay page.
 * The database is read back after each step.
 */
import { and, eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  customers,
  discountCodes,
  mailOutbox,
  manualInvoices,
  products,
} from '../src/server/db/schema';
import { TINY_PNG } from '../src/server/test/fixtures';
import type { Product } from '../src/shared/schemas/catalog';
import { expectAxeClean, settleToasts } from './support/axe';
import { screenshot } from './support/browser';
import { E2E_ADMIN, placeOrderThroughApi, useShopAndBrowser } from './support/shop';

async function openSection(page: Page, label: string) {
  await page
    .getByRole('navigation', { name: 'Admin sections' })
    .getByRole('link', { name: label })
    .click();
  await expect
    .poll(() => page.getByRole('heading', { level: 2, name: label }).isVisible())
    .toBe(true);
}

describe('back office in Chromium', () => {
  const fixture = useShopAndBrowser();

  it('dashboard, product with image, stock, code, customer import, invoice paid by link', async () => {
    const { shop, browser } = fixture;
    const db = shop.database.db;
    const catalogue = (await (await fetch(`${shop.url}/api/products`)).json()) as Product[];
    const inStock = catalogue.find((p) => p.price > 0 && p.stockQuantity >= 10)!;
    await placeOrderThroughApi(
      shop,
      inStock.id,
      { name: 'Dana Eagle', email: 'Dana.Eagle@Example.com' },
      1,
    );

    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    context.setDefaultTimeout(10_000);
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: shop.url });
    const page = await context.newPage();
    const pageErrors: string[] = [];
    page.on('pageerror', (e) => pageErrors.push(e.message));

    // Sign in and land on the dashboard with its charts.
    await page.goto(`${shop.url}/login?next=%2Fadmin`);
    await page.getByLabel('Username').fill(E2E_ADMIN.username);
    await page.getByLabel('Password').fill(E2E_ADMIN.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL((url) => url.pathname === '/admin');
    await expect
      .poll(() => page.getByRole('heading', { level: 2, name: 'Dashboard' }).isVisible())
      .toBe(true);
    const salesChart = page.locator('canvas[data-chart="Sales per day"]');
    await expect.poll(() => salesChart.isVisible()).toBe(true);
    await expect
      .poll(() => page.locator('canvas[data-chart="Orders by status"]').isVisible())
      .toBe(true);
    // Chart.js drew something: the canvas has a size and non-transparent pixels.
    await expect
      .poll(() =>
        salesChart.evaluate((c: HTMLCanvasElement) => {
          const data = c.getContext('2d')!.getImageData(0, 0, c.width, c.height).data;
          return data.some((v, i) => i % 4 === 3 && v > 0);
        }),
      )
      .toBe(true);
    await page.getByText('Last 7 days').click();
    await expect
      .poll(() => page.getByText(/Catalogue orders \(/).textContent())
      .toMatch(/^Catalogue orders \([A-Z][a-z]+ \d{1,2}, \d{4} – [A-Z][a-z]+ \d{1,2}, \d{4}\)$/);
    await screenshot(page, 'back-office-01-dashboard');
    await expectAxeClean(page, 'admin dashboard');

    // Products: create one with an image.
    await openSection(page, 'Products');
    await page.getByRole('button', { name: 'Add Product' }).first().click();
    const form = page.getByRole('dialog', { name: 'Add Product' });
    await form.getByLabel('Name', { exact: true }).fill('E2E Birdie Pin');
    // Escape with unsaved input asks first; keeping the form keeps what was typed.
    const asked: string[] = [];
    page.once('dialog', (question) => {
      asked.push(question.message());
      void question.dismiss();
    });
    await page.keyboard.press('Escape');
    await expect.poll(() => asked).toEqual(['Discard your changes?']);
    expect(await form.getByLabel('Name', { exact: true }).inputValue()).toBe('E2E Birdie Pin');
    await form.getByLabel('Price ($)').fill('12.50');
    await form.getByLabel('Stock', { exact: true }).fill('25');
    await form
      .getByLabel('Image')
      .setInputFiles({ name: 'birdie.png', mimeType: 'image/png', buffer: TINY_PNG });
    await expect
      .poll(() => form.getByRole('img', { name: 'Product preview' }).isVisible())
      .toBe(true);
    await form.getByLabel('Features').fill('Soft enamel\nGold plating');
    await expectAxeClean(page, 'product form');
    await form.getByRole('button', { name: 'Create Product' }).click();
    await expect.poll(() => page.getByText('Product Created').isVisible()).toBe(true);
    // The focus goes back to the button that opened the dialog, not to the page's start.
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.textContent?.trim()))
      .toBe('Add Product');
    const [created] = await db.select().from(products).where(eq(products.name, 'E2E Birdie Pin'));
    expect(created).toMatchObject({ priceCents: 1250, stockQuantity: 25, isActive: true });
    expect(created!.imageUrl).toMatch(/^\/api\/files\//);
    expect(created!.features).toEqual(['Soft enamel', 'Gold plating']);

    // It is in the catalogue at once, with its image.
    const shopper = await context.newPage();
    await shopper.goto(`${shop.url}/product/${created!.id}`);
    await expect
      .poll(() => shopper.getByRole('heading', { name: 'E2E Birdie Pin' }).isVisible())
      .toBe(true);
    const listed = (await (await fetch(`${shop.url}/api/products`)).json()) as Product[];
    expect(listed.find((p) => p.id === created!.id)?.imageUrl).toMatch(/^\/api\/files\/.+\?v=\d+$/);
    await shopper.close();

    // Stock: a negative value is ignored with a message; a real one is saved.
    await page.getByLabel('Search products').fill('E2E Birdie');
    const stockInput = page.getByLabel('Stock of E2E Birdie Pin');
    await stockInput.fill('-3');
    await page.getByRole('button', { name: 'Save stock of E2E Birdie Pin' }).click();
    await expect.poll(() => page.getByText('Stock Not Changed').isVisible()).toBe(true);
    await stockInput.fill('7');
    await page.getByRole('button', { name: 'Save stock of E2E Birdie Pin' }).click();
    await expect.poll(() => page.getByText('Stock Updated').isVisible()).toBe(true);
    await expect
      .poll(
        async () =>
          (await db.select().from(products).where(eq(products.id, created!.id)))[0]?.stockQuantity,
      )
      .toBe(7);
    await expect
      .poll(() =>
        page
          .getByRole('row', { name: /E2E Birdie Pin/ })
          .getByText('Low Stock')
          .isVisible(),
      )
      .toBe(true);
    await screenshot(page, 'back-office-02-products');
    await expectAxeClean(page, 'admin products');

    // Discount codes: create, then deactivate.
    await openSection(page, 'Discount Codes');
    await page.getByRole('button', { name: 'Create Code' }).click();
    const codeForm = page.getByRole('dialog', { name: 'Create Discount Code' });
    await codeForm.getByLabel('Code', { exact: true }).fill('e2esave');
    await codeForm.getByLabel('Discount', { exact: true }).fill('15');
    await codeForm.getByRole('button', { name: 'Create Code' }).click();
    await expect.poll(() => page.getByText('Code Created').isVisible()).toBe(true);
    const codeRow = page.getByRole('row', { name: /E2ESAVE/ });
    await expect.poll(() => codeRow.getByText('Active', { exact: true }).isVisible()).toBe(true);
    await codeRow.getByRole('button', { name: 'Deactivate E2ESAVE' }).click();
    await expect.poll(() => codeRow.getByText('Inactive', { exact: true }).isVisible()).toBe(true);
    const [code] = await db.select().from(discountCodes).where(eq(discountCodes.code, 'E2ESAVE'));
    expect(code).toMatchObject({ isActive: false, discountValue: 15 });

    // Import customers (asks first).
    await page.getByRole('button', { name: 'Import Customers' }).click();
    const importDialog = page.getByRole('alertdialog', { name: 'Import customers?' });
    await importDialog.getByRole('button', { name: 'Import Customers' }).click();
    await expect.poll(() => page.getByText('Customer Import Completed').isVisible()).toBe(true);
    const imported = await db
      .select()
      .from(customers)
      .where(eq(customers.email, 'dana.eagle@example.com'));
    expect(imported).toHaveLength(1);
    await screenshot(page, 'back-office-03-codes');
    await settleToasts(page);
    await expectAxeClean(page, 'admin discount codes');

    // Invoices: 'Missing Information', then a real one.
    await openSection(page, 'Manual Invoices');
    await page.getByRole('button', { name: 'Send Invoice' }).click();
    await expect.poll(() => page.getByText('Missing Information').isVisible()).toBe(true);
    await page.getByLabel('Customer name').fill('Fox Hollow Golf Club');
    await page.getByLabel('Customer email').fill('ap@foxhollow.example');
    await page.getByLabel('Amount ($)').fill('150.25');
    await page.getByLabel('Description').fill('Member-guest tournament pins');
    await page.getByRole('button', { name: 'Send Invoice' }).click();
    // No SMTP in this shop: the invoice is saved and its e-mail waits in the outbox.
    await expect.poll(() => page.getByText('Invoice Saved').isVisible()).toBe(true);
    const [invoice] = await db
      .select()
      .from(manualInvoices)
      .where(eq(manualInvoices.customerEmail, 'ap@foxhollow.example'));
    expect(invoice).toMatchObject({ totalCents: 15025, status: 'pending', terms: 'Net 30' });
    const invoiceRow = page.getByRole('row', { name: new RegExp(invoice!.invoiceNumber) });
    await expect.poll(() => invoiceRow.getByText('Unpaid').isVisible()).toBe(true);
    await screenshot(page, 'back-office-04-invoices');
    await expectAxeClean(page, 'admin invoices');

    // The customer's e-mail (outbox) carries the pay link.
    const [mail] = await db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.kind, 'invoice'), eq(mailOutbox.toAddress, 'ap@foxhollow.example')));
    const link = /https?:\/\/\S+\/pay-invoice\/\S+/.exec(mail!.textBody)![0];
    const linkPath = new URL(link).pathname + new URL(link).search;

    // A visitor pays through the link; the tampered ?amount= changes nothing.
    const visitorContext = await browser.newContext({ viewport: { width: 390, height: 844 } });
    visitorContext.setDefaultTimeout(10_000);
    const visitor = await visitorContext.newPage();
    await visitor.goto(`${shop.url}${linkPath}&amount=1`);
    await expect
      .poll(() =>
        visitor
          .getByRole('heading', { name: `Pay Invoice #${invoice!.invoiceNumber}` })
          .isVisible(),
      )
      .toBe(true);
    await expect
      .poll(() => visitor.getByRole('heading', { name: 'Pay $150.25' }).isVisible())
      .toBe(true);
    await expectAxeClean(visitor, 'pay invoice page');
    await visitor.getByRole('button', { name: 'Test payment' }).click();
    await expect
      .poll(() => visitor.getByRole('heading', { name: 'Payment Successful!' }).isVisible())
      .toBe(true);
    await expect
      .poll(() =>
        visitor.getByText(`Invoice #${invoice!.invoiceNumber} has been paid in full.`).isVisible(),
      )
      .toBe(true);
    await screenshot(visitor, 'back-office-05-invoice-paid');
    const [paid] = await db.select().from(manualInvoices).where(eq(manualInvoices.id, invoice!.id));
    expect(paid).toMatchObject({ status: 'paid' });
    // Opening the link again says it is paid.
    await visitor.goto(`${shop.url}${linkPath}`);
    await expect
      .poll(() => visitor.getByRole('heading', { name: 'This invoice has been paid' }).isVisible())
      .toBe(true);
    await visitorContext.close();

    // The admin's list shows it paid (refreshed every 10 s).
    await expect
      .poll(() => invoiceRow.getByText('Paid', { exact: true }).isVisible(), { timeout: 15_000 })
      .toBe(true);

    // Money & Mail lists the held mail (no SMTP in this shop).
    await openSection(page, 'Money & Mail');
    await expect
      .poll(() =>
        page
          .getByRole('row', { name: /ap@foxhollow.example/ })
          .first()
          .isVisible(),
      )
      .toBe(true);
    await expectAxeClean(page, 'admin money and mail');

    // 360 px: the menu folds; no sideways scrolling.
    await page.setViewportSize({ width: 360, height: 800 });
    await page.getByRole('button', { name: /Menu/ }).click();
    await page
      .getByRole('dialog', { name: 'Admin sections' })
      .getByRole('link', { name: 'Products' })
      .click();
    await expect
      .poll(() => page.getByRole('article', { name: 'E2E Birdie Pin' }).isVisible())
      .toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      360,
    );
    await screenshot(page, 'back-office-06-products-360');
    await expectAxeClean(page, 'admin products at 360 px');

    expect(pageErrors).toEqual([]);
    await context.close();
  });
});
