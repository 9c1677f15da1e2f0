/**
 * Server-rendered main content of the public pages (issue 10 "pages that arrive
 * complete"; docs/decisions.md): plain HTML of what each page is about, present without
 * JavaScript and written in the app's markup, so the app keeps it when it mounts. Catalogue cards, the product (name,
 * price, tiers, description), blog cards and the post (title, sanitised content, tags).
 * Every value is HTML-escaped except post content, which is sanitised on every write
 * (blog/service.ts).
 */
import escapeHtml from 'escape-html';
import { BLOG_FILTERS, CATEGORY_LABELS, viewsText } from '../../shared/blog';
import { BLOG_POST_PAGE, tagText } from '../../shared/blog-post-page';
import { sortCatalog } from '../../shared/catalog';
import { CUSTOM_PAGE } from '../../shared/custom-pins';
import { DISPATCH_BUSINESS_DAYS, TRANSIT_BUSINESS_DAYS } from '../../shared/delivery';
import { dollarsToCents, formatDollars, formatUsd } from '../../shared/money';
import {
  NOT_FOUND_PAGES,
  type NotFoundKind,
  type NotFoundPage,
} from '../../shared/not-found-pages';
import {
  CATALOG_TIERS,
  catalogUnitPrice,
  SHIPPING_FLAT_CENTS,
  stockLabel,
} from '../../shared/pricing';
import { QUOTE_PAGE } from '../../shared/quote-page';
import type { BlogPost, BlogPostSummary } from '../../shared/schemas/blog';
import type { Product } from '../../shared/schemas/catalog';

const e = escapeHtml;

/**
 * Dispatch time of ready-made pins, as the app's build has it (web/config/store.ts
 * `catalogShipTime`: VITE_STORE_CATALOG_SHIP_TIME, a build-time value; `npm start` builds
 * and serves with the same environment).
 */
const CATALOG_SHIP_TIME = process.env.VITE_STORE_CATALOG_SHIP_TIME ?? '1-2 business days';

/**
 * The attribute on each page's largest image (Element Timing): the browser reports that
 * image's own paint, and the web entry (src/web/main.tsx) loads the app only after it
 * (issue 10). The app renders the same attribute on the same image.
 */
const FIRST_SCREEN = 'elementtiming="first-screen" ';

const stripped = new WeakMap<TemplateStringsArray, string[]>();
/**
 * Tagged template for the server's markup: the template's own line breaks between tags
 * (and at an interpolation's edges) are dropped, as JSX drops them, so the server's DOM has
 * no whitespace text nodes the app's does not. Preact's first render then finds each server
 * element where the app puts its own and keeps it in place; with those text nodes in
 * between it moved every element (a remove and an insert each, and the style and layout
 * of the whole page again). Interpolated values (escaped text, post content) are untouched.
 */
export function markup(strings: TemplateStringsArray, ...values: unknown[]): string {
  let parts = stripped.get(strings);
  if (!parts) {
    parts = strings.map((part) => part.replace(/(^|>)\s*\n\s*(?=<|$)/g, '$1'));
    stripped.set(strings, parts);
  }
  let out = parts[0] ?? '';
  for (let i = 0; i < values.length; i++) out += String(values[i]) + (parts[i + 1] ?? '');
  return out;
}

export interface SiteFacts {
  name: string;
  email: string;
  city: string;
  customerCount: string;
}

/** 'FREE' at 0, else en-US dollars. */
export const priceText = (dollars: number) => (dollars === 0 ? 'FREE' : formatDollars(dollars));

/** A calendar day (YYYY-MM-DD, e.g. a post's `publishedDay`) as 'March 5, 2026'. */
export const longDate = (day: string) =>
  new Date(day).toLocaleDateString('en-US', {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    timeZone: 'UTC',
  });

/** The client header's links (web/components/layout/nav-links.ts), same order and labels. */
const NAV = [
  ['/', 'Home'],
  ['/quote', 'Get Quote'],
  ['/custom', 'Design Your Pin'],
  ['/wholesale', 'Wholesale'],
  ['/track-order', 'Track Order'],
] as const;

/** The client's footer 'Shop' links, plus the blog. */
const FOOTER_NAV = [
  ['/quote', 'Get a Custom Quote'],
  ['/wholesale', 'Wholesale Catalogue'],
  ['/custom', 'Design a Custom Pin'],
  ['/blog', 'Blog'],
] as const;

/** The client footer's link class (web/components/layout/footer.tsx). */
const FOOTER_LINK =
  'inline-flex min-h-6 items-center rounded-sm text-slate-200 underline-offset-4 hover:text-white hover:underline focus-visible:ring-2 focus-visible:ring-white focus-visible:outline-none';

