/**
 * Home content (issue 10): the sample logos and testimonials of the demo (flagged),
 * admin edits behind the admin guard, the bestsellers row from paid orders, and the
 * error reports of POST /api/client-errors (validated, size-limited, rate-limited, logged).
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Product } from '../../shared/schemas/catalog';
import type { HomeContent, HomeTestimonial } from '../../shared/schemas/home';
import { signedInClient } from '../catalog/testing';
import { homeLogos, homeTestimonials, orders } from '../db/schema';
import { seedDemoData } from '../seed/demo';
import { AddressedClient, createTestApp, type TestApp, TestClient } from '../test/app';
import { forgetSalesRanking } from './service';

describe('home content API', () => {
  let t: TestApp;
  let anon: TestClient;
  let admin: TestClient;
  let customer: TestClient;
  const logLines: string[] = [];

  beforeAll(async () => {
    t = await createTestApp({
      env: { CLIENT_ERROR_RATE_LIMIT: '3' },
      logger: { level: 'warn', stream: { write: (line: string) => logLines.push(line) } },
    });
    await seedDemoData(t.db);
    anon = new TestClient(t.app);
    admin = (await signedInClient(t, 'admin')).client;
    customer = (await signedInClient(t, 'user')).client;
  });
  afterAll(() => t.close());

  const home = async () => (await anon.get('/api/home')).json() as HomeContent;

  it('ships 12 sample logos and 3 sample testimonials, each flagged as a sample', async () => {
    const content = await home();
    expect(content.logos).toHaveLength(12);
    expect(content.testimonials).toHaveLength(3);
    for (const l of content.logos) {
      expect(l.isSample).toBe(true);
      expect(l.imageUrl).toMatch(/^\/api\/files\//);
    }
    for (const x of content.testimonials) {
      expect(x.isSample).toBe(true);
      expect(x.title).toContain('(sample)');
      expect(x.avatarUrl).toMatch(/^\/api\/files\//);
      expect(x.imageUrl).toMatch(/^\/api\/files\//);
    }
  });

  it('bestsellers: in-stock products by units paid for, filled with other in-stock pins', async () => {
    const products = (await anon.get('/api/products')).json() as Product[];
    const before = await home();
    expect(before.hasSales).toBe(false);
    expect(before.bestsellers).toHaveLength(4);
    for (const p of before.bestsellers) expect(p.stockQuantity).toBeGreaterThan(0);

    const inStock = products.filter((p) => p.stockQuantity > 0 && p.price > 0);
    const [a, b] = [inStock[10]!, inStock[12]!];
    const order = (productId: number, quantity: number, paymentStatus: 'paid' | 'refunded') => ({
      customerEmail: 'x@example.com',
      customerName: 'X',
      subtotalCents: 100,
      totalCents: 100,
      paymentStatus,
      items: [{ productId, name: 'x', quantity, unitPriceCents: 100 }],
    });
    await t.db
      .insert(orders)
      .values([order(a.id, 5, 'paid'), order(b.id, 9, 'paid'), order(a.id, 50, 'refunded')]);
    forgetSalesRanking(t.db);
    const after = await home();
    expect(after.hasSales).toBe(true);
    expect(after.bestsellers.map((p) => p.id).slice(0, 2)).toEqual([b.id, a.id]);
    expect(after.bestsellers).toHaveLength(4);
  });

  it('the admin adds, edits and deletes entries; the page shows at most 3 testimonials', async () => {
    const created = await admin.post('/api/admin/home/testimonials', {
      name: 'Alex Morgan',
      title: 'General Manager, Real Club',
      quote: 'Great pins, delivered on time for our member-guest.',
      sortOrder: 0,
    });
    expect(created.statusCode, created.body).toBe(201);
    const real = created.json() as HomeTestimonial;
    expect(real.isSample).toBe(false);
    const content = await home();
    expect(content.testimonials).toHaveLength(3);
    expect(content.testimonials.map((x) => x.id)).toContain(real.id);

    const edited = await admin.put(`/api/admin/home/testimonials/${real.id}`, {
      name: 'Alex Morgan',
      title: 'General Manager, Real Club',
      quote: 'Great pins, delivered a week early for our member-guest.',
      sortOrder: 5,
    });
    expect(edited.json().quote).toContain('a week early');

    const all = (await admin.get('/api/admin/home')).json() as {
      testimonials: HomeTestimonial[];
    };
    expect(all.testimonials).toHaveLength(4);

    const logo = await admin.post('/api/admin/home/logos', {
      name: 'Real Club',
      imageUrl: '/api/files/abcdefgh123',
    });
    expect(logo.statusCode).toBe(201);
    expect((await admin.delete(`/api/admin/home/logos/${logo.json().id}`)).statusCode).toBe(200);
    expect((await admin.delete(`/api/admin/home/logos/${logo.json().id}`)).statusCode).toBe(404);
    expect((await admin.delete(`/api/admin/home/testimonials/${real.id}`)).statusCode).toBe(200);
  });

  it('admin calls are guarded and validated', async () => {
    expect((await anon.get('/api/admin/home')).statusCode).toBe(401);
    expect((await customer.get('/api/admin/home')).statusCode).toBe(403);
    const body = { name: 'X', imageUrl: '/api/files/abcdefgh123' };
    expect((await customer.post('/api/admin/home/logos', body)).statusCode).toBe(403);
    const badUrl = await admin.post('/api/admin/home/logos', {
      name: 'X',
      imageUrl: 'javascript:alert(1)',
    });
    expect(badUrl.statusCode).toBe(400);
    expect(badUrl.json().errors).toHaveProperty('imageUrl');
    const shortQuote = await admin.post('/api/admin/home/testimonials', {
      name: 'X',
      title: 'Y',
      quote: 'short',
    });
    expect(shortQuote.statusCode).toBe(400);
    expect(shortQuote.json().errors.quote).toBe('Quote must be at least 10 characters');
  });

  it('an empty section is empty: no logos and no testimonials once all are deleted', async () => {
    await t.db.delete(homeLogos);
    await t.db.delete(homeTestimonials).where(eq(homeTestimonials.isSample, true));
    await t.db.delete(homeTestimonials);
    const content = await home();
    expect(content.logos).toEqual([]);
    expect(content.testimonials).toEqual([]);
  });

  describe('POST /api/client-errors', () => {
    const report = {
      message: 'TypeError: x is undefined',
      stack: 'at Foo (a.js:1)',
      url: '/product/3',
    };

    it('logs a valid report and answers 204', async () => {
      const c = new AddressedClient(t.app);
      const res = await c.post('/api/client-errors', report);
      expect(res.statusCode).toBe(204);
      const line = logLines.find((l) => l.includes('client error reported'));
      expect(line).toBeDefined();
      expect(JSON.parse(line!).clientError).toMatchObject({ ...report, source: 'route' });
    });

    it('refuses bad input (400) and large bodies (413)', async () => {
      const c = new AddressedClient(t.app);
      expect((await c.post('/api/client-errors', { ...report, message: '' })).statusCode).toBe(400);
      expect(
        (await c.post('/api/client-errors', { ...report, url: 'https://evil.example/' }))
          .statusCode,
      ).toBe(400);
      const big = await new AddressedClient(t.app).post('/api/client-errors', {
        ...report,
        stack: 'x'.repeat(20_000),
      });
      expect(big.statusCode).toBe(413);
    });

    it('rate-limits per client address (429 after the limit)', async () => {
      const c = new AddressedClient(t.app);
      const statuses: number[] = [];
      for (let i = 0; i < 4; i++)
        statuses.push((await c.post('/api/client-errors', report)).statusCode);
      expect(statuses).toEqual([204, 204, 204, 429]);
      expect((await new AddressedClient(t.app).post('/api/client-errors', report)).statusCode).toBe(
        204,
      );
    });
  });
});
