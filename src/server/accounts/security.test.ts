/**
 * Issue 11 regressions for accounts: the claim of a guest's orders needs the buyer's
 * HttpOnly claim cookie (a stolen X-Session-Id claims nothing; single use; a day at
 * most), session idle timeout / absolute lifetime / renewal / `__Host-` cookie over
 * HTTPS, sessions ending when a password changes, common passwords refused, and the
 * per-account sign-in backoff. On PGlite and PostgreSQL (vitest projects).
 */
import { createHash } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { FastifyRequest, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addToCart, customer, insertProduct, payCart } from '../checkout/test-support';
import { customOrders, guestClaims, orders, rateLimits, sessions, users } from '../db/schema';
import {
  AddressedClient,
  createTestApp,
  newCredentials,
  type TestApp,
  TestClient,
} from '../test/app';
import { bootstrapAdmin } from './bootstrap';
import { COMMON_PASSWORD_MESSAGE } from './common-passwords';
import { CLAIM_COOKIE, CLAIM_TTL_MS, readGuestClaim } from './guest-claims';
import { accountLoginKey } from './routes';
import { setPassword } from './service';

const Client = AddressedClient;
const uniqueName = (prefix = 'sec') => newCredentials(prefix).username;
const creds = () => newCredentials('sec');
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

function setCookie(res: LightMyRequestResponse, name: string): string | undefined {
  const raw = res.headers['set-cookie'];
  const list = Array.isArray(raw) ? raw : raw ? [raw] : [];
  return list.find((c) => c.startsWith(`${name}=`));
}

