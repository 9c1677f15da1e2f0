/**
 * Ending a transaction with its contended statement in the same round trip (issue 12:
 * checkout throughput; docs/decisions.md "Performance and several instances", 10).
 *
 * A row that every transaction of a hot path updates (one product's stock) is locked from
 * the update until COMMIT. If the app sends COMMIT after reading the update's answer, the
 * lock is held across a round trip to an event loop busy with other requests. On
 * node-postgres `executeThenCommit` sends `<statement>; commit; begin` as ONE simple-protocol
 * query: PostgreSQL runs the statement and commits at once, so the lock lives only inside
 * PostgreSQL. The trailing `begin` opens an empty transaction that the transaction wrapper's
 * own COMMIT then closes (no work, no WAL flush, no "no transaction in progress" warning).
 * When the statement fails, PostgreSQL skips the rest of the query: nothing is committed
 * and the transaction is left aborted, so the caller can still roll back to a savepoint.
 * On PGlite (one connection, one transaction at a time) the statement runs alone and the
 * wrapper commits as usual.
 */
import { sql } from 'drizzle-orm';
import type { Database, Tx } from './client';

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
  await tx.execute(
    sql.raw(database.kind === 'postgres' ? `${statement}; commit; begin` : statement),
  );
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
