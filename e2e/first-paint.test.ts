/**
 * The app takes over the server's page without redrawing it (issue 10, docs/decisions.md):
 * the client mounts with Preact's `render`, which keeps the server's elements where the
 * app's markup matches (src/server/pages/content.ts writes it that way). Checked on a phone
 * screen: the element that is each page's largest paint (the first product image of
 * /wholesale, the product's image, /custom's lead) is the same DOM node before and after
 * the app mounted, and nothing on the first screen moved.
 */
import { readFileSync } from 'node:fs';
import path_ from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from './support/browser';
import { startTestShop } from './support/shop';

type Shop = Awaited<ReturnType<typeof startTestShop>>;
/** The build the test shop serves (startShop's default). */
const WEB_DIST = path_.resolve('dist/web');

describe('first paint survives the app mount in Chromium', () => {
  let shop: Shop;
  let browser: Browser;
  let productId: number;

  beforeAll(async () => {
    [shop, browser] = await Promise.all([startTestShop(), launchBrowser()]);
    const products = (await (await fetch(`${shop.url}/api/products`)).json()) as {
      id: number;
      imageUrl: string | null;
    }[];
    productId = products.find((p) => p.imageUrl)!.id;
  });
  afterAll(async () => {
    await browser?.close();
    await shop?.stop();
  });

  for (const [path, selector] of [
    ['/wholesale', 'main ul img'],
    ['/product/:id', 'main img'],
    ['/custom', 'main p.mb-6'],
  ] as const) {
    it(`${path}: the largest paint's element is kept and does not move`, async () => {
      const context = await browser.newContext({ viewport: { width: 360, height: 740 } });
      context.setDefaultTimeout(15_000);
      const page = await context.newPage();
      // Runs before any page script: remember the server's element and where it was
      // as soon as the HTML has been parsed (the app's module runs after that).
      await page.addInitScript((sel) => {
        document.addEventListener('DOMContentLoaded', () => {
          const w = window as unknown as { serverNode?: Element; serverTop?: number };
          w.serverNode = document.querySelector(sel) ?? undefined;
          w.serverTop = w.serverNode?.getBoundingClientRect().top;
        });
      }, selector);
      await page.goto(`${shop.url}${path.replace(':id', String(productId))}`);
      // The app has mounted once its header's cart button is there.
      await page.getByRole('button', { name: /cart/i }).first().waitFor();
      const result = await page.evaluate((sel) => {
        const w = window as unknown as { serverNode?: Element; serverTop?: number };
        const now = document.querySelector(sel);
        return {
          hadServerNode: Boolean(w.serverNode),
          same: now !== null && now === w.serverNode,
          connected: w.serverNode?.isConnected ?? false,
          moved: Math.abs((now?.getBoundingClientRect().top ?? 0) - (w.serverTop ?? -1)),
        };
      }, selector);
      expect(result.hadServerNode, 'the server sent the element').toBe(true);
      expect(result.same, 'the app kept the server element').toBe(true);
      expect(result.connected).toBe(true);
      expect(result.moved, 'pixels the element moved').toBeLessThanOrEqual(1);
      await context.close();
    });
  }

  for (const [path, route] of [
    ['/', 'home'],
    ['/wholesale', 'wholesale'],
    ['/product/:id', 'product'],
    ['/custom', 'custom'],
    ['/blog', 'blog'],
  ] as const) {
    it(`${path}: the HTML carries the styles and preloads the page's chunks, so the router adds no preload`, async () => {
      // The built route chunk and what it imports statically (Vite's manifest).
      const manifest = JSON.parse(
        readFileSync(path_.join(WEB_DIST, '.vite', 'manifest.json'), 'utf8'),
      ) as Record<string, { file: string; imports?: string[] }>;
      const routeFile = manifest[`app/routes/${route}.tsx`]!.file;
      const expected = [
        routeFile,
        ...(manifest[`app/routes/${route}.tsx`]!.imports ?? [])
          .filter((k) => k !== 'index.html')
          .map((k) => manifest[k]!.file),
      ];
      const context = await browser.newContext({ viewport: { width: 360, height: 740 } });
      context.setDefaultTimeout(15_000);
      const page = await context.newPage();
      await page.goto(`${shop.url}${path.replace(':id', String(productId))}`);
      await page.getByRole('button', { name: /cart/i }).first().waitFor();
      const html = await (await fetch(page.url())).text();
      const counts = await page.evaluate(
        (files) =>
          files.map(
            (f) =>
              [...document.querySelectorAll('link[rel=modulepreload], script[src]')].filter(
                (e) => (e.getAttribute('href') ?? e.getAttribute('src')) === `/${f}`,
              ).length,
          ),
        expected,
      );
      expect(html).toContain(`<link rel="modulepreload" crossorigin href="/${routeFile}"`);
      // The stylesheet is in the document, not a second request before the first paint.
      expect(html).toMatch(/<style>[^<]*\.font-heading/);
      expect(html).not.toContain('rel="stylesheet"');
      for (const f of expected) expect(html, f).toContain(`/${f}"`);
      // Each chunk is listed once: the server's tag, none added by the router's helper.
      expect(counts).toEqual(expected.map(() => 1));
      await context.close();
    });
  }
});
