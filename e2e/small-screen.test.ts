/**
 * On a small screen (a mobile audit of 2026-11-27 at 360x740 touch, 740x360 and 1280x800;
 * docs/decisions.md "On a small screen"): a wizard step change shows the step counter and
 * the focused heading below the sticky header; /admin, /product/{missing} and
 * /blog/{missing} load without a layout shift (no bare loading <main>, no skeleton before
 * not-found); the server's breadcrumbs and product details take the app's height; on a
 * phone held sideways the cart drawer scrolls as a whole, its toast clear of the title, and
 * the admin's open menu scrolls down to Logout; close buttons are real tap targets; the icons exist; the
 * preview's captions are legible. Without JavaScript the product's buy box says why it
 * cannot be used; an admin's product card keeps its height when its stock goes to 0.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { orders } from '../src/server/db/schema';
import { expectAxeClean } from './support/axe';
import { RECORD_SHIFTS, screenshot, settledShifts, slowApi } from './support/browser';
import { E2E_ADMIN, useShopAndBrowser } from './support/shop';

const PHONE: BrowserContextOptions = {
  viewport: { width: 360, height: 740 },
  hasTouch: true,
  isMobile: true,
};
const SIDEWAYS: BrowserContextOptions = {
  viewport: { width: 740, height: 360 },
  hasTouch: true,
  isMobile: true,
};
const DESKTOP: BrowserContextOptions = { viewport: { width: 1280, height: 800 } };
const SIZES = [
  ['360x740', PHONE],
  ['1280x800', DESKTOP],
] as const;

/** Signs `context` in as the shop's admin through the API (the session cookie is kept). */
async function signInAsAdmin(context: BrowserContext, url: string): Promise<void> {
  const res = await context.request.post(`${url}/api/auth/login`, { data: E2E_ADMIN });
  expect(res.ok(), await res.text()).toBe(true);
}

/** Where `selector`'s element is against the sticky header and the viewport. */
function placeOf(page: Page, selector: string) {
  return page.evaluate((sel) => {
    const el = document.querySelector(sel);
    if (!el) throw new Error(`no ${sel}`);
    const r = el.getBoundingClientRect();
    return {
      top: r.top,
      bottom: r.bottom,
      headerBottom: document.querySelector('header')!.getBoundingClientRect().bottom,
      viewportHeight: window.innerHeight,
      focused: document.activeElement === el,
    };
  }, selector);
}

/** Whether a tap at the middle of `selector`'s element reaches it (nothing on top of it). */
function reachable(page: Page, selector: string) {
  return page.evaluate((sel) => {
    const el = document.querySelector(sel);
    if (!el) return false;
    const r = el.getBoundingClientRect();
    if (r.bottom > window.innerHeight || r.top < 0) return false;
    const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    return Boolean(hit && el.contains(hit));
  }, selector);
}

