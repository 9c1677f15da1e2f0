/**
 * /blog/{slug}: the app takes over the server's post without redrawing it (issue 10,
 * docs/decisions.md). The server writes the post in the app's own markup
 * (src/server/pages/content.ts `blogPostMain`, classes in src/shared/blog-post-page.ts) and
 * the app renders the sanitised body as elements rather than an innerHTML string
 * (web/features/blog/post-body.tsx), so Preact's mount keeps every server node. Checked in
 * Chromium on a phone screen in UTC and a laptop screen in a time zone where the post's
 * date is another day than the shop's (the date both sides write): one paint of the post's image (Element Timing),
 * no layout shift, and no node of the page's main content added, removed, re-texted or
 * given another attribute value by the mount; the heading, the image, the body and each of
 * the body's nodes are the server's nodes afterwards.
 */
import type { Browser } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';

import { type TestShop, useShopAndBrowser } from './support/shop';

/**
 * Runs before any of the page's scripts (a string: the test runner's compiled helpers do
 * not exist in the page). Records Element Timing entries and layout shifts from the start;
 * when the parser is done (readyState 'interactive', before deferred and module scripts
 * run) remembers the server's nodes of the post and watches `main` for every change.
 */
const RECORDER = `
  const w = window;
  w.imagePaints = [];
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries())
      if (entry.identifier === 'first-screen')
        w.imagePaints.push({ url: entry.url, renderTime: entry.renderTime, loadTime: entry.loadTime });
  }).observe({ type: 'element', buffered: true });
  w.layoutShift = 0;
  w.shiftedNodes = [];
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      if (entry.hadRecentInput) continue;
      w.layoutShift += entry.value;
      for (const source of entry.sources || [])
        if (source.node) w.shiftedNodes.push(source.node.nodeName + '.' + (source.node.className || ''));
    }
  }).observe({ type: 'layout-shift', buffered: true });
  w.mutations = [];
  const attributesBefore = new Map();
  w.changedAttributes = () => {
    const changed = [];
    for (const [element, names] of attributesBefore)
      for (const [name, from] of names) {
        const to = element.getAttribute(name);
        if (to !== from) changed.push({ type: 'attributes', target: describe(element), name, from, to });
      }
    return changed;
  };
  const describe = (node) =>
    node.nodeType === 1 ? node.nodeName.toLowerCase() + (node.className ? '.' + String(node.className).split(' ')[0] : '') : '#' + node.nodeName;
  document.addEventListener('readystatechange', () => {
    if (document.readyState !== 'interactive') return;
    const main = document.querySelector('main');
    const body = document.querySelector('main article .prose-post');
    w.server = {
      main,
      article: document.querySelector('main article'),
      header: document.querySelector('main article header'),
      heading: document.querySelector('main h1'),
      image: document.querySelector('main article img'),
      body,
      bodyNodes: body ? Array.from(body.childNodes) : [],
      bodyHtml: body ? body.innerHTML : null,
    };
    if (!main) return;
    new MutationObserver((records) => {
      for (const r of records) {
        if (r.type === 'attributes') {
          // The value before the mount; compared with the value after it at the end (Preact
          // writes some attributes again, or removes and sets them, with the same value).
          const before = attributesBefore.get(r.target) || new Map();
          attributesBefore.set(r.target, before);
          if (!before.has(r.attributeName)) before.set(r.attributeName, r.oldValue);
        } else if (r.type === 'characterData') {
          if (r.target.data === r.oldValue) continue;
          w.mutations.push({ type: r.type, target: describe(r.target.parentNode), from: r.oldValue, to: r.target.data });
        } else {
          w.mutations.push({
            type: r.type,
            target: describe(r.target),
            added: Array.from(r.addedNodes, describe),
            removed: Array.from(r.removedNodes, describe),
          });
        }
      }
    }).observe(main, { subtree: true, childList: true, attributes: true, attributeOldValue: true, characterData: true, characterDataOldValue: true });
  });
`;

interface Recorded {
  imagePaints: { url: string; renderTime: number; loadTime: number }[];
  layoutShift: number;
  shiftedNodes: string[];
  mutations: Record<string, unknown>[];
  hadServer: Record<string, boolean>;
  same: Record<string, boolean>;
  bodyNodesKept: number;
  bodyNodeCount: number;
  bodyHtmlSame: boolean;
  mainCount: number;
}

