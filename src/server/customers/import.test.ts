/**
 * Customer import (POST /api/import-customers): distinct lower-cased e-mails from
 * orders, custom orders, quotes and accounts; answers imported / skipped / duplicates;
 * idempotent.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInClient } from '../catalog/testing';
import { customers, customOrders, orders, quoteRequests, users } from '../db/schema';
import { createTestApp, type TestApp, TestClient } from '../test/app';

describe('customer import', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it('is admin-only, imports distinct lower-cased addresses once and says what it did', async () => {
    const { client: admin } = await signedInClient(t, 'admin');
    const { client: customer, user } = await signedInClient(t, 'user');
    expect((await new TestClient(t.app).post('/api/import-customers')).statusCode).toBe(401);
    expect((await customer.post('/api/import-customers')).statusCode).toBe(403);

    const order = (email: string, name: string, createdAt: Date) => ({
      customerEmail: email,
      customerName: name,
      subtotalCents: 1000,
      totalCents: 1599,
      items: [],
      createdAt,
    });
    await t.db
      .insert(orders)
      .values([
        order('Ann@Example.com', 'Ann Old', new Date('2025-01-01')),
        order('ann@example.com ', 'Ann Birdie', new Date('2025-03-01')),
        order('bob@example.com', 'Bob', new Date('2025-02-01')),
        order('not-an-address', 'Nobody', new Date('2025-02-01')),
      ]);
    await t.db.insert(customOrders).values({
      customerEmail: 'CARA@example.com',
      customerName: 'Cara',
      quantity: 50,
      size: '1inch',
      plating: 'gold',
      pricePerPinCents: 725,
      totalPriceCents: 36250,
      depositCents: 3625,
      remainingBalanceCents: 32625,
    });
    await t.db.insert(quoteRequests).values({
      customerName: 'Bob Builder',
      customerEmail: 'BOB@example.com',
      companyName: 'Pine Valley GC',
      projectDescription: 'Club pins for members',
      quantity: 100,
      createdAt: new Date('2025-04-01'),
    });
    // Already on the list before the import.
    await t.db.insert(customers).values({ email: 'cara@example.com', source: 'newsletter' });

    const first = await admin.post('/api/import-customers');
    expect(first.statusCode).toBe(200);
    // Distinct valid: ann, bob, cara, the customer account; admin accounts are not customers.
    // Duplicates: ann x2 -> 1, bob x2 -> 1. Skipped: cara (listed) + one invalid address.
    expect(first.json().result).toEqual({
      imported: 3,
      skipped: 2,
      duplicates: 2,
      invalid: 1,
      found: 7,
    });
    const rows = await t.db.select().from(customers);
    const byEmail = new Map(rows.map((r) => [r.email, r]));
    expect([...byEmail.keys()].sort()).toEqual(
      ['ann@example.com', 'bob@example.com', 'cara@example.com', user.email.toLowerCase()].sort(),
    );
    expect(byEmail.get('ann@example.com')).toMatchObject({ name: 'Ann Birdie', source: 'order' });
    expect(byEmail.get('bob@example.com')).toMatchObject({
      name: 'Bob Builder',
      organization: 'Pine Valley GC',
      source: 'order',
    });
    expect(byEmail.get('cara@example.com')).toMatchObject({ source: 'newsletter', name: null });
    const admins = await t.db.select().from(users);
    expect(admins.some((u) => u.role === 'admin' && byEmail.has(u.email))).toBe(false);

    const again = await admin.post('/api/import-customers');
    expect(again.json().result).toMatchObject({ imported: 0, skipped: 5, duplicates: 2 });
    expect(await t.db.select().from(customers)).toHaveLength(4);
  });
});
