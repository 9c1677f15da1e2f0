/**
 * The quote request as a visitor makes it, in Chromium against the real shop: open
 * /quote from the header's 'Get Quote', submit empty (spec messages shown), fill the
 * form, attach a PNG logo, submit, land on /quote-success; the quote_requests row and
 * the stored logo are read back from the database. Both pages are axe-clean.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { desc, eq } from 'drizzle-orm';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { files, quoteRequests } from '../src/server/db/schema';
import { TINY_PNG } from '../src/server/test/fixtures';
import { QUOTE_MESSAGES } from '../src/shared/schemas/quotes';
import { expectAxeClean } from './support/axe';
import { screenshot } from './support/browser';
import { type TestShop, useShopAndBrowser } from './support/shop';

describe('quote request in Chromium', () => {
  const fixture = useShopAndBrowser();
  let shop: TestShop;
  let browser: Browser;
  let tmp: string;

  beforeAll(async () => {
    ({ shop, browser } = fixture);
    tmp = mkdtempSync(path.join(tmpdir(), 'fp-quote-'));
  });

  afterAll(async () => {
    if (tmp) rmSync(tmp, { recursive: true, force: true });
  });

  it('validates, uploads a logo, lands on /quote-success and stores the request', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    context.setDefaultTimeout(10_000);
    const page = await context.newPage();
    const pageErrors: string[] = [];
    page.on('pageerror', (e) => pageErrors.push(e.message));
    // A tag manager's data layer, as a configured analytics snippet would create it.
    await page.addInitScript(() => {
      (window as unknown as { dataLayer: unknown[] }).dataLayer = [];
    });

    await page.goto(shop.url);
    await page.getByRole('banner').getByRole('link', { name: 'Get Quote' }).click();
    await page.waitForURL(/\/quote$/);
    await expect
      .poll(() => page.getByRole('heading', { level: 1 }).textContent())
      .toBe('Custom Golf Pin Quote Request');
    expect(await page.title()).toBe('Get Custom Golf Pin Quote - Free 24hr Mockup');
    expect(await page.getByLabel('Estimated Quantity *').inputValue()).toBe('25');
    await expectAxeClean(page, '/quote');

    // Empty submit: the spec's messages under the fields, nothing sent.
    await page.getByRole('button', { name: 'Submit Quote Request' }).click();
    for (const text of [QUOTE_MESSAGES.name, QUOTE_MESSAGES.email, QUOTE_MESSAGES.description]) {
      await expect.poll(() => page.getByText(text).isVisible()).toBe(true);
    }
    await expectAxeClean(page, '/quote with errors');
    await screenshot(page, 'quote-errors');

    await page.getByLabel('Full Name *').fill('Casey Fairway');
    await page.getByLabel('Email Address *').fill('casey@example.com');
    await page.getByLabel('Company/Organization').fill('Links Club');
    await page
      .getByLabel('Project Description *')
      .fill('Club championship pins with our crest, three colours.');
    await page.getByLabel('Product Type *').selectOption('ball_markers');
    await page.getByLabel('Estimated Quantity *').fill('150');
    const min = await page.getByLabel('Deadline Date (optional)').getAttribute('min');
    expect(min).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    await page.getByLabel('Deadline Date (optional)').fill(min!);
    const png = TINY_PNG;
    const logoPath = path.join(tmp, 'crest.png');
    writeFileSync(logoPath, png);
    await page.locator('input[type="file"]').setInputFiles(logoPath);
    await expect.poll(() => page.getByTestId('logo-chosen').textContent()).toContain('crest.png');
    // A tiny logo reads 'under 0.01 MB', not '0.00 MB'.
    expect(await page.getByTestId('logo-chosen').textContent()).toContain('(under 0.01 MB)');

    await page.getByRole('button', { name: 'Submit Quote Request' }).click();
    await page.waitForURL(/\/quote-success$/);
    await expect
      .poll(() => page.getByRole('heading', { name: 'What Happens Next?' }).isVisible())
      .toBe(true);
    // Pushed by an effect after the page's render: wait for it rather than read once.
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { dataLayer: unknown[] }).dataLayer))
      .toEqual([{ event: 'quote_submitted' }]);
    await expectAxeClean(page, '/quote-success');
    await screenshot(page, 'quote-success');

    const [row] = await shop.database.db
      .select()
      .from(quoteRequests)
      .orderBy(desc(quoteRequests.id))
      .limit(1);
    expect(row).toMatchObject({
      customerName: 'Casey Fairway',
      customerEmail: 'casey@example.com',
      companyName: 'Links Club',
      pinType: 'ball_markers',
      quantity: 150,
      preferredSize: '1inch',
      deadlineDate: min,
      logoFileName: 'crest.png',
      status: 'pending',
    });
    const [file] = await shop.database.db
      .select()
      .from(files)
      .where(eq(files.id, row!.logoUrl!.split('/').pop()!));
    expect(file!.contentType).toBe('image/png');
    expect(Buffer.from(file!.data, 'base64').equals(png)).toBe(true);

    await page.getByRole('link', { name: 'Browse Pre-Made Pins' }).click();
    await page.waitForURL(/\/wholesale$/);
    expect(pageErrors).toEqual([]);
    await context.close();
  });

  it('fits a 360 px screen without horizontal scrolling', async () => {
    const context = await browser.newContext({ viewport: { width: 360, height: 800 } });
    const page = await context.newPage();
    for (const url of ['/quote', '/quote-success']) {
      await page.goto(`${shop.url}${url}`);
      await page.getByRole('heading', { level: 1 }).waitFor();
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow, `horizontal overflow on ${url}`).toBeLessThanOrEqual(0);
    }
    await screenshot(page, 'quote-success-360');
    await page.goto(`${shop.url}/quote`);
    await page.getByRole('heading', { level: 1 }).waitFor();
    await screenshot(page, 'quote-360');
    await context.close();
  });
});