describe('guest order claims, sessions and passwords (issue 11)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  /** Places a real catalogue order signed out in `client`'s browser; returns the order id and the response. */
  async function placeGuestOrder(client: TestClient) {
    const p = await insertProduct(t.db);
    await addToCart(client, p.id, 1);
    const paymentId = await payCart(client);
    const res = await client.post('/api/create-order', { paypalOrderId: paymentId, ...customer });
    expect(res.statusCode, res.body).toBe(201);
    return { orderId: res.json().order.id as number, res };
  }
  const ownerOf = async (orderId: number) =>
    (await t.db.select().from(orders).where(eq(orders.id, orderId)))[0]!.userId;

  describe('claiming what a browser placed signed out', () => {
    it('sets an HttpOnly, SameSite claim cookie expiring within a day; only its hash is stored', async () => {
      const buyer = new Client(t.app);
      const { orderId, res } = await placeGuestOrder(buyer);
      const cookie = setCookie(res, CLAIM_COOKIE)!;
      expect(cookie).toMatch(/HttpOnly/i);
      expect(cookie).toMatch(/SameSite=Lax/i);
      expect(cookie).toMatch(/Path=\//);
      const expires = new Date(/Expires=([^;]+)/i.exec(cookie)![1]!).getTime();
      expect(expires).toBeGreaterThan(Date.now() + CLAIM_TTL_MS - 60_000);
      expect(expires).toBeLessThanOrEqual(Date.now() + CLAIM_TTL_MS);
      const token = buyer.jar.get(CLAIM_COOKIE)!;
      expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      const rows = await t.db.select().from(guestClaims).where(eq(guestClaims.refId, orderId));
      expect(rows).toEqual([expect.objectContaining({ kind: 'order', tokenHash: sha256(token) })]);
      expect(JSON.stringify(rows)).not.toContain(token);
    });

    it('a stolen X-Session-Id alone claims nothing; the buyer still claims with the cookie', async () => {
      const buyer = new Client(t.app);
      const { orderId } = await placeGuestOrder(buyer);
      // Another person who learnt the buyer's X-Session-Id (it lives in browser storage).
      const thief = new Client(t.app, buyer.sessionId);
      expect(thief.jar.size).toBe(0);
      const reg = await thief.post('/api/auth/register', creds());
      expect(reg.statusCode).toBe(201);
      expect(await ownerOf(orderId)).toBeNull();
      expect((await thief.get('/api/orders')).json()).toEqual([]);
      const other = creds();
      await new Client(t.app).post('/api/auth/register', other);
      await thief.post('/api/auth/logout');
      expect((await thief.post('/api/auth/login', other)).statusCode).toBe(200);
      expect(await ownerOf(orderId)).toBeNull();

      const mine = await buyer.post('/api/auth/register', creds());
      expect(mine.statusCode).toBe(201);
      expect(await ownerOf(orderId)).toBe(mine.json().id);
      expect((await buyer.get('/api/orders')).json().map((o: { id: number }) => o.id)).toEqual([
        orderId,
      ]);
    });

    it('is single use and clears the cookie; an expired claim claims nothing', async () => {
      const buyer = new Client(t.app);
      const { orderId } = await placeGuestOrder(buyer);
      const copied = buyer.jar.get(CLAIM_COOKIE)!;
      const first = await buyer.post('/api/auth/register', creds());
      expect(await ownerOf(orderId)).toBe(first.json().id);
      expect(setCookie(first, CLAIM_COOKIE)).toMatch(/Expires=Thu, 01 Jan 1970/);
      expect(buyer.jar.has(CLAIM_COOKIE)).toBe(false);
      expect(await t.db.select().from(guestClaims).where(eq(guestClaims.refId, orderId))).toEqual(
        [],
      );
      // The same cookie value again (copied before it was used) claims nothing.
      const replay = new Client(t.app);
      replay.jar.set(CLAIM_COOKIE, copied);
      expect((await replay.post('/api/auth/register', creds())).statusCode).toBe(201);
      expect(await ownerOf(orderId)).toBe(first.json().id);
      expect((await replay.get('/api/orders')).json()).toEqual([]);

      const late = new Client(t.app);
      const { orderId: lateOrder } = await placeGuestOrder(late);
      await t.db
        .update(guestClaims)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(guestClaims.refId, lateOrder));
      expect((await late.post('/api/auth/register', creds())).statusCode).toBe(201);
      expect(await ownerOf(lateOrder)).toBeNull();
    });

    it('claims every order (and custom order) this browser placed, not another browser’s nor an owned one', async () => {
      const buyer = new Client(t.app);
      const { orderId: one } = await placeGuestOrder(buyer);
      const firstToken = buyer.jar.get(CLAIM_COOKIE)!;
      const { orderId: two } = await placeGuestOrder(buyer);
      const token = buyer.jar.get(CLAIM_COOKIE)!;
      expect(token).not.toBe(firstToken); // a new token each time; the first one now names nothing
      const { orderId: elsewhere } = await placeGuestOrder(new Client(t.app));

      // What another module (custom orders) records through `startGuestClaim().add(...)`.
      const [custom] = await t.db
        .insert(customOrders)
        .values({
          quantity: 50,
          size: '1inch',
          plating: 'gold',
          pricePerPinCents: 725,
          totalPriceCents: 36250,
          depositCents: 3625,
          remainingBalanceCents: 32625,
          customerEmail: 'buyer@example.com',
          customerName: 'Buyer',
        })
        .returning();
      const owner = await new Client(t.app).post('/api/auth/register', creds());
      const [owned] = await t.db
        .insert(orders)
        .values({
          userId: owner.json().id,
          customerEmail: 'o@example.com',
          customerName: 'Owner',
          subtotalCents: 100,
          totalCents: 100,
          items: [],
        })
        .returning();
      const expiresAt = new Date(Date.now() + 60_000);
      await t.db.insert(guestClaims).values([
        { tokenHash: sha256(token), kind: 'custom_order', refId: custom!.id, expiresAt },
        { tokenHash: sha256(token), kind: 'order', refId: owned!.id, expiresAt },
      ]);

      const res = await buyer.post('/api/auth/login', await registeredElsewhere());
      expect(res.statusCode).toBe(200);
      const me = res.json().id;
      expect(await ownerOf(one)).toBe(me);
      expect(await ownerOf(two)).toBe(me);
      expect(await ownerOf(elsewhere)).toBeNull();
      expect(await ownerOf(owned!.id)).toBe(owner.json().id);
      const [customAfter] = await t.db
        .select()
        .from(customOrders)
        .where(eq(customOrders.id, custom!.id));
      expect(customAfter!.userId).toBe(me);
    });

    it('a signed-in buyer gets no claim cookie (the order is theirs already)', async () => {
      const buyer = new Client(t.app);
      await buyer.post('/api/auth/register', creds());
      const { orderId, res } = await placeGuestOrder(buyer);
      expect(setCookie(res, CLAIM_COOKIE)).toBeUndefined();
      expect(await ownerOf(orderId)).not.toBeNull();
    });

    it('readGuestClaim lists what the cookie names without using it up', async () => {
      const buyer = new Client(t.app);
      const { orderId } = await placeGuestOrder(buyer);
      const request = {
        cookies: { [CLAIM_COOKIE]: buyer.jar.get(CLAIM_COOKIE) },
        server: t.app,
      } as unknown as FastifyRequest;
      expect(await readGuestClaim(t.db, request)).toEqual([{ kind: 'order', id: orderId }]);
      expect(await readGuestClaim(t.db, request)).toEqual([{ kind: 'order', id: orderId }]);
      const forged = { ...request, cookies: { [CLAIM_COOKIE]: 'x'.repeat(43) } };
      expect(await readGuestClaim(t.db, forged as unknown as FastifyRequest)).toEqual([]);
    });
  });

  /** Registers an account from another client; returns its login body. */
  async function registeredElsewhere() {
    const body = creds();
    expect((await new Client(t.app).post('/api/auth/register', body)).statusCode).toBe(201);
    return body;
  }

  /** Moves a session's recorded times back (as if `ms` had passed). */
  async function age(userId: number, field: 'seenAt' | 'signedInAt', ms: number) {
    await t.db.execute(
      sql`UPDATE sessions SET data = jsonb_set(data, ${`{${field}}`}::text[], to_jsonb((data->>${field})::bigint - ${ms}::bigint))
          WHERE user_id = ${userId}`,
    );
  }

  describe('session lifetime', () => {
    it('a customer session ends after 7 idle days, an admin session after 12 idle hours', async () => {
      const c = new Client(t.app);
      const id = (await c.post('/api/auth/register', creds())).json().id;
      await age(id, 'seenAt', 13 * 3600_000);
      expect((await c.get('/api/auth/user')).statusCode).toBe(200); // customers: 13 h is fine
      await age(id, 'seenAt', 7 * 24 * 3600_000 + 60_000);
      const ended = await c.get('/api/auth/user');
      expect(ended.json()).toBeNull();
      expect(await t.db.select().from(sessions).where(eq(sessions.userId, id))).toEqual([]);

      const admin = { ADMIN_USERNAME: uniqueName('boss'), ADMIN_PASSWORD: 'boss-pass-77' };
      await bootstrapAdmin(t.db, admin, { info: () => {}, warn: () => {} });
      const a = new Client(t.app);
      const login = await a.post('/api/auth/login', {
        username: admin.ADMIN_USERNAME,
        password: admin.ADMIN_PASSWORD,
      });
      expect(login.json().role).toBe('admin');
      const sessionCookie = setCookie(login, 'fp_sid')!;
      const expires = new Date(/Expires=([^;]+)/i.exec(sessionCookie)![1]!).getTime();
      expect(expires).toBeLessThanOrEqual(Date.now() + 12 * 3600_000);
      expect(expires).toBeGreaterThan(Date.now() + 12 * 3600_000 - 60_000);
      await age(login.json().id, 'seenAt', 12 * 3600_000 + 60_000);
      expect((await a.get('/api/auth/user')).json()).toBeNull();
    });

    it('ends 30 days after sign-in even when used every day', async () => {
      const c = new Client(t.app);
      const id = (await c.post('/api/auth/register', creds())).json().id;
      await age(id, 'signedInAt', 29 * 24 * 3600_000);
      expect((await c.get('/api/auth/user')).statusCode).toBe(200);
      await age(id, 'signedInAt', 2 * 24 * 3600_000);
      expect((await c.get('/api/auth/user')).json()).toBeNull();
    });

    it('is renewed on use, at most one write a minute, never past the absolute end', async () => {
      const c = new Client(t.app);
      const id = (await c.post('/api/auth/register', creds())).json().id;
      const expiry = async () =>
        (await t.db.select().from(sessions).where(eq(sessions.userId, id)))[0]!.expiresAt.getTime();
      const quiet = await c.get('/api/auth/user'); // used again within the minute: no write
      expect(setCookie(quiet, 'fp_sid')).toBeUndefined();

      await age(id, 'seenAt', 2 * 3600_000);
      await t.db
        .update(sessions)
        .set({ expiresAt: new Date(Date.now() + 3600_000) })
        .where(eq(sessions.userId, id));
      const renewed = await c.get('/api/auth/user');
      expect(renewed.statusCode).toBe(200);
      expect(setCookie(renewed, 'fp_sid')).toMatch(/Expires=/);
      expect(await expiry()).toBeGreaterThan(Date.now() + 7 * 24 * 3600_000 - 60_000);

      await age(id, 'signedInAt', 29 * 24 * 3600_000 + 23 * 3600_000);
      await age(id, 'seenAt', 2 * 3600_000);
      await c.get('/api/auth/user');
      // One hour left of the 30 days: renewal stops there.
      expect(await expiry()).toBeLessThanOrEqual(Date.now() + 3600_000 + 1000);
    });

    it('all sessions of a user end when the password changes, whatever changes it', async () => {
      const body = creds();
      const a = new Client(t.app);
      const id = (await a.post('/api/auth/register', body)).json().id;
      const b = new Client(t.app);
      expect((await b.post('/api/auth/login', body)).statusCode).toBe(200);
      await t.db
        .update(users)
        .set({ email: `${body.username}@new.example.com` })
        .where(eq(users.id, id));
      expect((await a.get('/api/auth/user')).statusCode).toBe(200); // other changes keep them

      await setPassword(t.db, id, 'brand-new-fairway-2');
      expect((await a.get('/api/auth/user')).json()).toBeNull();
      expect((await b.get('/api/auth/user')).json()).toBeNull();
      expect((await b.post('/api/auth/login', body)).statusCode).toBe(401);
      const again = await b.post('/api/auth/login', { ...body, password: 'brand-new-fairway-2' });
      expect(again.statusCode).toBe(200);

      // Any other path that changes the hash (here: SQL by hand) ends them too.
      await t.db.update(users).set({ passwordHash: 'x' }).where(eq(users.id, id));
      expect((await b.get('/api/auth/user')).json()).toBeNull();
      expect(await t.db.select().from(sessions).where(eq(sessions.userId, id))).toEqual([]);
    });
  });

  describe('passwords', () => {
    it('refuses common passwords (any case) with a clear message; the 6-character rule comes first', async () => {
      for (const password of ['password1', 'Qwerty123', 'golfer']) {
        const res = await new Client(t.app).post('/api/auth/register', { ...creds(), password });
        expect(res.statusCode, password).toBe(400);
        expect(res.json()).toEqual({
          message: COMMON_PASSWORD_MESSAGE,
          errors: { password: COMMON_PASSWORD_MESSAGE },
        });
      }
      const short = await new Client(t.app).post('/api/auth/register', {
        ...creds(),
        password: '12345',
      });
      expect(short.json().errors.password).toBe('Password must be at least 6 characters');
      await expect(setPassword(t.db, 1, 'letmein')).rejects.toThrow(COMMON_PASSWORD_MESSAGE);
      await expect(
        bootstrapAdmin(
          t.db,
          { ADMIN_USERNAME: uniqueName('adm'), ADMIN_PASSWORD: 'password' },
          {
            info: () => {},
            warn: () => {},
          },
        ),
      ).rejects.toThrow(/ADMIN_PASSWORD: This password is too common/);
      // The browser tests' admin password is not common.
      await bootstrapAdmin(
        t.db,
        { ADMIN_USERNAME: uniqueName('e2e'), ADMIN_PASSWORD: 'e2e-admin-password-1' },
        { info: () => {}, warn: () => {} },
      );
    });
  });
});

