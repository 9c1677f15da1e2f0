/**
 * Issue 11 regressions that cut across modules: cross-site state-changing requests
 * refused (logout included) while same-origin and non-browser callers pass; the CSP's
 * connect-src limited to the shop and PayPal; path ids only plain positive decimals;
 * admin image links never protocol-relative; the payment setup naming test mode.
 * On PGlite and PostgreSQL.
 */
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from './app';
import { signedInClient } from './catalog/testing';
import { addToCart, insertProduct } from './checkout/test-support';
import { loadConfig } from './config';
import { cartItems, products, sessions } from './db/schema';
import { CROSS_SITE_REFUSED } from './lib/cross-site';
import { createTestPaymentProvider } from './payments/test-provider';
import { createTestApp, type TestApp, TestClient } from './test/app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { PUBLIC_URL: 'http://shop.example.com' } });
});
afterAll(() => t?.close());

describe('cross-site requests (issue 11)', () => {
  const evil = { origin: 'https://evil.example' };

  it('refuses logout, cart and login calls from another site with 403, changing nothing', async () => {
    const { client, user } = await signedInClient(t);
    const p = await insertProduct(t.db);
    const logout = await client.request({ method: 'POST', url: '/api/auth/logout', headers: evil });
    expect(logout.statusCode).toBe(403);
    expect(logout.json()).toEqual({ message: CROSS_SITE_REFUSED });
    expect((await client.get('/api/auth/user')).statusCode).toBe(200);
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, user.id))).toHaveLength(1);

    const add = await client.request({
      method: 'POST',
      url: '/api/cart',
      payload: { productId: p.id, quantity: 1 },
      headers: evil,
    });
    expect(add.statusCode).toBe(403);
    expect(
      await t.db.select().from(cartItems).where(eq(cartItems.sessionId, client.sessionId)),
    ).toEqual([]);
    for (const headers of [
      { origin: 'null' },
      { origin: 'null', 'sec-fetch-site': 'cross-site' },
      { origin: 'http://shop.example.com.evil.example' },
      { origin: 'https://shop.example.com' },
      { 'sec-fetch-site': 'cross-site' },
      { 'sec-fetch-site': 'same-site' },
    ]) {
      const res = await client.request({
        method: 'POST',
        url: '/api/auth/login',
        payload: { username: 'x', password: 'y' },
        headers,
      });
      expect(res.statusCode, JSON.stringify(headers)).toBe(403);
    }
  });

  it('lets same-origin pages (PUBLIC_URL or the address they used), typed URLs and non-browser clients through', async () => {
    const p = await insertProduct(t.db);
    const c = new TestClient(t.app);
    for (const headers of [
      { origin: 'http://shop.example.com' },
      { origin: 'http://127.0.0.1:5123', host: '127.0.0.1:5123' },
      { 'sec-fetch-site': 'same-origin' },
      { 'sec-fetch-site': 'none' },
      // A form posted from our own page under Referrer-Policy: no-referrer.
      { origin: 'null', 'sec-fetch-site': 'same-origin' },
      {},
    ]) {
      const res = await c.request({
        method: 'POST',
        url: '/api/cart',
        payload: { productId: p.id, quantity: 1 },
        headers,
      });
      expect([201, 409], JSON.stringify(headers)).toContain(res.statusCode);
    }
    // Reads are never refused (the cookie's SameSite=Lax already allows them).
    const read = await c.request({ method: 'GET', url: '/api/cart', headers: evil });
    expect(read.statusCode).toBe(200);
  });
});

describe('bodiless calls labelled JSON', () => {
  it('answer as without the label (logout, clear-cart); a call that needs a body names what is missing', async () => {
    const c = new TestClient(t.app);
    const empty = (url: string) =>
      c.request({ method: 'POST', url, headers: { 'content-type': 'application/json' } });
    expect((await empty('/api/auth/logout')).statusCode).toBe(200);
    expect((await empty('/api/clear-cart')).statusCode).toBe(200);
    const needsBody = await empty('/api/cart');
    expect(needsBody.statusCode).toBe(400);
    expect(needsBody.json()).toEqual({
      message: 'A JSON request body is required',
      errors: { body: 'A JSON request body is required' },
    });
    // The label with a broken body is still a 400, and prototype poisoning is refused.
    const broken = await c.request({
      method: 'POST',
      url: '/api/cart',
      headers: { 'content-type': 'application/json' },
      payload: '{"productId":',
    });
    expect(broken.statusCode).toBe(400);
    const poisoned = await c.request({
      method: 'POST',
      url: '/api/cart',
      headers: { 'content-type': 'application/json' },
      payload: '{"__proto__":{"admin":true},"productId":1,"quantity":1}',
    });
    expect(poisoned.statusCode).toBe(400);
  });
});

