/**
 * The web pages the server sends (issue 10 "pages that arrive complete"):
 *
 * - Public pages with their own head (pages/head.ts) and main content (pages/content.ts):
 *   `/`, `/wholesale`, `/product/{id}`, `/quote`, `/custom`, `/blog`, `/blog/{slug}`; the
 *   data they show also seeds the client's query cache so the app starts without refetching.
 * - The app's own routes (/checkout, /login, /admin, ...) get the shell with a plain head.
 * - Anything else, an unknown product or post included: HTTP 404 with the not-found page.
 * - `/og/product/{id}.png`, `/og/blog/{slug}.png`: each product's and post's own social
 *   image (pages/social-image.ts).
 * - `/sitemap.xml` (home, catalogue, blog, quote, custom, every active product and every
 *   published post, each with lastmod) and `/robots.txt`.
 * - HTML is `no-cache` (revalidated on every visit); Vite's hashed files under /assets/
 *   are `immutable` for a year and served pre-compressed (.br/.gz written by the build);
 *   other files for an hour. HTML and XML are compressed per response (@fastify/compress,
 *   registered inside this plugin only, so API replies are left alone).
 */

import { statSync } from 'node:fs';
import path from 'node:path';
import compress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import escapeHtml from 'escape-html';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { centsToAmountString, dollarsToCents } from '../../shared/money';
import { NOT_FOUND_PAGES, type NotFoundKind } from '../../shared/not-found-pages';
import {
  CUSTOM_PIN_MAX_QUANTITY,
  CUSTOM_PIN_MIN_QUANTITY,
  customPinOrderRange,
} from '../../shared/pricing';
import type { Product } from '../../shared/schemas/catalog';
import { countView, findPublishedPost, listPublishedPosts, serializePost } from '../blog/service';
import { getActiveProduct, listActiveProducts } from '../catalog/service';
import { rushSlots } from '../custom-orders/rush';
import { getHomeContent } from '../home/service';
import { HttpError } from '../lib/errors';
import { clientAddress } from '../lib/rate-limit';
import { paymentSetup } from '../payments/service';
import {
  BLOG_HEADING,
  BLOG_INTRO,
  blogListMain,
  blogPostMain,
  customMain,
  frame,
  homeMain,
  notFoundMain,
  productMain,
  quoteMain,
  type SiteFacts,
  wholesaleMain,
} from './content';
import { clip, OG_IMAGE, type PageMeta, renderHead } from './head';
import { postCardPath, productCardPath, socialImageRoutes } from './social-image';
import { type DocumentParts, loadPageTemplate } from './template';

export interface PagesOptions {
  /** The built web app (index.html + assets); a missing build uses a stand-in document. */
  webDist: string;
  /** Serve the built files (off in API tests without a build). */
  serveAssets: boolean;
}

export const HOME_TITLE =
  'Custom Golf Pins, Ball Markers & Commemorative Coins | Professional Design';

/** Paths the web app routes itself that are not public pages (shell with a plain head). */
const APP_PATHS = [
  '/checkout',
  '/track-order',
  '/account',
  '/login',
  '/register',
  '/forgot-password',
  '/reset-password',
  '/admin',
  '/quote-success',
];
const APP_PREFIXES = ['/balance-payment/', '/pay-invoice/', '/quote-collaboration/'];
/** App pages with a fixed shape below a prefix: a catalogue order's receipt. */
const APP_PATTERNS = [/^\/track-order\/\d+\/receipt$/];

/** Whether the web app has a page at `pathname` (other than the public pages). */
export function isAppPath(pathname: string): boolean {
  const p = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return (
    APP_PATHS.includes(p) ||
    APP_PREFIXES.some((prefix) => p.startsWith(prefix) && p.length > prefix.length) ||
    APP_PATTERNS.some((pattern) => pattern.test(p))
  );
}

/**
 * `pathname` without its trailing slashes, when it has any and what is left is a path of
 * this site ('/a/' -> '/a'); null otherwise ('/', '/a', and '//host/', which would
 * become the protocol-relative '//host', another site).
 */
