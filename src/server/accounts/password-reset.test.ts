/**
 * Password reset over a real SMTP server (POST /api/auth/forgot-password and
 * /api/auth/reset-password; docs/decisions.md "Security hardening"): the mail arrives
 * with the link, the link resets the password once, the old password stops working and
 * every session of the account ends; expired, used and forged links are refused with
 * 400; an unknown address answers the same and sends nothing; a new request replaces
 * the older link; both routes are rate-limited (429). On PGlite and PostgreSQL.
 */
import { createHash } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { PASSWORD_RESET_MESSAGES } from '../../shared/schemas/auth';
import { mailOutbox, passwordResetTokens, users } from '../db/schema';
import { AddressedClient, createMailTestApp, type MailTestApp, newCredentials } from '../test/app';
import { COMMON_PASSWORD_MESSAGE } from './common-passwords';
import { setPassword } from './service';

let t: MailTestApp;
beforeAll(async () => {
  t = await createMailTestApp({ PASSWORD_RESET_RATE_LIMIT: '3', LOGIN_ACCOUNT_FREE_FAILURES: '2' });
});
afterAll(() => t?.close());

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const NEW_PASSWORD = 'back-nine-birdie-7';

/** A new account, registered (and so signed in) in its own browser. */
async function newAccount() {
  const creds = newCredentials('reset');
  const browser = new AddressedClient(t.app);
  const res = await browser.post('/api/auth/register', creds);
  expect(res.statusCode, res.body).toBe(201);
  return { creds, browser, id: res.json().id as number };
}

/** Asks for a reset link for `email` from a browser of its own; returns the answer. */
async function forgot(email: string, client = new AddressedClient(t.app)) {
  return client.post('/api/auth/forgot-password', { email });
}

/** The reset mails `email` received so far. */
const resetMails = (email: string) =>
  t.smtp.received.filter((m) => m.to === email && /reset your password/i.test(m.subject ?? ''));

/** Waits for the `count`-th reset mail to `email`; returns the token its link carries. */
async function mailedToken(email: string, count = 1): Promise<string> {
  const mail = await vi.waitFor(
    () => {
      const m = resetMails(email)[count - 1];
      if (!m) throw new Error(`no reset mail #${count} to ${email}`);
      return m;
    },
    { timeout: 15_000, interval: 100 },
  );
  // Joins quoted-printable soft line breaks before reading the link.
  const text = mail.raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
  const link = /https:\/\/shop\.example\/reset-password#token=([\w-]{43})/.exec(text);
  if (!link) throw new Error('no reset link in the mail');
  return link[1]!;
}

const reset = (token: string, password = NEW_PASSWORD, client = new AddressedClient(t.app)) =>
  client.post('/api/auth/reset-password', { token, password });

const outboxTo = async (email: string) =>
  (await t.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, email))).length;

