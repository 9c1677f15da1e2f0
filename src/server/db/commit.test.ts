/**
 * executeThenCommit (db/commit.ts): the statement and the commit in one round trip on
 * PostgreSQL; a failing statement commits nothing and leaves the transaction usable after
 * a rollback to a savepoint. On PGlite the statement runs and the wrapper commits.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../test/db';
import type { Database } from './client';
import { executeThenCommit, sqlInteger, sqlIntegers, transactionEndingInCommit } from './commit';
import { products } from './schema';

describe('executeThenCommit', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase({ poolSize: 3 });
  });
  afterAll(async () => {
    await database.close();
  });

  const stockOf = async (id: number) =>
    (await database.db.select().from(products).where(eq(products.id, id)))[0]!.stockQuantity;

  it('commits with the statement: on PostgreSQL another connection sees it before the callback returns', async () => {
    const [pin] = await database.db
      .insert(products)
      .values({ name: 'Commit Pin', priceCents: 500, stockQuantity: 5 })
      .returning();
    let seenInside: number | null = null;
    await database.db.transaction(async (tx) => {
      await tx.update(products).set({ name: 'Commit Pin 2' }).where(eq(products.id, pin!.id));
      await executeThenCommit(
        database,
        tx,
        `update products set stock_quantity = stock_quantity - 2 where id = ${sqlInteger(pin!.id)}`,
      );
      // PGlite runs one transaction at a time: another query would wait for this one.
      if (database.kind === 'postgres') seenInside = await stockOf(pin!.id);
    });
    if (database.kind === 'postgres') expect(seenInside).toBe(3);
    const [row] = await database.db.select().from(products).where(eq(products.id, pin!.id));
    expect(row).toMatchObject({ name: 'Commit Pin 2', stockQuantity: 3 });
  });

  it('a failing statement commits nothing; a rollback to a savepoint keeps the transaction usable', async () => {
    const [pin] = await database.db
      .insert(products)
      .values({ name: 'Refused Pin', priceCents: 500, stockQuantity: 1 })
      .returning();
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`savepoint probe`);
      await tx.update(products).set({ name: 'Refused Pin 2' }).where(eq(products.id, pin!.id));
      // The CHECK (stock_quantity >= 0) refuses it.
      await expect(
        executeThenCommit(
          database,
          tx,
          `update products set stock_quantity = stock_quantity - 2 where id = ${sqlInteger(pin!.id)}`,
        ),
      ).rejects.toMatchObject({ cause: { code: '23514' } });
      await tx.execute(sql`rollback to savepoint probe`);
      await tx.update(products).set({ description: 'kept' }).where(eq(products.id, pin!.id));
    });
    const [row] = await database.db.select().from(products).where(eq(products.id, pin!.id));
    expect(row).toMatchObject({ name: 'Refused Pin', stockQuantity: 1, description: 'kept' });
  });

  it('transactionEndingInCommit: committed by the statement, no transaction left open; a failure rolls back everything', async () => {
    const [pin] = await database.db
      .insert(products)
      .values({ name: 'Runner Pin', priceCents: 500, stockQuantity: 5 })
      .returning();
    const open = await transactionEndingInCommit(database, async (tx) => {
      await tx.update(products).set({ name: 'Runner Pin 2' }).where(eq(products.id, pin!.id));
      await executeThenCommit(
        database,
        tx,
        `update products set stock_quantity = stock_quantity - 2 where id = ${sqlInteger(pin!.id)}`,
      );
      if (database.kind !== 'postgres') return null;
      // On PostgreSQL the connection is out of any transaction once the statement returns
      // (no empty transaction opened for a COMMIT of the wrapper to close).
      const res = await tx.execute(sql`select now() = statement_timestamp() as outside`);
      return (res as unknown as { rows: { outside: boolean }[] }).rows[0]!.outside;
    });
    if (database.kind === 'postgres') expect(open).toBe(true);
    expect(await database.db.select().from(products).where(eq(products.id, pin!.id))).toMatchObject(
      [{ name: 'Runner Pin 2', stockQuantity: 3 }],
    );

    await expect(
      transactionEndingInCommit(database, async (tx) => {
        await tx.update(products).set({ name: 'Runner Pin 3' }).where(eq(products.id, pin!.id));
        await executeThenCommit(
          database,
          tx,
          `update products set stock_quantity = stock_quantity - 9 where id = ${sqlInteger(pin!.id)}`,
        );
      }),
    ).rejects.toMatchObject({ cause: { code: '23514' } });
    expect(await database.db.select().from(products).where(eq(products.id, pin!.id))).toMatchObject(
      [{ name: 'Runner Pin 2', stockQuantity: 3 }],
    );
  });

  it('writes only safe integers into statement text', () => {
    expect(sqlIntegers([3, 7])).toBe('ARRAY[3,7]::integer[]');
    expect(sqlIntegers([])).toBe('ARRAY[]::integer[]');
    expect(sqlInteger(null)).toBe('NULL');
    expect(() => sqlInteger(1.5)).toThrow(RangeError);
    expect(() => sqlIntegers([Number('1; drop table products')])).toThrow(RangeError);
  });
});
