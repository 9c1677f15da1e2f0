/**
 * Launches Debian's Chromium through playwright-core with the flags this machine
 * needs (DEVELOPERS.md), and saves screenshots under the git-ignored e2e/screenshots/.
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
