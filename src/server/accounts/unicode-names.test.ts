/**
 * Usernames in one Unicode form (docs/decisions.md "Where the shop ships, and names in one
 * form"): "Ólafur" typed decomposed (NFD: O + U+0301) and precomposed (NFC: Ó) are one
 * account. Registration stores NFC; sign-in, the configured admin and the sign-in
 * backoff's key take either form; names stored as typed before (NFD) are still found
 * without a data migration, and twins registered before (one NFC, one NFD) each still
 * sign in with the spelling they were registered with.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../db/schema';
import {
  AddressedClient as Client,
  createTestApp,
  newCredentials,
  type TestApp,
} from '../test/app';
import { bootstrapAdmin } from './bootstrap';
import { hashPassword } from './service';

/** A fresh name starting with "Ólafur", in NFC and in NFD. */
function olafur(): { nfc: string; nfd: string; email: string; password: string } {
  const { username, email, password } = newCredentials('');
  const nfc = `\u00d3lafur${username}`;
  return { nfc, nfd: nfc.normalize('NFD'), email, password };
}

/** POST /api/auth/register to `t`'s app from a fresh client. */
const register = (t: TestApp, username: string, email: string, password: string) =>
  new Client(t.app).post('/api/auth/register', { username, email, password });
/** POST /api/auth/login to `t`'s app from a fresh client. */
const signIn = (t: TestApp, username: string, password: string) =>
  new Client(t.app).post('/api/auth/login', { username, password });

describe('usernames in one Unicode form', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('the forms differ as strings (the test means something)', () => {
    const { nfc, nfd } = olafur();
    expect(nfd).not.toBe(nfc);
    expect(nfd.length).toBe(nfc.length + 1);
  });

  it('registering in NFD stores NFC; signing in with either form reaches the account; the twin is taken', async () => {
    const o = olafur();
    const reg = await register(t, o.nfd, o.email, o.password);
    expect(reg.statusCode, reg.body).toBe(201);
    expect(reg.json().username).toBe(o.nfc);
    const [row] = await t.db.select().from(users).where(eq(users.id, reg.json().id));
    expect(row!.username).toBe(o.nfc);

    for (const username of [o.nfc, o.nfd, o.nfd.toUpperCase()]) {
      const login = await signIn(t, username, o.password);
      expect(login.statusCode, login.body).toBe(200);
      expect(login.json().id).toBe(reg.json().id);
    }

    const twin = await register(t, o.nfc, `twin-${o.email}`, o.password);
    expect(twin.statusCode).toBe(409);
    expect(twin.json()).toEqual({
      message: 'Username already exists',
      errors: { username: 'Username already exists' },
    });
  });

  it('registering in NFC, then the NFD twin is refused and NFD signs in to the NFC account', async () => {
    const o = olafur();
    const reg = await register(t, o.nfc, o.email, o.password);
    expect(reg.statusCode, reg.body).toBe(201);
    const twin = await register(t, o.nfd, `twin-${o.email}`, o.password);
    expect(twin.statusCode).toBe(409);
    const login = await signIn(t, o.nfd, o.password);
    expect(login.statusCode, login.body).toBe(200);
    expect(login.json().id).toBe(reg.json().id);
    expect(
      await t.db
        .select()
        .from(users)
        .where(eq(users.email, `twin-${o.email}`)),
    ).toEqual([]);
  });

  it('a name stored in NFD before (no migration) signs in with the NFC form and blocks its NFC twin', async () => {
    const o = olafur();
    const [legacy] = await t.db
      .insert(users)
      .values({
        username: o.nfd,
        email: o.email,
        passwordHash: await hashPassword(o.password),
        role: 'user',
      })
      .returning({ id: users.id });
    const login = await signIn(t, o.nfc, o.password);
    expect(login.statusCode, login.body).toBe(200);
    expect(login.json().id).toBe(legacy!.id);
    const twin = await register(t, o.nfc, `twin-${o.email}`, o.password);
    expect(twin.statusCode).toBe(409);
  });

  it('twins registered before each sign in with their own spelling', async () => {
    const o = olafur();
    const [composed] = await t.db
      .insert(users)
      .values({
        username: o.nfc,
        email: o.email,
        passwordHash: await hashPassword('composed-pass-1'),
        role: 'user',
      })
      .returning({ id: users.id });
    const [decomposed] = await t.db
      .insert(users)
      .values({
        username: o.nfd,
        email: `nfd-${o.email}`,
        passwordHash: await hashPassword('decomposed-pass-1'),
        role: 'user',
      })
      .returning({ id: users.id });
    const nfc = await signIn(t, o.nfc, 'composed-pass-1');
    expect(nfc.statusCode, nfc.body).toBe(200);
    expect(nfc.json().id).toBe(composed!.id);
    const nfd = await signIn(t, o.nfd, 'decomposed-pass-1');
    expect(nfd.statusCode, nfd.body).toBe(200);
    expect(nfd.json().id).toBe(decomposed!.id);
  });

  it('a configured admin named in NFD is stored in NFC and found again in NFC', async () => {
    const o = olafur();
    const log = { info: () => {}, warn: () => {} };
    await bootstrapAdmin(t.db, { ADMIN_USERNAME: o.nfd, ADMIN_PASSWORD: 'admin-pass-77' }, log);
    await bootstrapAdmin(t.db, { ADMIN_USERNAME: o.nfc, ADMIN_PASSWORD: 'admin-pass-78' }, log);
    const rows = await t.db
      .select({ username: users.username, role: users.role })
      .from(users)
      .where(eq(users.role, 'admin'));
    expect(rows.filter((r) => r.username.normalize('NFC') === o.nfc)).toEqual([
      { username: o.nfc, role: 'admin' },
    ]);
    const login = await signIn(t, o.nfd, 'admin-pass-78');
    expect(login.statusCode, login.body).toBe(200);
  });
});

describe('the sign-in backoff counts both forms as one account', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { LOGIN_ACCOUNT_FREE_FAILURES: '2' } });
  });
  afterAll(() => t.close());

  it('failures typed in NFD hold back a sign-in typed in NFC', async () => {
    const o = olafur();
    const reg = await register(t, o.nfc, o.email, o.password);
    expect(reg.statusCode, reg.body).toBe(201);
    for (let i = 0; i < 2; i++) {
      const failed = await signIn(t, o.nfd, 'not-the-password');
      expect(failed.statusCode).toBe(401);
    }
    const held = await signIn(t, o.nfc, o.password);
    expect(held.statusCode).toBe(429);
  });
});
