/**
 * The <head> the server sends with each public page (issue 10, storefront spec section 9
 * "metadata"): title, meta description, canonical URL, Open Graph and Twitter tags with a
 * 1200x630 image, and JSON-LD blocks; plus the JSON script that seeds the client's query
 * cache. Everything interpolated is HTML-escaped; JSON is escaped so it cannot close its
 * <script> element.
 *
 * Each tag that describes this one page (description, canonical, robots, og:*, the extra
 * article:/product: tags, twitter:*, JSON-LD) carries PAGE_HEAD_ATTRIBUTE: the app removes
 * them at its first change of page (web/components/layout/server-head.tsx), so a page
 * reached inside the app does not keep the first page's description, noindex or JSON-LD
 * (an SEO audit, 2026-11-27). The title (the app sets it per page), the preload, the
 * charset, viewport and styles are not marked.
 */
import escapeHtml from 'escape-html';

/** The shared social image (public/og-image.png); per-page images have the same size. */
export const OG_IMAGE = { path: '/og-image.png', width: 1200, height: 630 } as const;

/**
 * The attribute on every page-specific head tag the server writes; the app's
 * `[data-page-head]` selector (web/components/layout/server-head.tsx) names the same.
 */
export const PAGE_HEAD_ATTRIBUTE = 'data-page-head';

export interface PageMeta {
  title: string;
  description: string;
  /**
   * Site path of the canonical URL ('/', '/product/3'); null for a page with no address of
   * its own (the not-found page): then no canonical link and no og:url.
   */
  path: string | null;
  /** og:type; default 'website'. */
  type?: 'website' | 'product' | 'article';
  imageAlt?: string;
  /** Site path of the page's own 1200x630 social image (pages/social-image.ts); default the shared one. */
  imagePath?: string;
  /** JSON-LD objects, one <script type="application/ld+json"> each. */
  jsonLd?: object[];
  /** Adds `robots: noindex` (the not-found page). */
  noindex?: boolean;
  /** Extra meta tags such as article:published_time. */
  extra?: { property: string; content: string }[];
  /**
   * Site path of the image that is the page's largest paint (a product's picture, a post's
   * featured image): preloaded with high priority ahead of the style sheet and scripts.
   */
  preloadImage?: string | null;
}

/** JSON safe inside a <script> element (no `</script>`, no `<!--`, no line separators). */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/** Description text trimmed to at most `max` characters on a word boundary, with an ellipsis. */
export function clip(text: string, max = 160): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max - 1);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(' '), max / 2)).replace(/[,.;:]$/, '')}…`;
}

/**
 * The head tags for `meta` on a site whose origin is `publicUrl`, one per line; the
 * page-specific ones carry PAGE_HEAD_ATTRIBUTE (see the file's comment).
 */
export function renderHead(meta: PageMeta, publicUrl: string, siteName: string): string {
  const e = escapeHtml;
  const url = meta.path === null ? null : `${publicUrl}${meta.path}`;
  const image = `${publicUrl}${meta.imagePath ?? OG_IMAGE.path}`;
  const alt = meta.imageAlt ?? `${siteName}: custom golf pins, ball markers and coins`;
  const own = PAGE_HEAD_ATTRIBUTE;
  const tags = [
    meta.preloadImage
      ? `<link rel="preload" as="image" href="${e(meta.preloadImage)}" fetchpriority="high" />`
      : '',
    `<title>${e(meta.title)}</title>`,
    `<meta name="description" content="${e(meta.description)}" ${own} />`,
    url === null ? '' : `<link rel="canonical" href="${e(url)}" ${own} />`,
    meta.noindex ? `<meta name="robots" content="noindex" ${own} />` : '',
    `<meta property="og:site_name" content="${e(siteName)}" ${own} />`,
    `<meta property="og:type" content="${meta.type ?? 'website'}" ${own} />`,
    `<meta property="og:title" content="${e(meta.title)}" ${own} />`,
    `<meta property="og:description" content="${e(meta.description)}" ${own} />`,
    url === null ? '' : `<meta property="og:url" content="${e(url)}" ${own} />`,
    `<meta property="og:image" content="${e(image)}" ${own} />`,
    `<meta property="og:image:width" content="${OG_IMAGE.width}" ${own} />`,
    `<meta property="og:image:height" content="${OG_IMAGE.height}" ${own} />`,
    `<meta property="og:image:alt" content="${e(alt)}" ${own} />`,
    ...(meta.extra ?? []).map(
      (m) => `<meta property="${e(m.property)}" content="${e(m.content)}" ${own} />`,
    ),
    `<meta name="twitter:card" content="summary_large_image" ${own} />`,
    `<meta name="twitter:title" content="${e(meta.title)}" ${own} />`,
    `<meta name="twitter:description" content="${e(meta.description)}" ${own} />`,
    `<meta name="twitter:image" content="${e(image)}" ${own} />`,
    `<meta name="twitter:image:alt" content="${e(alt)}" ${own} />`,
    ...(meta.jsonLd ?? []).map(
      (block) => `<script type="application/ld+json" ${own}>${scriptJson(block)}</script>`,
    ),
  ];
  return tags.filter(Boolean).join('\n    ');
}
