import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './app';
import { testDbKind } from './db';

describe('test harness', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('runs on the database kind the project asked for, migrated', async () => {
    expect(t.database.kind).toBe(testDbKind());
    const res = (await t.db.execute(sql`select count(*)::int as n from products`)) as unknown as {
      rows: unknown[];
    };
    expect(res.rows[0]).toEqual({ n: 0 });
  });

  it('answers unknown API routes with a JSON 404', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/nope' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Not found' });
  });
});