/** The store's flag-on-green glyph (web/components/layout/site-logo.tsx). */
const LOGO_GLYPH =
  '<svg viewBox="0 0 32 32" class="size-8 shrink-0" aria-hidden="true"><circle cx="16" cy="16" r="15.5" fill="#d4a72c"/><circle cx="16" cy="16" r="13" fill="#0f3d2e"/><ellipse cx="16" cy="24" rx="9" ry="3" fill="#4caf50"/><rect x="15" y="6" width="1.8" height="18" fill="#f3dc8c"/><path d="M16.8 6 L25 9.5 L16.8 13 Z" fill="#c62828"/></svg>';

export interface FrameOptions {
  /** The shop runs on the test payment provider: the client's 'Test mode' banner. */
  testMode?: boolean;
}

/**
 * Header, main and footer around `main`. The header and the banner use the client's own
 * markup and classes (web/components/layout/header.tsx, test-mode-banner.tsx) so that the
 * page does not move or re-lay out when the app replaces this content (docs/decisions.md,
 * issue 10); its links show from `md` as the client's do, and the footer repeats them for
 * phones without JavaScript.
 */
export function frame(site: SiteFacts, main: string, options: FrameOptions = {}): string {
  const links = NAV.map(
    ([href, label]) =>
      `<li><a class="rounded-md px-2 py-2 text-sm font-medium whitespace-nowrap text-slate-700 lg:px-3" href="${href}">${label}</a></li>`,
  ).join('');
  const footerLinks = FOOTER_NAV.map(
    ([href, label]) => `<li><a class="${FOOTER_LINK}" href="${href}">${label}</a></li>`,
  ).join('');
  const banner = options.testMode
    ? '<aside aria-label="Test mode" class="bg-amber-100 px-4 py-1.5 text-center text-sm font-semibold text-amber-950">Test mode: no real payments</aside>'
    : '';
  return markup`<div class="flex min-h-screen flex-col">
${banner}<header class="sticky top-0 z-40 border-t-4 border-b border-t-gold bg-white/95 backdrop-blur supports-[backdrop-filter]:bg-white/85"><div class="mx-auto flex h-16 max-w-7xl items-center gap-2 px-4 lg:px-6">
<a href="/" class="flex min-w-0 items-center gap-2 rounded-md font-bold text-primary">${LOGO_GLYPH}<span class="truncate font-heading text-xl font-normal text-brand">${e(site.name)}</span></a>
<nav aria-label="Main" class="ml-4 hidden lg:block"><ul class="flex items-center lg:gap-1">${links}</ul></nav></div></header>
${main}
<footer class="mt-auto border-t-4 border-gold bg-brand-deep text-slate-200"><div class="mx-auto grid max-w-7xl gap-8 px-4 py-10 sm:px-6 md:grid-cols-3">
<div><p class="font-heading text-xl text-white">${e(site.name)}</p><p class="mt-2 text-sm">Custom soft-enamel golf pins, ball markers and commemorative coins, plus ready-made pins at wholesale prices.</p></div>
<nav aria-label="Footer"><h2 class="text-sm font-semibold tracking-wide text-white uppercase">Shop</h2><ul class="mt-3 space-y-2 text-sm">${footerLinks}</ul></nav>
<div><h2 class="text-sm font-semibold tracking-wide text-white uppercase">Contact</h2><ul class="mt-3 space-y-2 text-sm"><li><a class="${FOOTER_LINK}" href="mailto:${e(site.email)}">${e(site.email)}</a></li><li>${e(site.city)}</li></ul></div>
</div><div class="border-t border-white/10"><p class="mx-auto max-w-7xl px-4 py-4 text-xs text-slate-300 sm:px-6">© ${new Date().getFullYear()} ${e(site.name)}${site.name.endsWith('.') ? '' : '.'} All rights reserved.</p></div></footer></div>`;
}

/** The client's StockBadge (web/features/catalog/components/stock-badge.tsx). */
function stockBadge(stockQuantity: number, inStock: boolean): string {
  const label = stockLabel(stockQuantity, inStock);
  const colours =
    label === 'In Stock'
      ? 'border-transparent bg-green-100 text-green-900'
      : label === 'Low Stock'
        ? 'border-transparent bg-amber-100 text-amber-900'
        : 'border-transparent bg-secondary text-secondary-foreground';
  return `<span class="inline-flex items-center justify-center rounded-md border px-2 py-0.5 text-xs font-medium w-fit whitespace-nowrap shrink-0 gap-1 ${colours}">${label}</span>`;
}

/**
 * A catalogue card in the client's markup (web/features/catalog/components/product-card.tsx).
 * The first row's images (4 on a laptop) load at once; the first two (the first row on a
 * phone, the largest paint there) with high priority.
 */
