/**
 * The pages as a crawler or a link preview sees them: the server's HTML, no JavaScript
 * run. Each public route carries its own title, description, canonical URL, Open Graph
 * and Twitter tags and its main content; products and posts carry JSON-LD; unknown
 * paths answer 404 with the not-found page; sitemap and robots list what they should.
 */
import { eq } from 'drizzle-orm';
import { JSDOM } from 'jsdom';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatDollars } from '../../shared/money';
import type { Product } from '../../shared/schemas/catalog';
import { wrapWords } from '../../shared/sentence';
import { invalidateCatalog } from '../catalog/service';
import { blogPosts, products } from '../db/schema';
import { seedDemoData } from '../seed/demo';
import { createTestApp, type TestApp } from '../test/app';
import { priceValidUntil, withoutTrailingSlash } from './routes';
import { drawSocialCard, SOCIAL_CARD, socialCardSvg } from './social-image';

const BASE = 'https://shop.example';

/** A JSON-LD block as the tests read it. */
interface LdBlock {
  '@type'?: string;
  offers?: Record<string, string>;
  [key: string]: unknown;
}

describe('server-sent pages', () => {
  let t: TestApp;
  let list: Product[];
  beforeAll(async () => {
    t = await createTestApp({ env: { PUBLIC_URL: BASE } });
    await seedDemoData(t.db);
    list = (await t.app.inject({ url: '/api/products' })).json();
  });
  afterAll(() => t.close());

  async function page(url: string, headers: Record<string, string> = {}) {
    const res = await t.app.inject({
      url,
      headers: { 'user-agent': 'Mozilla/5.0 test', ...headers },
    });
    const doc = new JSDOM(res.body).window.document;
    const meta = (sel: string) => doc.querySelector(sel)?.getAttribute('content') ?? null;
    const jsonLd = [...doc.querySelectorAll('script[type="application/ld+json"]')].map(
      (s) => JSON.parse(s.textContent ?? 'null') as LdBlock,
    );
    return {
      res,
      doc,
      title: doc.title,
      description: meta('meta[name="description"]'),
      canonical: doc.querySelector('link[rel="canonical"]')?.getAttribute('href') ?? null,
      ogTitle: meta('meta[property="og:title"]'),
      ogImage: meta('meta[property="og:image"]'),
      ogWidth: meta('meta[property="og:image:width"]'),
      ogHeight: meta('meta[property="og:image:height"]'),
      twitterCard: meta('meta[name="twitter:card"]'),
      main: doc.querySelector('main')?.textContent?.replace(/\s+/g, ' ') ?? '',
      jsonLd,
    };
  }

  function expectHead(p: Awaited<ReturnType<typeof page>>, path: string) {
    expect(p.res.statusCode).toBe(200);
    expect(p.res.headers['content-type']).toContain('text/html');
    expect(p.res.headers['cache-control']).toBe('no-cache');
    expect(p.title.length).toBeGreaterThan(10);
    expect(p.description?.length ?? 0).toBeGreaterThan(40);
    expect(p.canonical).toBe(`${BASE}${path}`);
    expect(p.ogTitle).toBe(p.title);
    // Products and posts have their own card (pages/social-image.ts), other pages the shared one.
    if (/^\/(product|blog)\/./.test(path))
      expect(p.ogImage).toMatch(new RegExp(`^${BASE}/og/(product|blog)/[^/]+\\.png\\?v=`));
    else expect(p.ogImage).toBe(`${BASE}/og-image.png`);
    expect(p.doc.querySelector('meta[name="twitter:image"]')?.getAttribute('content')).toBe(
      p.ogImage,
    );
    expect([p.ogWidth, p.ogHeight]).toEqual(['1200', '630']);
    expect(p.twitterCard).toBe('summary_large_image');
  }

  it('gives every public route its own title, description and canonical URL', async () => {
    const paths = ['/', '/wholesale', `/product/${list[0]!.id}`, '/quote', '/custom', '/blog'];
    const [post] = await t.db.select().from(blogPosts).limit(1);
    paths.push(`/blog/${post!.slug}`);
    const seen = { titles: new Set<string>(), descriptions: new Set<string>() };
    for (const path of paths) {
      const p = await page(path);
      expectHead(p, path);
      seen.titles.add(p.title);
      seen.descriptions.add(p.description!);
      expect(p.main.length, path).toBeGreaterThan(30);
    }
    expect(seen.titles.size).toBe(paths.length);
    expect(seen.descriptions.size).toBe(paths.length);
  });

  it('home: the spec title and LocalBusiness JSON-LD with the business facts', async () => {
    const p = await page('/');
    expect(p.title).toBe(
      'Custom Golf Pins, Ball Markers & Commemorative Coins | Professional Design',
    );
    const business = p.jsonLd.find((b) => b['@type'] === 'LocalBusiness');
    expect(business).toMatchObject({
      name: 'Fairway Pin Co.',
      email: 'hello@fairwaypin.co',
      url: `${BASE}/`,
      address: { addressLocality: 'San Diego', addressRegion: 'California', addressCountry: 'US' },
      // Storefront spec section 9 "Site metadata defaults".
      openingHours: 'Mo-Fr 09:00-17:00',
      areaServed: { '@type': 'Country', name: 'United States' },
    });
    expect(String(business?.description)).toContain('500+');
  });

  it('wholesale: every product name and price in the HTML, and the list for the app', async () => {
    const p = await page('/wholesale');
    const cards = [...p.doc.querySelectorAll('main li a')].map((a) => ({
      href: a.getAttribute('href'),
      text: a.textContent ?? '',
    }));
    for (const product of list) {
      const card = cards.find((c) => c.href === `/product/${product.id}`);
      expect(card?.text, product.name).toContain(product.name);
      expect(card?.text, product.name).toContain(
        product.price === 0 ? 'FREE' : formatDollars(product.price),
      );
    }
    const data = JSON.parse(p.doc.getElementById('page-data')!.textContent!);
    expect(data[0][0]).toEqual(['/api/products']);
    expect(data[0][1]).toHaveLength(list.length);
  });

  it('first screen: its images load at once, the test-mode banner and its setup ride along', async () => {
    const w = await page('/wholesale');
    const images = [...w.doc.querySelectorAll('main ul img')];
    expect(images.length).toBeGreaterThan(4);
    expect(images.slice(0, 2).map((i) => i.getAttribute('fetchpriority'))).toEqual([
      'high',
      'high',
    ]);
    expect(images.slice(0, 4).map((i) => i.getAttribute('loading'))).toEqual(
      Array(4).fill('eager'),
    );
    expect(images.slice(4).every((i) => i.getAttribute('loading') === 'lazy')).toBe(true);
    // On the test payment provider the app's 'Test mode' banner is in the HTML, and the
    // setup answer it reads is seeded, so the page does not move when the app mounts.
    expect(w.doc.querySelector('aside[aria-label="Test mode"]')?.textContent).toBe(
      'Test mode: no real payments',
    );
    const data = JSON.parse(w.doc.getElementById('page-data')!.textContent!);
    expect(data).toContainEqual([['/paypal/setup'], expect.objectContaining({ provider: 'test' })]);
    // The app-only pages (a shell the app draws) carry it too: their banner is in the first render.
    const shell = await page('/checkout');
    expect(JSON.parse(shell.doc.getElementById('page-data')!.textContent!)).toContainEqual([
      ['/paypal/setup'],
      expect.objectContaining({ provider: 'test' }),
    ]);

    const product = list.find((x) => x.imageUrl)!;
    const p = await page(`/product/${product.id}`);
    const preload = p.doc.querySelector('head link[rel="preload"][as="image"]');
    expect(preload?.getAttribute('href')).toBe(product.imageUrl);
    expect(preload?.getAttribute('fetchpriority')).toBe('high');
  });

  it('custom: the rush banner numbers ride along, so the wizard does not move when they arrive', async () => {
    const p = await page('/custom');
    const data = JSON.parse(p.doc.getElementById('page-data')!.textContent!);
    const rush = (await t.app.inject({ url: '/api/custom-orders/rush-slots' })).json();
    expect(data).toContainEqual([['/api/custom-orders/rush-slots'], rush]);
    expect(rush.slotsPerMonth).toBeGreaterThan(0);
    // Storefront spec section 9: the custom pins' structured data (USD, 25-1000 pins), the
    // price range being the cheapest and dearest order the wizard prices (decisions issue
    // 10 entry 36): 25 x $7.00 and 1000 x $4.05 + $100 rush.
    const ld = p.jsonLd.find((b) => b['@type'] === 'Product') as {
      offers: Record<string, unknown>;
    };
    expect(ld.offers).toMatchObject({
      '@type': 'AggregateOffer',
      priceCurrency: 'USD',
      lowPrice: '175.00',
      highPrice: '4150.00',
      eligibleQuantity: { minValue: 25, maxValue: 1000 },
    });
    expect((ld.offers.priceValidUntil as string) > new Date().toISOString().slice(0, 10)).toBe(
      true,
    );
  });

  it('product: name, price, tiers, breadcrumbs and Product JSON-LD (USD, rolling validity, stock)', async () => {
    const product = list.find((x) => x.price > 0 && x.stockQuantity > 0)!;
    const p = await page(`/product/${product.id}`);
    expect(p.title).toBe(`${product.name} | Fairway Pin Co.`);
    expect(p.doc.querySelector('main h1')?.textContent).toBe(product.name);
    expect(p.main).toContain(formatDollars(product.price));
    expect(p.main).toContain('25+ pins');
    expect(p.doc.querySelector('nav[aria-label="Breadcrumb"]')?.textContent).toContain('Wholesale');
    const ld = p.jsonLd.find((b) => b['@type'] === 'Product') as LdBlock;
    expect(ld.name).toBe(product.name);
    // The breadcrumbs the page shows, for search results too.
    const crumbs = p.jsonLd.find((b) => b['@type'] === 'BreadcrumbList') as {
      itemListElement: { position: number; name: string; item: string }[];
    };
    expect(crumbs.itemListElement.map((c) => [c.position, c.name, c.item])).toEqual([
      [1, 'Home', `${BASE}/`],
      [2, 'Wholesale', `${BASE}/wholesale`],
      [3, product.name, `${BASE}/product/${product.id}`],
    ]);
    expect(ld.aggregateRating).toBeUndefined();
    expect(ld.offers).toMatchObject({
      priceCurrency: 'USD',
      price: product.price.toFixed(2),
      availability: 'https://schema.org/InStock',
      priceValidUntil: priceValidUntil(),
      url: `${BASE}/product/${product.id}`,
    });
    expect(ld.offers!.priceValidUntil! > new Date().toISOString().slice(0, 10)).toBe(true);
    // Its PNG card first (the same image as og:image), then its own picture.
    expect((ld as { image?: unknown }).image).toEqual([
      p.doc.querySelector('meta[property="og:image"]')?.getAttribute('content'),
      ...(product.imageUrl ? [`${BASE}${product.imageUrl}`] : []),
    ]);

    // Stock 0: OutOfStock.
    await t.db
      .update(products)
      .set({ stockQuantity: 0, inStock: false })
      .where(eq(products.id, product.id));
    // The NOTIFY that drops the cache arrives a moment later on PostgreSQL: drop it now.
    invalidateCatalog(t.db);
    const sold = await page(`/product/${product.id}`);
    const soldLd = sold.jsonLd.find((b) => b['@type'] === 'Product') as LdBlock;
    expect(soldLd.offers!.availability).toBe('https://schema.org/OutOfStock');
  });

  it('blog list and post: titles, sanitised content and BlogPosting JSON-LD', async () => {
    const posts = await t.db.select().from(blogPosts).where(eq(blogPosts.isPublished, true));
    const list = await page('/blog');
    for (const post of posts) expect(list.main).toContain(post.title);

    const post = posts[0]!;
    const p = await page(`/blog/${post.slug}`);
    expect(p.title).toBe(`${post.metaTitle ?? post.title} | Fairway Pin Co.`);
    expect(p.doc.querySelector('main h1')?.textContent).toBe(post.title);
    expect(p.doc.querySelector('meta[property="og:type"]')?.getAttribute('content')).toBe(
      'article',
    );
    const ld = p.jsonLd.find((b) => b['@type'] === 'BlogPosting') as LdBlock;
    expect(ld).toMatchObject({ headline: post.title, url: `${BASE}/blog/${post.slug}` });
    expect(ld.datePublished).toBe(post.publishedAt!.toISOString());
    // The post's own card, as og:image (not the shop's generic image).
    const image = (ld as { image?: string[] }).image!;
    expect(image[0]).toBe(
      p.doc.querySelector('meta[property="og:image"]')?.getAttribute('content'),
    );
    expect(image[0]).not.toBe(`${BASE}/og-image.png`);
  });

  it("blog post: the whole post in the app's markup (header, image, stored body, tags, links on)", async () => {
    const [post] = await t.db
      .select()
      .from(blogPosts)
      .where(eq(blogPosts.slug, 'how-to-design-a-golf-pin'));
    await t.db
      .update(blogPosts)
      // 9:30 pm in San Diego on November 25 (the shop's day), already the 26th in UTC.
      .set({
        viewCount: 1233,
        tags: ['design', 'a&b'],
        publishedAt: new Date('2026-11-26T05:30:00Z'),
      })
      .where(eq(blogPosts.id, post!.id));
    // A reader not seen before today: the page counts the view.
    const { doc } = await page(`/blog/${post!.slug}`, { 'user-agent': 'Mozilla/5.0 new reader' });
    const main = doc.querySelector('main')!;
    expect(main.getAttribute('tabindex')).toBe('-1');
    expect(main.querySelector(':scope > a[href="/blog"]')?.textContent).toBe('Back to Blog');
    const header = main.querySelector('article > header')!;
    expect(header.querySelector('p')?.textContent).toBe('Tips'); // the category's label
    expect(header.querySelector('h1')?.textContent).toBe(post!.title);
    const meta = [...header.querySelector('div')!.children].map((el) => el.textContent);
    expect(meta).toEqual([
      'November 25, 2026',
      '1,234 views', // counted once for this visitor, digits grouped as the app writes them
      'Share',
    ]);
    expect(header.querySelectorAll('svg.lucide')).toHaveLength(2);
    // The image is the page's largest paint, marked for Element Timing, once.
    const image = main.querySelector('article > img')!;
    expect(image.getAttribute('src')).toBe(post!.featuredImage);
    expect(image.getAttribute('elementtiming')).toBe('first-screen');
    expect(image.getAttribute('fetchpriority')).toBe('high');
    expect(doc.querySelectorAll('[elementtiming]')).toHaveLength(1);
    // The body is the stored (sanitised on write) HTML, as it is.
    expect(main.querySelector('article > .prose-post')?.innerHTML).toBe(post!.content);
    expect(
      [...main.querySelectorAll('[aria-label="Tags"] li')].map((li) => li.textContent),
    ).toEqual(['#design', '#a&b']);
    const more = [...main.querySelectorAll('nav[aria-label="More"] a')];
    expect(more.map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['More Articles', '/blog'],
      ['Shop Ready-Made Pins', '/wholesale'],
    ]);
  });

  it('products and posts have their own 1200x630 PNG social image, from their own picture', async () => {
    const pngSize = (body: Buffer) => [body.readUInt32BE(16), body.readUInt32BE(20)];
    const cards = new Set<string>();
    for (const product of list.slice(0, 2)) {
      const { ogImage } = await page(`/product/${product.id}`);
      expect(ogImage).toContain(`/og/product/${product.id}.png?v=`);
      const res = await t.app.inject({ url: ogImage!.slice(BASE.length) });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/png');
      expect(res.rawPayload.subarray(1, 4).toString()).toBe('PNG');
      expect(pngSize(res.rawPayload)).toEqual([SOCIAL_CARD.width, SOCIAL_CARD.height]);
      cards.add(res.rawPayload.toString('base64'));
    }
    expect(cards.size).toBe(2);
    const [post] = await t.db.select().from(blogPosts).where(eq(blogPosts.isPublished, true));
    const { ogImage } = await page(`/blog/${post!.slug}`);
    const card = await t.app.inject({ url: ogImage!.slice(BASE.length) });
    expect(card.statusCode).toBe(200);
    expect(pngSize(card.rawPayload)).toEqual([1200, 630]);
    // Unknown, inactive or malformed: 404, never a picture of something else.
    for (const url of ['/og/product/999999.png', '/og/product/abc.png', '/og/blog/nope.png'])
      expect((await t.app.inject({ url })).statusCode, url).toBe(404);
  });

  it('the social card draws an SVG picture whole: its nested images and its lettering', () => {
    const red = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10" fill="#ff0000"/></svg>',
    ).toString('base64');
    // The pin art's shape: a motif as a nested <image>, lettering as <text>.
    const pin = Buffer.from(
      `<svg xmlns="http://www.w3.org/2000/svg" width="100" height="100" viewBox="0 0 100 100"><image x="0" y="0" width="100" height="50" href="data:image/svg+xml;base64,${red}"/><text x="0" y="95" font-family="DejaVu Sans" font-size="48" fill="#000000">MW</text></svg>`,
    );
    const drawn = drawSocialCard({
      title: 'Pin',
      subtitle: '$1.00',
      picture: { contentType: 'image/svg+xml', data: pin },
      siteName: 'Fairway Pin Co.',
    });
    const pixels = drawn.pixels; // a copy per read: read once
    const at = (x: number, y: number) => {
      const i = (y * drawn.width + x) * 4;
      return [...pixels.subarray(i, i + 3)];
    };
    // The picture sits at 90..530 x 95..535: the motif fills its top half.
    expect(at(310, 200)).toEqual([255, 0, 0]);
    // The lettering: dark pixels in its bottom half.
    let dark = 0;
    for (let y = 330; y < 530; y += 2)
      for (let x = 90; x < 530; x += 2) if (at(x, y).every((v) => v < 60)) dark++;
    expect(dark).toBeGreaterThan(200);
  });

  it('the social card escapes its texts and wraps long titles', () => {
    const svg = socialCardSvg({
      title: '</text><script>alert(1)</script>',
      subtitle: '"&',
      picture: null,
      siteName: 'Fairway Pin Co.',
    });
    expect(svg).not.toContain('<script>');
    expect(svg).toContain('&#60;/text&#62;&#60;script&#62;');
    expect(svg).toContain('&#34;&#38;');
    expect(
      wrapWords('Pebble Creek Member Guest Invitational Commemorative Coin 2026', 20, 3),
    ).toEqual(['Pebble Creek Member', 'Guest Invitational', 'Commemorative Coin…']);
  });

  it('unknown paths, products and posts answer 404 with the not-found page; app routes get the shell', async () => {
    // The words and links the app's own not-found views show (web routes not-found, product,
    // blog-post), so the page does not change when the app mounts.
    const generic = [
      'The page you are looking for does not exist or has moved.',
      [
        ['Back to Home', '/'],
        ['Browse Pins', '/wholesale'],
      ],
    ] as const;
    const product = [
      'This pin may have sold out for good or the link is wrong.',
      [['Browse All Products', '/wholesale']],
    ] as const;
    for (const [url, heading, [text, links]] of [
      ['/no-such-page', 'Page Not Found', generic],
      ['/track-order/12/receipts', 'Page Not Found', generic],
      ['/product/999999', 'Product Not Found', product],
      ['/product/abc', 'Product Not Found', product],
      [
        '/blog/no-such-post',
        'Blog Post Not Found',
        ['This article may have been moved or taken down.', [['Back to Blog', '/blog']]],
      ],
    ] as const) {
      const p = await page(url);
      expect(p.res.statusCode, url).toBe(404);
      expect(p.res.headers['content-type']).toContain('text/html');
      expect(p.doc.querySelector('main h1')?.textContent).toBe(heading);
      expect(p.doc.querySelector('main h1 + p')?.textContent, url).toBe(text);
      expect(
        [...p.doc.querySelectorAll('main a')].map((a) => [a.textContent, a.getAttribute('href')]),
        url,
      ).toEqual(links);
      expect(p.doc.querySelector('meta[name="robots"]')?.getAttribute('content')).toBe('noindex');
      // No address of its own: no canonical URL or og:url (it was '/404', itself a 404).
      expect(p.doc.querySelector('link[rel="canonical"]'), url).toBeNull();
      expect(p.doc.querySelector('meta[property="og:url"]'), url).toBeNull();
      // A missing product or post: its query's answer (null) rides along, so the app shows
      // not-found at once instead of a loading skeleton first (a mobile audit).
      const data = JSON.parse(
        p.doc.querySelector('script[id="page-data"]')?.textContent ?? '[]',
      ) as [unknown[], unknown][];
      const seeded = {
        '/product/999999': [['/api/products', 999999], null],
        '/blog/no-such-post': [['/api/blog', 'no-such-post'], null],
      }[url as string];
      const own = data.filter(([key]) => key[0] !== '/paypal/setup');
      expect(own, url).toEqual(seeded ? [seeded] : []);
    }
    for (const url of [
      '/checkout',
      '/login',
      '/forgot-password',
      '/reset-password',
      '/admin',
      '/track-order',
      '/pay-invoice/INV-100001',
      '/track-order/12/receipt',
    ]) {
      const res = await t.app.inject({ url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control']).toBe('no-cache');
      // Without JavaScript the app never replaces 'Loading…': the page says why.
      expect(res.body).toContain(
        '<noscript><p>This page needs JavaScript. Please turn it on and reload the page.</p></noscript>',
      );
    }
    const api = await t.app.inject({ url: '/api/nothing' });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toEqual({ message: 'Not found' });
  });

  it('one address per page: a trailing slash or a zero-padded product id moves (301) to it', async () => {
    for (const [from, to] of [
      ['/wholesale/', '/wholesale'],
      ['/wholesale//?category=flags', '/wholesale?category=flags'],
      ['/product/1/', '/product/1'],
      ['/product/007', '/product/7'],
      ['/blog/some-post/', '/blog/some-post'],
      // '/blog/' matched '/blog/:slug' with an empty slug: 404 + noindex (an SEO audit).
      ['/blog/', '/blog'],
      ['/blog/?a=1', '/blog?a=1'],
      ['/blog//', '/blog'],
      ['/checkout/', '/checkout'],
    ]) {
      const res = await t.app.inject({ url: from });
      expect(res.statusCode, from).toBe(301);
      expect(res.headers.location, from).toBe(to);
    }
    // Never to another site ('//host' and '/\\host' are protocol-relative addresses), and
    // the API keeps its JSON 404.
    const res = await t.app.inject({ url: '//evil.example/' });
    expect(res.statusCode).toBe(404);
    expect(res.headers.location).toBeUndefined();
    expect(withoutTrailingSlash('/\\evil.example/')).toBeNull();
    expect(withoutTrailingSlash('///')).toBeNull();
    expect(withoutTrailingSlash('/')).toBeNull();
    expect(withoutTrailingSlash('/wholesale')).toBeNull();
    const api = await t.app.inject({ url: '/api/nothing/' });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toEqual({ message: 'Not found' });
  });

  it('sitemap lists home, catalogue, blog, every active product and published post with lastmod', async () => {
    const [draft] = await t.db
      .insert(blogPosts)
      .values({ title: 'Draft', slug: 'a-draft', content: '<p>x</p>', isPublished: false })
      .returning();
    await t.db.update(products).set({ isActive: false }).where(eq(products.id, list[1]!.id));
    invalidateCatalog(t.db);
    const res = await t.app.inject({ url: '/sitemap.xml' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/xml');
    const doc = new JSDOM(res.body, { contentType: 'text/xml' }).window.document;
    const urls = [...doc.querySelectorAll('url')].map((u) => ({
      loc: u.querySelector('loc')?.textContent,
      lastmod: u.querySelector('lastmod')?.textContent,
    }));
    const locs = urls.map((u) => u.loc);
    for (const path of ['/', '/wholesale', '/blog', '/quote', '/custom'])
      expect(locs).toContain(`${BASE}${path}`);
    const active = (await t.app.inject({ url: '/api/products' })).json() as Product[];
    for (const p of active) expect(locs).toContain(`${BASE}/product/${p.id}`);
    expect(locs).not.toContain(`${BASE}/product/${list[1]!.id}`);
    const posts = await t.db.select().from(blogPosts).where(eq(blogPosts.isPublished, true));
    for (const p of posts) expect(locs).toContain(`${BASE}/blog/${p.slug}`);
    expect(locs).not.toContain(`${BASE}/blog/${draft!.slug}`);
    for (const u of urls) expect(u.lastmod).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it('escapes what it interpolates: a hostile title cannot break out of the head or the data script', async () => {
    const hostile = `"/><script>alert(1)</script><!-- </script>`;
    await t.db.insert(blogPosts).values({
      title: hostile,
      slug: 'hostile-title',
      excerpt: hostile,
      content: '<p>x</p>',
      isPublished: true,
      publishedAt: new Date(),
    });
    const res = await t.app.inject({ url: '/blog/hostile-title' });
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain('<script>alert(1)</script>');
    const doc = new JSDOM(res.body).window.document;
    expect(doc.title).toBe(`${hostile} | Fairway Pin Co.`);
    expect(doc.querySelector('main h1')?.textContent).toBe(hostile);
    const data = JSON.parse(doc.getElementById('page-data')!.textContent!);
    expect(data[0][1].title).toBe(hostile);
    const ld = JSON.parse(doc.querySelector('script[type="application/ld+json"]')!.textContent!);
    expect(ld.headline).toBe(hostile);
    // Only the page's own scripts: the JSON-LD, the data and (when built) the app.
    for (const script of doc.querySelectorAll('script')) {
      expect(['application/ld+json', 'application/json', 'module']).toContain(script.type);
    }
  });

  it('robots.txt lets crawlers fetch the images and the noindex pages, not the API, back office or token pages', async () => {
    const res = await t.app.inject({ url: '/robots.txt' });
    expect(res.statusCode).toBe(200);
    const lines = res.body.split('\n');
    expect(lines).toContain(`Sitemap: ${BASE}/sitemap.xml`);
    const rules = lines
      .map((l) => /^(Allow|Disallow): (\S+)$/.exec(l))
      .filter((m) => m !== null)
      .map((m) => ({ allow: m[1] === 'Allow', path: m[2]! }));
    /** Google's reading: the longest matching rule wins, Allow on a tie; none, allowed. */
    const google = (path: string) =>
      rules
        .filter((r) => path.startsWith(r.path))
        .reduce<{ allow: boolean; path: string } | null>(
          (best, r) =>
            !best ||
            r.path.length > best.path.length ||
            (r.path.length === best.path.length && r.allow)
              ? r
              : best,
          null,
        )?.allow ?? true;
    /** The first matching rule in order (Python's urllib.robotparser and others). */
    const firstMatch = (path: string) => rules.find((r) => path.startsWith(r.path))?.allow ?? true;
    const expected: [string, boolean][] = [
      // Every uploaded image (products, posts, logos), though the rest of the API is out.
      ['/api/files/AbC-12_xyz', true],
      ['/api/products', false],
      ['/api/files', false],
      ['/paypal/setup', false],
      // Pages with `robots: noindex`: fetched, so the noindex is read (an SEO audit).
      ['/track-order', true],
      ['/track-order/12/receipt', true],
      ['/checkout', true],
      ['/wholesale', true],
      ['/admin', false],
      ['/pay-invoice/INV-100001', false],
      ['/balance-payment/tok', false],
      ['/quote-collaboration/tok', false],
    ];
    for (const [path, allowed] of expected) {
      expect(google(path), `${path} (longest match)`).toBe(allowed);
      expect(firstMatch(path), `${path} (first match)`).toBe(allowed);
    }
  });

  it("marks the page's own head tags for the app to drop on its first page change", async () => {
    const product = await page(`/product/${list[0]!.id}`);
    const missing = await page('/no-such-page');
    for (const { doc } of [product, missing]) {
      const own = new Set(
        doc.head.querySelectorAll(
          [
            'meta[name="description"]',
            'link[rel="canonical"]',
            'meta[name="robots"]',
            'meta[property]',
            'meta[name^="twitter:"]',
            'script[type="application/ld+json"]',
          ].join(', '),
        ),
      );
      expect(own.size).toBeGreaterThanOrEqual(15);
      for (const el of doc.head.children)
        expect(el.hasAttribute('data-page-head'), el.outerHTML).toBe(own.has(el));
      // The frame of every page stays: charset, viewport, title (the app sets its text).
      for (const sel of ['meta[charset]', 'meta[name="viewport"]', 'title'])
        expect(doc.head.querySelector(sel)?.hasAttribute('data-page-head'), sel).toBe(false);
    }
    expect(product.doc.querySelector('link[rel="preload"][as="image"]')).not.toBeNull();
    expect(product.doc.querySelectorAll('script[data-page-head]').length).toBe(2);
    expect(missing.doc.querySelector('meta[name="robots"]')?.hasAttribute('data-page-head')).toBe(
      true,
    );
  });

  it('compresses HTML for clients that accept it', async () => {
    const res = await t.app.inject({
      url: '/wholesale',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(res.headers['content-encoding']).toBe('br');
    // The pages' compressor stays inside the pages plugin: other API replies are untouched
    // (the catalogue list brings its own pre-compressed bytes, issue 12).
    const api = await t.app.inject({
      url: '/api/blog',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(api.body.length).toBeGreaterThan(1024);
    expect(api.headers['content-encoding']).toBeUndefined();
  });
});

describe("the store's facts reach the app at run time", () => {
  it('every served page carries STORE_NAME and its siblings for the app (not only the build)', async () => {
    const own = await createTestApp({
      env: {
        PUBLIC_URL: BASE,
        STORE_NAME: 'Birdie Badges',
        STORE_EMAIL: 'hi@birdie.test',
        STORE_CITY: 'Austin, Texas',
        STORE_CUSTOMER_COUNT: '900+',
      },
    });
    try {
      for (const url of ['/', '/login', '/track-order']) {
        const res = await own.app.inject({ method: 'GET', url });
        const facts = /<script type="application\/json" id="store-facts">([^<]*)<\/script>/.exec(
          res.body,
        );
        expect(facts, url).not.toBeNull();
        expect(JSON.parse(facts![1]!)).toEqual({
          name: 'Birdie Badges',
          email: 'hi@birdie.test',
          city: 'Austin, Texas',
          customerCount: '900+',
        });
      }
      // The header's name takes its natural width: no box of a set width (content.ts `frame`).
      const home = await own.app.inject({ method: 'GET', url: '/' });
      expect(home.body).toContain(
        '<span class="truncate font-heading text-xl font-normal text-brand">Birdie Badges</span>',
      );
    } finally {
      await own.close();
    }
  });
});
