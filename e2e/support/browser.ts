/**
 * Launches Debian's Chromium through playwright-core with the flags this machine
 * needs (DEVELOPERS.md), saves screenshots under the git-ignored e2e/screenshots/, and
 * the page steps of the layout-shift checks (slow API, recorded shifts).
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { type Browser, chromium, type Page } from 'playwright-core';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const SCREENSHOT_DIR = path.resolve(import.meta.dirname, '../screenshots');

/**
 * Launches Chromium. Every context it opens starts as a visitor who has already seen the
 * newsletter popup (it opens after 15 s on shopping pages and would cover other tests'
 * pages), unless `newsletterPopup` is true (the popup's own test).
 */
export async function launchBrowser(opts: { newsletterPopup?: boolean } = {}): Promise<Browser> {
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  if (!opts.newsletterPopup) {
    const newContext = browser.newContext.bind(browser);
    browser.newContext = async (...args) => {
      const context = await newContext(...args);
      await context.addInitScript(() => {
        try {
          window.localStorage.setItem('golfpins_newsletter_popup_seen', 'e2e');
        } catch {
          // opaque origins have no storage
        }
      });
      return context;
    };
  }
  return browser;
}

/** Saves a full-page screenshot as e2e/screenshots/<name>.png. */
export async function screenshot(page: Page, name: string): Promise<void> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}.png`), fullPage: true });
}

/**
 * Init script (a string: tsx's helpers must stay out of page code) that records every
 * layout shift without recent input in `window.shifts`: its value, the nodes it moved
 * (with their tops before and after) and whether one of them sits in the header.
 * `window.takeShifts()` adds the entries the observer has not delivered yet.
 */
export const RECORD_SHIFTS = `
  window.shifts = [];
  const keep = (entries) => {
    for (const entry of entries)
      if (!entry.hadRecentInput)
        window.shifts.push({
          value: entry.value,
          nodes: entry.sources.map((s) =>
            (s.node ? s.node.nodeName + '.' + (s.node.className || '') : '?') +
            ' ' + Math.round(s.previousRect.y) + '->' + Math.round(s.currentRect.y)),
          header: entry.sources.some((s) => {
            const el = s.node && (s.node.nodeType === 1 ? s.node : s.node.parentElement);
            return Boolean(el && el.closest('header'));
          }),
        });
  };
  const shiftObserver = new PerformanceObserver((list) => keep(list.getEntries()));
  shiftObserver.observe({ type: 'layout-shift', buffered: true });
  window.takeShifts = () => keep(shiftObserver.takeRecords());
`;

/** A layout shift as RECORD_SHIFTS keeps it. */
export interface RecordedShift {
  value: number;
  /** Each moved node as `NODENAME.class top->top`. */
  nodes: string[];
  /** Whether one of the moved nodes sits in the page's header. */
  header: boolean;
}

/**
 * Makes every /api/ request of the page answer 400 ms late, so that loading states stay
 * on screen long enough to be painted (and a shift when the data arrives can be seen).
 */
export async function slowApi(page: Page): Promise<void> {
  await page.route('**/api/**', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 400));
    await route.continue();
  });
}

/**
 * Once the network is idle and two more frames are drawn, returns the layout shifts the
 * page's RECORD_SHIFTS init script recorded (`window.takeShifts()` first adds those not yet
 * delivered) and, as they are, the window properties named in `keys` (what the test's own
 * init script kept, e.g. `loadingSeen`). The page must have RECORD_SHIFTS in an init script.
 */
export async function settledShifts<T extends Record<string, unknown>>(
  page: Page,
  keys: (keyof T & string)[],
): Promise<{ shifts: RecordedShift[] } & T> {
  await page.waitForLoadState('networkidle');
  const result = await page.evaluate(async (names) => {
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    const w = window as unknown as Record<string, unknown> & { takeShifts(): void };
    w.takeShifts();
    const taken: Record<string, unknown> = { shifts: w.shifts };
    for (const name of names) taken[name] = w[name];
    return taken;
  }, keys);
  return result as { shifts: RecordedShift[] } & T;
}

/**
 * Holds the page's clock (Playwright's fake timers, installed on its context with
 * `context.clock.install()` before the visit) half a second from now: from here the page's
 * timers run only through `page.clock.runFor`, whatever the machine's load; call
 * `page.clock.resume()` before anything that waits on the page's own timers (axe).
 * Playwright refuses to pause in the past, hence the half second ahead.
 */
export async function holdClock(page: Page): Promise<void> {
  await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 500);
}

/**
 * Whether the page draws text in the brand typeface (DM Serif Display, `font-display:
 * optional` in web/index.css): a probe span in '"DM Serif Display", monospace' is measured
 * against one in monospace alone, so the answer is the font the page's own layout picked,
 * not whether the file has loaded (`document.fonts.check` says true for a file that came
 * too late to be used).
 */
export function brandFontDrawn(page: Page): Promise<boolean> {
  return page.evaluate(() => {
    const width = (family: string) => {
      const probe = document.createElement('span');
      probe.style.cssText = `position:absolute;visibility:hidden;font-size:40px;font-family:${family}`;
      probe.textContent = 'Fairway Pin Co. Wholesale';
      document.body.append(probe);
      const w = probe.getBoundingClientRect().width;
      probe.remove();
      return w;
    };
    return width('"DM Serif Display", monospace') !== width('monospace');
  });
}