export function withoutTrailingSlash(pathname: string): string | null {
  if (pathname.length < 2 || !pathname.endsWith('/')) return null;
  const stripped = pathname.replace(/\/+$/, '');
  return /^\/[^/\\]/.test(stripped) ? stripped : null;
}

/**
 * 301 to `path` on this site, with the request's query string when it had one, and a
 * one-line HTML page naming it (a page address answers HTML, whatever its status).
 */
function redirectTo(reply: FastifyReply, path: string, query: string | undefined) {
  const target = query ? `${path}?${query}` : path;
  return reply
    .code(301)
    .header('location', target)
    .header('cache-control', 'no-cache')
    .type('text/html; charset=utf-8')
    .send(
      `<!doctype html><html lang="en"><title>Moved</title><p>Moved to <a href="${escapeHtml(target)}">${escapeHtml(target)}</a>.</p></html>`,
    );
}

/**
 * One address per page: a page address with trailing slashes answers a 301 to itself
 * without them, query kept ('/wholesale/?a=1' -> '/wholesale?a=1'); returns that reply, or
 * null when the address has none (withoutTrailingSlash).
 */
function redirectSlashless(request: FastifyRequest, reply: FastifyReply) {
  const [pathname = '/', query] = request.url.split(/\?(.*)/s);
  const canonical = withoutTrailingSlash(pathname);
  return canonical === null ? null : redirectTo(reply, canonical, query);
}

const customPinRange = customPinOrderRange();

/**
 * The custom pins' offer in structured data (storefront spec section 9), US dollars: the
 * cheapest and dearest order the wizard prices (shared/pricing.ts `customPinOrderRange`;
 * docs/decisions.md issue 10 entry 36) and its quantities.
 */
export const CUSTOM_PIN_OFFER = {
  lowPrice: centsToAmountString(customPinRange.lowCents),
  highPrice: centsToAmountString(customPinRange.highCents),
  minQuantity: CUSTOM_PIN_MIN_QUANTITY,
  maxQuantity: CUSTOM_PIN_MAX_QUANTITY,
} as const;

/** A date one year after `now` as YYYY-MM-DD (Product offers' rolling priceValidUntil). */
export function priceValidUntil(now = new Date()): string {
  const d = new Date(now);
  d.setUTCFullYear(d.getUTCFullYear() + 1);
  return d.toISOString().slice(0, 10);
}

const absolute = (base: string, url: string | null) =>
  !url ? undefined : /^https?:\/\//i.test(url) ? url : `${base}${url}`;

