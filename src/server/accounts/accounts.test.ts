import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders, sessions, users } from '../db/schema';
import {
  AddressedClient,
  createTestApp,
  newCredentials,
  newSessionId,
  type TestApp,
} from '../test/app';
import { bootstrapAdmin } from './bootstrap';
import { verifyPassword } from './service';

const Client = AddressedClient;
const uniqueName = (prefix = 'user') => newCredentials(prefix).username;
const creds = (username?: string) => {
  const fresh = newCredentials();
  return username ? { ...fresh, username, email: `${username}@example.com` } : fresh;
};

function setCookies(res: LightMyRequestResponse): string[] {
  const raw = res.headers['set-cookie'];
  return Array.isArray(raw) ? raw : raw ? [raw] : [];
}

function fakeLog() {
  const warn: string[] = [];
  const info: string[] = [];
  return {
    warn: (msg: unknown) => warn.push(String(msg)),
    info: (msg: unknown) => info.push(String(msg)),
    warnings: warn,
    infos: info,
  };
}

describe('accounts API', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  describe('validation', () => {
    it('rejects short usernames, short passwords and bad e-mails with the spec texts', async () => {
      const c = new Client(t.app);
      const res = await c.post('/api/auth/register', {
        username: 'ab',
        email: 'not-an-email',
        password: '12345',
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toEqual({
        username: 'Username must be at least 3 characters',
        email: 'Please enter a valid email address',
        password: 'Password must be at least 6 characters',
      });
      const login = await c.post('/api/auth/login', { username: 'ab', password: '123' });
      expect(login.statusCode).toBe(400);
      expect(login.json().errors).toEqual({
        username: 'Username must be at least 3 characters',
        password: 'Password must be at least 6 characters',
      });
      expect(await t.db.select().from(users).where(eq(users.username, 'ab'))).toEqual([]);
    });

    it('answers the same spec texts for fields left out', async () => {
      const c = new Client(t.app);
      const res = await c.post('/api/auth/register', {});
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        message: 'Username must be at least 3 characters',
        errors: {
          username: 'Username must be at least 3 characters',
          email: 'Please enter a valid email address',
          password: 'Password must be at least 6 characters',
        },
      });
      const login = await c.post('/api/auth/login', { username: 'someone' });
      expect(login.statusCode).toBe(400);
      expect(login.json()).toEqual({
        message: 'Password must be at least 6 characters',
        errors: { password: 'Password must be at least 6 characters' },
      });
    });

    it('says a too long username or password is too long (not too short)', async () => {
      const c = new Client(t.app);
      const res = await c.post('/api/auth/register', {
        username: 'u'.repeat(1000),
        email: 'long@example.com',
        password: 'p'.repeat(300),
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toEqual({
        username: 'Username must be at most 50 characters',
        password: 'Password must be at most 200 characters',
      });
      const login = await c.post('/api/auth/login', {
        username: 'u'.repeat(51),
        password: 'p'.repeat(201),
      });
      expect(login.statusCode).toBe(400);
      expect(login.json().errors).toEqual({
        username: 'Username must be at most 50 characters',
        password: 'Password must be at most 200 characters',
      });
    });

    it('rejects an e-mail longer than 254 characters', async () => {
      const label = 'b'.repeat(60);
      const email = `${'a'.repeat(60)}@${label}.${label}.${label}.${label}.com`;
      expect(email.length).toBeGreaterThan(254);
      const res = await new Client(t.app).post('/api/auth/register', {
        username: uniqueName(),
        email,
        password: 'secret-pass-1',
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors.email).toBeTypeOf('string');
      expect(await t.db.select().from(users).where(eq(users.email, email))).toEqual([]);
    });
  });

  describe('register', () => {
    it('creates the account hashed with argon2id, signs in and answers 201 with the user', async () => {
      const c = new Client(t.app);
      const body = creds();
      const res = await c.post('/api/auth/register', { ...body, email: body.email.toUpperCase() });
      expect(res.statusCode).toBe(201);
      const user = res.json();
      expect(user).toEqual({
        id: expect.any(Number),
        username: body.username,
        email: body.email,
        role: 'user',
      });

      const [row] = await t.db.select().from(users).where(eq(users.id, user.id));
      expect(row.passwordHash.startsWith('$argon2id$')).toBe(true);
      expect(row.passwordHash).not.toContain(body.password);
      expect(await verifyPassword(row.passwordHash, body.password)).toBe(true);

      const cookie = setCookies(res).find((c) => c.startsWith('fp_sid='));
      expect(cookie).toBeDefined();
      expect(cookie).toMatch(/HttpOnly/i);
      expect(cookie).toMatch(/SameSite=Lax/i);
      const me = await c.get('/api/auth/user');
      expect(me.statusCode).toBe(200);
      expect(me.json()).toEqual(user);
    });

    it('answers 409 for a taken username (any case) or e-mail', async () => {
      const body = creds();
      expect((await new Client(t.app).post('/api/auth/register', body)).statusCode).toBe(201);

      const sameName = await new Client(t.app).post('/api/auth/register', {
        ...creds(body.username.toUpperCase()),
      });
      expect(sameName.statusCode).toBe(409);
      expect(sameName.json()).toEqual({
        message: 'Username already exists',
        errors: { username: 'Username already exists' },
      });

      const sameEmail = await new Client(t.app).post('/api/auth/register', {
        ...creds(),
        email: body.email.toUpperCase(),
      });
      expect(sameEmail.statusCode).toBe(409);
      expect(sameEmail.json()).toEqual({
        message: 'Email already registered',
        errors: { email: 'Email already registered' },
      });
    });

    it('lets only one of two simultaneous registrations of a name through', async () => {
      const username = uniqueName('race');
      const [a, b] = await Promise.all([
        new Client(t.app).post('/api/auth/register', creds(username)),
        new Client(t.app).post('/api/auth/register', { ...creds(username), email: 'other@x.io' }),
      ]);
      expect([a.statusCode, b.statusCode].sort()).toEqual([201, 409]);
      const loser = a.statusCode === 409 ? a : b;
      expect(loser.json()).toEqual({
        message: 'Username already exists',
        errors: { username: 'Username already exists' },
      });
      const rows = await t.db.select().from(users).where(eq(users.username, username));
      expect(rows).toHaveLength(1);
    });

    it('limits registrations per client address (429 JSON)', async () => {
      const c = new Client(t.app);
      for (let i = 0; i < t.config.REGISTER_RATE_LIMIT; i++) {
        expect((await c.post('/api/auth/register', creds())).statusCode).toBe(201);
      }
      const res = await c.post('/api/auth/register', creds());
      expect(res.statusCode).toBe(429);
      expect(res.json().message).toMatch(/too many requests/i);
      // Another address is not affected.
      expect((await new Client(t.app).post('/api/auth/register', creds())).statusCode).toBe(201);
    });
  });

  describe('login and logout', () => {
    it('answers the same 401 for a wrong password and an unknown user', async () => {
      const body = creds();
      await new Client(t.app).post('/api/auth/register', body);
      const c = new Client(t.app);
      const wrong = await c.post('/api/auth/login', {
        username: body.username,
        password: 'wrong-pass',
      });
      expect(wrong.statusCode).toBe(401);
      expect(wrong.json()).toEqual({ message: 'Invalid username or password' });
      const unknown = await c.post('/api/auth/login', {
        username: 'nobody-here',
        password: 'whatever1',
      });
      expect(unknown.statusCode).toBe(401);
      expect(unknown.json()).toEqual({ message: 'Invalid username or password' });
      expect(setCookies(wrong).some((s) => s.startsWith('fp_sid='))).toBe(false);
      expect((await c.get('/api/auth/user')).json()).toBeNull();
    });

    it('signs in (username in any case), with a new session id each time', async () => {
      const body = creds();
      const c = new Client(t.app);
      const first = await c.post('/api/auth/register', body);
      const firstCookie = c.cookie;
      expect(firstCookie).toMatch(/^fp_sid=/);

      const res = await c.post('/api/auth/login', {
        username: body.username.toUpperCase(),
        password: body.password,
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual(first.json());
      expect(c.cookie).toMatch(/^fp_sid=/);
      expect(c.cookie).not.toBe(firstCookie);
      expect((await c.get('/api/auth/user')).json()).toEqual(first.json());

      // The pre-login session is gone: its cookie no longer signs anybody in.
      const old = await t.app.inject({
        method: 'GET',
        url: '/api/auth/user',
        headers: { cookie: firstCookie },
      });
      expect(old.statusCode).toBe(200);
      expect(old.json()).toBeNull();
      const rows = await t.db.select().from(sessions).where(eq(sessions.userId, first.json().id));
      expect(rows).toHaveLength(1);
    });

    it('logout ends the session on the server; logging out again is fine', async () => {
      const c = new Client(t.app);
      await c.post('/api/auth/register', creds());
      const cookie = c.cookie;
      const res = await c.post('/api/auth/logout');
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ message: 'Logged out' });
      const me = await t.app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie } });
      // Signed out answers 200 null (issue 10: no error on anonymous page loads).
      expect(me.statusCode).toBe(200);
      expect(me.json()).toBeNull();

      const again = await new Client(t.app).post('/api/auth/logout');
      expect(again.statusCode).toBe(200);
    });

    it('rate-limits login attempts per address and username (429 JSON)', async () => {
      const body = creds();
      await new Client(t.app).post('/api/auth/register', body);
      const c = new Client(t.app);
      for (let i = 0; i < t.config.LOGIN_RATE_LIMIT; i++) {
        const res = await c.post('/api/auth/login', {
          username: body.username,
          password: 'wrong-pass',
        });
        expect(res.statusCode).toBe(401);
      }
      const limited = await c.post('/api/auth/login', body);
      expect(limited.statusCode).toBe(429);
      expect(limited.json().message).toMatch(/too many requests/i);
      expect((await c.get('/api/auth/user')).json()).toBeNull();
      // The same address may still sign in another account.
      const other = creds();
      await new Client(t.app).post('/api/auth/register', other);
      expect((await c.post('/api/auth/login', other)).statusCode).toBe(200);
    });

    it('limits one address trying many usernames (password spraying), whatever the names', async () => {
      const sprayer = new Client(t.app);
      const statuses: number[] = [];
      for (let i = 0; i <= t.config.LOGIN_ADDRESS_RATE_LIMIT; i++) {
        const res = await sprayer.post('/api/auth/login', {
          username: `spray_${i}`,
          password: 'Summer2026!',
        });
        statuses.push(res.statusCode);
      }
      expect(statuses.slice(0, -1).every((s) => s === 401)).toBe(true);
      expect(statuses.at(-1)).toBe(429);
      // Another address is not held back.
      const other = creds();
      await new Client(t.app).post('/api/auth/register', other);
      expect((await new Client(t.app).post('/api/auth/login', other)).statusCode).toBe(200);
    });
  });

  describe('claiming orders placed signed out (DECISIONS.md)', () => {
    const orderValues = (cartSessionId: string | null, customerEmail = 'buyer@example.com') => ({
      cartSessionId,
      customerEmail,
      customerName: 'Buyer',
      subtotalCents: 1000,
      totalCents: 1599,
      shippingCents: 599,
      items: [{ productId: null, name: 'Flag Pin', quantity: 1, unitPriceCents: 1000 }],
    });

    // Claiming through the buyer's claim cookie (and that the X-Session-Id alone claims
    // nothing) is tested in security.test.ts.
    it('does not reveal or claim an order because the e-mail matches', async () => {
      const body = creds();
      const [order] = await t.db
        .insert(orders)
        .values(orderValues(newSessionId(), body.email))
        .returning();
      const c = new Client(t.app);
      expect((await c.post('/api/auth/register', body)).statusCode).toBe(201);
      expect((await c.get('/api/orders')).json()).toEqual([]);
      expect((await c.get(`/api/orders/${order.id}`)).statusCode).toBe(404);
      const [after] = await t.db.select().from(orders).where(eq(orders.id, order.id));
      expect(after.userId).toBeNull();
    });
  });

  describe('configured admin (ADMIN_USERNAME + ADMIN_PASSWORD)', () => {
    it('creates the admin, resets its password and role, and is idempotent', async () => {
      const log = fakeLog();
      const username = uniqueName('boss');
      await bootstrapAdmin(t.db, { ADMIN_USERNAME: username, ADMIN_PASSWORD: 'first-pass' }, log);
      const c = new Client(t.app);
      const login = await c.post('/api/auth/login', { username, password: 'first-pass' });
      expect(login.statusCode).toBe(200);
      expect(login.json()).toMatchObject({
        username,
        email: `${username}@localhost`,
        role: 'admin',
      });
      expect(log.warnings).toEqual([]);

      const [before] = await t.db.select().from(users).where(eq(users.username, username));
      await bootstrapAdmin(t.db, { ADMIN_USERNAME: username, ADMIN_PASSWORD: 'first-pass' }, log);
      const [same] = await t.db.select().from(users).where(eq(users.username, username));
      expect(same).toEqual(before);
      expect((await c.get('/api/auth/user')).statusCode).toBe(200);

      // Reset: new password works, old does not, and existing sessions end.
      await t.db.update(users).set({ role: 'user' }).where(eq(users.id, before.id));
      await bootstrapAdmin(
        t.db,
        { ADMIN_USERNAME: username, ADMIN_PASSWORD: 'second-pass', ADMIN_EMAIL: 'Boss@Shop.test' },
        log,
      );
      expect((await c.get('/api/auth/user')).json()).toBeNull();
      const old = await new Client(t.app).post('/api/auth/login', {
        username,
        password: 'first-pass',
      });
      expect(old.statusCode).toBe(401);
      const fresh = await new Client(t.app).post('/api/auth/login', {
        username,
        password: 'second-pass',
      });
      expect(fresh.statusCode).toBe(200);
      expect(fresh.json()).toMatchObject({ role: 'admin', email: 'boss@shop.test' });
      expect(await t.db.select().from(users).where(eq(users.username, username))).toHaveLength(1);
    });

    it('refuses settings that could never sign in', async () => {
      const log = fakeLog();
      await expect(
        bootstrapAdmin(t.db, { ADMIN_USERNAME: 'shortpw', ADMIN_PASSWORD: '123' }, log),
      ).rejects.toThrow(/ADMIN_PASSWORD/);
      await expect(bootstrapAdmin(t.db, { ADMIN_USERNAME: 'only-name' }, log)).rejects.toThrow(
        /together/,
      );
      expect(await t.db.select().from(users).where(eq(users.username, 'shortpw'))).toEqual([]);
    });
  });
});

