/**
 * Test helpers for the catalogue, cart and discount tests: product rows and signed-in
 * clients (a user row inserted directly, then the real POST /api/auth/login).
 */
import { randomBytes } from 'node:crypto';
import { hashPassword } from '../accounts/service';
import { products, users } from '../db/schema';
import { type TestApp, TestClient } from '../test/app';
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