function productCard(p: Product, index: number): string {
  const soldOut = stockLabel(p.stockQuantity, p.inStock) === 'Out of Stock';
  const from25 = catalogUnitPrice(dollarsToCents(p.price), 25);
  const image = p.imageUrl
    ? `<img src="${e(p.imageUrl)}" alt="" width="400" height="400" ${index < 2 ? 'fetchpriority="high" ' : ''}${index === 0 ? FIRST_SCREEN : ''}loading="${index < 4 ? 'eager' : 'lazy'}" decoding="async" class="aspect-square w-full object-cover transition-transform duration-300 group-hover:scale-105${soldOut ? ' opacity-60 grayscale' : ''}" />`
    : '<div class="aspect-square w-full bg-emerald-50"></div>';
  return markup`<li><a class="group flex h-full flex-col overflow-hidden rounded-xl border bg-card shadow-sm transition-shadow hover:shadow-md" href="/product/${p.id}">
<div class="overflow-hidden bg-muted">${image}</div>
<div class="flex flex-1 flex-col gap-2 p-3 sm:p-4"><h3 class="line-clamp-2 text-sm font-semibold text-slate-900 wrap-anywhere sm:text-base">${e(p.name)}</h3>
<div class="mt-auto flex flex-wrap items-center justify-between gap-x-2 gap-y-1"><span class="text-base font-bold text-primary sm:text-lg">${priceText(p.price)}</span>${stockBadge(p.stockQuantity, p.inStock)}</div>
${p.price > 0 && (p.purchaseLimit === null || p.purchaseLimit >= 25) ? `<p class="text-xs text-slate-600">${formatUsd(from25)} each from 25</p>` : ''}</div></a></li>`;
}

const ICON_BOX = '<span class="size-4 shrink-0 md:size-6" aria-hidden="true"></span>';

/**
 * /wholesale in the client's layout (web/app/routes/wholesale.tsx): hero, trust strip,
 * space for the filter and sort controls (they need the app), 'Showing N of N pins' and
 * every card in the catalogue's default order (shared sortCatalog).
 */
export function wholesaleMain(products: Product[], shipTime = '1-2 business days'): string {
  const info = [
    ['20% off from 25', 'Wholesale Pricing'],
    [`Ships in ${shipTime}`, 'Ready to Ship'],
    ['Pro-shop ready', 'Pro-Shop Packaging'],
  ]
    .map(
      ([short, title]) =>
        `<li class="flex items-center gap-1.5 md:items-start md:gap-3 md:rounded-xl md:border md:bg-card md:p-5 md:shadow-sm">${ICON_BOX}<div><h2 class="font-semibold md:text-base"><span class="md:hidden">${e(short)}</span><span class="hidden md:inline">${e(title)}</span></h2></div></li>`,
    )
    .join('');
  const sorted = sortCatalog(products, 'name');
  return markup`<main id="main" tabindex="-1" class="flex-1 outline-none">
<section class="bg-gradient-to-br from-brand-deep to-brand text-white"><div class="mx-auto max-w-7xl px-4 py-4 sm:px-6 md:py-12">
<a href="/" class="inline-flex min-h-6 items-center gap-1 rounded-sm text-sm text-green-50 hover:underline"><span class="size-4" aria-hidden="true"></span>Back to Home</a>
<h1 class="mt-2 text-2xl md:mt-4 md:text-4xl">Wholesale Golf Pins</h1>
<p class="mt-3 hidden max-w-2xl text-green-50 sm:block">Ready-made designs for pro shops, clubs and tournament gift tables. Order one pin or a few hundred: the more you buy, the less each one costs.</p></div></section>
<section aria-label="Why buy wholesale" class="mx-auto max-w-7xl px-4 pt-3 sm:px-6 md:pt-8"><ul class="flex flex-wrap gap-x-4 gap-y-1 text-xs text-slate-700 md:grid md:grid-cols-3 md:gap-4 md:text-base">${info}</ul></section>
<section aria-label="Pin Catalogue" class="mx-auto max-w-7xl px-4 py-4 sm:px-6 md:py-8">
<h2 class="mb-3 font-heading text-xl md:mb-4 md:text-2xl">Pin Catalogue</h2>
<div aria-hidden="true" class="flex flex-col gap-2 md:gap-4 lg:flex-row lg:items-end lg:justify-between"><div class="h-10 md:h-9"></div><div class="h-9"></div></div>
<p class="mt-3 text-sm text-slate-600 md:mt-6">Showing ${products.length} of ${products.length} pins</p>
<ul class="mt-3 grid grid-cols-2 gap-3 sm:gap-4 md:mt-4 md:grid-cols-3 lg:grid-cols-4">${sorted.map(productCard).join('')}</ul>
</section></main>`;
}

