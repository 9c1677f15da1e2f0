/**
 * The <head> the server sends with each public page (issue 10, storefront spec section 9
 * "metadata"): title, meta description, canonical URL, Open Graph and Twitter tags with a
 * 1200x630 image, and JSON-LD blocks; plus the JSON script that seeds the client's query
 * cache. Everything interpolated is HTML-escaped; JSON is escaped so it cannot close its
 * <script> element.
 */
import escapeHtml from 'escape-html';

/** The shared social image (public/og-image.png); per-page images have the same size. */
export const OG_IMAGE = { path: '/og-image.png', width: 1200, height: 630 } as const;

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

/** The head tags for `meta` on a site whose origin is `publicUrl`. */
export function renderHead(meta: PageMeta, publicUrl: string, siteName: string): string {
  const e = escapeHtml;
  const url = meta.path === null ? null : `${publicUrl}${meta.path}`;
  const image = `${publicUrl}${meta.imagePath ?? OG_IMAGE.path}`;
  const alt = meta.imageAlt ?? `${siteName}: custom golf pins, ball markers and coins`;
  const tags = [
    meta.preloadImage
      ? `<link rel="preload" as="image" href="${e(meta.preloadImage)}" fetchpriority="high" />`
      : '',
    `<title>${e(meta.title)}</title>`,
    `<meta name="description" content="${e(meta.description)}" />`,
    url === null ? '' : `<link rel="canonical" href="${e(url)}" />`,
    meta.noindex ? '<meta name="robots" content="noindex" />' : '',
    `<meta property="og:site_name" content="${e(siteName)}" />`,
    `<meta property="og:type" content="${meta.type ?? 'website'}" />`,
    `<meta property="og:title" content="${e(meta.title)}" />`,
    `<meta property="og:description" content="${e(meta.description)}" />`,
    url === null ? '' : `<meta property="og:url" content="${e(url)}" />`,
    `<meta property="og:image" content="${e(image)}" />`,
    `<meta property="og:image:width" content="${OG_IMAGE.width}" />`,
    `<meta property="og:image:height" content="${OG_IMAGE.height}" />`,
    `<meta property="og:image:alt" content="${e(alt)}" />`,
    ...(meta.extra ?? []).map(
      (m) => `<meta property="${e(m.property)}" content="${e(m.content)}" />`,
    ),
    '<meta name="twitter:card" content="summary_large_image" />',
    `<meta name="twitter:title" content="${e(meta.title)}" />`,
    `<meta name="twitter:description" content="${e(meta.description)}" />`,
    `<meta name="twitter:image" content="${e(image)}" />`,
    `<meta name="twitter:image:alt" content="${e(alt)}" />`,
    ...(meta.jsonLd ?? []).map(
      (block) => `<script type="application/ld+json">${scriptJson(block)}</script>`,
    ),
  ];
  return tags.filter(Boolean).join('\n    ');
}
