/**
 * The signed-in password change (POST /api/auth/change-password; docs/decisions.md "My
 * Account and password change"): 401 signed out; a wrong current password 400 with one
 * plain message; a short, common or unchanged new password 400 with the registration's
 * messages; a success stores the new password, keeps this browser signed in under a new
 * session id, ends every other session of the account, spends an unused reset link and
 * queues 'Your password was changed' in the outbox; repeated wrong current passwords back
 * off per account (429) like sign-in. The /account page is an app page kept out of the
 * index. On PGlite and PostgreSQL (vitest projects).
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHANGE_PASSWORD_MESSAGES, PASSWORD_RESET_MESSAGES } from '../../shared/schemas/auth';
import { mailOutbox, passwordResetTokens, sessions, users } from '../db/schema';
import { TOO_MANY_REQUESTS } from '../lib/rate-limit';
import { cookieName, SESSION_COOKIE } from '../lib/session';
import { AddressedClient, createTestApp, newCredentials, type TestApp } from '../test/app';
import { COMMON_PASSWORD_MESSAGE } from './common-passwords';

let t: TestApp;
beforeAll(async () => {
  // No SMTP: mail stays in the outbox ('held'), where the test reads it. Three free
  // failures per account before the backoff.
  t = await createTestApp({
    env: { LOGIN_ACCOUNT_FREE_FAILURES: '3', PUBLIC_URL: 'https://shop.example' },
  });
});
afterAll(() => t?.close());

const NEW_PASSWORD = 'back-nine-birdie-7';
const change = (client: AddressedClient, body: unknown) =>
  client.post('/api/auth/change-password', body);

/** A new account, registered (and so signed in) in its own browser. */
async function newAccount() {
  const creds = newCredentials('chpw');
  const browser = new AddressedClient(t.app);
  const res = await browser.post('/api/auth/register', creds);
  expect(res.statusCode, res.body).toBe(201);
  return { creds, browser, id: res.json().id as number };
}

/** The session cookie's name (`__Host-fp_sid`: PUBLIC_URL is https). */
const sessionCookie = () => cookieName(t.config, SESSION_COOKIE);

const outboxTo = (email: string) =>
  t.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, email));

