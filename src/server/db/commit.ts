/**
 * Ending a transaction with its contended statement in the same round trip (issue 12:
 * checkout throughput; docs/decisions.md "Performance and several instances", 10).
 *
 * A row that every transaction of a hot path updates (one product's stock) is locked from
 * the update until COMMIT. If the app sends COMMIT after reading the update's answer, the
 * lock is held across a round trip to an event loop busy with other requests. On
 * node-postgres `executeThenCommit` sends `<statement>; commit; begin` as ONE simple-protocol
 * query: PostgreSQL runs the statement and commits at once, so the lock lives only inside
 * PostgreSQL. In a transaction run by `transactionEndingInCommit` nothing follows; in one
 * run by Drizzle's `db.transaction`, a trailing `begin` opens an empty transaction that
 * Drizzle's own COMMIT then closes (no work, no WAL flush, no "no transaction in progress"
 * warning).
 * When the statement fails, PostgreSQL skips the rest of the query: nothing is committed
 * and the transaction is left aborted, so the caller can still roll back to a savepoint.
 * On PGlite (one connection, one transaction at a time) the statement runs alone and the
 * wrapper commits as usual.
 */
import { sql } from 'drizzle-orm';
import { NodePgSession, NodePgTransaction } from 'drizzle-orm/node-postgres/session';
import type { Database, Tx } from './client';

/**
 * Transactions run by `transactionEndingInCommit` (no COMMIT of their own needed after
 * `executeThenCommit`), with the node-postgres client each runs on.
 */
const ownTransactions = new WeakMap<Tx, object>();
/** Of those, the ones `executeThenCommit` committed. */
const committed = new WeakSet<Tx>();

/**
 * Runs `fn` in a transaction, like `db.transaction`, for work whose last statement goes
 * through `executeThenCommit`. On node-postgres the transaction is Drizzle's own
 * transaction object on a pool client, begun here; when `executeThenCommit` committed it,
 * no COMMIT follows (Drizzle's `transaction` always sends one: a round trip to close the
 * empty transaction that statement had to open again; issue 12). Otherwise it commits, or
 * rolls back when `fn` throws, as Drizzle does. On PGlite: `db.transaction`.
 * Returns what `fn` returns; throws what it throws.
 */
export async function transactionEndingInCommit<T>(
  database: Pick<Database, 'kind' | 'db' | 'pool'>,
  fn: (tx: Tx) => Promise<T>,
): Promise<T> {
  if (database.kind !== 'postgres' || !database.pool) return database.db.transaction(fn);
  // The pool's session and dialect, as Drizzle's node-postgres `transaction` uses them.
  const db = database.db as unknown as {
    dialect: ConstructorParameters<typeof NodePgSession>[1];
    session: { schema: ConstructorParameters<typeof NodePgSession>[2]; options: object };
  };
  const client = await database.pool.connect();
  try {
    const session = new NodePgSession(client, db.dialect, db.session.schema, db.session.options);
    const tx = new NodePgTransaction(db.dialect, session, db.session.schema) as unknown as Tx;
    ownTransactions.set(tx, client);
    await tx.execute(sql`begin`);
    try {
      const result = await fn(tx);
      if (!committed.has(tx)) await tx.execute(sql`commit`);
      return result;
    } catch (err) {
      if (!committed.has(tx)) await tx.execute(sql`rollback`);
      throw err;
    }
  } finally {
    client.release();
  }
}

/**
 * Runs `statement` in `tx` and, on PostgreSQL, commits `tx` in the same round trip. Call it
 * as the transaction callback's LAST database work: afterwards the callback must only return.
 * `statement` is sent as text without parameters (the simple protocol allows several
 * statements, the extended one does not): build it only from values that cannot carry SQL,
 * such as `sqlIntegers`. Throws what the statement throws (then nothing was committed).
 */
export async function executeThenCommit(
  database: Pick<Database, 'kind'>,
  tx: Tx,
  statement: string,
): Promise<void> {
  if (database.kind !== 'postgres') {
    await tx.execute(sql.raw(statement));
  } else if (ownTransactions.has(tx)) {
    await tx.execute(sql.raw(`${statement}; commit`));
    committed.add(tx);
  } else {
    await tx.execute(sql.raw(`${statement}; commit; begin`));
  }
}

/**
 * An integer[] literal for a statement sent as text (`executeThenCommit`), e.g.
 * `ARRAY[3,7]::integer[]`. Throws RangeError for anything but safe integers.
 */
export function sqlIntegers(values: readonly number[]): string {
  return `ARRAY[${values.map(sqlInteger).join(',')}]::integer[]`;
}

/** A safe integer, or null, as SQL text; throws RangeError for anything else. */
export function sqlInteger(value: number | null): string {
  if (value === null) return 'NULL';
  if (!Number.isSafeInteger(value)) throw new RangeError(`not a safe integer: ${value}`);
  return String(value);
}

/** A Drizzle prepared query (`.prepare(name)`): its SQL built once, run with `execute`. */
interface PreparedQuery<R> {
  execute(values?: Record<string, unknown>): Promise<R>;
}

/**
 * Runs `prepared` (made once by the caller with `db.select()...prepare(name)` and
 * `sql.placeholder()`s; issue 12: no query building per call) inside `tx`, a transaction
 * run by `transactionEndingInCommit` on node-postgres: Drizzle's own prepared query (the
 * same SQL text, parameter encoding and result mapping) sent on the transaction's client
 * as the named statement, so PostgreSQL also parses and plans it once per connection.
 * Returns null when `tx` is not such a transaction (PGlite, or `db.transaction`): the
 * caller then runs its query as usual.
 */
export function executePrepared<R>(
  tx: Tx,
  prepared: PreparedQuery<R>,
  values: Record<string, unknown>,
): Promise<R> | null {
  const client = ownTransactions.get(tx);
  if (!client) return null;
  // Drizzle's node-postgres prepared query sends through its `client` property: the same
  // query object, bound to this transaction's connection instead of the pool.
  const bound = Object.create(prepared) as PreparedQuery<R> & { client: object };
  bound.client = client;
  return bound.execute(values);
}
