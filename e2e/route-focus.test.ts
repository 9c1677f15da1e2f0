/**
 * The focus for keyboard and screen-reader users in Chromium (a screen-reader audit,
 * 2026-11-27): a header link's page change moves the focus to the new page's <h1>
 * (RouteFocus; no focus ring), a new page starts at its top and a Back's restored scroll
 * position is kept, /quote-success's heading takes the focus after a quote is sent (read with the
 * line saying it was received), and a refused sign-in leaves the focus on Sign In, while
 * sending ('Signing in...') and after, not at the page's start.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useShopAndBrowser } from './support/shop';

/** The focused element: its tag, text and, for a heading, whether it shows an outline. */
const focused = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    return {
      tag: el?.tagName ?? '',
      text: el?.textContent?.trim() ?? '',
      outline: el ? getComputedStyle(el).outlineStyle : '',
    };
  });

/**
 * Waits for the app to run (its skip link is not in the server's HTML): a link clicked
 * before that is an ordinary page load, not a page change inside the app.
 */
const appStarted = (page: Page) =>
  page.getByRole('link', { name: 'Skip to content' }).waitFor({ state: 'attached' });

describe('focus across pages in Chromium', () => {
  const fixture = useShopAndBrowser();

  it('a header link moves the focus to the new page heading; Back keeps its scroll', async () => {
    const context = await fixture.browser.newContext({ viewport: { width: 1366, height: 768 } });
    context.setDefaultTimeout(10_000);
    const page = await context.newPage();
    await page.goto(fixture.shop.url);
    await appStarted(page);
    // The first load leaves the focus alone.
    expect((await focused(page)).tag).toBe('BODY');

    const nav = page.getByRole('navigation', { name: 'Main' });
    // By keyboard: Enter on a header link; the next Tab starts inside the new page.
    await nav.getByRole('link', { name: 'Get Quote' }).focus();
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/quote$/);
    await expect
      .poll(() => focused(page))
      .toEqual({ tag: 'H1', text: 'Custom Golf Pin Quote Request', outline: 'none' });
    await page.keyboard.press('Tab');
    expect(
      await page.evaluate(() => document.querySelector('main')?.contains(document.activeElement)),
    ).toBe(true);

    // By mouse, from further down the page: the new page starts at its top.
    await page.evaluate(() => window.scrollTo(0, 600));
    await expect.poll(() => page.evaluate(() => Math.round(window.scrollY))).toBe(600);
    // Clicked where it shows (locator.click would first scroll the sticky header's link
    // into view, to the top of the page).
    const box = (await nav.getByRole('link', { name: 'Wholesale' }).boundingBox())!;
    await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
    await page.waitForURL(/\/wholesale$/);
    await expect
      .poll(() => focused(page))
      .toEqual({ tag: 'H1', text: 'Wholesale Golf Pins', outline: 'none' });
    expect(await page.evaluate(() => window.scrollY)).toBe(0);

    // Back: the router's scroll restoration puts /quote back where it was (the focus moves
    // without scrolling).
    await page.goBack();
    await page.waitForURL(/\/quote$/);
    await expect.poll(async () => (await focused(page)).text).toBe('Custom Golf Pin Quote Request');
    await expect.poll(() => page.evaluate(() => Math.round(window.scrollY))).toBe(600);
    await context.close();
  });

  it('/quote-success: its heading takes the focus and says the request was received', async () => {
    const context = await fixture.browser.newContext({ viewport: { width: 1280, height: 900 } });
    context.setDefaultTimeout(10_000);
    const page = await context.newPage();
    await page.goto(`${fixture.shop.url}/quote`);
    await page.getByLabel('Full Name *').fill('Casey Fairway');
    await page.getByLabel('Email Address *').fill('casey@example.com');
    await page
      .getByLabel('Project Description *')
      .fill('Club championship pins with our crest, three colours.');
    await page.getByRole('button', { name: 'Submit Quote Request' }).click();
    await page.waitForURL(/\/quote-success$/);
    await expect
      .poll(async () => (await focused(page)).text)
      .toBe('Thank You for Your Quote Request!');
    // Read with its description: what happened.
    const description = await page.evaluate(() => {
      const id = document.activeElement?.getAttribute('aria-describedby');
      return id ? document.getElementById(id)?.textContent?.trim() : null;
    });
    expect(description).toBe('Your request has been received. Here is what to expect.');
    await context.close();
  });

  it('a refused sign-in keeps the focus on Sign In, while sending and after', async () => {
    const context = await fixture.browser.newContext({ viewport: { width: 1366, height: 768 } });
    context.setDefaultTimeout(10_000);
    const page = await context.newPage();
    // The answer waits a moment, so the button's sending state can be seen.
    await page.route('**/api/auth/login', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 700));
      await route.continue();
    });
    await page.goto(`${fixture.shop.url}/login`);
    await appStarted(page);
    await page.getByLabel('Username').fill('nobody-here');
    await page.getByLabel('Password', { exact: true }).fill('not-the-password-1');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect.poll(() => focused(page)).toMatchObject({ tag: 'BUTTON', text: 'Signing in...' });
    await page.getByText('Login Failed', { exact: true }).waitFor();
    await expect.poll(() => focused(page)).toMatchObject({ tag: 'BUTTON', text: 'Sign In' });
    // The next Tab goes on from Sign In, not from 'Skip to content'.
    await page.keyboard.press('Tab');
    expect((await focused(page)).text).toBe('Sign up');
    await context.close();
  });
});