describe('POST /api/auth/change-password', () => {
  it('answers 401 signed out, whatever the body', async () => {
    const stranger = new AddressedClient(t.app);
    for (const body of [{ currentPassword: 'whatever-1', newPassword: NEW_PASSWORD }, {}]) {
      const res = await change(stranger, body);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ message: 'You must be logged in' });
    }
  });

  it('a wrong current password: 400 with one plain message; nothing changes', async () => {
    const { creds, browser, id } = await newAccount();
    const [before] = await t.db.select().from(users).where(eq(users.id, id));
    const res = await change(browser, {
      currentPassword: 'not-my-password',
      newPassword: NEW_PASSWORD,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      message: CHANGE_PASSWORD_MESSAGES.wrongCurrent,
      errors: { currentPassword: CHANGE_PASSWORD_MESSAGES.wrongCurrent },
    });
    const [after] = await t.db.select().from(users).where(eq(users.id, id));
    expect(after!.passwordHash).toBe(before!.passwordHash);
    expect((await browser.get('/api/auth/user')).json()).toMatchObject({ id });
    expect(await outboxTo(creds.email)).toEqual([]);
  });

  it("refuses a short, common or unchanged new password with the registration's messages", async () => {
    const { creds, browser } = await newAccount();
    const short = await change(browser, { currentPassword: creds.password, newPassword: '12345' });
    expect(short.statusCode).toBe(400);
    expect(short.json().errors).toEqual({ newPassword: 'Password must be at least 6 characters' });

    const long = await change(browser, {
      currentPassword: creds.password,
      newPassword: 'x'.repeat(201),
    });
    expect(long.json().errors).toEqual({ newPassword: 'Password must be at most 200 characters' });

    const common = await change(browser, {
      currentPassword: creds.password,
      newPassword: 'password123',
    });
    expect(common.statusCode).toBe(400);
    expect(common.json()).toEqual({
      message: COMMON_PASSWORD_MESSAGE,
      errors: { newPassword: COMMON_PASSWORD_MESSAGE },
    });

    const same = await change(browser, {
      currentPassword: creds.password,
      newPassword: creds.password,
    });
    expect(same.statusCode).toBe(400);
    expect(same.json()).toEqual({
      message: CHANGE_PASSWORD_MESSAGES.sameAsCurrent,
      errors: { newPassword: CHANGE_PASSWORD_MESSAGES.sameAsCurrent },
    });

    const missing = await change(browser, { newPassword: NEW_PASSWORD });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors).toEqual({
      currentPassword: CHANGE_PASSWORD_MESSAGES.currentRequired,
    });
    // Still the old password.
    const fresh = new AddressedClient(t.app);
    expect((await fresh.post('/api/auth/login', creds)).statusCode).toBe(200);
  });

  it('changes it: new session id here, other sessions and reset links end, the owner is mailed', async () => {
    const { creds, browser, id } = await newAccount();
    // Another device signed in to the same account.
    const other = new AddressedClient(t.app);
    expect((await other.post('/api/auth/login', creds)).statusCode).toBe(200);
    // An unused reset link (no SMTP: its mail, with the link, is held in the outbox).
    const forgot = await new AddressedClient(t.app).post('/api/auth/forgot-password', {
      email: creds.email,
    });
    expect(forgot.statusCode).toBe(200);
    const [resetMail] = await outboxTo(creds.email);
    const token = /reset-password#token=([\w-]{43})/.exec(resetMail!.textBody)?.[1];
    expect(token).toBeDefined();

    const oldSid = browser.jar.get(sessionCookie());
    expect(oldSid).toBeDefined();
    const res = await change(browser, {
      currentPassword: creds.password,
      newPassword: NEW_PASSWORD,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: CHANGE_PASSWORD_MESSAGES.done });

    // Same hashing as registration.
    const [user] = await t.db.select().from(users).where(eq(users.id, id));
    expect(user!.passwordHash).toMatch(/^\$argon2id\$/);
    // This browser is still signed in, under a new session id (the old one is gone).
    const newSid = browser.jar.get(sessionCookie());
    expect(newSid).toBeDefined();
    expect(newSid).not.toBe(oldSid);
    expect((await browser.get('/api/auth/user')).json()).toMatchObject({ id });
    const stale = new AddressedClient(t.app);
    stale.jar.set(sessionCookie(), oldSid!);
    expect((await stale.get('/api/auth/user')).json()).toBeNull();
    // The other device is signed out; only this browser's session is left.
    expect((await other.get('/api/auth/user')).json()).toBeNull();
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, id))).toHaveLength(1);

    // The old password no longer signs in; the new one does.
    const fresh = new AddressedClient(t.app);
    expect((await fresh.post('/api/auth/login', creds)).statusCode).toBe(401);
    expect(
      (await fresh.post('/api/auth/login', { ...creds, password: NEW_PASSWORD })).statusCode,
    ).toBe(200);

    // The unused reset link is spent.
    const [link] = await t.db
      .select()
      .from(passwordResetTokens)
      .where(eq(passwordResetTokens.userId, id));
    expect(link!.usedAt).not.toBeNull();
    const reset = await new AddressedClient(t.app).post('/api/auth/reset-password', {
      token,
      password: 'third-fairway-43',
    });
    expect(reset.statusCode).toBe(400);
    expect(reset.json().message).toBe(PASSWORD_RESET_MESSAGES.invalidLink);

    // The owner is told, at the account's address.
    const notices = (await outboxTo(creds.email)).filter((m) => m.kind === 'password_changed');
    expect(notices).toHaveLength(1);
    expect(notices[0]).toMatchObject({
      subject: 'Fairway Pin Co.: your password was changed',
      status: 'held',
    });
    expect(notices[0]!.textBody).toContain('changed on its My Account page');
    expect(notices[0]!.textBody).toContain(creds.username);
    expect(notices[0]!.textBody).toContain('https://shop.example/forgot-password');
    expect(notices[0]!.textBody).not.toContain(NEW_PASSWORD);
  });

  it("a device's session saved again after the change (a request that loaded it before) stays ended", async () => {
    // A security review: a request of the other device, loaded before the change and
    // finished after it, wrote its session row back (the store upserts), and that device
    // was signed in again; a sign-in that checked the old password just before the change
    // saved its session just after, the same way. Here the row is written back by hand.
    const { creds, browser, id } = await newAccount();
    const other = new AddressedClient(t.app);
    expect((await other.post('/api/auth/login', creds)).statusCode).toBe(200);
    const before = await t.db.select().from(sessions).where(eq(sessions.userId, id));
    expect(before).toHaveLength(2);
    const cookies = [browser, other].map((c) => c.jar.get(sessionCookie())!);
    const res = await change(browser, {
      currentPassword: creds.password,
      newPassword: NEW_PASSWORD,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await other.get('/api/auth/user')).json()).toBeNull();
    await t.db.insert(sessions).values(before).onConflictDoNothing();
    for (const cookie of cookies) {
      const device = new AddressedClient(t.app);
      device.jar.set(sessionCookie(), cookie);
      expect((await device.get('/api/auth/user')).json()).toBeNull();
    }
    // The browser that changed it keeps its new session.
    expect((await browser.get('/api/auth/user')).json()).toMatchObject({ id });
  });

  it('repeated wrong current passwords back off per account (429), as sign-in does', async () => {
    const { creds, browser } = await newAccount();
    // A second device of the same account, from another address.
    const other = new AddressedClient(t.app);
    expect((await other.post('/api/auth/login', creds)).statusCode).toBe(200);
    for (let i = 0; i < 3; i++) {
      const res = await change(browser, {
        currentPassword: `wrong-${i}`,
        newPassword: NEW_PASSWORD,
      });
      expect(res.statusCode).toBe(400);
    }
    const limited = await change(browser, {
      currentPassword: 'wrong-3',
      newPassword: NEW_PASSWORD,
    });
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ message: TOO_MANY_REQUESTS });
    expect(limited.headers['retry-after']).toBeDefined();
    // Per account, whatever the address or session; even the right password waits.
    const fromOther = await change(other, {
      currentPassword: creds.password,
      newPassword: NEW_PASSWORD,
    });
    expect(fromOther.statusCode).toBe(429);
    // The same budget as sign-in: guessing here makes sign-in wait too.
    expect((await new AddressedClient(t.app).post('/api/auth/login', creds)).statusCode).toBe(429);
  });

  it('/account is an app page, kept out of the index and the sitemap', async () => {
    const page = await t.app.inject({ url: '/account' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<meta name="robots" content="noindex" data-page-head />');
    const sitemap = await t.app.inject({ url: '/sitemap.xml' });
    expect(sitemap.statusCode).toBe(200);
    expect(sitemap.body).not.toContain('/account');
  });
});
