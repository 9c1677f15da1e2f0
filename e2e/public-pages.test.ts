/**
 * Public pages in Chromium at a 360x740 phone and a 1366x768 laptop (issue 10): each page
 * loads without a console error or CSP report, ends with the app's own page (the server's
 * content replaced), keeps its title, and axe finds no WCAG 2 A/AA violation. With
 * JavaScript off the catalogue, a product and a post still show their content.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectAxeClean } from './support/axe';
import { screenshot } from './support/browser';
import { type TestShop, useShopAndBrowser } from './support/shop';

const VIEWPORTS = [
  { name: 'phone', width: 360, height: 740 },
  { name: 'laptop', width: 1366, height: 768 },
] as const;

/** Collects console errors, page errors and (warnings included) of `page`. */
function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error' || msg.type() === 'warning')
      errors.push(`${msg.type()}: ${msg.text()}`);
  });
  page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
  return errors;
}

describe('public pages in Chromium', () => {
  const fixture = useShopAndBrowser();
  let shop: TestShop;
  let browser: Browser;
  let productId: number;
  let productName: string;
  let postSlug: string;
  let postTitle: string;

  beforeAll(async () => {
    ({ shop, browser } = fixture);
    const products = (await (await fetch(`${shop.url}/api/products`)).json()) as {
      id: number;
      name: string;
      price: number;
    }[];
    const product = products.find((p) => p.price > 0)!;
    productId = product.id;
    productName = product.name;
    const posts = (await (await fetch(`${shop.url}/api/blog`)).json()) as {
      slug: string;
      title: string;
    }[];
    postSlug = posts[0]!.slug;
    postTitle = posts[0]!.title;
  });

  for (const viewport of VIEWPORTS) {
    it(`every public page at ${viewport.width}x${viewport.height}: no console error, own title, axe-clean`, async () => {
      const context = await browser.newContext({ viewport: viewport });
      context.setDefaultTimeout(15_000);
      const page = await context.newPage();
      const errors = watchErrors(page);
      // CSP violations (an eval, a blocked load) are recorded by the page itself.
      await page.addInitScript(() => {
        const w = window as unknown as { cspViolations: string[] };
        w.cspViolations = [];
        document.addEventListener('securitypolicyviolation', (e) =>
          w.cspViolations.push(`${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}`),
        );
      });
      const pages: { path: string; h1: string | RegExp; title: string | RegExp }[] = [
        {
          path: '/',
          h1: 'Custom Golf Pins, Ball Markers & Commemorative Coins',
          title: 'Custom Golf Pins, Ball Markers & Commemorative Coins | Professional Design',
        },
        { path: '/wholesale', h1: 'Wholesale Golf Pins', title: /^Wholesale Golf Pins/ },
        {
          path: `/product/${productId}`,
          h1: productName,
          title: `${productName} | Fairway Pin Co.`,
        },
        { path: '/quote', h1: 'Custom Golf Pin Quote Request', title: /Quote/ },
        {
          path: '/custom',
          h1: 'Design Your Custom Golf Pin',
          title: /^Design Your Custom Golf Pin/,
        },
        { path: '/blog', h1: 'Golf Pin Blog', title: /^Golf Pin Blog/ },
        { path: `/blog/${postSlug}`, h1: postTitle, title: new RegExp(`^${postTitle}`) },
        { path: '/no-such-page', h1: 'Page Not Found', title: /^Page Not Found/ },
      ];
      for (const p of pages) {
        errors.length = 0;
        const response = await page.goto(`${shop.url}${p.path}`);
        expect(response?.status(), p.path).toBe(p.path === '/no-such-page' ? 404 : 200);
        // The app has replaced the server's content once its header (cart button) is there.
        await page.getByRole('button', { name: /cart/i }).first().waitFor();
        await expect
          .poll(() => page.locator('h1').first().textContent(), { timeout: 10_000 })
          .toMatch(
            typeof p.h1 === 'string'
              ? new RegExp(`^${p.h1.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`)
              : p.h1,
          );
        expect(await page.locator('main').count(), p.path).toBe(1);
        expect(await page.title(), p.path).toMatch(p.title);
        await expectAxeClean(page, `${p.path} at ${viewport.name}`);
        if (p.path === '/wholesale' || p.path === '/')
          await screenshot(page, `public-${viewport.name}${p.path.replace(/\//g, '-')}`);
        // The not-found page's own document is the one 404 Chromium reports.
        const expected =
          p.path === '/no-such-page'
            ? [
                'error: Failed to load resource: the server responded with a status of 404 (Not Found)',
              ]
            : [];
        expect(errors, p.path).toEqual(expected);
        expect(
          await page.evaluate(
            () => (window as unknown as { cspViolations: string[] }).cspViolations,
          ),
          `CSP violations on ${p.path}`,
        ).toEqual([]);
      }
      await context.close();
    });
  }

  it('phone: /wholesale shows pins in the first screen; tap targets are at least 24 px', async () => {
    const context = await browser.newContext({ viewport: { width: 360, height: 740 } });
    context.setDefaultTimeout(15_000);
    const page = await context.newPage();
    await page.goto(`${shop.url}/wholesale`);
    await page.getByRole('button', { name: /cart/i }).first().waitFor();
    const firstCard = page.locator('main a[href^="/product/"]').first();
    await firstCard.waitFor();
    const box = (await firstCard.boundingBox())!;
    // The card's image and name start inside the first 740 px.
    expect(box.y + 120).toBeLessThan(740);
    // Cards show the unit price from 25.
    expect(await page.locator('main').textContent()).toMatch(/\$\d+\.\d{2} each from 25/);

    for (const path of ['/', '/wholesale', `/product/${productId}`, '/blog']) {
      await page.goto(`${shop.url}${path}`);
      await page.getByRole('button', { name: /cart/i }).first().waitFor();
      await page.locator('footer').scrollIntoViewIfNeeded();
      // Interactive elements (not links inside a sentence) measure 24 x 24 px or more.
      const small = await page.evaluate(() =>
        [...document.querySelectorAll('a, button, select, input:not([type="hidden"])')]
          .filter((el) => {
            const r = el.getBoundingClientRect();
            if (r.width === 0 || r.height === 0) return false; // hidden
            if (el.closest('p, [aria-hidden="true"], .sr-only')) return false; // inline text links
            if (el.classList.contains('sr-only')) return false;
            return r.width < 23.5 || r.height < 23.5;
          })
          .map(
            (el) =>
              `${el.tagName} "${(el.textContent ?? '').trim().slice(0, 30)}" ${Math.round(el.getBoundingClientRect().width)}x${Math.round(el.getBoundingClientRect().height)}`,
          ),
      );
      expect(small, path).toEqual([]);
    }
    await context.close();
  });

  it('product page: breadcrumbs, tiers, shipping and delivery estimate, related pins, stock cap', async () => {
    const context = await browser.newContext({ viewport: { width: 1366, height: 768 } });
    context.setDefaultTimeout(15_000);
    const page = await context.newPage();
    const products = (await (await fetch(`${shop.url}/api/products`)).json()) as {
      id: number;
      name: string;
      price: number;
      stockQuantity: number;
      purchaseLimit: number | null;
      collection: string;
    }[];
    const low = products.find(
      (p) => p.stockQuantity > 0 && p.stockQuantity <= 10 && p.purchaseLimit === null,
    )!;
    await page.goto(`${shop.url}/product/${low.id}`);
    await page.getByRole('button', { name: /cart/i }).first().waitFor();
    const crumbs = page.getByRole('navigation', { name: 'Breadcrumb' });
    expect(await crumbs.getByRole('link').allTextContents()).toEqual(['Home', 'Wholesale']);
    expect(await page.getByText('25+ pins').count()).toBeGreaterThan(0);
    expect(await page.locator('main').textContent()).toMatch(/Shipping \$5\.99 flat in the USA/);
    expect(await page.locator('main').textContent()).toMatch(/order today for delivery/);
    const related = page.getByRole('region', { name: /^More from/ });
    const sameCollection = products.filter(
      (p) => p.collection === low.collection && p.id !== low.id,
    );
    expect(await related.locator('a[href^="/product/"]').count()).toBe(
      Math.min(4, sameCollection.length),
    );
    // Asking for more than the stock stops at the stock, and says so.
    const quantity = page.getByLabel('Quantity', { exact: true });
    await quantity.fill(String(low.stockQuantity + 5));
    await quantity.blur();
    expect(await quantity.inputValue()).toBe(String(low.stockQuantity));
    await expect
      .poll(() => page.getByRole('status').filter({ hasText: 'in stock' }).textContent())
      .toBe(`Only ${low.stockQuantity} in stock: that's the most you can order.`);
    await expectAxeClean(page, 'product page with the stock cap');
    await context.close();
  });

  it('without JavaScript the catalogue, a product and a post show their content', async () => {
    const context: BrowserContext = await browser.newContext({
      javaScriptEnabled: false,
      viewport: { width: 360, height: 740 },
    });
    const page = await context.newPage();
    await page.goto(`${shop.url}/wholesale`);
    expect(await page.locator('main li').count()).toBeGreaterThan(20);
    await page.goto(`${shop.url}/product/${productId}`);
    expect(await page.locator('main h1').textContent()).toBe(productName);
    expect(await page.locator('main').textContent()).toMatch(/\$\d+\.\d{2}/);
    await page.goto(`${shop.url}/blog/${postSlug}`);
    expect(await page.locator('main h1').textContent()).toBe(postTitle);
    await context.close();
  });

  it('serves hashed assets immutable and compressed, HTML revalidated', async () => {
    const html = await fetch(`${shop.url}/wholesale`, { headers: { 'accept-encoding': 'br' } });
    expect(html.headers.get('cache-control')).toBe('no-cache');
    const body = await html.text();
    // The canonical URL names the address the shop listens on (PORT=0 picks it at start).
    expect(body).toContain(`<link rel="canonical" href="${shop.url}/wholesale" data-page-head />`);
    const script = body.match(/src="(\/assets\/[^"]+\.js)"/)?.[1];
    expect(script).toBeTruthy();
    const asset = await fetch(`${shop.url}${script}`, {
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(asset.status).toBe(200);
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(asset.headers.get('content-encoding')).toBe('br');
  });
});