describe('on a small screen', () => {
  const fixture = useShopAndBrowser();

  for (const [size, options] of SIZES) {
    it(`${size}: a wizard step change shows the step counter and the focused step heading below the header`, async () => {
      const { shop, browser } = fixture;
      const context = await browser.newContext(options);
      context.setDefaultTimeout(15_000);
      const page = await context.newPage();
      await page.goto(`${shop.url}/custom`);
      const steps: [string, string][] = [
        ['Next Step', 'Step 2: Pin Specifications'],
        ['Next Step', 'Step 3: Packaging & Delivery'],
        ['Previous', 'Step 2: Pin Specifications'],
      ];
      for (const [button, heading] of steps) {
        // The button is at the bottom of the step: the page is scrolled down to it.
        await page.getByRole('button', { name: button, exact: true }).click();
        await expect
          .poll(() => page.evaluate(() => document.activeElement?.textContent))
          .toBe(heading);
        const step = await placeOf(page, 'main h2[tabindex="-1"]');
        const counter = await placeOf(page, 'ol[aria-label="Wizard steps"]');
        const where = JSON.stringify({ step, counter });
        // It was under the header (heading bottom at y=31 / 61, the header ending at 69).
        expect(counter.top, where).toBeGreaterThanOrEqual(counter.headerBottom);
        expect(step.top, where).toBeGreaterThanOrEqual(step.headerBottom);
        expect(step.bottom, where).toBeLessThanOrEqual(step.viewportHeight);
      }
      await screenshot(page, `small-screen-wizard-${size}`);
      await context.close();
    });
  }

  for (const [size, options] of SIZES) {
    it(`${size}, slow API: /admin?section=... loads without moving the footer`, async () => {
      const { shop, browser } = fixture;
      const context = await browser.newContext(options);
      context.setDefaultTimeout(15_000);
      await signInAsAdmin(context, shop.url);
      const page = await context.newPage();
      await slowApi(page);
      await page.addInitScript(`
        window.loadingSeen = false;
        new MutationObserver(() => {
          if (document.querySelector('[role="status"][aria-label="Loading the admin area"]'))
            window.loadingSeen = true;
        }).observe(document, { childList: true, subtree: true });
        ${RECORD_SHIFTS}
      `);
      await page.goto(`${shop.url}/admin?section=regular-orders`);
      await page.getByRole('heading', { level: 2, name: 'Regular Orders' }).waitFor();
      const result = await settledShifts<{ loadingSeen: boolean }>(page, ['loadingSeen']);
      expect(result.loadingSeen, 'the loading state was shown').toBe(true);
      const total = result.shifts.reduce((sum, s) => sum + s.value, 0);
      // It was 0.10-0.37: the footer under a bare loading <main>, then pushed down.
      expect(total, `layout shift (${JSON.stringify(result.shifts)})`).toBeLessThan(0.01);
      await context.close();
    });
  }

  for (const [size, options] of SIZES) {
    it(`${size}, slow API: a missing product or post shows not-found at once, no skeleton, nothing moves`, async () => {
      const { shop, browser } = fixture;
      const context = await browser.newContext(options);
      context.setDefaultTimeout(15_000);
      const page = await context.newPage();
      await slowApi(page);
      await page.addInitScript(`
        window.loadingSeen = [];
        new MutationObserver(() => {
          for (const el of document.querySelectorAll('[role="status"]'))
            if (/^Loading/.test(el.textContent) && !window.loadingSeen.includes(el.textContent))
              window.loadingSeen.push(el.textContent);
        }).observe(document, { childList: true, subtree: true, characterData: true });
        ${RECORD_SHIFTS}
      `);
      for (const [path, heading] of [
        ['/product/999999', 'Product Not Found'],
        ['/blog/no-such-post', 'Blog Post Not Found'],
      ]) {
        const res = await page.goto(`${shop.url}${path}`);
        expect(res?.status()).toBe(404);
        await page.getByRole('banner').getByRole('button', { name: /cart/i }).waitFor();
        const result = await settledShifts<{ loadingSeen: string[] }>(page, ['loadingSeen']);
        expect(await page.locator('main h1').textContent()).toBe(heading);
        expect(await page.title()).toBe(`${heading} | Fairway Pin Co.`);
        // It showed 'Loading product…' / 'Loading post…' between two not-found pages.
        expect(result.loadingSeen, path).toEqual([]);
        const total = result.shifts.reduce((sum, s) => sum + s.value, 0);
        expect(total, `${path}: layout shift (${JSON.stringify(result.shifts)})`).toBeLessThan(
          0.01,
        );
      }
      await context.close();
    });
  }

  for (const [size, options] of SIZES) {
    it(`${size}: every product's breadcrumbs and details take the app's height in the server's page`, async () => {
      const { shop, browser } = fixture;
      const products = (await (await fetch(`${shop.url}/api/products`)).json()) as {
        id: number;
      }[];
      const server = await browser.newContext({ ...options, javaScriptEnabled: false });
      const app = await browser.newContext(options);
      server.setDefaultTimeout(15_000);
      app.setDefaultTimeout(15_000);
      const [serverPage, appPage] = await Promise.all([server.newPage(), app.newPage()]);
      // The trail, and the column beside the image: name, price, tiers, the quantity and
      // Add to Cart box (held by stand-ins in the server's page), features.
      const heights = (page: Page) =>
        page.evaluate(() =>
          ['nav[aria-label="Breadcrumb"]', 'main .grid > div:nth-child(2)']
            .map((sel) => document.querySelector(sel)?.getBoundingClientRect().height ?? -1)
            .join(' / '),
        );
      const differ: string[] = [];
      for (const { id } of products) {
        await serverPage.goto(`${shop.url}/product/${id}`);
        await appPage.goto(`${shop.url}/product/${id}`);
        // The app's own part of the page: it has taken over.
        await appPage.getByRole('button', { name: /^(Add to Cart|Out of Stock)$/ }).waitFor();
        const [before, after] = [await heights(serverPage), await heights(appPage)];
        if (before !== after) differ.push(`/product/${id}: ${before} -> ${after}`);
      }
      // At 360 px 8 of the 34 trails wrapped to two lines in the server's page (' /'
      // separators), one in the app's; the box beside the image grew 128-338 px when the
      // app's quantity controls replaced the server's shipping line (a mobile audit).
      expect(products.length).toBeGreaterThan(30);
      expect(differ).toEqual([]);
      await server.close();
      await app.close();
    });
  }

  for (const [size, options] of SIZES) {
    it(`${size}, JavaScript off: the buy box says why it cannot be used, over its stand-ins`, async () => {
      const { shop, browser } = fixture;
      const products = (await (await fetch(`${shop.url}/api/products`)).json()) as {
        id: number;
        stockQuantity: number;
        inStock: boolean;
      }[];
      const soldOut = products.find((p) => !p.inStock || p.stockQuantity <= 0);
      const inStock = products.find((p) => p.inStock && p.stockQuantity > 0);
      expect(soldOut && inStock).toBeTruthy();
      const context = await browser.newContext({ ...options, javaScriptEnabled: false });
      context.setDefaultTimeout(15_000);
      const page = await context.newPage();
      for (const [product, sentence] of [
        [soldOut!, 'Out of stock: this pin cannot be ordered right now.'],
        [
          inStock!,
          'To choose a quantity and add this pin to your cart, please turn on JavaScript.',
        ],
      ] as const) {
        await page.goto(`${shop.url}/product/${product.id}`);
        // The quantity stand-ins and the button's slot were blank: an empty bordered box
        // (sold out), 130 px of nothing and a 40 px hole (in stock).
        const shown = await page.evaluate((text) => {
          const box = document.querySelector('main .space-y-4.rounded-xl.border.p-4');
          const note = [...(box?.querySelectorAll('p') ?? [])].find((p) => p.textContent === text);
          const button = [...(box?.querySelectorAll('span') ?? [])].find(
            (el) => el.textContent === 'Add to Cart',
          );
          const inside = (el: Element | undefined) => {
            if (!box || !el) return false;
            const [b, r] = [box.getBoundingClientRect(), el.getBoundingClientRect()];
            return (
              r.width > 0 &&
              r.height > 0 &&
              r.left >= b.left &&
              r.right <= b.right &&
              r.top >= b.top &&
              r.bottom <= b.bottom
            );
          };
          const visible = (el: Element | undefined) => {
            if (!el) return false;
            el.scrollIntoView({ block: 'center' });
            const style = getComputedStyle(el);
            const r = el.getBoundingClientRect();
            const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
            return style.visibility === 'visible' && Boolean(hit && el.contains(hit));
          };
          return {
            note: inside(note) && visible(note),
            // Screen readers read it: not inside the aria-hidden stand-ins.
            noteRead: Boolean(note && !note.closest('[aria-hidden="true"]')),
            button: inside(button) && visible(button),
          };
        }, sentence);
        expect(shown, `/product/${product.id}`).toEqual({
          note: true,
          noteRead: true,
          button: true,
        });
      }
      await screenshot(page, `small-screen-noscript-buy-box-${size}`);
      await context.close();
    });
  }

  it("360x740: a product card in the admin's Products keeps its height when the stock goes to 0 and back", async () => {
    const { shop, browser } = fixture;
    const products = (await (await fetch(`${shop.url}/api/products`)).json()) as {
      id: number;
      name: string;
      stockQuantity: number;
      inStock: boolean;
    }[];
    // A product in stock whose name no other product contains (the search finds it alone).
    const product = products.find(
      (p) =>
        p.inStock &&
        p.stockQuantity > 10 &&
        products.filter((q) => q.name.includes(p.name)).length === 1,
    )!;
    const context = await browser.newContext(PHONE);
    context.setDefaultTimeout(15_000);
    await signInAsAdmin(context, shop.url);
    const page = await context.newPage();
    await page.goto(`${shop.url}/admin?section=products`);
    await page.getByLabel('Search products').fill(product.name);
    const card = page.getByRole('article', { name: product.name, exact: true });
    const heights: Record<string, number> = {};
    for (const [stock, label] of [
      [0, 'Out of Stock'],
      [5, 'Low Stock'],
      [15, 'In Stock'],
      [product.stockQuantity, 'In Stock'],
    ] as const) {
      await card.getByLabel(`Stock of ${product.name}`).fill(String(stock));
      await card.getByRole('button', { name: `Save stock of ${product.name}` }).click();
      await card.getByText(label, { exact: true }).waitFor();
      await expect
        .poll(
          async () =>
            (await (await fetch(`${shop.url}/api/products/${product.id}`)).json()).stockQuantity,
        )
        .toBe(stock);
      heights[stock] = (await card.boundingBox())!.height;
    }
    // The wider 'Out of Stock' badge pushed the field and Save onto a new line: 30 px taller.
    expect(heights[0], JSON.stringify(heights)).toBe(heights[5]);
    expect(heights[15], JSON.stringify(heights)).toBe(heights[5]);
    await screenshot(page, 'small-screen-admin-stock-card-360x740');
    await context.close();
  });

  it('360x740: checkout stays within the screen with a one-long-word product name; a Canadian address is checked and stored with its country', async () => {
    const { shop, browser } = fixture;
    // A product named with one long word, made through the admin API.
    const admin = await browser.newContext();
    await signInAsAdmin(admin, shop.url);
    const name = 'Clubmeisterschaftsanstecknadel 2026';
    const created = await admin.request.post(`${shop.url}/api/products`, {
      data: { name, price: 12.5, stockQuantity: 20 },
    });
    expect(created.status(), await created.text()).toBe(201);
    const product = (await created.json()) as { id: number };
    await admin.close();
    const sessionId = randomUUID();
    const added = await fetch(`${shop.url}/api/cart`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-session-id': sessionId },
      body: JSON.stringify({ productId: product.id, quantity: 1 }),
    });
    expect(added.ok).toBe(true);

    const context = await browser.newContext(PHONE);
    context.setDefaultTimeout(15_000);
    await context.addInitScript((id) => localStorage.setItem('sessionId', id), sessionId);
    const page = await context.newPage();
    await page.goto(`${shop.url}/checkout`);
    await page.getByText(name).waitFor();
    const submit = page.getByRole('button', { name: 'Continue to Payment' });
    await submit.waitFor();
    /** The page's width and the right edges of what must stay on the screen. */
    const placement = async (labels: string[]) => ({
      scrollWidth: await page.evaluate(() => document.documentElement.scrollWidth),
      rightEdges: Object.fromEntries(
        await Promise.all(
          labels.map(async (label) => {
            const box = await page.getByLabel(label).boundingBox();
            return [label, box ? box.x + box.width : null] as const;
          }),
        ),
      ),
    });
    const form = await placement(['State', 'ZIP Code']);
    expect(form.scrollWidth, JSON.stringify(form)).toBeLessThanOrEqual(360);
    for (const right of Object.values(form.rightEdges)) expect(right).toBeLessThanOrEqual(360);
    const button = (await submit.boundingBox())!;
    expect(button.x + button.width).toBeLessThanOrEqual(360);
    await screenshot(page, 'small-screen-checkout-long-name-360x740');

    // The shop says where it ships; Canada renames the fields and checks the postal code.
    await expect
      .poll(() => page.getByText('We ship to addresses in the USA and Canada.').isVisible())
      .toBe(true);
    await page.getByLabel('Full Name').fill('Marie Tremblay');
    await page.getByLabel('Email').fill('marie@example.com');
    await page.getByLabel('Country').selectOption('CA');
    await page.getByLabel('Address').fill('12 Rue Principale');
    await page.getByLabel('City').fill('Granby');
    await page.getByLabel('Province').fill('QC');
    const postal = page.getByLabel('Postal Code');
    await postal.fill('D02 X285');
    await submit.click();
    await expect.poll(() => postal.getAttribute('aria-invalid')).toBe('true');
    await expect
      .poll(() => page.getByText('Enter a Canadian postal code, like A1A 1A1').isVisible())
      .toBe(true);
    // Typed on a phone: letters, no numeric keypad.
    expect(await postal.getAttribute('inputmode')).toBeNull();
    await postal.fill('j3b1a1');
    await submit.click();
    const address = '12 Rue Principale, Granby, QC J3B 1A1, Canada';
    await page.getByText(address).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      360,
    );
    await page.getByRole('button', { name: 'Test payment' }).click();
    await page.waitForURL((url) => url.pathname === '/track-order');
    const orderId = Number(new URL(page.url()).searchParams.get('id'));
    const [order] = await shop.database.db.select().from(orders).where(eq(orders.id, orderId));
    expect(order).toMatchObject({ shippingAddress: address, shippingCents: 599 });
    await context.close();
  });

  it('740x360: the cart drawer scrolls as a whole, its toast clear of the title; close buttons are tap targets', async () => {
    const { shop, browser } = fixture;
    const products = (await (await fetch(`${shop.url}/api/products`)).json()) as {
      id: number;
      inStock: boolean;
      stockQuantity: number;
    }[];
    const [first, second] = products.filter((p) => p.inStock && p.stockQuantity >= 5);
    // One pin in the cart already (the API, as the browser's cart session), one added here.
    const sessionId = randomUUID();
    const added = await fetch(`${shop.url}/api/cart`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-session-id': sessionId },
      body: JSON.stringify({ productId: first!.id, quantity: 1 }),
    });
    expect(added.ok).toBe(true);
    const context = await browser.newContext(SIDEWAYS);
    context.setDefaultTimeout(15_000);
    await context.addInitScript((id) => localStorage.setItem('sessionId', id), sessionId);
    const page = await context.newPage();
    await page.goto(`${shop.url}/product/${second!.id}`);
    await page.getByRole('button', { name: 'Add to Cart' }).click();
    const drawer = page.getByRole('dialog', { name: 'Shopping Cart' });
    await drawer.waitFor();
    await expect.poll(() => drawer.getByRole('listitem').count()).toBe(2);
    const toast = page.locator('[data-sonner-toast]').filter({ hasText: 'Added to Cart' });
    await toast.waitFor();
    await page.getByText('Total', { exact: true }).waitFor();
    await screenshot(page, 'small-screen-cart-740x360');

    // The toast is not on the drawer's title (it was lifted by the pinned footer's height).
    const [title, toastBox] = [
      (await drawer.getByRole('heading', { name: 'Shopping Cart' }).boundingBox())!,
      (await toast.boundingBox())!,
    ];
    expect(
      toastBox.y >= title.y + title.height || toastBox.y + toastBox.height <= title.y,
      `toast ${JSON.stringify(toastBox)} over title ${JSON.stringify(title)}`,
    ).toBe(true);

    // Every item's buttons and Checkout can be scrolled to and tapped (the items had a 33 px strip).
    const controls = [
      ...(await drawer.getByRole('button', { name: /^(Decrease|Increase) quantity of / }).all()),
      ...(await drawer.getByRole('button', { name: /^Remove / }).all()),
      drawer.getByRole('button', { name: 'Checkout' }),
    ];
    expect(controls.length).toBe(7);
    for (const control of controls) {
      await control.evaluate((el) => {
        el.setAttribute('data-probe', '');
        el.scrollIntoView({ block: 'center' });
      });
      expect(
        await reachable(page, '[role="dialog"] [data-probe]'),
        (await control.getAttribute('aria-label')) ?? 'Checkout',
      ).toBe(true);
      await control.evaluate((el) => el.removeAttribute('data-probe'));
    }

    // The ✕ of the sheet: 44 px at full strength (16 px at 70% before); the toast's: 24 px.
    const close = drawer.getByRole('button', { name: 'Close', exact: true });
    const closeBox = (await close.boundingBox())!;
    expect([closeBox.width, closeBox.height]).toEqual([44, 44]);
    expect(await close.evaluate((el) => getComputedStyle(el).opacity)).toBe('1');
    const toastClose = toast.locator('[data-close-button]');
    const toastCloseBox = (await toastClose.boundingBox())!;
    expect(toastCloseBox.width).toBeGreaterThanOrEqual(24);
    expect(toastCloseBox.height).toBeGreaterThanOrEqual(24);
    expect(await toastClose.evaluate((el) => getComputedStyle(el).opacity)).toBe('1');
    await expectAxeClean(page, 'the cart drawer at 740x360');

    // Reached with the keyboard, the sheet's ✕ shows a focus ring.
    for (let i = 0; i < 20; i++) {
      if (await close.evaluate((el) => el === document.activeElement)) break;
      await page.keyboard.press('Tab');
    }
    expect(await close.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await close.evaluate((el) => getComputedStyle(el).boxShadow)).toMatch(/rgb/);
    await context.close();
  });

  it("740x360: the admin's open menu scrolls down to Logout", async () => {
    const { shop, browser } = fixture;
    const context = await browser.newContext(SIDEWAYS);
    context.setDefaultTimeout(15_000);
    await signInAsAdmin(context, shop.url);
    const page = await context.newPage();
    await page.goto(`${shop.url}/wholesale`);
    await page.getByRole('button', { name: 'Open menu' }).click();
    const logout = page.getByRole('navigation', { name: 'Mobile' }).getByRole('button', {
      name: 'Logout',
    });
    await logout.waitFor();
    await logout.evaluate((el) => {
      el.setAttribute('data-probe', '');
      el.scrollIntoView({ block: 'nearest' });
    });
    // The 411 px menu in the sticky header ran past the 360 px screen, Logout out of reach.
    expect(await reachable(page, 'header [data-probe]')).toBe(true);
    await screenshot(page, 'small-screen-menu-740x360');
    await context.close();
  });

  it('/favicon.ico and /apple-touch-icon.png are icons, named in every page head', async () => {
    const { shop } = fixture;
    for (const [path, type] of [
      ['/favicon.ico', /^image\/(x-icon|vnd\.microsoft\.icon)$/],
      ['/apple-touch-icon.png', /^image\/png$/],
    ] as const) {
      const res = await fetch(`${shop.url}${path}`);
      expect(res.status, path).toBe(200);
      expect(res.headers.get('content-type'), path).toMatch(type);
    }
    for (const path of ['/', '/login', '/no-such-page']) {
      const html = await (await fetch(`${shop.url}${path}`)).text();
      expect(html, path).toContain('<link rel="icon" href="/favicon.ico" sizes="48x48" />');
      expect(html, path).toContain('<link rel="apple-touch-icon" href="/apple-touch-icon.png" />');
    }
  });

  it("360x740: the wizard preview's captions are at least 12 px tall", async () => {
    const { shop, browser } = fixture;
    const context = await browser.newContext(PHONE);
    context.setDefaultTimeout(15_000);
    const page = await context.newPage();
    await page.goto(`${shop.url}/custom`);
    for (const text of [/^Your pin \(1 in\)$/, /^Ball marker \(1 in\)$/]) {
      const caption = page.getByTestId('pin-preview').getByText(text);
      await caption.scrollIntoViewIfNeeded();
      // About 8 px when drawn in the scaled SVG.
      expect((await caption.boundingBox())!.height).toBeGreaterThanOrEqual(12);
    }
    await context.close();
  });

  // Last in the file: its product (a name and texts no screen can fit unbroken) would
  // join the every-product checks above.
  it('a long unbroken word wraps: product page, invoice (360 px and A4 print), order confirmation', async () => {
    const { shop, browser } = fixture;
    // One word, no break opportunity (a pasted link or a long compound): 102 characters.
    const word = 'Supercalifragilisticexpialidocious'.repeat(3);
    const admin = await browser.newContext(DESKTOP);
    await signInAsAdmin(admin, shop.url);
    const created = await admin.request.post(`${shop.url}/api/products`, {
      data: {
        name: `Member Guest ${word}`,
        description: `Soft enamel. See ${word} for the story.`,
        price: '12.50',
        stockQuantity: 50,
        features: [`Backing card ${word}`],
      },
    });
    expect(created.status(), await created.text()).toBe(201);
    const product = (await created.json()) as { id: number };
    const invoiceRes = await admin.request.post(`${shop.url}/api/send-invoice`, {
      data: {
        customerName: 'Fox Hollow Golf Club',
        customerEmail: 'ap@foxhollow.example',
        customerAddress: `1 ${word} Road`,
        description: `Tournament pins, artwork at https://example.com/${word}`,
        amount: 150.25,
      },
    });
    expect(invoiceRes.status(), await invoiceRes.text()).toBe(201);
    const invoice = (await invoiceRes.json()) as { payUrl: string; printUrl: string };
    await admin.close();

    /** How far the page scrolls sideways, and whether `text` is fully on screen. */
    const fits = (page: Page, text: string) =>
      page.evaluate((t) => {
        const el = [...document.querySelectorAll('main *')].find(
          (node) => node.children.length === 0 && node.textContent?.trim() === t,
        );
        const right = el?.getBoundingClientRect().right ?? Number.POSITIVE_INFINITY;
        return {
          overflow: document.documentElement.scrollWidth - document.documentElement.clientWidth,
          visible: right <= document.documentElement.clientWidth,
        };
      }, text);

    for (const [size, options] of SIZES) {
      const context = await browser.newContext(options);
      context.setDefaultTimeout(15_000);
      const page = await context.newPage();
      await page.goto(`${shop.url}/product/${product.id}`);
      await page.getByRole('button', { name: 'Add to Cart' }).waitFor();
      expect(await fits(page, 'Features'), `${size}: /product`).toEqual({
        overflow: 0,
        visible: true,
      });
      await page.goto(new URL(invoice.payUrl, shop.url).href);
      await page.getByRole('heading', { name: /^Pay Invoice #/ }).waitFor();
      expect(await fits(page, 'Amount'), `${size}: invoice pay page`).toEqual({
        overflow: 0,
        visible: true,
      });
      await context.close();
    }

    // The printable invoice at 360 px, and printed on A4 (about 718 px inside the margins).
    const context = await browser.newContext(PHONE);
    context.setDefaultTimeout(15_000);
    const page = await context.newPage();
    await page.goto(new URL(invoice.printUrl, shop.url).href);
    await page.getByRole('article', { name: /^Invoice / }).waitFor();
    expect(await fits(page, 'Amount'), '360: printable invoice').toEqual({
      overflow: 0,
      visible: true,
    });
    await page.setViewportSize({ width: 718, height: 1000 });
    await page.emulateMedia({ media: 'print' });
    expect(await fits(page, 'Amount'), 'A4: printed invoice').toEqual({
      overflow: 0,
      visible: true,
    });
    await page.emulateMedia({ media: 'screen' });
    await page.setViewportSize(PHONE.viewport!);

    // The order confirmation after buying it at 360 px.
    await page.goto(`${shop.url}/product/${product.id}`);
    await page.getByRole('button', { name: 'Add to Cart' }).click();
    const drawer = page.getByRole('dialog', { name: 'Shopping Cart' });
    await drawer.getByRole('button', { name: /checkout/i }).click();
    await page.waitForURL('**/checkout');
    await page.getByLabel('Full Name').fill('Jordan Long');
    await page.getByLabel('Email').fill('jordan.long@example.com');
    await page.getByLabel('Address').fill('1 Fairway Drive');
    await page.getByLabel('City').fill('Austin');
    await page.getByLabel('State').fill('TX');
    await page.getByLabel('ZIP Code').fill('78701');
    await page.getByRole('button', { name: 'Continue to Payment' }).click();
    await page.getByRole('button', { name: 'Test payment' }).click();
    await page.waitForURL((url) => url.pathname === '/track-order');
    await page.getByRole('table').filter({ hasText: word }).waitFor();
    expect(await fits(page, 'Total'), '360: order confirmation').toEqual({
      overflow: 0,
      visible: true,
    });
    await screenshot(page, 'small-screen-long-word-confirmation');
    await context.close();
  });
});
