/**
 * The HTML document every page is sent in: the built web app's index.html (dist/web,
 * with Vite's hashed script and style links) with two markers, `<!--page-head-->` and
 * `<!--page-body-->`, filled per request. Without a build (API tests) a minimal
 * document with the same markers stands in, so the server's pages work the same.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { SiteFacts } from './content';
import { scriptJson } from './head';

const FALLBACK = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1.0" />
    <!--page-head-->
  </head>
  <body>
    <div id="root"><!--page-body--></div>
  </body>
</html>
`;

/**
 * What stands in #root while the app loads when a page has no server content (sign-in,
 * Track Order, the link pages). Without JavaScript the app never comes, so the browser
 * also shows why (an accounts audit: 'Loading…' forever).
 */
export const SPLASH =
  '<div id="splash" role="status" aria-live="polite" style="min-height:100vh;display:flex;flex-direction:column;gap:1rem;align-items:center;justify-content:center;font-family:system-ui,sans-serif;color:#0f3d2e;padding:0 1rem;text-align:center"><span>Loading…</span><noscript><p>This page needs JavaScript. Please turn it on and reload the page.</p></noscript></div>';

export interface DocumentParts {
  head: string;
  /** Server-rendered main content (replaced by the app once it runs); default the splash. */
  body?: string;
  /** Query-cache entries for the client: `[queryKey, data]` pairs (see web/lib/page-data.ts). */
  data?: [readonly unknown[], unknown][];
}

/**
 * Fills the index.html markers. Every document also carries the store's facts from the
 * server's configuration (`<script type="application/json" id="store-facts">`, read by
 * web/config/store.ts), so STORE_NAME and its siblings reach the app at run time, not
 * only a build's VITE_* values (DECISIONS.md "Naming": the store name is configuration).
 */
export class PageTemplate {
  private readonly before: string;
  private readonly middle: string;
  private readonly after: string;
  private readonly facts: string;

  constructor(html: string, storeFacts?: SiteFacts) {
    this.facts = storeFacts
      ? `<script type="application/json" id="store-facts">${scriptJson(storeFacts)}</script>`
      : '';
    const head = html.indexOf('<!--page-head-->');
    const body = html.indexOf('<!--page-body-->');
    if (head < 0 || body < 0 || body < head) throw new Error('index.html lacks the page markers');
    this.before = html.slice(0, head);
    this.middle = html.slice(head + '<!--page-head-->'.length, body);
    this.after = html.slice(body + '<!--page-body-->'.length);
  }

  /** The whole document for one page. */
  render(parts: DocumentParts): string {
    const data = `${this.facts}${
      parts.data?.length
        ? `<script type="application/json" id="page-data">${scriptJson(parts.data)}</script>`
        : ''
    }`;
    const after = data ? this.after.replace('</body>', `${data}\n  </body>`) : this.after;
    return `${this.before}${parts.head}${this.middle}${parts.body ?? SPLASH}${after}`;
  }
}

/**
 * `<link rel="preload">` for the built heading font (the first screen's headings use it;
 * without a preload the browser finds it only after the CSS, delaying the largest paint).
 */
function fontPreloads(webDist: string): string {
  const dir = path.join(webDist, 'assets');
  if (!existsSync(dir)) return '';
  return readdirSync(dir)
    .filter((f) => /^dm-serif-display-latin-400-normal-.*\.woff2$/.test(f))
    .map(
      (f) =>
        `<link rel="preload" href="/assets/${f}" as="font" type="font/woff2" crossorigin />\n    `,
    )
    .join('');
}

/**
 * The built stylesheet written into the document instead of linked: the first paint then
 * waits for no second request (Lighthouse counted ~170 ms of render-blocking CSS on a
 * phone). It is one file of about 9 KB compressed for the whole app; the price is that a
 * visitor's later pages carry it again instead of reading it from the cache
 * (docs/decisions.md, issue 10). The CSP already allows inline styles.
 */
function inlineStylesheets(html: string, webDist: string): string {
  return html.replace(
    /<link rel="stylesheet"[^>]*href="\/(assets\/[^"]+\.css)"[^>]*>/g,
    (tag, file: string) => {
      const css = path.join(webDist, file);
      if (!existsSync(css)) return tag;
      return `<style>${readFileSync(css, 'utf8').replaceAll('</', '<\\/')}</style>`;
    },
  );
}

/**
 * The app's entry script at low fetch priority (`fetchpriority="low"`): the server's HTML
 * and styles paint the page, so the script's bytes should not compete with the first paint
 * and the largest image. Lighthouse's simulation counts a high-priority script that
 * finished before the first paint as blocking it (docs/decisions.md, issue 10). The build
 * writes no module preloads (vite.config.ts `modulePreload: false`).
 */
function lowPriorityScripts(html: string): string {
  return html.replaceAll('<script type="module" ', '<script type="module" fetchpriority="low" ');
}

/** The template from `webDist/index.html` when built, else the fallback document. */
export function loadPageTemplate(webDist: string, storeFacts?: SiteFacts): PageTemplate {
  const file = path.join(webDist, 'index.html');
  if (existsSync(file)) {
    const html = readFileSync(file, 'utf8');
    if (html.includes('<!--page-head-->'))
      return new PageTemplate(
        lowPriorityScripts(
          inlineStylesheets(
            html.replace('<!--page-head-->', `${fontPreloads(webDist)}<!--page-head-->`),
            webDist,
          ),
        ),
        storeFacts,
      );
  }
  return new PageTemplate(FALLBACK, storeFacts);
}