/**
 * Where the app puts its quantity and Add to Cart box (web/app/routes/product.tsx
 * `ProductView`, at quantity 1), at the app's height, so the features below do not move
 * when the app takes over (they jumped 128-338 px at 1280 px; a mobile audit): the
 * quantity controls and the button need the app, so their rows are held by invisible
 * stand-ins with the same texts and heights; the low-stock note, the unit price and the
 * shipping line are the app's texts (the shipping line names business days where the
 * app names the dates of the visitor's own calendar). Without JavaScript, <noscript>
 * notes lie over the stand-ins (the same height): what to do, or that the pin is sold out,
 * and a faded 'Add to Cart'. `baseCents` is the unit price.
 */
function productBuyBox(p: Product, baseCents: number): string {
  const soldOut = stockLabel(p.stockQuantity, p.inStock) === 'Out of Stock';
  const max = soldOut ? 0 : Math.min(p.stockQuantity, p.purchaseLimit ?? Number.POSITIVE_INFINITY);
  const text = 'text-sm font-medium';
  const label = `<div class="flex flex-wrap items-center gap-3"><span class="${text}">Quantity</span>${soldOut ? '<span class="inline-flex rounded-md border px-2 py-0.5 text-xs font-medium">Out of Stock</span>' : ''}${p.purchaseLimit !== null ? `<span class="${text}">Limit ${p.purchaseLimit} per customer</span>` : ''}</div>`;
  const atMost =
    !soldOut && max === 1
      ? `<p class="${text}">${p.purchaseLimit !== null && p.purchaseLimit <= p.stockQuantity ? `You've reached the limit of ${p.purchaseLimit} per customer.` : `Only ${p.stockQuantity} in stock: that's the most you can order.`}</p>`
      : '';
  // Without JavaScript the stand-ins left blank boxes (an owner audit): a <noscript> note
  // over them, absolutely placed so the box keeps the app's height; read by screen readers
  // (outside the aria-hidden stand-ins). With JavaScript on, noscript draws nothing.
  const note = soldOut
    ? 'Out of stock: this pin cannot be ordered right now.'
    : 'To choose a quantity and add this pin to your cart, please turn on JavaScript.';
  const quantity = `<div class="relative"><div class="invisible space-y-3" aria-hidden="true">${label}<div class="h-9"></div>${atMost}<div class="h-8"></div></div><noscript><p class="absolute inset-0 flex items-center rounded-md border border-dashed border-slate-300 bg-slate-50 px-3 text-sm font-medium text-slate-800">${note}</p></noscript></div>`;
  // The button's slot: a faded, dashed 'Add to Cart' that is no button (nothing to press).
  const button = `<div class="relative h-10" aria-hidden="true"><noscript><span class="absolute inset-0 flex items-center justify-center rounded-md border border-dashed border-slate-300 text-sm font-medium text-slate-500">Add to Cart</span></noscript></div>`;
  const lowStock =
    !soldOut && p.stockQuantity <= 10
      ? `<p class="flex items-center gap-2 text-sm font-medium text-amber-900"><span class="size-4 shrink-0" aria-hidden="true"></span>Only ${p.stockQuantity} left in stock</p>`
      : '';
  const unitCents = catalogUnitPrice(baseCents, 1);
  const unitPrice = soldOut
    ? ''
    : `<p class="text-sm text-slate-700">Unit price at 1: <strong class="text-base text-slate-900">${unitCents === 0 ? 'FREE' : formatUsd(unitCents)}</strong><span class="block text-xs text-slate-600">Your cart shows the final price.</span></p>`;
  const shipping = soldOut
    ? ''
    : `<p class="flex gap-2 text-sm text-slate-700"><span class="mt-0.5 size-4 shrink-0" aria-hidden="true"></span><span>Shipping ${formatUsd(SHIPPING_FLAT_CENTS)} flat in the USA. Ships within ${CATALOG_SHIP_TIME}; order today for delivery <strong>within ${DISPATCH_BUSINESS_DAYS + TRANSIT_BUSINESS_DAYS.min}-${DISPATCH_BUSINESS_DAYS + TRANSIT_BUSINESS_DAYS.max} business days</strong>.</span></p>`;
  return `<div class="space-y-4 rounded-xl border p-4">${quantity}${lowStock}${unitPrice}${button}${shipping}</div>`;
}

