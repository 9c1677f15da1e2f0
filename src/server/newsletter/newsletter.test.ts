/**
 * POST /api/newsletter-signup and the double opt-in over a real SMTP server: the
 * confirmation mail arrives with its link, the link confirms once, the personal
 * single-use 15% code is created and the welcome mail carries it with the one-click
 * unsubscribe headers; duplicates answer the same, also when sent at the same moment; the
 * route is validated and rate-limited.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { NEWSLETTER_SIGNUP_MESSAGE } from '../../shared/schemas/campaigns';
import { holdInTransaction } from '../catalog/testing';
import { discountCodes, mailOutbox, newsletterSubscribers } from '../db/schema';
import { AddressedClient, createMailTestApp, type MailTestApp, TestClient } from '../test/app';

let t: MailTestApp;

beforeAll(async () => {
  t = await createMailTestApp({ NEWSLETTER_RATE_LIMIT: '4' });
});
afterAll(() => t?.close());

const received = (to: string, kind: RegExp) =>
  vi.waitFor(
    () => {
      const m = t.smtp.received.find((r) => r.to === to && kind.test(r.subject ?? ''));
      if (!m) throw new Error(`no mail to ${to}`);
      return m;
    },
    { timeout: 15_000, interval: 100 },
  );

/** The link in a quoted-printable/plain body: joins soft line breaks first. */
const linkIn = (raw: string, pattern: RegExp) => {
  const text = raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
  const m = pattern.exec(text);
  if (!m) throw new Error('no link');
  return m[0];
};