/** A second app over a fresh database (no admin yet), behind a trusted HTTPS proxy. */
describe('fresh database behind an HTTPS proxy', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { TRUST_PROXY: 'true' } });
  });
  afterAll(() => t.close());

  it('creates admin once with a random password printed once', async () => {
    const db = t.db;
    const log = fakeLog();
    await bootstrapAdmin(db, {}, log);
    expect(log.warnings).toHaveLength(1);
    const password = /password "([^"]+)"/.exec(log.warnings[0])?.[1] ?? '';
    expect(password.length).toBeGreaterThanOrEqual(18);

    const [admin] = await db.select().from(users).where(eq(users.username, 'admin'));
    expect(admin.role).toBe('admin');
    expect(await verifyPassword(admin.passwordHash, password)).toBe(true);
    const login = await new Client(t.app).post('/api/auth/login', { username: 'admin', password });
    expect(login.json()).toMatchObject({ username: 'admin', role: 'admin' });

    await bootstrapAdmin(db, {}, log);
    expect(log.warnings).toHaveLength(1);
    expect(await db.select().from(users).where(eq(users.role, 'admin'))).toHaveLength(1);

    // Without an admin, a customer called "admin" is not promoted: a new admin gets another name.
    await db.update(users).set({ role: 'user' }).where(eq(users.id, admin.id));
    await bootstrapAdmin(db, {}, log);
    expect(log.warnings).toHaveLength(2);
    const [demoted] = await db.select().from(users).where(eq(users.id, admin.id));
    expect(demoted.role).toBe('user');
    const [created] = await db.select().from(users).where(eq(users.role, 'admin'));
    expect(created.username).toMatch(/^admin-[0-9a-f]{6}$/);
    expect(log.warnings[1]).toContain(created.username);
  });

  it('is Secure when the request came over HTTPS, not otherwise', async () => {
    const https = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      headers: { 'x-forwarded-proto': 'https' },
      payload: creds(),
    });
    expect(https.statusCode).toBe(201);
    const secure = setCookies(https).find((c) => c.startsWith('fp_sid='));
    expect(secure).toMatch(/;\s*Secure/i);
    expect(secure).toMatch(/HttpOnly/i);

    const http = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: creds(),
    });
    const plain = setCookies(http).find((c) => c.startsWith('fp_sid='));
    expect(plain).toBeDefined();
    expect(plain).not.toMatch(/;\s*Secure/i);
  });
});