/** /product/{id}: breadcrumbs, name, price, stock, tiers, shipping, description, features. */
export function productMain(p: Product): string {
  const base = dollarsToCents(p.price);
  // The client's TierPanel (web/features/catalog/components/tier-panel.tsx) at quantity 1.
  const tiers =
    base > 0 && (p.purchaseLimit === null || p.purchaseLimit >= 10)
      ? `<section aria-labelledby="tier-heading" class="rounded-xl border bg-emerald-50/60 p-4"><h2 id="tier-heading" class="font-semibold">Wholesale Pricing</h2><ul class="mt-3 grid grid-cols-3 gap-2">${CATALOG_TIERS.map(
          (t, i) =>
            `<li${i === 0 ? ' aria-current="true"' : ''} class="rounded-lg border bg-white px-1 py-2 text-center sm:p-3${i === 0 ? ' border-primary ring-2 ring-primary/30' : ''}"><p class="text-sm font-medium text-slate-700">${e(t.label)}</p><p class="text-base font-bold text-primary sm:text-lg">${formatUsd(catalogUnitPrice(base, t.minQuantity))}</p><p class="text-xs text-slate-600">${t.percentOff > 0 ? `${t.percentOff}% off, each` : 'Full price, each'}</p></li>`,
        ).join('')}</ul></section>`
      : '';
  const features = p.features.length
    ? `<section aria-labelledby="features-heading"><h2 id="features-heading" class="text-lg font-semibold">Features</h2><ul class="mt-3 space-y-2">${p.features.map((f) => `<li class="flex gap-2 text-slate-700 wrap-anywhere"><span class="mt-0.5 size-5 shrink-0" aria-hidden="true"></span>${e(f)}</li>`).join('')}</ul></section>`
    : '';
  const buyBox = productBuyBox(p, base);
  // The app's Breadcrumbs (web/app/routes/product.tsx) element for element: the same
  // chevrons (no ' /' text, which made the trail two lines at 360 px on 8 of the 34 demo
  // products and the page jump 24 px when the app took over; a mobile audit).
  const chevron = lucideIcon('chevron-right', 'size-4');
  const crumb =
    'inline-flex min-h-6 items-center rounded-sm text-primary hover:underline focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none';
  // The client's layout (web/app/routes/product.tsx): the image and the heading stay put
  // when the app takes over.
  return markup`<main id="main" tabindex="-1" class="flex-1 outline-none mx-auto w-full max-w-7xl px-4 py-8 sm:px-6">
<nav aria-label="Breadcrumb" class="text-sm"><ol class="flex flex-wrap items-center gap-1 text-slate-600"><li class="flex items-center gap-1"><a class="${crumb}" href="/" data-discover="true">Home</a>${chevron}</li><li class="flex items-center gap-1"><a class="${crumb}" href="/wholesale" data-discover="true">Wholesale</a>${chevron}</li><li aria-current="page" class="min-w-0 truncate text-slate-800">${e(p.name)}</li></ol></nav>
<div class="mt-6 grid gap-8 md:grid-cols-2 lg:gap-12">
<div class="md:sticky md:top-24 md:self-start">${p.imageUrl ? `<img class="aspect-square w-full object-cover rounded-xl border" src="${e(p.imageUrl)}" alt="${e(p.name)}" width="600" height="600" fetchpriority="high" ${FIRST_SCREEN}decoding="async" />` : ''}</div>
<div class="flex min-w-0 flex-col gap-6"><div><h1 class="text-3xl font-bold tracking-tight wrap-anywhere">${e(p.name)}</h1>
<div class="mt-3 flex flex-wrap items-center gap-3"><span class="text-3xl font-bold text-primary">${priceText(p.price)}</span>${stockBadge(p.stockQuantity, p.inStock)}</div>
${p.description ? `<p class="mt-4 whitespace-pre-line text-slate-700 wrap-anywhere">${e(p.description)}</p>` : ''}</div>
${tiers}
${buyBox}
${features}</div></div></main>`;
}

/**
 * The client's small Button (web/components/ui/button.tsx, size sm) as tailwind-merge
 * writes it, for /blog's filter buttons. A copy: button.test.tsx fails when the Button's
 * classes change and this table does not.
 */
export const SMALL_BUTTON = {
  default:
    "inline-flex items-center justify-center whitespace-nowrap text-sm font-medium transition-colors disabled:pointer-events-none disabled:opacity-50 [&_svg]:pointer-events-none [&_svg:not([class*='size-'])]:size-4 shrink-0 [&_svg]:shrink-0 outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:border-ring bg-primary text-primary-foreground shadow-xs hover:bg-primary/90 h-8 rounded-md gap-1.5 px-3 has-[>svg]:px-2.5",
  outline:
    "inline-flex items-center justify-center whitespace-nowrap text-sm font-medium transition-colors disabled:pointer-events-none disabled:opacity-50 [&_svg]:pointer-events-none [&_svg:not([class*='size-'])]:size-4 shrink-0 [&_svg]:shrink-0 outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:border-ring border bg-background shadow-xs hover:bg-accent hover:text-accent-foreground h-8 rounded-md gap-1.5 px-3 has-[>svg]:px-2.5",
};

