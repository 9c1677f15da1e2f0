/**
 * Two shop instances on one PostgreSQL database (issue 12 "Two instances"): two real
 * server processes (src/server/test/instance.ts, each its own pool, caches and
 * listeners, as `npm run start:cluster` or two machines run them), reached over HTTP.
 * Nothing one needs may live only in the other's memory:
 * - a session made on A is valid on B;
 * - a cart filled on A is read on B;
 * - failed sign-ins spread over A and B reach the one limit;
 * - a product edited on A shows on B (whose catalogue cache was warm) within a second.
 *
 * PostgreSQL only (PGlite is one process): vitest.config.ts runs `*.postgres.test.ts`
 * files only in the postgres project, which exists only when TEST_DATABASE_URL is set.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Product } from '../shared/schemas/catalog';
import { hashPassword } from './accounts/service';
import type { Database } from './db/client';
import { products, users } from './db/schema';
import { openTestDatabase } from './test/db';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const LOGIN_LIMIT = 4;
const PASSWORD = 'correct-horse-battery';

let database: Database;
const children: ChildProcess[] = [];
let a: string;
let b: string;

/** Starts one instance process on the test database; resolves with its base URL. */
async function startInstance(): Promise<string> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/test/instance.ts'], {
    cwd: root,
    env: {
      ...process.env,
      DATABASE_URL: database.pool!.options.connectionString,
      LOGIN_RATE_LIMIT: String(LOGIN_LIMIT),
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  children.push(child);
  const port = await new Promise<number>((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error('instance did not start')), 45_000);
    child.stdout!.on('data', (d) => {
      out += String(d);
      const m = /LISTENING (\d+)/.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve(Number(m[1]));
      }
    });
    child.once('exit', (code) => reject(new Error(`instance exited with ${code}`)));
  });
  return `http://127.0.0.1:${port}`;
}

/** A fetch client keeping one cookie jar (name -> value) and a cart session id. */
class Browser {
  readonly cookies = new Map<string, string>();
  readonly cartSession = randomBytes(16).toString('base64url');

