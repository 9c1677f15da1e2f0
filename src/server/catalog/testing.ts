/**
 * Test helpers for the catalogue, cart, discount and blog tests: product rows, signed-in
 * clients (a user row inserted directly, then the real POST /api/auth/login), and a
 * transaction held open on PostgreSQL to prove that concurrent requests overlap.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { hashPassword } from '../accounts/service';
import { products, users } from '../db/schema';
import { type TestApp, TestClient } from '../test/app';
import { testDbKind } from '../test/db';
import { invalidateCatalog } from './service';

type ProductInsert = typeof products.$inferInsert;

/**
 * Inserts a product (defaults: $10.00, 100 in stock, active) and returns the row. Like any
 * module writing products directly, it then drops the list cache at once (the change
 * notification would do it too, a moment later on PostgreSQL).
 */
export async function insertProduct(t: TestApp, fields: Partial<ProductInsert> = {}) {
  const [row] = await t.db
    .insert(products)
    .values({
      name: `Pin ${randomBytes(3).toString('hex')}`,
      priceCents: 1000,
      stockQuantity: 100,
      ...fields,
    })
    .returning();
  invalidateCatalog(t.db);
  return row!;
}

let passwordHash: Promise<string> | undefined;

/** A TestClient signed in as a new user with the given role; `user` holds its id and e-mail. */
export async function signedInClient(t: TestApp, role: 'user' | 'admin' = 'user') {
  const password = 'correct-horse-battery';
  passwordHash ??= hashPassword(password);
  const username = `${role}_${randomBytes(4).toString('hex')}`;
  const [user] = await t.db
    .insert(users)
    .values({ username, email: `${username}@example.com`, passwordHash: await passwordHash, role })
    .returning({ id: users.id, email: users.email, username: users.username });
  const client = new TestClient(t.app);
  const res = await client.post('/api/auth/login', { username, password });
  if (res.statusCode !== 200) throw new Error(`login failed: ${res.statusCode} ${res.body}`);
  return { client, user: user! };
}

/** A transaction held open by `holdInTransaction`. */
export interface HeldTransaction {
  /**
   * Waits until at least `waiters` transactions of the test database wait on a lock
   * (pg_stat_activity wait_event_type 'Lock') or `deadlineMs` passes, then rolls the held
   * transaction back (the waiting requests go on, all at once) and answers the most
   * waiters seen.
   */
  release(waiters: number, deadlineMs?: number): Promise<number>;
}

/**
 * Proof that concurrent requests really overlap on PostgreSQL (as test/race.ts, without
 * a hook in the service): runs `statement` in a transaction on a connection of its own
 * and keeps it open, so requests that need the same row (`select ... for update`) or the
 * same unique key (an insert of it) wait behind it, until `release`. On PGlite (one
 * transaction at a time) it does nothing and answers null: the test checks the same
 * outcome without the proof.
 */
export async function holdInTransaction(
  t: TestApp,
  statement: string,
  params: unknown[] = [],
): Promise<HeldTransaction | null> {
  if (testDbKind() !== 'postgres') return null;
  const holder = new pg.Client({ connectionString: t.database.pool!.options.connectionString });
  await holder.connect();
  try {
    await holder.query('begin');
    await holder.query(statement, params);
  } catch (err) {
    await holder.end();
    throw err;
  }
  return {
    async release(waiters, deadlineMs = 15_000) {
      let seen = 0;
      try {
        const deadline = Date.now() + deadlineMs;
        while (seen < waiters && Date.now() < deadline) {
          // Inside a transaction PostgreSQL keeps the list of sessions it first read:
          // drop it, or the connections opened since stay unseen.
          await holder.query('select pg_stat_clear_snapshot()');
          const res = await holder.query<{ n: number }>(
            `select count(*)::int as n from pg_stat_activity
             where datname = current_database() and wait_event_type = 'Lock'`,
          );
          seen = Math.max(seen, res.rows[0]!.n);
          if (seen < waiters) await new Promise((r) => setTimeout(r, 10));
        }
        await holder.query('rollback');
      } finally {
        await holder.end();
      }
      return seen;
    },
  };
}