/** The client's Button at its default size, as tailwind-merge writes it (/blog/{slug}'s links). */
export const BUTTON = {
  default:
    "inline-flex items-center justify-center gap-2 whitespace-nowrap rounded-md text-sm font-medium transition-colors disabled:pointer-events-none disabled:opacity-50 [&_svg]:pointer-events-none [&_svg:not([class*='size-'])]:size-4 shrink-0 [&_svg]:shrink-0 outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:border-ring bg-primary text-primary-foreground shadow-xs hover:bg-primary/90 h-9 px-4 py-2 has-[>svg]:px-3",
  outline:
    "inline-flex items-center justify-center gap-2 whitespace-nowrap rounded-md text-sm font-medium transition-colors disabled:pointer-events-none disabled:opacity-50 [&_svg]:pointer-events-none [&_svg:not([class*='size-'])]:size-4 shrink-0 [&_svg]:shrink-0 outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:border-ring border bg-background shadow-xs hover:bg-accent hover:text-accent-foreground h-9 px-4 py-2 has-[>svg]:px-3",
};

type IconNode = [tag: string, attributes: Record<string, string>][];

/**
 * Lucide icons the server draws as the app does (lucide-react 1.x: ArrowLeft, ChevronRight,
 * Eye, Share2), copied from the package's icon data; the post and product pages' tests
 * (web/app/routes/blog-post.test.tsx, product.test.tsx) fail when the app's rendering of
 * them differs.
 */
const LUCIDE: Record<'arrow-left' | 'chevron-right' | 'eye' | 'share-2', IconNode> = {
  'chevron-right': [['path', { d: 'm9 18 6-6-6-6' }]],
  'arrow-left': [
    ['path', { d: 'm12 19-7-7 7-7' }],
    ['path', { d: 'M19 12H5' }],
  ],
  eye: [
    [
      'path',
      {
        d: 'M2.062 12.348a1 1 0 0 1 0-.696 10.75 10.75 0 0 1 19.876 0 1 1 0 0 1 0 .696 10.75 10.75 0 0 1-19.876 0',
      },
    ],
    ['circle', { cx: '12', cy: '12', r: '3' }],
  ],
  'share-2': [
    ['circle', { cx: '18', cy: '5', r: '3' }],
    ['circle', { cx: '6', cy: '12', r: '3' }],
    ['circle', { cx: '18', cy: '19', r: '3' }],
    ['line', { x1: '8.59', x2: '15.42', y1: '13.51', y2: '17.49' }],
    ['line', { x1: '15.41', x2: '8.59', y1: '6.51', y2: '10.49' }],
  ],
};

/** A Lucide icon's SVG with lucide-react's attributes; `className` after its own classes. */
export function lucideIcon(name: keyof typeof LUCIDE, className?: string): string {
  const shapes = LUCIDE[name]
    .map(
      ([tag, attributes]) =>
        `<${tag} ${Object.entries(attributes)
          .map(([k, v]) => `${k}="${v}"`)
          .join(' ')}></${tag}>`,
    )
    .join('');
  const classes = ['lucide', `lucide-${name}`, ...(className ? [className] : [])].join(' ');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="24" height="24" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round" class="${classes}" aria-hidden="true">${shapes}</svg>`;
}

/**
 * /blog in the client's markup (web/app/routes/blog.tsx): the hero, the category buttons
 * (they work once the app runs; without it the cards are all there) and a card per post, so
 * the app keeps the first cards (the largest paint is the first card's image) when it
 * takes over.
 */
