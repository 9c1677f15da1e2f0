/**
 * The HTML document every page is sent in: the built web app's index.html (dist/web,
 * with Vite's hashed script and style links) with two markers, `<!--page-head-->` and
 * `<!--page-body-->`, filled per request. Without a build (API tests) a minimal
 * document with the same markers stands in, so the server's pages work the same.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
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

/** What stands in #root while the app loads when a page has no server content. */
export const SPLASH =
  '<div id="splash" role="status" aria-live="polite" style="min-height:100vh;display:flex;align-items:center;justify-content:center;font-family:system-ui,sans-serif;color:#0f3d2e"><span>Loading…</span></div>';

export interface DocumentParts {
  head: string;
  /** Server-rendered main content (replaced by the app once it runs); default the splash. */
  body?: string;
  /** Query-cache entries for the client: `[queryKey, data]` pairs (see web/lib/page-data.ts). */
  data?: [readonly unknown[], unknown][];
  /**
   * The web app's route module that draws this page (`src/web/app/routes/<route>.tsx`, as
   * in web/app/router.tsx): its built chunks are preloaded from the head.
   */
  route?: string;
}

/** Fills the index.html markers. */
export class PageTemplate {
  private readonly before: string;
  private readonly middle: string;
  private readonly after: string;

  constructor(
    html: string,
    /** Per route module, the `<link rel="modulepreload">` tags of its chunks. */
    private readonly preloads: ReadonlyMap<string, string> = new Map(),
  ) {
    const head = html.indexOf('<!--page-head-->');
    const body = html.indexOf('<!--page-body-->');
    if (head < 0 || body < 0 || body < head) throw new Error('index.html lacks the page markers');
    this.before = html.slice(0, head);
    this.middle = html.slice(head + '<!--page-head-->'.length, body);
    this.after = html.slice(body + '<!--page-body-->'.length);
  }

  /** The whole document for one page. */
  render(parts: DocumentParts): string {
    const data = parts.data?.length
      ? `<script type="application/json" id="page-data">${scriptJson(parts.data)}</script>`
      : '';
    const after = data ? this.after.replace('</body>', `${data}\n  </body>`) : this.after;
    const preloads = (parts.route && this.preloads.get(parts.route)) || '';
    return `${this.before}${parts.head}${preloads}${this.middle}${parts.body ?? SPLASH}${after}`;
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

interface ManifestChunk {
  file: string;
  imports?: string[];
}

/**
 * Per route module of the web app, `<link rel="modulepreload">` tags for the chunks its
 * page needs beyond the entry's (which index.html already lists): the route's own chunk and
 * the chunks it imports statically, read from Vite's build manifest. Sent in the page's
 * head, the browser fetches them while it parses the HTML instead of after the router has
 * run, and the router's preload helper finds them listed and adds nothing on the main
 * thread (docs/decisions.md, issue 10). Empty without a build or manifest.
 */
export function routeModulePreloads(webDist: string): Map<string, string> {
  const file = path.join(webDist, '.vite', 'manifest.json');
  const preloads = new Map<string, string>();
  if (!existsSync(file)) return preloads;
  const manifest = JSON.parse(readFileSync(file, 'utf8')) as Record<string, ManifestChunk>;
  const listed = new Set<string>(['index.html', ...(manifest['index.html']?.imports ?? [])]);
  for (const key of Object.keys(manifest)) {
    const route = /^app\/routes\/([a-z0-9-]+)\.tsx$/.exec(key)?.[1];
    if (!route) continue;
    const files: string[] = [];
    const seen = new Set<string>();
    const visit = (name: string) => {
      if (seen.has(name) || listed.has(name)) return;
      seen.add(name);
      const chunk = manifest[name];
      if (!chunk) return;
      files.push(chunk.file);
      for (const imported of chunk.imports ?? []) visit(imported);
    };
    visit(key);
    preloads.set(
      route,
      files.map((f) => `<link rel="modulepreload" crossorigin href="/${f}" />\n    `).join(''),
    );
  }
  return preloads;
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

/** The template from `webDist/index.html` when built, else the fallback document. */
export function loadPageTemplate(webDist: string): PageTemplate {
  const file = path.join(webDist, 'index.html');
  if (existsSync(file)) {
    const html = readFileSync(file, 'utf8');
    if (html.includes('<!--page-head-->'))
      return new PageTemplate(
        inlineStylesheets(
          html.replace('<!--page-head-->', `${fontPreloads(webDist)}<!--page-head-->`),
          webDist,
        ),
        routeModulePreloads(webDist),
      );
  }
  return new PageTemplate(FALLBACK);
}