describe('newsletter sign-up', () => {
  it('double opt-in: confirmation link, then a personal single-use 15% code in the welcome mail', async () => {
    const client = new AddressedClient(t.app);
    const res = await client.post('/api/newsletter-signup', {
      email: ' Golfer@Example.com ',
      source: 'popup_15off',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: NEWSLETTER_SIGNUP_MESSAGE });
    const [sub] = await t.db
      .select()
      .from(newsletterSubscribers)
      .where(eq(newsletterSubscribers.email, 'golfer@example.com'));
    expect(sub).toMatchObject({ status: 'pending', source: 'popup_15off', discountCode: null });
    // Only the hash of the token is stored.
    expect(sub!.confirmTokenHash).toMatch(/^[0-9a-f]{64}$/);

    const confirmMail = await received('golfer@example.com', /confirm/i);
    const link = linkIn(
      confirmMail.raw,
      /https:\/\/shop\.example\/api\/newsletter\/confirm\?token=[\w-]{43}/,
    );
    expect(link).not.toContain(sub!.confirmTokenHash!);
    // No code before confirmation.
    expect(await t.db.select().from(discountCodes)).toHaveLength(0);

    const url = new URL(link);
    const path = `${url.pathname}${url.search}`;
    // Opening the link (a person, or a mail scanner) only asks.
    const asked = await new TestClient(t.app).get(path);
    expect(asked.statusCode, asked.body).toBe(200);
    expect(asked.headers['content-type']).toContain('text/html');
    expect(asked.body).toContain('Confirm your subscription');
    expect(asked.body).toContain(`<form method="post" action="${path}">`);
    expect(await t.db.select().from(discountCodes)).toHaveLength(0);
    const ok = await new TestClient(t.app).request({
      method: 'POST',
      url: path,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: '',
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.body).toContain('You are subscribed!');
    const [code] = await t.db.select().from(discountCodes);
    expect(code).toMatchObject({
      discountType: 'percentage',
      discountValue: 15,
      maxUses: 1,
      issuedToEmail: 'golfer@example.com',
      isActive: true,
    });
    expect(code!.code).toMatch(/^WELCOME-[A-Z2-9]{8}$/);

    const welcome = await received('golfer@example.com', /welcome/i);
    expect(welcome.raw).toContain(code!.code);
    expect(welcome.listUnsubscribe).toMatch(/^<https:\/\/shop\.example\/api\/unsubscribe\?e=/);
    expect(welcome.listUnsubscribePost).toBe('List-Unsubscribe=One-Click');

    // The link confirms once; opened or sent again it says so kindly.
    const again = await new TestClient(t.app).post(path);
    expect(again.statusCode).toBe(200);
    expect(again.body).toContain('Already confirmed');
    const reopened = await new TestClient(t.app).get(path);
    expect(reopened.body).toContain('This subscription is already confirmed.');
    expect(await t.db.select().from(discountCodes)).toHaveLength(1);
  });

  it('a duplicate sign-up answers the same and sends nothing more', async () => {
    const before = (await t.db.select().from(mailOutbox)).length;
    const res = await new AddressedClient(t.app).post('/api/newsletter-signup', {
      email: 'golfer@example.com',
      source: 'popup_15off',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: NEWSLETTER_SIGNUP_MESSAGE });
    expect((await t.db.select().from(mailOutbox)).length).toBe(before);
    // A pending address does not get a second link within minutes either.
    const first = await new AddressedClient(t.app).post('/api/newsletter-signup', {
      email: 'new@example.com',
    });
    const second = await new AddressedClient(t.app).post('/api/newsletter-signup', {
      email: 'new@example.com',
    });
    expect(second.json()).toEqual(first.json());
    const rows = await t.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.toAddress, 'new@example.com'));
    expect(rows).toHaveLength(1);
  });

  it('the same address signing up 10 times at once: the same 200 each time, one row, one mail', async () => {
    const email = 'twice@example.com';
    // PostgreSQL: an uncommitted sign-up holds the address, so all ten wait on it, then
    // race for it when it is rolled back (a concurrency audit: 200 once, 500 for the rest).
    const held = await holdInTransaction(
      t,
      'insert into newsletter_subscribers (email) values ($1)',
      [email],
    );
    const sending = Promise.all(
      Array.from({ length: 10 }, () =>
        new AddressedClient(t.app).post('/api/newsletter-signup', { email }),
      ),
    );
    const waiters = await held?.release(10);
    const answers = await sending;
    expect(answers.map((r) => r.statusCode)).toEqual(Array(10).fill(200));
    for (const r of answers) expect(r.json()).toEqual({ message: NEWSLETTER_SIGNUP_MESSAGE });
    const rows = await t.db
      .select()
      .from(newsletterSubscribers)
      .where(eq(newsletterSubscribers.email, email));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ status: 'pending' });
    const mails = await t.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, email));
    expect(mails).toHaveLength(1);
    if (held) expect(waiters).toBeGreaterThanOrEqual(10);
  });

  it('an expired link confirms nothing', async () => {
    await new AddressedClient(t.app).post('/api/newsletter-signup', { email: 'late@example.com' });
    const mail = await received('late@example.com', /confirm/i);
    const link = new URL(
      linkIn(mail.raw, /https:\/\/shop\.example\/api\/newsletter\/confirm\?token=[\w-]{43}/),
    );
    await t.db
      .update(newsletterSubscribers)
      .set({ confirmExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(newsletterSubscribers.email, 'late@example.com'));
    for (const method of ['GET', 'POST'] as const) {
      const res = await new TestClient(t.app).request({
        method,
        url: `${link.pathname}${link.search}`,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(
        'This confirmation link is invalid or has expired. Sign up again in the shop to get a new one.',
      );
      const forged = await new TestClient(t.app).request({
        method,
        url: `/api/newsletter/confirm?token=${'a'.repeat(43)}`,
      });
      expect(forged.statusCode).toBe(400);
    }
    expect(
      (await t.db.select().from(discountCodes)).filter(
        (c) => c.issuedToEmail === 'late@example.com',
      ),
    ).toHaveLength(0);
  });

  it('one welcome code per address: signing up again after unsubscribing resends the unused code, then none once used', async () => {
    const email = 'again@example.com';
    /** Waits for mail number `n` to the address whose subject matches `kind`. */
    const nthMail = (kind: RegExp, n: number) =>
      vi.waitFor(
        () => {
          const m = t.smtp.received.filter((r) => r.to === email && kind.test(r.subject ?? ''))[
            n - 1
          ];
          if (!m) throw new Error(`no mail ${n} matching ${kind}`);
          return m;
        },
        { timeout: 15_000, interval: 100 },
      );
    /** Signs up, waits for confirmation mail number `n`, confirms through its link; returns welcome mail number `n`. */
    const subscribeRound = async (n: number) => {
      await new AddressedClient(t.app).post('/api/newsletter-signup', { email });
      const confirmMail = await nthMail(/confirm/i, n);
      const link = new URL(
        linkIn(
          confirmMail.raw,
          /https:\/\/shop\.example\/api\/newsletter\/confirm\?token=[\w-]{43}/,
        ),
      );
      const ok = await new TestClient(t.app).request({
        method: 'POST',
        url: `${link.pathname}${link.search}`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: '',
      });
      expect(ok.statusCode, ok.body).toBe(200);
      return nthMail(/welcome/i, n);
    };
    const unsubscribe = async (welcome: { listUnsubscribe: string | null }) => {
      const url = new URL(/<([^>]+)>/.exec(welcome.listUnsubscribe ?? '')![1]!);
      const res = await new TestClient(t.app).request({
        method: 'POST',
        url: `${url.pathname}${url.search}`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'List-Unsubscribe=One-Click',
      });
      expect(res.statusCode, res.body).toBe(200);
      const [sub] = await t.db
        .select()
        .from(newsletterSubscribers)
        .where(eq(newsletterSubscribers.email, email));
      expect(sub!.status).toBe('unsubscribed');
    };
    const codesOf = async () =>
      (await t.db.select().from(discountCodes)).filter((c) => c.issuedToEmail === email);

    const first = await subscribeRound(1);
    const [code] = await codesOf();
    expect(first.raw).toContain(code!.code);
    await unsubscribe(first);
    const second = await subscribeRound(2);
    expect(second.raw).toContain(code!.code);
    expect(await codesOf()).toHaveLength(1);

    // The code is used on an order: a third round welcomes them back without a code.
    await t.db.update(discountCodes).set({ currentUses: 1 }).where(eq(discountCodes.id, code!.id));
    await unsubscribe(second);
    const third = await subscribeRound(3);
    expect(third.subject).toMatch(/^Welcome back to /);
    expect(third.raw).not.toMatch(/WELCOME-[A-Z2-9]{8}/);
    expect(await codesOf()).toHaveLength(1);
  });

  it('validates the address and limits sign-ups per client address', async () => {
    const client = new AddressedClient(t.app);
    const bad = await client.post('/api/newsletter-signup', { email: 'not an address' });
    expect(bad.statusCode).toBe(400);
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) {
      statuses.push(
        (await client.post('/api/newsletter-signup', { email: `r${i}@example.com` })).statusCode,
      );
    }
    // 4 per 10 minutes: the invalid one counted too.
    expect(statuses).toEqual([200, 200, 200, 429]);
  });
});