  async call(url: string, init: { method?: string; body?: unknown } = {}) {
    const headers: Record<string, string> = { 'x-session-id': this.cartSession };
    if (this.cookies.size) {
      headers.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    }
    if (init.body !== undefined) headers['content-type'] = 'application/json';
    const res = await fetch(url, {
      method: init.method ?? 'GET',
      headers,
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    });
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const eq = pair!.indexOf('=');
      const name = pair!.slice(0, eq);
      const value = pair!.slice(eq + 1);
      if (value === '' || /expires=Thu, 01 Jan 1970/i.test(line)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    const text = await res.text();
    return { status: res.status, body: text ? JSON.parse(text) : null };
  }
}

async function insertUser(role: 'user' | 'admin') {
  const username = `${role}_${randomBytes(4).toString('hex')}`;
  await database.db.insert(users).values({
    username,
    email: `${username}@example.com`,
    passwordHash: await hashPassword(PASSWORD),
    role,
  });
  return username;
}

beforeAll(async () => {
  database = await openTestDatabase({ poolSize: 4 });
  [a, b] = await Promise.all([startInstance(), startInstance()]);
}, 90_000);

afterAll(async () => {
  await Promise.all(
    children.map(
      (child) =>
        new Promise<void>((resolve) => {
          if (child.exitCode !== null || child.signalCode !== null) return resolve();
          child.once('exit', () => resolve());
          child.kill('SIGTERM');
        }),
    ),
  );
  await database?.close();
});

describe('two instances on one PostgreSQL database', () => {
  it('accepts on B the session signed in on A; signing out on B ends it on A', async () => {
    const username = await insertUser('user');
    const browser = new Browser();
    const login = await browser.call(`${a}/api/auth/login`, {
      method: 'POST',
      body: { username, password: PASSWORD },
    });
    expect(login.status).toBe(200);
    expect(browser.cookies.size).toBeGreaterThan(0);
    const onB = await browser.call(`${b}/api/auth/user`);
    expect(onB.status).toBe(200);
    expect(onB.body.username).toBe(username);

    // Signing out on B ends the session for A too (the copied cookie no longer works).
    const copy = new Browser();
    for (const [k, v] of browser.cookies) copy.cookies.set(k, v);
    expect((await browser.call(`${b}/api/auth/logout`, { method: 'POST' })).status).toBe(200);
    // Signed out, /api/auth/user answers 200 with null (issue 10: no console error per page).
    const after = await copy.call(`${a}/api/auth/user`);
    expect(after.status).toBe(200);
    expect(after.body).toBeNull();
  });

  it('reads on B the cart filled on A', async () => {
    const [p1] = await database.db
      .insert(products)
      .values({ name: 'Two Instance Pin', priceCents: 1250, stockQuantity: 50 })
      .returning();
    const [p2] = await database.db
      .insert(products)
      .values({ name: 'Second Instance Pin', priceCents: 900, stockQuantity: 50 })
      .returning();
    const browser = new Browser();
    for (const [p, quantity] of [
      [p1!, 3],
      [p2!, 1],
    ] as const) {
      const add = await browser.call(`${a}/api/cart`, {
        method: 'POST',
        body: { productId: p.id, quantity },
      });
      expect(add.status).toBe(201);
    }
    const cart = await browser.call(`${b}/api/cart`);
    expect(cart.status).toBe(200);
    expect(
      cart.body.map((l: { productId: number; quantity: number }) => [l.productId, l.quantity]),
    ).toEqual([
      [p1!.id, 3],
      [p2!.id, 1],
    ]);
    const totals = await browser.call(`${b}/api/cart/totals`);
    expect(totals.body.subtotal).toBe(46.5);
  });

  it('counts failed sign-ins across both instances against one limit', async () => {
    const username = await insertUser('user');
    const browser = new Browser();
    const statuses: number[] = [];
    // Alternating A, B, A, B: each instance alone sees only half of the attempts.
    for (let i = 0; i < LOGIN_LIMIT + 2; i++) {
      const res = await browser.call(`${i % 2 === 0 ? a : b}/api/auth/login`, {
        method: 'POST',
        body: { username, password: 'wrong-password-123' },
      });
      statuses.push(res.status);
    }
    expect(statuses.slice(0, LOGIN_LIMIT)).toEqual(Array(LOGIN_LIMIT).fill(401));
    expect(statuses.slice(LOGIN_LIMIT)).toEqual([429, 429]);
  });

  it('shows on B, within a second, a product edit made on A (B had the catalogue cached)', async () => {
    const admin = new Browser();
    const adminName = await insertUser('admin');
    expect(
      (
        await admin.call(`${a}/api/auth/login`, {
          method: 'POST',
          body: { username: adminName, password: PASSWORD },
        })
      ).status,
    ).toBe(200);
    const [row] = await database.db
      .insert(products)
      .values({ name: 'Before Edit Pin', priceCents: 1000, stockQuantity: 10 })
      .returning();
    const readOnB = async () => {
      const res = await fetch(`${b}/api/products`);
      const list = (await res.json()) as Product[];
      return list.find((p) => p.id === row!.id);
    };
    // Warm B's cache with the product as it is now.
    await expect
      .poll(async () => (await readOnB())?.name, { timeout: 5000 })
      .toBe('Before Edit Pin');
    expect((await readOnB())?.price).toBe(10);

    const edited = await admin.call(`${a}/api/products/${row!.id}`, {
      method: 'PUT',
      body: { name: 'After Edit Pin', price: 12.5 },
    });
    expect(edited.status).toBe(200);
    const editedAt = Date.now();
    let seen: Product | undefined;
    // When the read that found the edit was sent (its answer may come a moment later).
    let elapsed = 0;
    while (Date.now() - editedAt < 1000) {
      elapsed = Date.now() - editedAt;
      seen = await readOnB();
      if (seen?.name === 'After Edit Pin') break;
      await new Promise((r) => setTimeout(r, 25));
    }
    expect(seen?.name, `B still showed the old product after ${elapsed} ms`).toBe('After Edit Pin');
    expect(seen?.price).toBe(12.5);
    expect(elapsed).toBeLessThan(1000);
    // The single-product read on B agrees.
    const one = await fetch(`${b}/api/products/${row!.id}`);
    expect(((await one.json()) as Product).name).toBe('After Edit Pin');
  });
});