export function blogListMain(posts: BlogPostSummary[]): string {
  const filters = BLOG_FILTERS.map(
    (f) =>
      `<li><button type="button" class="${SMALL_BUTTON[f === 'all' ? 'default' : 'outline']}" aria-pressed="${f === 'all'}">${CATEGORY_LABELS[f]}</button></li>`,
  ).join('');
  const cards = posts
    .map(
      (
        p,
        i,
      ) => markup`<li><a class="group flex h-full flex-col overflow-hidden rounded-xl border bg-card shadow-sm transition-shadow hover:shadow-md focus-visible:ring-[3px] focus-visible:ring-ring/60 focus-visible:outline-none" href="/blog/${e(p.slug)}" data-discover="true">
${p.featuredImage ? `<img src="${e(p.featuredImage)}" alt="" width="1200" height="630" ${i === 0 ? `fetchpriority="high" ${FIRST_SCREEN}` : ''}loading="${i < 2 ? 'eager' : 'lazy'}" class="aspect-[1200/630] w-full object-cover" />` : '<div class="aspect-[1200/630] w-full bg-brand-soft"></div>'}
<div class="flex flex-1 flex-col gap-2 p-4"><div class="flex items-center justify-between gap-2 text-xs"><span class="rounded-full bg-brand-soft px-2 py-0.5 font-semibold text-brand uppercase">${CATEGORY_LABELS[p.category]}</span>
<span class="flex items-center gap-1 text-slate-600">${lucideIcon('eye', 'size-3.5')}${viewsText(p.viewCount)}</span></div>
<h3 class="font-heading text-xl text-slate-900 group-hover:underline">${e(p.title)}</h3>
${p.excerpt ? `<p class="text-sm text-slate-600">${e(p.excerpt)}</p>` : ''}
<p class="mt-auto text-xs text-slate-600">${longDate(p.publishedDay)}</p></div></a></li>`,
    )
    .join('');
  return markup`<main id="main" tabindex="-1" class="flex-1 outline-none">
<section class="bg-brand text-white"><div class="mx-auto max-w-7xl px-4 py-8 sm:px-6 md:py-12">
<h1 class="text-3xl md:text-4xl">${BLOG_HEADING}</h1>
<p class="mt-2 max-w-2xl text-green-50">${BLOG_INTRO}</p></div></section>
<section aria-labelledby="posts-heading" class="mx-auto max-w-7xl px-4 py-8 sm:px-6"><h2 id="posts-heading" class="sr-only">Articles</h2>
<fieldset><legend class="sr-only">Filter by category</legend><ul class="flex flex-wrap gap-2">${filters}</ul></fieldset>
${posts.length ? `<ul class="mt-6 grid gap-6 md:grid-cols-2 lg:grid-cols-3">${cards}</ul>` : '<div class="mt-8 rounded-xl border border-dashed p-10 text-center"><p class="font-medium">No blog posts yet. Check back soon.</p></div>'}
</section></main>`;
}

export const BLOG_HEADING = 'Golf Pin Blog';
export const BLOG_INTRO =
  'Design tips, course collecting and tournament planning from the people who make the pins.';

/**
 * /blog/{slug} in the client's markup (web/app/routes/blog-post.tsx; classes and texts from
 * shared/blog-post-page.ts): the way back, the header (category, title, date, views, the
 * Share button, which works once the app runs), the image, the content (sanitised on every
 * write, blog/service.ts), tags and the links on. The app renders the same elements, the
 * body's as elements too (web/features/blog/post-body.tsx), so its mount keeps every node:
 * the image is painted once and nothing moves (docs/decisions.md, issue 10). Links carry
 * React Router's `data-discover` as its Link writes it.
 */
export function blogPostMain(p: BlogPost): string {
  const c = BLOG_POST_PAGE;
  const tags = p.tags.length
    ? `<ul class="${c.tags}" aria-label="Tags">${p.tags.map((t) => `<li class="${c.tag}">${e(tagText(t))}</li>`).join('')}</ul>`
    : '';
  const image = p.featuredImage
    ? `<img src="${e(p.featuredImage)}" alt="" width="1200" height="630" fetchpriority="high" ${FIRST_SCREEN}class="${c.image}" />`
    : '';
  return markup`<main id="main" tabindex="-1" class="flex-1 outline-none ${c.main}">
<a class="${c.back}" href="/blog" data-discover="true">${lucideIcon('arrow-left', 'size-4')}${c.backLabel}</a>
<article class="${c.article}"><header><p class="${c.category}">${CATEGORY_LABELS[p.category]}</p>
<h1 class="${c.title}">${e(p.title)}</h1>
<div class="${c.meta}"><span>${longDate(p.publishedDay)}</span>
<span class="${c.views}">${lucideIcon('eye', c.viewsIcon)}${viewsText(p.viewCount)}</span>
<button data-slot="button" class="${SMALL_BUTTON.outline}" type="button">${lucideIcon('share-2')}${c.shareLabel}</button></div></header>
${image}
<div class="${c.body}">${p.content}</div>
${tags}</article>
<nav aria-label="More" class="${c.more}"><a data-slot="button" class="${BUTTON.outline}" href="/blog" data-discover="true">${c.moreArticlesLabel}</a><a data-slot="button" class="${BUTTON.default}" href="/wholesale" data-discover="true">${c.shopLabel}</a></nav>
</main>`;
}

/**
 * The home page's hero in the client's markup (web/app/routes/home.tsx): heading, lead and
 * the two cards (their artwork is drawn by the app in boxes of the same size). `<main>` is at
 * least a screen high, as the app's is, so the footer stays below the first screen while the
 * app adds the rows under the hero (issue 10 entry 27).
 */
