/** Accessibility checks shared by the browser tests: axe (WCAG 2 A/AA) once toasts settle. */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';

/** Waits until no toast is fading in or out (axe measures contrast mid-fade otherwise). */
export async function settleToasts(page: Page): Promise<void> {
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every(
        (a) =>
          a.playState !== 'running' ||
          !(a.effect instanceof KeyframeEffect) ||
          !(a.effect.target instanceof Element) ||
          !a.effect.target.closest('[data-sonner-toaster]'),
      ),
  );
}

/** Fails the test with the list of axe violations on the page, if any. */
export async function expectAxeClean(page: Page, label: string): Promise<void> {
  await settleToasts(page);
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
  const summary = results.violations.map(
    (v) =>
      `${v.id}: ${v.nodes.map((n) => `${n.target.join(' ')} (${n.failureSummary ?? ''})`).join(', ')}`,
  );
  expect(summary, `axe violations on ${label}`).toEqual([]);
}