export async function pageRoutes(instance: FastifyInstance, options: PagesOptions): Promise<void> {
  const { db, config } = instance.deps;
  // Read per request: with PORT=0 the listened port is known only after listen (start.ts).
  const origin = () => config.publicUrl;
  const site: SiteFacts = {
    name: config.STORE_NAME,
    email: config.STORE_EMAIL,
    city: config.STORE_CITY,
    customerCount: config.STORE_CUSTOMER_COUNT,
  };
  const template = loadPageTemplate(options.webDist, site);
  const builtAt = (() => {
    try {
      return statSync(path.join(options.webDist, 'index.html')).mtime;
    } catch {
      return new Date();
    }
  })();

  await instance.register(compress, { threshold: 1024, encodings: ['br', 'gzip'] });

  if (options.serveAssets) {
    await instance.register(fastifyStatic, {
      root: options.webDist,
      wildcard: false,
      index: [],
      preCompressed: true,
      cacheControl: false,
      globIgnore: ['index.html', '**/*.br', '**/*.gz', '.vite/**'],
      setHeaders(res, filePath) {
        const hashed = filePath.split(path.sep).includes('assets');
        res.header(
          'cache-control',
          hashed ? 'public, max-age=31536000, immutable' : 'public, max-age=3600',
        );
      },
    });
  }

  socialImageRoutes(instance, db, site.name);

  const organization = () => ({
    '@type': 'Organization',
    name: site.name,
    url: `${origin()}/`,
    logo: `${origin()}/favicon.svg`,
    email: site.email,
  });

  // On the test payment provider the app shows a 'Test mode' banner from GET /paypal/setup:
  // the server draws it and seeds that answer, so the page does not move when the app
  // mounts (docs/decisions.md, issue 10). PayPal's setup is not asked for here.
  const testSetup =
    instance.deps.payments.name === 'test' ? await paymentSetup(instance.deps) : null;

  function send(
    reply: FastifyReply,
    meta: PageMeta,
    parts: Omit<DocumentParts, 'head'>,
    status = 200,
  ) {
    // The test-mode banner's setup rides along on every page, the app-only shells too: the
    // banner is then in the app's first render instead of pushing the page down 32 px when
    // the call returns (issue 10, layout shift).
    const data: DocumentParts['data'] = testSetup
      ? [...(parts.data ?? []), [['/paypal/setup'], testSetup]]
      : parts.data;
    const html = template.render({
      ...parts,
      data,
      head: renderHead(meta, origin(), site.name),
      body:
        parts.body === undefined
          ? undefined
          : frame(site, parts.body, { testMode: testSetup !== null }),
    });
    return reply
      .status(status)
      .header('cache-control', 'no-cache')
      .type('text/html; charset=utf-8')
      .send(html);
  }

  /**
   * 404 with the not-found page of `kind` (shared/not-found-pages.ts, as the app's). `data`
   * seeds the query the app's route would ask (a missing product's or post's, as null: the
   * answer its query gives a 404), so the app shows its not-found view at once instead of a
   * loading skeleton, then not-found again (a layout shift of 0.27-0.31; a mobile audit).
   */
  function sendNotFound(
    reply: FastifyReply,
    kind: NotFoundKind = 'page',
    data?: DocumentParts['data'],
  ) {
    const page = NOT_FOUND_PAGES[kind];
    return send(
      reply,
      {
        title: `${page.heading} | ${site.name}`,
        description: page.text,
        // A missing page has no address of its own to name as canonical.
        path: null,
        noindex: true,
      },
      { body: notFoundMain(kind), data },
      404,
    );
  }

  instance.get('/', async (_request, reply) => {
    const home = await getHomeContent(db);
    return send(
      reply,
      {
        title: HOME_TITLE,
        description: `Custom soft-enamel golf pins, ball markers and commemorative coins with a free mockup in 24 hours, plus ready-made pins at wholesale prices. Trusted by ${site.customerCount} courses, clubs and events.`,
        path: '/',
        jsonLd: [
          {
            '@context': 'https://schema.org',
            '@type': 'LocalBusiness',
            name: site.name,
            url: `${origin()}/`,
            logo: `${origin()}/favicon.svg`,
            image: `${origin()}${OG_IMAGE.path}`,
            email: site.email,
            description: `Custom soft-enamel golf pins, ball markers and commemorative coins: free mockup within 24 hours, production in 2-3 weeks, wholesale pricing, NET 30 terms. Trusted by ${site.customerCount} customers.`,
            address: {
              '@type': 'PostalAddress',
              addressLocality: site.city.split(',')[0]?.trim(),
              addressRegion: site.city.split(',')[1]?.trim() || undefined,
              addressCountry: 'US',
            },
            openingHours: config.STORE_HOURS,
            areaServed: { '@type': 'Country', name: config.STORE_SERVICE_AREA },
            priceRange: '$$',
          },
        ],
      },
      {
        body: homeMain(),
        data: [[['/api/home'], home]],
      },
    );
  });

  instance.get('/wholesale', async (_request, reply) => {
    const list = await listActiveProducts(db);
    return send(
      reply,
      {
        title: `Wholesale Golf Pins – Ready to Ship | ${site.name}`,
        description: `${list.products.length} ready-made golf pins at wholesale prices: 10% off from 10 pins, 20% off from 25. In-stock pins ship within 1-2 business days.`,
        path: '/wholesale',
      },
      {
        body: wholesaleMain(list.products),
        data: [[['/api/products'], list.products]],
      },
    );
  });

  instance.get<{ Params: { id: string } }>('/product/:id', async (request, reply) => {
    const raw = request.params.id;
    // '/product/01' is '/product/1' (the app showed it under a 404 + noindex).
    if (/^0+[1-9][0-9]{0,8}$/.test(raw)) {
      return redirectTo(reply, `/product/${Number(raw)}`, request.url.split(/\?(.*)/s)[1]);
    }
    // Not an id the app reads (web/app/routes/product.tsx parseId): it shows not-found itself.
    if (!/^[1-9][0-9]{0,8}$/.test(raw)) return sendNotFound(reply, 'product');
    let product: Product;
    try {
      product = await getActiveProduct(db, Number(raw));
    } catch (error) {
      if (error instanceof HttpError && error.statusCode === 404)
        return sendNotFound(reply, 'product', [[['/api/products', Number(raw)], null]]);
      throw error;
    }
    const url = `${origin()}/product/${product.id}`;
    const available = product.inStock && product.stockQuantity > 0;
    return send(
      reply,
      {
        title: `${product.name} | ${site.name}`,
        description: clip(
          product.description ||
            `${product.name}: a ready-made soft-enamel golf pin, ${product.price === 0 ? 'free' : `$${product.price.toFixed(2)}`}, with wholesale pricing from 10 pins.`,
        ),
        path: `/product/${product.id}`,
        type: 'product',
        preloadImage: product.imageUrl,
        imageAlt: product.name,
        imagePath: productCardPath(product),
        extra: [
          {
            property: 'product:price:amount',
            content: centsToAmountString(dollarsToCents(product.price)),
          },
          { property: 'product:price:currency', content: 'USD' },
        ],
        jsonLd: [
          {
            '@context': 'https://schema.org',
            '@type': 'Product',
            name: product.name,
            description: product.description || product.name,
            // Its 1200x630 PNG card first (every consumer reads PNG), then the picture
            // itself (the catalogue's are SVG).
            image: [
              `${origin()}${productCardPath(product)}`,
              ...(product.imageUrl ? [absolute(origin(), product.imageUrl)] : []),
            ].filter(Boolean),
            sku: `FPC-${product.id}`,
            category: product.category,
            brand: { '@type': 'Brand', name: site.name },
            offers: {
              '@type': 'Offer',
              url,
              priceCurrency: 'USD',
              price: centsToAmountString(dollarsToCents(product.price)),
              priceValidUntil: priceValidUntil(),
              availability: available
                ? 'https://schema.org/InStock'
                : 'https://schema.org/OutOfStock',
              itemCondition: 'https://schema.org/NewCondition',
              seller: { '@type': 'Organization', name: site.name },
            },
          },
          // The page's breadcrumbs (Home / Wholesale / name), for search results.
          {
            '@context': 'https://schema.org',
            '@type': 'BreadcrumbList',
            itemListElement: [
              ['Home', `${origin()}/`],
              ['Wholesale', `${origin()}/wholesale`],
              [product.name, url],
            ].map(([name, item], i) => ({ '@type': 'ListItem', position: i + 1, name, item })),
          },
        ],
      },
      {
        body: productMain(product),
        data: [[['/api/products', product.id], product]],
      },
    );
  });

  instance.get('/quote', async (_request, reply) =>
    send(
      reply,
      {
        title: 'Get Custom Golf Pin Quote - Free 24hr Mockup',
        description:
          'Request a quote for custom golf pins, ball markers or coins. Upload your logo and get a free digital mockup and price within 24 hours.',
        path: '/quote',
      },
      {
        body: quoteMain(site.name),
      },
    ),
  );

  instance.get('/custom', async (_request, reply) => {
    // The rush banner sits above the wizard: with its data in the page the app shows it in
    // its first render instead of pushing the wizard down when the call returns (CLS).
    const rush = await rushSlots(db, config);
    return send(
      reply,
      {
        title: `Design Your Custom Golf Pin | ${site.name}`,
        description:
          'Design custom soft-enamel golf pins in five steps: quantity, size and plating, packaging, your artwork, and a 10% deposit. Live price and pin preview.',
        path: '/custom',
        // Storefront spec section 9 "Structured product data" (DECISIONS.md: a rolling
        // validity date): the custom pins as one product with a price and quantity range.
        jsonLd: [
          {
            '@context': 'https://schema.org',
            '@type': 'Product',
            name: 'Custom Soft Enamel Golf Pins',
            description:
              'Custom soft-enamel golf pins, ball markers and coins made from your design, with a free mockup in 24 hours.',
            brand: { '@type': 'Brand', name: site.name },
            offers: {
              '@type': 'AggregateOffer',
              url: `${origin()}/custom`,
              priceCurrency: 'USD',
              lowPrice: CUSTOM_PIN_OFFER.lowPrice,
              highPrice: CUSTOM_PIN_OFFER.highPrice,
              priceValidUntil: priceValidUntil(),
              eligibleQuantity: {
                '@type': 'QuantitativeValue',
                minValue: CUSTOM_PIN_OFFER.minQuantity,
                maxValue: CUSTOM_PIN_OFFER.maxQuantity,
                unitCode: 'C62',
              },
              seller: { '@type': 'Organization', name: site.name },
            },
          },
        ],
      },
      {
        body: customMain(),
        data: [[['/api/custom-orders/rush-slots'], rush]],
      },
    );
  });

  instance.get('/blog', async (_request, reply) => {
    const posts = await listPublishedPosts(db, config.STORE_TIME_ZONE);
    return send(
      reply,
      {
        title: `${BLOG_HEADING}: Tips, Courses & Tournaments | ${site.name}`,
        description: BLOG_INTRO,
        path: '/blog',
        preloadImage: posts[0]?.featuredImage,
      },
      { body: blogListMain(posts), data: [[['/api/blog'], posts]] },
    );
  });

  instance.get<{ Params: { slug: string } }>('/blog/:slug', async (request, reply) => {
    // '/blog/' matches here with an empty slug, before the not-found handler's trailing-slash
    // redirect: it answered 404 + noindex (an SEO audit, 2026-11-27). One address per page.
    const moved = redirectSlashless(request, reply);
    if (moved) return moved;
    const slug = request.params.slug;
    const row = slug.length <= 200 ? await findPublishedPost(db, slug) : null;
    if (!row) return sendNotFound(reply, 'blogPost', [[['/api/blog', slug], null]]);
    const viewCount = await countView(
      db,
      row,
      {
        address: clientAddress(request),
        userAgent: request.headers['user-agent'],
      },
      config.STORE_TIME_ZONE,
    );
    const post = { ...serializePost(row, config.STORE_TIME_ZONE), viewCount };
    const url = `${origin()}/blog/${encodeURIComponent(post.slug)}`;
    const description = clip(post.metaDescription || post.excerpt || post.title);
    return send(
      reply,
      {
        title: `${post.metaTitle || post.title} | ${site.name}`,
        description,
        path: `/blog/${encodeURIComponent(post.slug)}`,
        type: 'article',
        imageAlt: post.title,
        preloadImage: post.featuredImage,
        imagePath: postCardPath(post),
        extra: [
          { property: 'article:published_time', content: post.publishedAt ?? post.createdAt },
          { property: 'article:modified_time', content: post.updatedAt },
          { property: 'article:section', content: post.category },
          ...post.tags.map((t) => ({ property: 'article:tag', content: t })),
        ],
        jsonLd: [
          {
            '@context': 'https://schema.org',
            '@type': 'BlogPosting',
            headline: post.title,
            description,
            // The post's own card (as og:image), then its featured image.
            image: [
              `${origin()}${postCardPath(post)}`,
              ...(post.featuredImage ? [absolute(origin(), post.featuredImage)] : []),
            ].filter(Boolean),
            datePublished: post.publishedAt ?? post.createdAt,
            dateModified: post.updatedAt,
            articleSection: post.category,
            keywords: post.tags.join(', '),
            mainEntityOfPage: url,
            url,
            author: organization(),
            publisher: organization(),
          },
        ],
      },
      {
        body: blogPostMain(post),
        data: [[['/api/blog', post.slug], post]],
      },
    );
  });

  /**
   * robots.txt (an SEO audit, 2026-11-27): the uploaded images under /api/files/ (products,
   * posts, logos, testimonials; the pages' <img> and JSON-LD name them) are allowed although
   * the rest of /api/ is not. Google takes the longest matching rule, so the longer Allow wins
   * there; parsers that take the first match (Python's robotparser) read it first. Checkout
   * and Track Order are not disallowed: their `robots: noindex` can only be read on a page
   * a crawler may fetch. The back office (linked for admins only) and the token pages stay out.
   * A guest's mailed Track Order link (/track-order?id=…&key=…) is a token address that is
   * not disallowed: its page's noindex keeps it out of results, and it is linked only in
   * the buyer's own e-mail.
   */
  instance.get('/robots.txt', async (_request, reply) =>
    reply
      .type('text/plain; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(
        [
          'User-agent: *',
          'Allow: /api/files/',
          'Disallow: /admin',
          'Disallow: /api/',
          'Disallow: /paypal/',
          'Disallow: /pay-invoice/',
          'Disallow: /balance-payment/',
          'Disallow: /quote-collaboration/',
          '',
          `Sitemap: ${origin()}/sitemap.xml`,
          '',
        ].join('\n'),
      ),
  );

  instance.get('/sitemap.xml', async (_request, reply) => {
    const [{ products }, posts] = await Promise.all([
      listActiveProducts(db),
      listPublishedPosts(db, config.STORE_TIME_ZONE),
    ]);
    const latest = (dates: string[], fallback: Date) =>
      dates.reduce((a, b) => (a > b ? a : b), fallback.toISOString());
    const catalogDate = latest(
      products.map((p) => p.updatedAt),
      builtAt,
    );
    const blogDate = latest(
      posts.map((p) => p.updatedAt),
      builtAt,
    );
    const entries: [string, string][] = [
      ['/', catalogDate],
      ['/wholesale', catalogDate],
      ['/quote', builtAt.toISOString()],
      ['/custom', builtAt.toISOString()],
      ['/blog', blogDate],
      ...products.map((p): [string, string] => [`/product/${p.id}`, p.updatedAt]),
      ...posts.map((p): [string, string] => [`/blog/${encodeURIComponent(p.slug)}`, p.updatedAt]),
    ];
    const xml = `<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
${entries.map(([p, d]) => `  <url><loc>${escapeHtml(`${origin()}${p}`)}</loc><lastmod>${d.slice(0, 10)}</lastmod></url>`).join('\n')}
</urlset>
`;
    return reply
      .type('application/xml; charset=utf-8')
      .header('cache-control', 'no-cache')
      .send(xml);
  });

  instance.setNotFoundHandler((request: FastifyRequest, reply: FastifyReply) => {
    const [pathname = '/'] = request.url.split(/\?(.*)/s);
    const isPage =
      (request.method === 'GET' || request.method === 'HEAD') &&
      !/^\/(api|paypal|ws)(\/|$)/.test(pathname);
    if (!isPage) return reply.status(404).send({ message: 'Not found' });
    // One address per page: '/wholesale/' and '/product/1/' move to their address without
    // the slash (they answered 404 + noindex while the app showed the page; an SEO audit).
    const moved = redirectSlashless(request, reply);
    if (moved) return moved;
    if (isAppPath(pathname)) {
      return send(
        reply,
        {
          title: site.name,
          description: `${site.name}: custom golf pins, ball markers and coins.`,
          path: pathname,
          noindex: true,
        },
        {},
      );
    }
    return sendNotFound(reply);
  });
}
