/**
 * The hot read path (issue 12): the catalogue answers from pre-serialised cache entries
 * with an ETag (If-None-Match -> 304) and pre-compressed bodies (br / gzip); the public
 * reads (catalogue, product, cart) read no session, yet admins still see inactive
 * products and every reply keeps the security headers.
 */
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Product } from '../../shared/schemas/catalog';
import { sessions } from '../db/schema';
import { createTestApp, newSessionId, type TestApp, type TestClient } from '../test/app';
import { insertProduct, signedInClient } from './testing';

let t: TestApp;
let admin: TestClient;
let customer: TestClient;

beforeAll(async () => {
  t = await createTestApp();
  admin = (await signedInClient(t, 'admin')).client;
  customer = (await signedInClient(t, 'user')).client;
  for (let i = 0; i < 12; i++) {
    await insertProduct(t, { name: `Read Path Pin ${i}`, description: 'x'.repeat(200) });
  }
});
afterAll(() => t?.close());

describe('catalogue conditional requests and compression', () => {
  it('answers 304 to If-None-Match with the ETag and 200 with the new body after a change', async () => {
    const first = await t.app.inject({ url: '/api/products' });
    expect(first.statusCode).toBe(200);
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^"[\w-]+"$/);
    expect(first.headers['cache-control']).toBe('no-cache');
    expect(first.headers.vary).toMatch(/accept-encoding/i);

    const again = await t.app.inject({ url: '/api/products', headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers.etag).toBe(etag);
    // Weak comparison and lists of tags match too; another tag does not.
    for (const header of [`W/${etag}`, `"other", ${etag}`, '*']) {
      const res = await t.app.inject({
        url: '/api/products',
        headers: { 'if-none-match': header },
      });
      expect(res.statusCode, header).toBe(304);
    }
    const stale = await t.app.inject({
      url: '/api/products',
      headers: { 'if-none-match': '"not-it"' },
    });
    expect(stale.statusCode).toBe(200);

    const p = await insertProduct(t, { name: 'Read Path New Pin' });
    const changed = await t.app.inject({
      url: '/api/products',
      headers: { 'if-none-match': etag },
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
    expect((changed.json() as Product[]).map((x) => x.id)).toContain(p.id);
  });

  it('sends the same JSON brotli- or gzip-compressed when asked, plain otherwise', async () => {
    const plain = await t.app.inject({ url: '/api/products' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    const br = await t.app.inject({
      url: '/api/products',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
    const gz = await t.app.inject({
      url: '/api/products',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(plain.body);
    const refused = await t.app.inject({
      url: '/api/products',
      headers: { 'accept-encoding': 'br;q=0, gzip;q=0' },
    });
    expect(refused.headers['content-encoding']).toBeUndefined();
    expect(refused.body).toBe(plain.body);
  });

  it('gives each product its own ETag and answers 304 for it', async () => {
    const [a, b] = (await t.app.inject({ url: '/api/products' })).json() as Product[];
    const ra = await t.app.inject({ url: `/api/products/${a!.id}` });
    const rb = await t.app.inject({ url: `/api/products/${b!.id}` });
    expect(ra.json()).toEqual(a);
    expect(ra.headers.etag).toBeTruthy();
    expect(ra.headers.etag).not.toBe(rb.headers.etag);
    const again = await t.app.inject({
      url: `/api/products/${a!.id}`,
      headers: { 'if-none-match': String(ra.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
  });

  it('keeps the (API) security headers on cached and 304 answers', async () => {
    const res = await t.app.inject({ url: '/api/products', headers: { 'if-none-match': '*' } });
    expect(res.statusCode).toBe(304);
    expect(res.headers['content-security-policy']).toBe(
      "default-src 'none'; frame-ancestors 'none'",
    );
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('DENY');
  });
});

describe('public reads without session lookups', () => {
  /** Counts statements PostgreSQL/PGlite ran on `sessions` and `users` during `fn`. */
  async function sessionReads(fn: () => Promise<unknown>): Promise<number> {
    // A session's renewal time is recorded in the row; reads are counted by touching
    // the row's expiry: a lazy route must leave both rows and cookies alone.
    const before = await t.db.select().from(sessions);
    await fn();
    const after = await t.db.select().from(sessions);
    return after.filter((row) => {
      const old = before.find((b) => b.sid === row.sid);
      return !old || old.expiresAt.getTime() !== row.expiresAt.getTime();
    }).length;
  }

  it('serves the catalogue, a product and the cart to a signed-in shopper without touching the session', async () => {
    const [p] = (await t.app.inject({ url: '/api/products' })).json() as Product[];
    // Make the customer's session due for renewal: any session-reading request renews it.
    await t.db.execute(
      sql`update sessions set data = jsonb_set(data, '{seenAt}', to_jsonb((extract(epoch from now()) * 1000 - 120000)::bigint))`,
    );
    const cartSession = newSessionId();
    const touched = await sessionReads(async () => {
      for (const url of ['/api/products', `/api/products/${p!.id}`]) {
        const res = await customer.get(url);
        expect(res.statusCode).toBe(200);
        expect(res.headers['set-cookie']).toBeUndefined();
      }
      const cart = await customer.request({
        method: 'GET',
        url: '/api/cart',
        headers: { 'x-session-id': cartSession },
      });
      expect(cart.statusCode).toBe(200);
      expect(cart.json()).toEqual([]);
      expect(cart.headers['set-cookie']).toBeUndefined();
    });
    expect(touched).toBe(0);
    // A route that needs the user still reads (and renews) the same session.
    const renewed = await sessionReads(async () => {
      expect((await customer.get('/api/auth/user')).statusCode).toBe(200);
    });
    expect(renewed).toBe(1);
  });

  /** The hooks `printRoutes` lists for the first route line matching `route` (e.g. `api/products (GET)`). */
  function hooksOf(route: string): string[] {
    const lines = t.app.printRoutes({ includeHooks: true, commonPrefix: false }).split('\n');
    const at = lines.findIndex((line) => line.trimEnd().endsWith(route));
    expect(at, route).toBeGreaterThanOrEqual(0);
    const hooks: string[] = [];
    for (const line of lines.slice(at + 1)) {
      const hook = line.match(/• \((\w+)\) (\[.*\])$/);
      if (!hook) break;
      for (const name of JSON.parse(hook[2]!) as string[]) hooks.push(`${hook[1]} ${name}`);
    }
    return hooks;
  }

  it('runs only the security headers and the input guard on the catalogue reads (issue 12)', () => {
    const publicHooks = ['onRequest securityHeaders()', 'preValidation rejectInvalidText()'];
    expect(hooksOf('api/products (GET)')).toEqual(publicHooks);
    expect(hooksOf('/:id (GET)')).toEqual(publicHooks);
    // The writes beside them keep cookies, the session, the cross-site guard and the save.
    const write = hooksOf('api/products (POST)');
    expect(write.slice(0, 4)).toEqual([
      'onRequest securityHeaders()',
      'onRequest fastifyCookieHandler()',
      'onRequest onRequest()',
      'onRequest anonymous()',
    ]);
    expect(write).toContain('preValidation requireAdmin()');
    expect(write).toContain('preValidation rejectInvalidText()');
    expect(write).toContain('onSend saveSession()');
  });

  it("still rejects control characters in the catalogue reads' input (400)", async () => {
    for (const url of ['/api/products?q=a%00b', '/api/products/1%00']) {
      const res = await t.app.inject({ url });
      expect(res.statusCode, url).toBe(400);
    }
    expect((await t.app.inject({ url: '/api/products?q=a%00b' })).json().message).toBe(
      'Invalid characters in input',
    );
  });

  it('lets an admin read inactive products without renewing or rewriting the session', async () => {
    await t.db.execute(
      sql`update sessions set data = jsonb_set(data, '{seenAt}', to_jsonb((extract(epoch from now()) * 1000 - 120000)::bigint))`,
    );
    const touched = await sessionReads(async () => {
      const all = await admin.get('/api/products?includeInactive=true');
      expect(all.statusCode).toBe(200);
      expect(all.headers['set-cookie']).toBeUndefined();
    });
    expect(touched).toBe(0);
  });

  it('still shows inactive products to admins only (the lazy route loads the user when needed)', async () => {
    const hidden = await insertProduct(t, { name: 'Read Path Hidden', isActive: false });
    expect((await admin.get(`/api/products/${hidden.id}`)).statusCode).toBe(200);
    expect((await customer.get(`/api/products/${hidden.id}`)).statusCode).toBe(404);
    expect((await t.app.inject({ url: `/api/products/${hidden.id}` })).statusCode).toBe(404);
    const all = await admin.get('/api/products?includeInactive=true');
    expect(all.statusCode).toBe(200);
    expect((all.json() as Product[]).map((x) => x.id)).toContain(hidden.id);
    expect((await customer.get('/api/products?includeInactive=true')).statusCode).toBe(403);
    expect((await t.app.inject({ url: '/api/products?includeInactive=true' })).statusCode).toBe(
      401,
    );
  });

  it("keeps a product's place in the admin's list (by name) when its stock reaches 0; the shop lists it last", async () => {
    const names = ['Aardvark Order Pin', 'Aardwolf Order Pin'];
    const [first] = [
      await insertProduct(t, { name: names[0], stockQuantity: 5 }),
      await insertProduct(t, { name: names[1], stockQuantity: 5 }),
    ];
    expect(
      (await admin.put(`/api/products/${first!.id}/stock`, { stockQuantity: 0 })).statusCode,
    ).toBe(200);
    const order = (list: Product[]) => list.map((p) => p.name).filter((n) => names.includes(n));
    const all = await admin.get('/api/products?includeInactive=true');
    expect(order(all.json())).toEqual(names);
    const shop = await t.app.inject({ url: '/api/products' });
    expect(order(shop.json())).toEqual([names[1], names[0]]);
  });
});