describe('password reset', () => {
  it('mails a link that resets the password once; the old password and every session end', async () => {
    const { creds, browser, id } = await newAccount();
    const other = new AddressedClient(t.app);
    expect((await other.post('/api/auth/login', creds)).statusCode).toBe(200);

    // Typed with capitals and spaces, as people do: the account's address still matches.
    const res = await forgot(`  ${creds.email.toUpperCase()} `);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: PASSWORD_RESET_MESSAGES.requested });

    const token = await mailedToken(creds.email);
    const [mail] = resetMails(creds.email);
    expect(mail!.raw).toContain(creds.username); // sign-in asks for the username
    expect(mail!.raw).toMatch(/^Reply-To: .*hello@fairwaypin\.co/im);
    // Only the token's SHA-256 is stored.
    const [row] = await t.db
      .select()
      .from(passwordResetTokens)
      .where(eq(passwordResetTokens.userId, id));
    expect(row!.tokenHash).toBe(sha256(token));
    expect(row!.usedAt).toBeNull();
    const minutes = (row!.expiresAt.getTime() - row!.requestedAt.getTime()) / 60_000;
    expect(minutes).toBeCloseTo(60, 3);
    // Still signed in until the password changes.
    expect((await browser.get('/api/auth/user')).json()).toMatchObject({ id });

    const done = await reset(token);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toEqual({ message: PASSWORD_RESET_MESSAGES.done });
    // It signs no one in, and every session of the account ended.
    expect(done.headers['set-cookie']).toBeUndefined();
    expect((await browser.get('/api/auth/user')).json()).toBeNull();
    expect((await other.get('/api/auth/user')).json()).toBeNull();

    // The owner is told, at the account's address, with where to start again.
    const notice = await vi.waitFor(
      () => {
        const m = t.smtp.received.find(
          (r) => r.to === creds.email && /your password was changed/i.test(r.subject ?? ''),
        );
        if (!m) throw new Error('no password-changed mail');
        return m;
      },
      { timeout: 15_000, interval: 100 },
    );
    expect(notice.raw).toContain(creds.username);
    expect(notice.raw).toContain('https://shop.example/forgot-password');
    expect(notice.raw).not.toContain(token);

    const fresh = new AddressedClient(t.app);
    expect((await fresh.post('/api/auth/login', creds)).statusCode).toBe(401);
    const signedIn = await fresh.post('/api/auth/login', { ...creds, password: NEW_PASSWORD });
    expect(signedIn.statusCode, signedIn.body).toBe(200);

    // The link works once.
    const again = await reset(token, 'another-fairway-8');
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({
      message: PASSWORD_RESET_MESSAGES.invalidLink,
      errors: { token: PASSWORD_RESET_MESSAGES.invalidLink },
    });
    expect((await fresh.get('/api/auth/user')).json()).toMatchObject({ id });
  });

  it('an unknown address answers the same and sends nothing', async () => {
    const before = await t.db.select().from(passwordResetTokens);
    const res = await forgot('nobody-here@example.com');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: PASSWORD_RESET_MESSAGES.requested });
    expect(await t.db.select().from(passwordResetTokens)).toEqual(before);
    expect(await outboxTo('nobody-here@example.com')).toBe(0);
    // A mail asked for after it arrives; none ever went to the unknown address.
    const { creds } = await newAccount();
    await forgot(creds.email);
    await mailedToken(creds.email);
    expect(t.smtp.received.some((m) => m.to === 'nobody-here@example.com')).toBe(false);
  });

  it('refuses expired and forged links with 400, and a short or common new password', async () => {
    const { creds, id } = await newAccount();
    await forgot(creds.email);
    const token = await mailedToken(creds.email);

    for (const forged of [
      'x'.repeat(43),
      `${token.slice(0, 42)}${token.endsWith('A') ? 'B' : 'A'}`,
      'short',
      sha256(token), // the stored hash is no link
    ]) {
      const res = await reset(forged);
      expect(res.statusCode, forged).toBe(400);
      expect(res.json().message).toBe(PASSWORD_RESET_MESSAGES.invalidLink);
    }
    const missing = await new AddressedClient(t.app).post('/api/auth/reset-password', {
      password: NEW_PASSWORD,
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors).toEqual({ token: PASSWORD_RESET_MESSAGES.invalidLink });

    // The registration's rules: 6 characters, and not a common password. Neither spends the link.
    const short = await reset(token, '12345');
    expect(short.statusCode).toBe(400);
    expect(short.json().errors).toEqual({ password: 'Password must be at least 6 characters' });
    const common = await reset(token, 'password123');
    expect(common.statusCode).toBe(400);
    expect(common.json()).toEqual({
      message: COMMON_PASSWORD_MESSAGE,
      errors: { password: COMMON_PASSWORD_MESSAGE },
    });

    // Past its hour the link is refused.
    await t.db
      .update(passwordResetTokens)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(passwordResetTokens.userId, id));
    const expired = await reset(token);
    expect(expired.statusCode).toBe(400);
    expect(expired.json().message).toBe(PASSWORD_RESET_MESSAGES.invalidLink);
    expect((await new AddressedClient(t.app).post('/api/auth/login', creds)).statusCode).toBe(200);
  });

  it('a new request replaces the older link; within a minute it sends nothing more', async () => {
    const { creds, id } = await newAccount();
    await forgot(creds.email);
    const first = await mailedToken(creds.email);

    // Asked again at once (or by someone else from elsewhere): same answer, no second mail.
    const soon = await forgot(creds.email);
    expect(soon.json()).toEqual({ message: PASSWORD_RESET_MESSAGES.requested });
    expect(await outboxTo(creds.email)).toBe(1);

    // A minute later a new link replaces the first.
    await t.db
      .update(passwordResetTokens)
      .set({ requestedAt: sql`now() - interval '61 seconds'` })
      .where(eq(passwordResetTokens.userId, id));
    await forgot(creds.email);
    const second = await mailedToken(creds.email, 2);
    expect(second).not.toBe(first);
    expect((await reset(first)).statusCode).toBe(400);
    expect((await reset(second)).statusCode).toBe(200);
  });

  it('a password changed another way spends an unused link', async () => {
    const { creds, id } = await newAccount();
    await forgot(creds.email);
    const token = await mailedToken(creds.email);
    await setPassword(t.db, id, 'changed-elsewhere-3');
    expect((await reset(token)).statusCode).toBe(400);
    const [user] = await t.db.select().from(users).where(eq(users.id, id));
    expect(user!.passwordHash).toMatch(/^\$argon2id\$/);
  });

  it('ends a sign-in backoff on the account: the owner signs in at once', async () => {
    const { creds } = await newAccount();
    const guesser = new AddressedClient(t.app);
    for (let i = 0; i < 2; i++) {
      const res = await guesser.post('/api/auth/login', { ...creds, password: `wrong-guess-${i}` });
      expect(res.statusCode).toBe(401);
    }
    // Past its free failures the account backs off: the next try must wait.
    const owner = new AddressedClient(t.app);
    expect((await owner.post('/api/auth/login', creds)).statusCode).toBe(429);

    await forgot(creds.email);
    expect((await reset(await mailedToken(creds.email))).statusCode).toBe(200);
    const signedIn = await owner.post('/api/auth/login', { ...creds, password: NEW_PASSWORD });
    expect(signedIn.statusCode, signedIn.body).toBe(200);
  });

  it('both routes are rate-limited per client address (429 with Retry-After)', async () => {
    const client = new AddressedClient(t.app);
    for (let i = 0; i < 3; i++) {
      expect((await forgot(`limit${i}@example.com`, client)).statusCode).toBe(200);
    }
    const limited = await forgot('limit3@example.com', client);
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();
    expect(limited.json().message).toMatch(/too many requests/i);
    // Junk counts too (counted before validation); another address is not affected.
    expect((await forgot('limit4@example.com')).statusCode).toBe(200);

    const guesser = new AddressedClient(t.app);
    for (let i = 0; i < 3; i++) {
      expect((await reset('y'.repeat(43), NEW_PASSWORD, guesser)).statusCode).toBe(400);
    }
    expect((await reset('y'.repeat(43), NEW_PASSWORD, guesser)).statusCode).toBe(429);
  });
});
