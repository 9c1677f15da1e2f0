/**
 * Server-rendered main content of the public pages (issue 10 "pages that arrive
 * complete"; docs/decisions.md): plain HTML of what each page is about, present without
 * JavaScript and replaced by the app when it starts. Catalogue cards, the product (name,
 * price, tiers, description), blog cards and the post (title, sanitised content, tags).
 * Every value is HTML-escaped except post content, which is sanitised on every write
 * (blog/service.ts).
 */
import escapeHtml from 'escape-html';
import { dollarsToCents, formatDollars, formatUsd } from '../../shared/money';
import {
  CATALOG_TIERS,
  catalogUnitPrice,
  SHIPPING_FLAT_CENTS,
  stockLabel,
} from '../../shared/pricing';
import type { BlogPost, BlogPostSummary } from '../../shared/schemas/blog';
import type { Product } from '../../shared/schemas/catalog';

const e = escapeHtml;

export interface SiteFacts {
  name: string;
  email: string;
  city: string;
  customerCount: string;
}

/** 'FREE' at 0, else en-US dollars. */
export const priceText = (dollars: number) => (dollars === 0 ? 'FREE' : formatDollars(dollars));

/** A date as 'March 5, 2026' (UTC). */
export const longDate = (iso: string) =>
  new Date(iso).toLocaleDateString('en-US', {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    timeZone: 'UTC',
  });

const NAV = [
  ['/', 'Home'],
  ['/quote', 'Get Quote'],
  ['/wholesale', 'Wholesale'],
  ['/custom', 'Design a Pin'],
  ['/blog', 'Blog'],
] as const;

/** Header, main and footer around `main`. */
export function frame(site: SiteFacts, main: string): string {
  const links = NAV.map(
    ([href, label]) =>
      `<li><a class="inline-flex min-h-6 items-center rounded-sm px-1 hover:underline" href="${href}">${label}</a></li>`,
  ).join('');
  return `<div class="flex min-h-screen flex-col">
<header class="bg-brand text-white"><div class="mx-auto flex max-w-7xl flex-wrap items-center justify-between gap-3 px-4 py-3 sm:px-6">
<a href="/" class="font-heading text-xl text-white">${e(site.name)}</a>
<nav aria-label="Main"><ul class="flex flex-wrap gap-3 text-sm">${links}</ul></nav></div></header>
${main}
<footer class="mt-auto bg-brand-deep text-slate-100"><div class="mx-auto max-w-7xl px-4 py-8 text-sm sm:px-6">
<p class="font-heading text-lg text-white">${e(site.name)}</p>
<p class="mt-2">${e(site.city)} · <a class="underline" href="mailto:${e(site.email)}">${e(site.email)}</a></p>
</div></footer></div>`;
}

function productCard(p: Product): string {
  const from25 = catalogUnitPrice(dollarsToCents(p.price), 25);
  return `<li class="overflow-hidden rounded-xl border bg-card shadow-sm"><a class="flex h-full flex-col" href="/product/${p.id}">
${p.imageUrl ? `<img class="aspect-square w-full object-cover" src="${e(p.imageUrl)}" alt="${e(p.name)}" width="400" height="400" loading="lazy" decoding="async" />` : ''}
<span class="flex flex-1 flex-col gap-1 p-3"><span class="text-sm font-semibold">${e(p.name)}</span>
<span class="font-bold text-primary">${priceText(p.price)}</span>
${p.price > 0 ? `<span class="text-xs text-slate-600">${formatUsd(from25)} each from 25</span>` : ''}
<span class="text-xs">${stockLabel(p.stockQuantity, p.inStock)}</span></span></a></li>`;
}

/** /wholesale: heading and every product card. */
export function wholesaleMain(products: Product[]): string {
  return `<main id="main" class="flex-1">
<section class="bg-brand text-white"><div class="mx-auto max-w-7xl px-4 py-6 sm:px-6">
<h1 class="font-heading text-3xl">Wholesale Golf Pins</h1>
<p class="mt-2 text-sm text-green-50">Ready-made designs for pro shops, clubs and tournament gift tables. 10% off from 10 pins, 20% off from 25.</p></div></section>
<section class="mx-auto max-w-7xl px-4 py-6 sm:px-6" aria-label="Pin Catalogue">
<p class="text-sm text-slate-600">Showing ${products.length} of ${products.length} pins</p>
<ul class="mt-4 grid grid-cols-2 gap-3 md:grid-cols-3 lg:grid-cols-4">${products.map(productCard).join('')}</ul>
</section></main>`;
}

