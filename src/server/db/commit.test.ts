/**
 * executeThenCommit (db/commit.ts): the statements and the commit in one round trip on
 * PostgreSQL; a failing statement commits nothing (the statements before it included) and
 * leaves the transaction usable after a rollback to a savepoint. On PGlite the statements
 * run and the wrapper commits. Statement templates run with their values on both.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../test/db';
import type { Database } from './client';
import {
  bind,
  executeThenCommit,
  type StatementTemplate,
  transactionEndingInCommit,
} from './commit';
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
      await executeThenCommit(database, tx, [
        sql`update products set stock_quantity = stock_quantity - 2 where id = ${pin!.id}`,
      ]);
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
        executeThenCommit(database, tx, [
          sql`update products set stock_quantity = stock_quantity - 2 where id = ${pin!.id}`,
        ]),
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
      await executeThenCommit(database, tx, [
        sql`update products set stock_quantity = stock_quantity - 2 where id = ${pin!.id}`,
      ]);
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
        await executeThenCommit(database, tx, [
          sql`update products set stock_quantity = stock_quantity - 9 where id = ${pin!.id}`,
        ]);
      }),
    ).rejects.toMatchObject({ cause: { code: '23514' } });
    expect(await database.db.select().from(products).where(eq(products.id, pin!.id))).toMatchObject(
      [{ name: 'Runner Pin 2', stockQuantity: 3 }],
    );
  });

  it('several statements and a template: committed together; one failing commits none of them', async () => {
    const [pin] = await database.db
      .insert(products)
      .values({ name: 'Template Pin', priceCents: 500, stockQuantity: 5 })
      .returning();
    const take: StatementTemplate<{ id: number; units: number; names: string[] }> = {
      name: 'fp_commit_test_take',
      build: (v) =>
        sql`update products set stock_quantity = stock_quantity - ${v.units}::integer,
              description = array_to_string(${sql.param(v.names)}::text[], ',')
            where id = ${v.id}::integer`,
    };
    await transactionEndingInCommit(database, async (tx) => {
      await executeThenCommit(database, tx, [
        sql`update products set name = ${'Template Pin 2'} where id = ${pin!.id}`,
        bind(take, { id: pin!.id, units: 2, names: ['a', "b'c"] }),
      ]);
    });
    expect(await database.db.select().from(products).where(eq(products.id, pin!.id))).toMatchObject(
      [{ name: 'Template Pin 2', stockQuantity: 3, description: "a,b'c" }],
    );

    // The template again (on PostgreSQL the prepared statement, maybe on the same
    // connection), now refused by the CHECK: the rename before it is rolled back too.
    await expect(
      transactionEndingInCommit(database, async (tx) => {
        await executeThenCommit(database, tx, [
          sql`update products set name = ${'Template Pin 3'} where id = ${pin!.id}`,
          bind(take, { id: pin!.id, units: 9, names: [] }),
        ]);
      }),
    ).rejects.toMatchObject({ cause: { code: '23514' } });
    expect(await database.db.select().from(products).where(eq(products.id, pin!.id))).toMatchObject(
      [{ name: 'Template Pin 2', stockQuantity: 3 }],
    );
    // The pool's connections are all usable afterwards (none left in a transaction).
    const states = await Promise.all(
      Array.from({ length: 3 }, () =>
        transactionEndingInCommit(database, async (tx) => {
          const res = await tx.execute(sql`select count(*)::int as n from products`);
          return (res as unknown as { rows: { n: number }[] }).rows[0]!.n;
        }),
      ),
    );
    expect(states.every((n) => n > 0)).toBe(true);
  });

  it('on PostgreSQL: BEGIN with the statements sent before the first await in one socket write, the last statements with COMMIT in one more', async () => {
    // Counts the socket writes of the pool client the transaction gets (pipeline mode and
    // cork: one write per round trip).
    let writes = 0;
    const counting = (client: unknown) => {
      const stream = (client as { connection: { stream: Record<string, unknown> } }).connection
        .stream;
      for (const method of ['_write', '_writev'] as const) {
        const original = stream[method] as ((...args: unknown[]) => unknown) | undefined;
        if (!original || (original as { counted?: boolean }).counted) continue;
        const wrapped = function (this: unknown, ...args: unknown[]) {
          writes += 1;
          return original.apply(this, args);
        };
        (wrapped as { counted?: boolean }).counted = true;
        stream[method] = wrapped;
      }
    };
    const [pin] = await database.db
      .insert(products)
      .values({ name: 'Write Pin', priceCents: 500, stockQuantity: 5 })
      .returning();
    database.pool?.on('acquire', counting);
    try {
      const seen: number[] = [];
      const answers = await transactionEndingInCommit(database, async (tx) => {
        // Sent at once (`then` starts Drizzle's query), answered together.
        const one = tx.execute(sql`select 1 as n`).then((r) => r);
        const two = tx.execute(sql`select 2 as n`).then((r) => r);
        const rows = await Promise.all([one, two]);
        seen.push(writes);
        await executeThenCommit(database, tx, [
          sql`update products set name = ${'Write Pin 2'} where id = ${pin!.id}`,
          sql`update products set stock_quantity = stock_quantity - 1 where id = ${pin!.id}`,
        ]);
        seen.push(writes);
        return rows.map((r) => (r as unknown as { rows: { n: number }[] }).rows[0]!.n);
      });
      expect(answers).toEqual([1, 2]);
      if (database.kind === 'postgres') expect(seen).toEqual([1, 2]);
      expect(
        await database.db.select().from(products).where(eq(products.id, pin!.id)),
      ).toMatchObject([{ name: 'Write Pin 2', stockQuantity: 4 }]);
    } finally {
      database.pool?.off('acquire', counting);
    }
  });

  it('a failure in the callback rolls back what it wrote before', async () => {
    const [pin] = await database.db
      .insert(products)
      .values({ name: 'Thrown Pin', priceCents: 500, stockQuantity: 5 })
      .returning();
    await expect(
      transactionEndingInCommit(database, async (tx) => {
        await tx.update(products).set({ name: 'Thrown Pin 2' }).where(eq(products.id, pin!.id));
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
    expect(await database.db.select().from(products).where(eq(products.id, pin!.id))).toMatchObject(
      [{ name: 'Thrown Pin' }],
    );
  });
});
