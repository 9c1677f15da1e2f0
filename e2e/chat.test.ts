/**
 * The floating chat button (issue 10; back-office spec "Global"): with VITE_CHAT_URL set at
 * build time it opens that direct-message link in a new tab, sits in the bottom-right corner
 * at 360x740 and 1366x768 and is axe-clean; without it there is no button (home.test.ts).
 * This test makes its own build of the web app with the variable set.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { build } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAxeClean } from './support/axe';
import { useShopAndBrowser } from './support/shop';

const CHAT_URL = 'https://m.me/fairwaypinco-example';

describe('chat button in Chromium', () => {
  let outDir: string;
  beforeAll(async () => {
    outDir = mkdtempSync(path.join(tmpdir(), 'fp-chat-build-'));
    process.env.VITE_CHAT_URL = CHAT_URL;
    try {
      await build({
        configFile: path.resolve(import.meta.dirname, '../vite.config.ts'),
        logLevel: 'error',
        build: { outDir, emptyOutDir: true },
      });
    } finally {
      delete process.env.VITE_CHAT_URL;
    }
  });
  afterAll(() => {
    if (outDir) rmSync(outDir, { recursive: true, force: true });
  });
  // Serves the build above; stopped before it is removed.
  const fixture = useShopAndBrowser({ webDist: () => outDir });

  for (const viewport of [
    { width: 360, height: 740 },
    { width: 1366, height: 768 },
  ]) {
    it(`opens the configured link in a new tab at ${viewport.width}x${viewport.height}`, async () => {
      const { shop, browser } = fixture;
      const context = await browser.newContext({ viewport });
      context.setDefaultTimeout(10_000);
      const page = await context.newPage();
      await page.goto(`${shop.url}/wholesale`);
      const chat = page.getByRole('link', { name: 'Chat with us (opens in a new tab)' });
      await chat.waitFor();
      expect(await chat.getAttribute('href')).toBe(CHAT_URL);
      expect(await chat.getAttribute('target')).toBe('_blank');
      expect(await chat.getAttribute('rel')).toContain('noopener');
      const box = (await chat.boundingBox())!;
      expect(box.x + box.width).toBeGreaterThan(viewport.width - 40);
      expect(box.y + box.height).toBeGreaterThan(viewport.height - 40);
      expect(box.width).toBeGreaterThanOrEqual(44);
      await expectAxeClean(page, `chat button at ${viewport.width}`);
      await context.close();
    });
  }
});