/** Another app on the test database, configured with `env` (closed by the caller). */
function appWith(env: Record<string, string>) {
  return buildApp({
    database: t.database,
    config: loadConfig({ LOG_LEVEL: 'silent', ...env }),
    payments: createTestPaymentProvider(t.db),
    sessionSecret: randomBytes(32).toString('hex'),
    serveWeb: false,
  });
}

describe('Content-Security-Policy (issue 11)', () => {
  const connectSrc = (csp: string) =>
    csp
      .split(';')
      .map((d) => d.trim())
      .find((d) => d.startsWith('connect-src'))!
      .split(/\s+/)
      .slice(1);

  it("allows connections only to the shop's own origin and PayPal, not ws:/wss: anywhere", async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/auth/user' });
    const sources = connectSrc(String(res.headers['content-security-policy']));
    expect(sources).not.toContain('ws:');
    expect(sources).not.toContain('wss:');
    expect(sources.sort()).toEqual(["'self'", 'https://*.paypal.com', 'ws://shop.example.com']);

    const cases: [Record<string, string>, string[]][] = [
      [{ PUBLIC_URL: 'https://shop.example.com' }, ['wss://shop.example.com']],
      [{}, []],
    ];
    for (const [env, extra] of cases) {
      const other = await appWith(env);
      const res2 = await other.inject({ method: 'GET', url: '/api/auth/user' });
      expect(connectSrc(String(res2.headers['content-security-policy'])).sort()).toEqual(
        ["'self'", 'https://*.paypal.com', ...extra].sort(),
      );
      await other.close();
    }
  });
});

describe('start-up settings', () => {
  it("STARTUP_STEP_TIMEOUT_MS is Fastify's pluginTimeout (10 s by default, 0 = no limit)", async () => {
    for (const [env, expected] of [
      [{}, 10_000],
      [{ STARTUP_STEP_TIMEOUT_MS: '0' }, 0],
      [{ STARTUP_STEP_TIMEOUT_MS: '600000' }, 600_000],
    ] as const) {
      const other = await appWith(env);
      expect(other.initialConfig.pluginTimeout).toBe(expected);
      await other.close();
    }
    expect(() => loadConfig({ STARTUP_STEP_TIMEOUT_MS: '-1' })).toThrow();
  });
});

describe('lenient ids and URLs (issue 11)', () => {
  it('accepts only plain positive decimal ids in paths', async () => {
    const p = await insertProduct(t.db);
    expect((await t.app.inject({ url: `/api/products/${p.id}` })).statusCode).toBe(200);
    for (const id of ['0x10', '1e0', '+1', '%201', '01', '0', '-1', '1.0', '%EF%BC%91', '1%20']) {
      const res = await t.app.inject({ url: `/api/products/${id}` });
      expect(res.statusCode, id).toBe(400);
      expect(res.json().message, id).toBe('Invalid id');
    }
    const { client } = await signedInClient(t);
    await addToCart(client, p.id, 1);
    const [line] = await t.db
      .select()
      .from(cartItems)
      .where(eq(cartItems.sessionId, client.sessionId));
    expect((await client.patch(`/api/cart/+${line!.id}`, { quantity: 2 })).statusCode).toBe(400);
    expect((await client.delete(`/api/cart/0x${line!.id.toString(16)}`)).statusCode).toBe(400);
  });

  it('refuses protocol-relative admin image links (//host/x, /\\host/x)', async () => {
    const { client } = await signedInClient(t, 'admin');
    for (const imageUrl of ['//evil.example/x.png', '/\\evil.example/x.png', 'https:/x.png']) {
      const res = await client.post('/api/products', { name: 'Pin', price: 5, imageUrl });
      expect(res.statusCode, imageUrl).toBe(400);
      expect(res.json().errors, imageUrl).toHaveProperty('imageUrl');
    }
    const ok = await client.post('/api/products', {
      name: 'Pin',
      price: 5,
      imageUrl: '/api/files/abcdefgh',
      videoUrl: 'https://video.example/x.mp4',
    });
    expect(ok.statusCode, ok.body).toBe(201);
    const p = await insertProduct(t.db);
    const put = await client.put(`/api/products/${p.id}`, { videoUrl: '//evil.example/v.mp4' });
    expect(put.statusCode).toBe(400);
    const [row] = await t.db.select().from(products).where(eq(products.id, p.id));
    expect(row!.videoUrl).toBeNull();
  });
});

describe('test mode is visible (issue 11)', () => {
  it('the payment setup every page reads names the test provider', async () => {
    const res = await t.app.inject({ url: '/paypal/setup' });
    expect(res.json().provider).toBe('test');
  });
});