/** One app for the backoff (3 free failures) and the https cookies (PUBLIC_URL https). */
describe('sign-in backoff and https cookies (issue 11)', () => {
  let t: TestApp;
  const logLines: string[] = [];
  beforeAll(async () => {
    t = await createTestApp({
      env: {
        LOGIN_ACCOUNT_FREE_FAILURES: '3',
        LOGIN_ACCOUNT_MAX_DELAY_SECONDS: '60',
        PUBLIC_URL: 'https://shop.example.com',
        TRUST_PROXY: 'true',
      },
      logger: { level: 'warn', stream: { write: (line: string) => logLines.push(line) } },
    });
  });
  afterAll(() => t?.close());

  describe('per-account sign-in backoff', () => {
    const failingTry = (username: string) =>
      new Client(t.app).post('/api/auth/login', { username, password: 'not-the-password' });
    /** Moves the account's last attempt back `ms` (as if that long had passed). */
    const wait = (username: string, ms: number) =>
      t.db
        .update(rateLimits)
        .set({
          lastHitAt: sql`${rateLimits.lastHitAt} - ${ms}::integer * interval '1 millisecond'`,
        })
        .where(eq(rateLimits.key, accountLoginKey(username.toLowerCase())));

    it('slows an account down after failures from many addresses, logs it, and lets the owner in once the wait passed', async () => {
      const body = creds();
      await new Client(t.app).post('/api/auth/register', body);
      for (let i = 0; i < 3; i++) expect((await failingTry(body.username)).statusCode).toBe(401);
      // A fourth address, even with the right password, must wait (not per address: per account).
      const held = await new Client(t.app).post('/api/auth/login', body);
      expect(held.statusCode).toBe(429);
      expect(Number(held.headers['retry-after'])).toBeGreaterThanOrEqual(1);
      expect(logLines.some((l) => l.includes('backing off'))).toBe(true);

      // Not a permanent lockout: after the wait one more try goes through; the wait doubles.
      await wait(body.username, 1100);
      expect((await failingTry(body.username)).statusCode).toBe(401);
      expect((await new Client(t.app).post('/api/auth/login', body)).statusCode).toBe(429);
      await wait(body.username, 2100);
      const owner = new Client(t.app);
      expect((await owner.post('/api/auth/login', body)).statusCode).toBe(200);
      // A success forgets the failures.
      expect((await failingTry(body.username)).statusCode).toBe(401);
      expect((await new Client(t.app).post('/api/auth/login', body)).statusCode).toBe(200);
    });

    it('lets no more simultaneous tries through than the free failures', async () => {
      const body = creds();
      await new Client(t.app).post('/api/auth/register', body);
      const statuses = (
        await Promise.all(Array.from({ length: 8 }, () => failingTry(body.username)))
      ).map((r) => r.statusCode);
      expect(statuses.filter((s) => s === 401)).toHaveLength(3);
      expect(statuses.filter((s) => s === 429)).toHaveLength(5);
    });

    it('counts unknown usernames the same way (no account enumeration)', async () => {
      const ghost = uniqueName('ghost');
      for (let i = 0; i < 3; i++) expect((await failingTry(ghost)).statusCode).toBe(401);
      expect((await failingTry(ghost)).statusCode).toBe(429);
    });
  });

  describe('client address behind the proxy (TRUST_PROXY=true: the proxy on this machine)', () => {
    it('counts the address the proxy added, not the ones the client wrote in front of it', async () => {
      // nginx's `$proxy_add_x_forwarded_for` appends the real peer to what the client sent:
      // a new made-up address each time on the left, the same real one on the right.
      const statuses: number[] = [];
      for (let i = 1; i <= 7; i++) {
        const res = await new TestClient(t.app).request({
          method: 'POST',
          url: '/api/auth/register',
          payload: creds(),
          headers: { 'x-forwarded-for': `198.51.100.${i}, 203.0.113.9` },
        });
        statuses.push(res.statusCode);
      }
      // REGISTER_RATE_LIMIT: 5 per minute per client address.
      expect(statuses).toEqual([201, 201, 201, 201, 201, 429, 429]);
      // A peer that is not the trusted proxy cannot speak for anyone: its own address counts.
      const direct = await new AddressedClient(t.app).request({
        method: 'POST',
        url: '/api/auth/register',
        payload: creds(),
        headers: { 'x-forwarded-for': '203.0.113.9' },
      });
      expect(direct.statusCode).toBe(201);
    });
  });

  describe('session cookie over HTTPS', () => {
    it('uses the __Host- prefix, Secure, Path=/ and no Domain for the session and claim cookies', async () => {
      const c = new TestClient(t.app);
      const https = { 'x-forwarded-proto': 'https', 'x-forwarded-host': 'shop.example.com' };
      const res = await c.request({
        method: 'POST',
        url: '/api/auth/register',
        payload: creds(),
        headers: https,
      });
      expect(res.statusCode, res.body).toBe(201);
      const cookie = setCookie(res, '__Host-fp_sid')!;
      expect(cookie).toMatch(/; Secure/i);
      expect(cookie).toMatch(/Path=\//);
      expect(cookie).not.toMatch(/Domain=/i);
      expect(setCookie(res, 'fp_sid')).toBeUndefined();
      const me = await c.request({ method: 'GET', url: '/api/auth/user', headers: https });
      expect(me.statusCode).toBe(200);
      const out = await c.request({ method: 'POST', url: '/api/auth/logout', headers: https });
      expect(setCookie(out, '__Host-fp_sid')).toMatch(/Expires=Thu, 01 Jan 1970/);
    });
  });
});