export function homeMain(mockupHours = '24'): string {
  const card = (href: string, title: string, text: string) =>
    `<a href="${href}" class="group flex flex-col overflow-hidden rounded-2xl bg-white text-slate-900 shadow-lg ring-1 ring-black/5"><div class="aspect-[2/1] overflow-hidden bg-emerald-50"></div><div class="flex items-center justify-between gap-3 p-5"><span><span class="block text-xl font-bold">${title}</span><span class="block text-sm text-slate-600">${text}</span></span><span class="size-6 shrink-0" aria-hidden="true"></span></div></a>`;
  return markup`<main id="main" tabindex="-1" class="flex-1 outline-none min-h-screen"><section class="bg-gradient-to-br from-brand-deep via-brand to-[#145a41] text-white"><div class="mx-auto max-w-7xl px-4 py-12 sm:px-6 md:py-20">
<h1 class="max-w-3xl text-3xl leading-tight font-bold tracking-tight sm:text-4xl md:text-5xl">Custom Golf Pins, Ball Markers &amp; Commemorative Coins</h1>
<p class="mt-4 max-w-2xl text-lg text-green-50">Soft-enamel pins designed for your course, club or tournament, with a free mockup within ${e(mockupHours)} hours. Or pick from our ready-to-ship wholesale collection.</p>
<div class="mt-10 grid gap-6 md:grid-cols-2">${card('/quote', 'Get a Custom Quote', 'Your logo on pins, markers or coins')}${card('/wholesale', 'Shop Wholesale Pins', 'Ready-made designs, ready to ship')}</div>
</div></section></main>`;
}

/**
 * /custom's heading and lead in the client's markup (web/app/routes/custom.tsx); the wizard
 * needs the app, and a screen-high space stands for it so the footer does not jump.
 */
export function customMain(): string {
  return markup`<main id="main" tabindex="-1" class="flex-1 outline-none bg-slate-50"><div class="mx-auto w-full max-w-6xl px-4 py-8 sm:px-6">
<h1 class="mb-2 text-2xl font-bold sm:text-3xl">${e(CUSTOM_PAGE.heading)}</h1>
<p class="mb-6 text-slate-700">${e(CUSTOM_PAGE.lead)}</p>
<div class="min-h-screen" aria-hidden="true"></div>
</div></main>`;
}

/**
 * /quote above its form, in the client's markup (web/app/routes/quote.tsx): eyebrow,
 * heading, lead and the explainer; the form (it needs the app) has a screen-high
 * placeholder, so the footer starts below the first screen and does not jump when the
 * form arrives (Lighthouse measured a layout shift of 0.55 with a heading-only page).
 */
export function quoteMain(storeName: string): string {
  const explainer = QUOTE_PAGE.explainer
    .map(
      (item) =>
        `<li class="rounded-xl border bg-white p-4"><h3 class="font-semibold">${e(item.title)}</h3><p class="mt-1 text-sm text-slate-700">${e(item.text)}</p></li>`,
    )
    .join('');
  return markup`<main id="main" tabindex="-1" class="flex-1 outline-none bg-slate-50"><div class="mx-auto w-full max-w-4xl px-4 py-8 sm:px-6 sm:py-12">
<p class="text-sm font-semibold tracking-wide text-green-800 uppercase">${e(QUOTE_PAGE.eyebrow)}</p>
<h1 class="mt-1 text-2xl font-bold sm:text-4xl">${e(QUOTE_PAGE.heading)}</h1>
<p class="mt-3 text-slate-700">${e(QUOTE_PAGE.lead(storeName))}</p>
<section aria-labelledby="quote-how" class="mt-8"><h2 id="quote-how" class="text-xl font-semibold">${e(QUOTE_PAGE.explainerHeading)}</h2>
<ul class="mt-4 grid gap-4 sm:grid-cols-3">${explainer}</ul></section>
<div class="mt-8"><div class="min-h-screen" aria-hidden="true"></div></div>
</div></main>`;
}

/**
 * A not-found page's content (its words: shared/not-found-pages.ts) in the app's markup
 * (web/components/layout/not-found-view.tsx): the app mounts over it without changing a
 * node, so nothing moves (web/app/routes/product.test.tsx and blog-post.test.tsx check it).
 */
export function notFoundMain(kind: NotFoundKind = 'page'): string {
  const page: NotFoundPage = NOT_FOUND_PAGES[kind];
  const links = page.links
    .map(
      (l, i) =>
        `<a data-slot="button" class="${i === 0 ? BUTTON.default : BUTTON.outline}" href="${e(l.href)}" data-discover="true">${e(l.label)}</a>`,
    )
    .join('');
  return markup`<main id="main" tabindex="-1" class="flex-1 outline-none mx-auto flex w-full max-w-xl flex-col items-center justify-center gap-4 px-4 py-24 text-center">
<p class="text-6xl font-bold text-primary" aria-hidden="true">404</p>
<h1 class="text-3xl font-bold">${e(page.heading)}</h1>
<p class="text-slate-600">${e(page.text)}</p>
<div class="flex flex-wrap justify-center gap-3">${links}</div></main>`;
}