describe('/blog/{slug}: the app keeps the server-rendered post', () => {
  const fixture = useShopAndBrowser();
  let shop: TestShop;
  let browser: Browser;
  let post: {
    slug: string;
    title: string;
    featuredImage: string | null;
    publishedAt: string;
    publishedDay: string;
  };
  /** A time zone where the reader's own date of the post is not the shop's day (the date both sides write). */
  let otherDayZone: string;

  beforeAll(async () => {
    ({ shop, browser } = fixture);
    const posts = (await (await fetch(`${shop.url}/api/blog`)).json()) as (typeof post)[];
    post = posts.find((p) => p.featuredImage)!;
    expect(post, 'a seeded post with an image').toBeDefined();
    // 22 hours ahead of San Diego, or 2 behind: one of them is on another day.
    otherDayZone = ['Pacific/Kiritimati', 'Pacific/Honolulu'].find(
      (timeZone) =>
        new Date(post.publishedAt).toLocaleDateString('en-CA', { timeZone }) !== post.publishedDay,
    )!;
    expect(otherDayZone).toBeDefined();
  });

  for (const [viewport, readerZone] of [
    [{ width: 360, height: 740 }, 'UTC'],
    // A reader whose day is not the shop's: the date written by the server stays.
    [{ width: 1280, height: 800 }, 'other'],
  ] as const) {
    it(`${viewport.width}px, ${readerZone} time zone: one image paint, no layout shift, the mount changes no node of the post`, async () => {
      const timezoneId = readerZone === 'UTC' ? 'UTC' : otherDayZone;
      const context = await browser.newContext({ viewport, timezoneId });
      context.setDefaultTimeout(15_000);
      const page = await context.newPage();
      const pageErrors: string[] = [];
      page.on('pageerror', (error) => pageErrors.push(error.message));
      await page.addInitScript(RECORDER);
      await page.goto(`${shop.url}/blog/${post.slug}`);
      // The app has mounted once its header's cart button is there (the server has none);
      // the post's Share button works only then.
      await page.getByRole('button', { name: /cart/i }).first().waitFor();
      await page.getByRole('button', { name: 'Share' }).waitFor();
      // Two frames, so the mount's layout (if any) has been painted and reported.
      await page.evaluate(
        () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
      );
      const r = await page.evaluate((): Recorded => {
        const w = window as unknown as {
          imagePaints: Recorded['imagePaints'];
          layoutShift: number;
          shiftedNodes: string[];
          mutations: Recorded['mutations'];
          changedAttributes: () => Recorded['mutations'];
          server?: Record<string, unknown> & { bodyNodes: Node[]; bodyHtml: string | null };
        };
        const now: Record<string, Element | null> = {
          main: document.querySelector('main'),
          article: document.querySelector('main article'),
          header: document.querySelector('main article header'),
          heading: document.querySelector('main h1'),
          image: document.querySelector('main article img'),
          body: document.querySelector('main article .prose-post'),
        };
        const server = w.server ?? { bodyNodes: [], bodyHtml: null };
        const hadServer: Record<string, boolean> = {};
        const same: Record<string, boolean> = {};
        for (const key of Object.keys(now)) {
          hadServer[key] = Boolean(server[key]);
          same[key] = now[key] !== null && now[key] === server[key];
        }
        const body = now.body;
        return {
          imagePaints: w.imagePaints,
          layoutShift: w.layoutShift,
          shiftedNodes: w.shiftedNodes,
          mutations: [...w.mutations, ...w.changedAttributes()],
          hadServer,
          same,
          bodyNodeCount: server.bodyNodes.length,
          bodyNodesKept: server.bodyNodes.filter(
            (node, i) => node.isConnected && body?.childNodes[i] === node,
          ).length,
          bodyHtmlSame: body?.innerHTML === server.bodyHtml,
          mainCount: document.querySelectorAll('main').length,
        };
      });

      /** Each part of the post page the checks below look at, all true. */
      const EVERY_PART = {
        main: true,
        article: true,
        header: true,
        heading: true,
        image: true,
        body: true,
      };
      expect.soft(pageErrors).toEqual([]);
      expect.soft(r.mainCount).toBe(1);
      // The server sent the whole post, in the app's markup (its header included).
      expect.soft(r.hadServer).toEqual(EVERY_PART);
      expect.soft(r.bodyNodeCount, "the server's body has content").toBeGreaterThan(3);
      // The browser painted the post's image once: the mount did not build a new <img>.
      expect.soft(r.imagePaints, 'Element Timing entries of the image').toHaveLength(1);
      expect.soft(r.imagePaints[0]!.url).toContain(post.featuredImage!);
      expect.soft(r.layoutShift, `layout shift (${r.shiftedNodes.join(', ')})`).toBeLessThan(0.01);
      // The mount changed nothing in main: no node added or removed (the body's innerHTML
      // is not set again), no text or attribute value changed.
      expect.soft(r.mutations, 'mutations of main during the mount').toEqual([]);
      expect.soft(r.same, "the app's elements are the server's").toEqual(EVERY_PART);
      expect.soft(r.bodyNodesKept, "the body's nodes are the server's").toBe(r.bodyNodeCount);
      expect.soft(r.bodyHtmlSame).toBe(true);
      await context.close();
    });
  }
});