/** /product/{id}: breadcrumbs, name, price, stock, tiers, shipping, description, features. */
export function productMain(p: Product): string {
  const base = dollarsToCents(p.price);
  const tiers =
    base > 0
      ? `<section class="mt-6"><h2 class="text-lg font-semibold">Volume Pricing</h2><ul class="mt-2 text-sm">${CATALOG_TIERS.map(
          (t) =>
            `<li>${e(t.label)}: ${formatUsd(catalogUnitPrice(base, t.minQuantity))} each${t.percentOff ? ` (${t.percentOff}% off)` : ''}</li>`,
        ).join('')}</ul></section>`
      : '';
  const features = p.features.length
    ? `<section class="mt-6"><h2 class="text-lg font-semibold">Features</h2><ul class="mt-2 list-disc pl-5">${p.features.map((f) => `<li>${e(f)}</li>`).join('')}</ul></section>`
    : '';
  return `<main id="main" class="mx-auto w-full max-w-7xl flex-1 px-4 py-6 sm:px-6">
<nav aria-label="Breadcrumb" class="text-sm"><ol class="flex flex-wrap gap-1"><li><a href="/">Home</a> /</li><li><a href="/wholesale">Wholesale</a> /</li><li aria-current="page">${e(p.name)}</li></ol></nav>
<div class="mt-4 grid gap-8 md:grid-cols-2">
${p.imageUrl ? `<img class="aspect-square w-full rounded-xl object-cover" src="${e(p.imageUrl)}" alt="${e(p.name)}" width="600" height="600" fetchpriority="high" />` : '<div></div>'}
<div><h1 class="font-heading text-3xl">${e(p.name)}</h1>
<p class="mt-3 text-3xl font-bold text-primary">${priceText(p.price)}</p>
<p class="mt-1 text-sm">${stockLabel(p.stockQuantity, p.inStock)}</p>
${p.description ? `<p class="mt-4 whitespace-pre-line text-slate-700">${e(p.description)}</p>` : ''}
${tiers}
<p class="mt-4 text-sm text-slate-700">Shipping: ${formatUsd(SHIPPING_FLAT_CENTS)} flat in the USA. In-stock pins ship within 1-2 business days.</p>
${features}</div></div></main>`;
}

/** /blog: heading and a card per post. */
export function blogListMain(posts: BlogPostSummary[]): string {
  const cards = posts
    .map(
      (
        p,
      ) => `<li class="overflow-hidden rounded-xl border bg-card shadow-sm"><a class="block" href="/blog/${e(p.slug)}">
${p.featuredImage ? `<img class="aspect-[1200/630] w-full object-cover" src="${e(p.featuredImage)}" alt="" width="1200" height="630" loading="lazy" />` : ''}
<span class="block p-4"><span class="text-xs uppercase">${e(p.category)}</span>
<span class="mt-1 block text-lg font-semibold">${e(p.title)}</span>
${p.excerpt ? `<span class="mt-1 block text-sm text-slate-600">${e(p.excerpt)}</span>` : ''}
<span class="mt-2 block text-xs text-slate-600">${longDate(p.publishedAt ?? p.createdAt)}</span></span></a></li>`,
    )
    .join('');
  return `<main id="main" class="mx-auto w-full max-w-7xl flex-1 px-4 py-8 sm:px-6">
<h1 class="font-heading text-3xl">${BLOG_HEADING}</h1>
<p class="mt-2 text-slate-600">${BLOG_INTRO}</p>
${posts.length ? `<ul class="mt-6 grid gap-6 md:grid-cols-2 lg:grid-cols-3">${cards}</ul>` : '<p class="mt-6">No posts yet. Check back soon.</p>'}
</main>`;
}

export const BLOG_HEADING = 'Golf Pin Blog';
export const BLOG_INTRO =
  'Design tips, course collecting and tournament planning from the people who make the pins.';

/** /blog/{slug}: title, category, date, views, content, tags and the way back. */
export function blogPostMain(p: BlogPost): string {
  const tags = p.tags.length
    ? `<ul class="mt-6 flex flex-wrap gap-2" aria-label="Tags">${p.tags.map((t) => `<li class="rounded-full border px-3 py-1 text-sm">#${e(t)}</li>`).join('')}</ul>`
    : '';
  return `<main id="main" class="mx-auto w-full max-w-3xl flex-1 px-4 py-8 sm:px-6">
<p><a href="/blog">Back to Blog</a></p>
<article class="mt-4"><p class="text-sm uppercase">${e(p.category)}</p>
<h1 class="mt-2 font-heading text-3xl">${e(p.title)}</h1>
<p class="mt-2 text-sm text-slate-600">${longDate(p.publishedAt ?? p.createdAt)} · ${p.viewCount} views</p>
${p.featuredImage ? `<img class="mt-6 aspect-[1200/630] w-full rounded-xl object-cover" src="${e(p.featuredImage)}" alt="" width="1200" height="630" fetchpriority="high" />` : ''}
<div class="prose-post mt-6">${p.content}</div>
${tags}</article>
<p class="mt-8"><a href="/blog">More articles</a> · <a href="/wholesale">Shop ready-made pins</a></p>
</main>`;
}

/** A heading-and-lead page (/, /quote, /custom) whose form or wizard needs the app. */
export function leadMain(heading: string, lead: string, links: [string, string][] = []): string {
  return `<main id="main" class="flex-1"><section class="bg-brand text-white"><div class="mx-auto max-w-7xl px-4 py-12 sm:px-6">
<h1 class="max-w-3xl font-heading text-3xl sm:text-5xl">${e(heading)}</h1>
<p class="mt-4 max-w-2xl text-lg text-green-50">${e(lead)}</p>
${links.length ? `<p class="mt-6 flex flex-wrap gap-3">${links.map(([href, label]) => `<a class="rounded-md bg-gold px-4 py-2 font-semibold text-brand-deep" href="${href}">${e(label)}</a>`).join('')}</p>` : ''}
</div></section></main>`;
}

/** The not-found page's content. */
export function notFoundMain(heading = 'Page Not Found'): string {
  return `<main id="main" class="mx-auto flex w-full max-w-xl flex-1 flex-col items-center gap-4 px-4 py-24 text-center">
<p class="text-6xl font-bold text-primary" aria-hidden="true">404</p>
<h1 class="text-3xl font-bold">${e(heading)}</h1>
<p class="text-slate-600">The page you are looking for does not exist or has moved.</p>
<p><a href="/">Back to Home</a> · <a href="/wholesale">Browse Pins</a></p></main>`;
}
