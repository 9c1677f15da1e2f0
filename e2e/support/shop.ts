/**
 * Starts the real shop for browser tests: built web app + API on a fresh embedded
 * PGlite in a temporary DATA_DIR, demo data seeded, a known admin account, the
 * offline test payment provider, listening on 127.0.0.1 on a free port. The fresh
 * PGlite is a copy of the run's template (global-setup.ts: the same shop started once,
 * so already migrated and seeded) when Vitest provides one.
 */
import { randomUUID } from 'node:crypto';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { APIRequestContext, APIResponse, Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, inject } from 'vitest';
import { loadConfig } from '../../src/server/config';
import { type StartedShop, startShop } from '../../src/server/start';
import { type ReceivedMail, startTestSmtp, type TestSmtp } from '../../src/server/test/smtp';
import { launchBrowser } from './browser';
import { E2E_SHOP_ENV } from './shop-env';

export { E2E_ADMIN } from './shop-env';

/** Settings a test may add without leaving the template's database state (see startTestShop). */
const TEMPLATE_SAFE = (key: string) => !/^(SEED_DEMO|ADMIN_|DATABASE_URL|DATA_DIR)/.test(key);

/**
 * `env` adds or overrides settings (e.g. SMTP_URL of a test SMTP server); `options.webDist`
 * serves another build of the web app (the chat test builds its own).
 */
export async function startTestShop(
  env: Record<string, string> = {},
  options: { webDist?: string } = {},
): Promise<StartedShop & { dataDir: string }> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'fp-e2e-'));
  const template = inject('e2eDataTemplate');
  if (template && Object.keys(env).every(TEMPLATE_SAFE)) {
    cpSync(template, path.join(dataDir, 'pglite'), { recursive: true });
  }
  const config = loadConfig({ ...E2E_SHOP_ENV, DATA_DIR: dataDir, ...env });
  const shop = await startShop(config, { logger: false, webDist: options.webDist });
  return {
    ...shop,
    dataDir,
    async stop() {
      await shop.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A shop started by startTestShop. */
export type TestShop = Awaited<ReturnType<typeof startTestShop>>;

/** What a file's shop and browser need beyond the defaults (useShopAndBrowser). */
export interface ShopAndBrowserSettings {
  /**
   * Settings for startTestShop's `env`, asked for when the beforeAll runs, so they may name
   * what an earlier beforeAll of the file started (e.g. its SMTP server's URL).
   */
  env?: () => Record<string, string>;
  /** Another build of the web app to serve (startTestShop's `webDist`), asked for likewise. */
  webDist?: () => string;
  /** launchBrowser's `newsletterPopup`: the popup is not marked as seen (its own test). */
  newsletterPopup?: boolean;
}

/**
 * Registers, in the calling describe block, a beforeAll that starts a test shop
 * (startTestShop, default settings unless `settings` says otherwise) and Chromium
 * (launchBrowser) side by side, and an afterAll that closes the browser, then stops the
 * shop. Returns an object whose `shop` and `browser` are those two once the beforeAll ran;
 * reading either before that throws. A start that failed fails the beforeAll, and whatever
 * did start is still closed. A file's own beforeAll registered before this call runs
 * first, and its afterAll after this one's.
 */
export function useShopAndBrowser(settings: ShopAndBrowserSettings = {}): {
  readonly shop: TestShop;
  readonly browser: Browser;
} {
  let shop: TestShop | undefined;
  let browser: Browser | undefined;
  beforeAll(async () => {
    const [started, launched] = await Promise.allSettled([
      startTestShop(settings.env?.(), { webDist: settings.webDist?.() }),
      launchBrowser({ newsletterPopup: settings.newsletterPopup }),
    ]);
    if (started.status === 'fulfilled') shop = started.value;
    if (launched.status === 'fulfilled') browser = launched.value;
    if (started.status === 'rejected') throw started.reason;
    if (launched.status === 'rejected') throw launched.reason;
  });
  afterAll(async () => {
    await browser?.close();
    await shop?.stop();
  });
  return {
    get shop() {
      if (!shop) throw new Error('useShopAndBrowser: the shop is read before its beforeAll ran');
      return shop;
    },
    get browser() {
      if (!browser) {
        throw new Error('useShopAndBrowser: the browser is read before its beforeAll ran');
      }
      return browser;
    },
  };
}

/** What `placeOrder` sends: the cart's lines, the buyer, and optionally a discount code. */
export interface OrderToPlace {
  lines: { productId: number; quantity: number }[];
  customer: { name: string; email: string };
  discountCode?: string;
  shippingAddress?: string;
  /**
   * A browser context's request client (`context.request`): the order is placed with that
   * browser's cookies, so a signed-in buyer's order is theirs. Else a plain client.
   */
  request?: APIRequestContext;
}

/**
 * Places a catalogue order through the real API as a customer's browser would: each line
 * into a new cart session -> payment order (with the discount code) -> capture (the test
 * provider approves) -> create-order. Returns the order id.
 */
export async function placeOrder(shop: { url: string }, order: OrderToPlace): Promise<number> {
  const headers = { 'content-type': 'application/json', 'x-session-id': randomUUID() };
  const post = async (path: string, body: unknown = {}) => {
    const url = `${shop.url}${path}`;
    const res = order.request
      ? await order.request.post(url, { data: body, headers })
      : await fetch(url, { method: 'POST', headers, body: JSON.stringify(body) });
    const text = await res.text();
    expect(
      order.request ? (res as APIResponse).ok() : (res as Response).ok,
      `${path}: ${text}`,
    ).toBe(true);
    return JSON.parse(text) as Record<string, unknown>;
  };
  for (const line of order.lines) await post('/api/cart', line);
  const payment = await post('/paypal/order', {
    intent: 'CAPTURE',
    currency: 'USD',
    ...(order.discountCode ? { discountCode: order.discountCode } : {}),
  });
  const capture = await post(`/paypal/order/${payment.id}/capture`);
  expect(capture.status).toBe('COMPLETED');
  const placed = await post('/api/create-order', {
    paypalOrderId: payment.id,
    customerEmail: order.customer.email,
    customerName: order.customer.name,
    shippingAddress: order.shippingAddress ?? '1 Fairway Drive, Austin, TX 78701',
  });
  return (placed.order as { id: number }).id;
}

/** `placeOrder` of one line (`quantity` of `productId`) from a plain client. Returns the order id. */
export async function placeOrderThroughApi(
  shop: { url: string },
  productId: number,
  customer: { name: string; email: string },
  quantity = 2,
): Promise<number> {
  return placeOrder(shop, { lines: [{ productId, quantity }], customer });
}

/**
 * A local SMTP server for the describe block (smtp-server; src/server/test/smtp.ts):
 * started before, and stopped after, a `useShopAndBrowser` registered below it, whose
 * `env` can then read `url`. `received` is every message it took, in order.
 */
export function useMailSink(): { readonly url: string; readonly received: ReceivedMail[] } {
  let smtp: TestSmtp | undefined;
  beforeAll(async () => {
    smtp = await startTestSmtp();
  });
  afterAll(async () => {
    await smtp?.close();
  });
  const started = () => {
    if (!smtp) throw new Error('the mail sink is not started yet');
    return smtp;
  };
  return {
    get url() {
      return started().url;
    },
    get received() {
      return started().received;
    },
  };
}
