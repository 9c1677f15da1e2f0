/**
 * Password reset in Chromium against the real shop with a real local SMTP server
 * (docs/decisions.md "Security hardening"), on a 360 px phone: 'Forgot password?' on the
 * sign-in page -> the e-mail form -> the neutral answer -> the mailed link -> a new
 * password -> 'Password Reset' -> sign in with the new password (the old one is refused).
 * No sideways scrolling, axe finds no violations on either page, each page names itself.
 * And the signed-in change (docs/decisions.md "My Account and password change"): register
 * -> My Account from the header -> Change Password -> 'Password Changed' (and the notice
 * mail) -> at 360 px nothing overflows -> Logout -> only the new password signs in.
 */
import { simpleParser } from 'mailparser';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { PASSWORD_RESET_MESSAGES } from '../src/shared/schemas/auth';
import { expectAxeClean } from './support/axe';
import { screenshot } from './support/browser';
import { useMailSink, useShopAndBrowser } from './support/shop';

const customer = {
  username: `resetter${Date.now().toString(36)}`,
  email: `resetter.${Date.now().toString(36)}@example.com`,
  password: 'first-fairway-41',
};
const NEW_PASSWORD = 'second-fairway-42';

describe('password reset in Chromium', () => {
  // The shop below is started after this mail sink and stopped before it.
  const smtp = useMailSink();
  const fixture = useShopAndBrowser({
    env: () => ({ SMTP_URL: smtp.url, MAIL_POLL_SECONDS: '0.5' }),
  });

  const noSidewaysScroll = async (page: Page) =>
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      360,
    );

  /** Signs in through the form with `password` and waits for the toast titled `outcome`. */
  async function signIn(page: Page, password: string, outcome: string): Promise<void> {
    await page.goto(`${fixture.shop.url}/login`);
    await page.getByLabel('Username').fill(customer.username);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.getByText(outcome, { exact: true }).waitFor();
  }

  it("'Forgot password?' -> mail -> new password -> sign in with it", async () => {
    const { shop, browser } = fixture;
    const registered = await fetch(`${shop.url}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(customer),
    });
    expect(registered.status).toBe(201);

    const context = await browser.newContext({ viewport: { width: 360, height: 740 } });
    context.setDefaultTimeout(10_000);
    const page = await context.newPage();
    const pageErrors: string[] = [];
    page.on('pageerror', (e) => pageErrors.push(e.message));

    await page.goto(`${shop.url}/login`);
    await page.getByRole('link', { name: 'Forgot password?' }).waitFor();
    await screenshot(page, 'password-reset-00-login-360');
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await page.getByRole('heading', { level: 1, name: 'Forgot Password' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/forgot-password');
    expect(await page.title()).toBe('Forgot Password | Fairway Pin Co.');
    await noSidewaysScroll(page);
    await expectAxeClean(page, '/forgot-password');

    // An empty address is refused on the field, before anything is sent.
    await page.getByRole('button', { name: 'Send Reset Link' }).click();
    await page.getByText('Please enter a valid email address').waitFor();
    await page.getByLabel('Email').fill(customer.email.toUpperCase());
    await page.getByRole('button', { name: 'Send Reset Link' }).click();
    const answer = page.getByRole('heading', { level: 2, name: 'Check Your Email' });
    await answer.waitFor();
    await page.getByText(PASSWORD_RESET_MESSAGES.requested).waitFor();
    // The outcome takes the focus, where the form was.
    await expect.poll(() => answer.evaluate((el) => el === document.activeElement)).toBe(true);
    await noSidewaysScroll(page);
    await screenshot(page, 'password-reset-01-sent-360');
    await expectAxeClean(page, '/forgot-password answered');

    await expect
      .poll(() => smtp.received.filter((m) => m.to === customer.email).length, {
        timeout: 15_000,
      })
      .toBe(1);
    const mail = smtp.received.find((m) => m.to === customer.email)!;
    expect(mail.subject).toBe('Fairway Pin Co.: reset your password');
    const text = mail.raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
    const link = new RegExp(
      `${shop.url.replace(/[.]/g, '\\.')}/reset-password#token=[\\w-]{43}`,
    ).exec(text)?.[0];
    expect(link, 'the reset link in the mail').toBeDefined();
    // The mail itself fits a 360 px phone: its long 'Or open this link' address wraps.
    const html = (await simpleParser(mail.raw)).html;
    expect(html, 'the mail has an HTML part').toBeTruthy();
    const mailPage = await context.newPage();
    await mailPage.setContent(html as string);
    await noSidewaysScroll(mailPage);
    await screenshot(mailPage, 'password-reset-01b-mail-360');
    await mailPage.close();

    await page.goto(link!);
    await page.getByRole('heading', { level: 1, name: 'Choose a New Password' }).waitFor();
    expect(await page.title()).toBe('Reset Password | Fairway Pin Co.');
    await noSidewaysScroll(page);
    await expectAxeClean(page, '/reset-password');
    await page.getByLabel('New Password', { exact: true }).fill(NEW_PASSWORD);
    await page.getByLabel('Confirm New Password').fill(`${NEW_PASSWORD}x`);
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await page.getByText("Passwords don't match").waitFor();
    await page.getByLabel('Confirm New Password').fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await page.getByRole('heading', { level: 2, name: 'Password Reset' }).waitFor();
    await page.getByText(PASSWORD_RESET_MESSAGES.done).waitFor();
    await noSidewaysScroll(page);
    await screenshot(page, 'password-reset-02-done-360');
    await expectAxeClean(page, '/reset-password done');

    await page.getByRole('link', { name: 'Sign In' }).click();
    await page.getByRole('heading', { level: 1, name: 'Sign In' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/login');

    // The old password no longer works; the new one does.
    await signIn(page, customer.password, 'Login Failed');
    await signIn(page, NEW_PASSWORD, 'Welcome back!');
    await page.waitForURL(`${shop.url}/`);
    const user = await page.evaluate(() =>
      fetch('/api/auth/user', { credentials: 'include' }).then((r) => r.json()),
    );
    expect(user).toMatchObject({ username: customer.username });

    // The link was spent: opened again it is refused, with a way to a new one.
    await page.goto(link!);
    await page.getByLabel('New Password', { exact: true }).fill('third-fairway-43');
    await page.getByLabel('Confirm New Password').fill('third-fairway-43');
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await page.getByRole('heading', { level: 2, name: 'Link Not Valid' }).waitFor();
    await page.getByRole('link', { name: 'Ask for a New Link' }).waitFor();

    expect(pageErrors).toEqual([]);
    await context.close();
  }, 90_000);

  it('My Account: change the password while signed in, sign out, sign in with the new one', async () => {
    const { shop, browser } = fixture;
    const stamp = Date.now().toString(36);
    const account = {
      username: `changer${stamp}`,
      email: `changer.${stamp}@example.com`,
      password: 'first-green-51',
    };
    const changed = 'second-green-52';
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    context.setDefaultTimeout(10_000);
    const page = await context.newPage();
    const pageErrors: string[] = [];
    page.on('pageerror', (e) => pageErrors.push(e.message));

    await page.goto(`${shop.url}/register`);
    await page.getByLabel('Username').fill(account.username);
    await page.getByLabel('Email').fill(account.email);
    await page.getByLabel('Password', { exact: true }).fill(account.password);
    await page.getByLabel('Confirm Password').fill(account.password);
    await page.getByRole('button', { name: 'Create Account' }).click();
    await page.getByText('Account Created!', { exact: true }).waitFor();
    await page.waitForURL(`${shop.url}/`);

    // From the header's account area.
    await page.getByRole('banner').getByRole('link', { name: 'My Account' }).click();
    await page.getByRole('heading', { level: 1, name: 'My Account' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/account');
    expect(await page.title()).toBe('My Account | Fairway Pin Co.');
    await page.getByText(account.email, { exact: true }).waitFor();
    await page.getByText(account.username, { exact: true }).waitFor();
    // The sign-up's toast, carried over to this page, has gone.
    await page.getByText('Account Created!', { exact: true }).waitFor({ state: 'detached' });
    await expectAxeClean(page, '/account');

    await page.getByLabel('Current Password').fill(account.password);
    await page.getByLabel('New Password', { exact: true }).fill(changed);
    await page.getByLabel('Confirm New Password').fill(changed);
    await page.getByRole('button', { name: 'Change Password' }).click();
    await page.getByText('Password Changed', { exact: true }).waitFor();
    await screenshot(page, 'account-00-changed-1280');
    await expectAxeClean(page, '/account changed');
    // Still signed in here (under a new session id); the owner is told by mail.
    const user = await page.evaluate(() =>
      fetch('/api/auth/user', { credentials: 'include' }).then((r) => r.json()),
    );
    expect(user).toMatchObject({ username: account.username });
    await expect
      .poll(() => smtp.received.some((m) => m.to === account.email), { timeout: 15_000 })
      .toBe(true);
    expect(smtp.received.find((m) => m.to === account.email)?.subject).toMatch(
      /: your password was changed$/,
    );

    // On a 360 px phone nothing runs off the side, and the menu leads here too.
    await page.setViewportSize({ width: 360, height: 740 });
    await noSidewaysScroll(page);
    await page.getByRole('button', { name: 'Open menu' }).click();
    const mobileMenu = page.getByRole('navigation', { name: 'Mobile' });
    await mobileMenu.getByRole('link', { name: 'My Account' }).waitFor();
    await noSidewaysScroll(page);
    await screenshot(page, 'account-01-menu-360');
    await expectAxeClean(page, '/account at 360 px, menu open');

    // Sign out (from the menu), then only the new password signs in.
    await mobileMenu.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL(`${shop.url}/`);
    for (const [password, outcome] of [
      [account.password, 'Login Failed'],
      [changed, 'Welcome back!'],
    ] as const) {
      await page.goto(`${shop.url}/login`);
      await page.getByLabel('Username').fill(account.username);
      await page.getByLabel('Password', { exact: true }).fill(password);
      await page.getByRole('button', { name: 'Sign In' }).click();
      await page.getByText(outcome, { exact: true }).waitFor();
    }
    await page.waitForURL(`${shop.url}/`);

    expect(pageErrors).toEqual([]);
    await context.close();
  }, 90_000);
});
