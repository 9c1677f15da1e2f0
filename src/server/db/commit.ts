/**
 * Ending a transaction with its last statements in the same round trip (issue 12:
 * checkout throughput; docs/decisions.md "Performance and several instances", 10, 11, 14).
 *
 * A row that every transaction of a hot path updates (one product's stock) is locked from
 * the update until COMMIT. If the app sends COMMIT after reading the update's answer, the
 * lock is held across a round trip to an event loop busy with other requests. On
 * node-postgres the pool runs in pipeline mode (db/client.ts): `executeThenCommit` writes
 * the transaction's last statements and COMMIT together, each with its own parameters, in
 * ONE socket write, and waits once. PostgreSQL runs them in order and commits right after
 * the last, so the lock lives only inside PostgreSQL. When one of them fails, PostgreSQL
 * refuses the rest of the transaction and the COMMIT ends it as a ROLLBACK: nothing is
 * committed and the first failure is thrown. `transactionEndingInCommit` sends BEGIN in
 * the same write as the callback's first statements.
 * On PGlite (one connection, one transaction at a time) the statements run one by one and
 * the wrapper commits as usual.
 */
import { DrizzleQueryError, is, Param, Placeholder, type SQL, sql } from 'drizzle-orm';
import { NodePgSession, NodePgTransaction } from 'drizzle-orm/node-postgres/session';
import type pg from 'pg';
import type { Database, Tx } from './client';

/** The dialect Drizzle's node-postgres database builds its SQL with. */
type Dialect = ConstructorParameters<typeof NodePgSession>[1];

/**
 * Transactions run by `transactionEndingInCommit` on node-postgres, with the pool client
 * each runs on and the dialect that builds its SQL.
 */
const ownTransactions = new WeakMap<Tx, { client: pg.PoolClient; dialect: Dialect }>();
/**
 * Of those, the ones `executeThenCommit` ended (committed, or rolled back by the COMMIT
 * of a transaction a failed statement aborted): no COMMIT or ROLLBACK follows.
 */
const ended = new WeakSet<Tx>();

/**
 * Holds `client`'s socket writes (Node's `cork`, as node-postgres does around one
 * query's messages) until the returned function is called, so that queries sent in
 * between leave in ONE write: one system call and one wake-up of the server instead of
 * one per query. Without a corkable stream it does nothing.
 */
function corked(client: pg.PoolClient): () => void {
  const stream = (
    client as unknown as { connection?: { stream?: { cork?(): void; uncork?(): void } } }
  ).connection?.stream;
  if (!stream?.cork || !stream.uncork) return () => {};
  stream.cork();
  return () => stream.uncork?.();
}

/**
 * Runs `fn` in a transaction, like `db.transaction`, for work whose last statements go
 * through `executeThenCommit`. On node-postgres the transaction is Drizzle's own
 * transaction object on a pool client. BEGIN is sent together with the statements `fn`
 * sends before its first `await` (on the pipelined pool: one write, one round trip; issue
 * 12). When `executeThenCommit` ended the transaction no COMMIT follows (Drizzle's
 * `transaction` always sends one). Otherwise it commits, or rolls back when `fn` throws,
 * as Drizzle does. On PGlite: `db.transaction`.
 * Returns what `fn` returns; throws what it throws (or BEGIN's failure).
 */
export async function transactionEndingInCommit<T>(
  database: Pick<Database, 'kind' | 'db' | 'pool'>,
  fn: (tx: Tx) => Promise<T>,
): Promise<T> {
  if (database.kind !== 'postgres' || !database.pool) return database.db.transaction(fn);
  // The pool's session and dialect, as Drizzle's node-postgres `transaction` uses them.
  const db = database.db as unknown as {
    dialect: Dialect;
    session: { schema: ConstructorParameters<typeof NodePgSession>[2]; options: object };
  };
  const client = await database.pool.connect();
  /** A failed BEGIN: the connection is not reused. */
  let broken: Error | undefined;
  try {
    const session = new NodePgSession(client, db.dialect, db.session.schema, db.session.options);
    const tx = new NodePgTransaction(db.dialect, session, db.session.schema) as unknown as Tx;
    ownTransactions.set(tx, { client, dialect: db.dialect });
    const release = corked(client);
    const begun = client.query('begin');
    let running: Promise<T>;
    try {
      running = fn(tx);
    } catch (err) {
      running = Promise.reject(err);
    } finally {
      release();
    }
    const [began, ran] = await Promise.allSettled([begun, running]);
    // BEGIN fails only with the connection; what `fn` sent after it failed with it.
    if (began.status === 'rejected') {
      broken = began.reason instanceof Error ? began.reason : new Error(String(began.reason));
      throw began.reason;
    }
    if (ran.status === 'fulfilled') {
      if (!ended.has(tx)) await tx.execute(sql`commit`);
      return ran.value;
    }
    if (!ended.has(tx)) await tx.execute(sql`rollback`);
    throw ran.reason;
  } finally {
    client.release(broken);
  }
}

/**
 * A statement built once and run many times (issue 12): `build` makes Drizzle SQL from
 * its values, each either the value or a `sql.placeholder` of the same name. On
 * node-postgres it is built once with placeholders and sent as the named prepared
 * statement `name` (PostgreSQL parses and plans it once per connection); anywhere else it
 * is built with the values for each call. Make one per statement shape.
 */
export interface StatementTemplate<V extends Record<string, unknown>> {
  readonly name: string;
  /** Drizzle SQL for `values` (a value or a placeholder per key). */
  build(values: OrPlaceholders<V>): SQL;
}

/** `T` with each value possibly a `sql.placeholder` (a statement template's input). */
export type OrPlaceholders<T> = { [K in keyof T]: T[K] | Placeholder };

/** A template with the values of one call, for `executeThenCommit`. */
export interface BoundStatement {
  template: StatementTemplate<Record<string, unknown>>;
  values: Record<string, unknown>;
}

/** `template` with `values` (for `executeThenCommit`). */
export function bind<V extends Record<string, unknown>>(
  template: StatementTemplate<V>,
  values: V,
): BoundStatement {
  return { template: template as unknown as BoundStatement['template'], values };
}

/** Text and parameters (placeholders among them) of each template, built once per dialect. */
const builtTemplates = new WeakMap<
  StatementTemplate<Record<string, unknown>>,
  { dialect: Dialect; text: string; params: unknown[] }
>();
/** Stands for every value of a template: the placeholder of the same name. */
const placeholders = new Proxy({} as Record<string, Placeholder>, {
  get: (_, key) => sql.placeholder(String(key)),
});

/** The node-postgres query for `statement` (template built once per dialect). */
function queryOf(dialect: Dialect, statement: SQL | BoundStatement): pg.QueryConfig {
  if (!('template' in statement)) {
    const built = dialect.sqlToQuery(statement);
    return { text: built.sql, values: built.params };
  }
  let built = builtTemplates.get(statement.template);
  if (!built || built.dialect !== dialect) {
    const query = dialect.sqlToQuery(statement.template.build(placeholders));
    built = { dialect, text: query.sql, params: query.params };
    builtTemplates.set(statement.template, built);
  }
  return {
    name: statement.template.name,
    text: built.text,
    values: fillValues(built.params, statement.values),
  };
}

/**
 * The parameters of a built template for `values`: each placeholder's value, through its
 * column's encoder when Drizzle bound it to a column (jsonb -> JSON text, timestamps ->
 * ISO text), as Drizzle encodes values it builds into a query; null stays NULL (Drizzle's
 * own `fillPlaceholders` would encode it: JSON null for jsonb). Throws for a missing value.
 */
function fillValues(params: unknown[], values: Record<string, unknown>): unknown[] {
  return params.map((p) => {
    const placeholder = is(p, Placeholder)
      ? p
      : is(p, Param) && is(p.value, Placeholder)
        ? p.value
        : null;
    if (!placeholder) return p;
    if (!(placeholder.name in values)) {
      throw new Error(`No value for placeholder "${placeholder.name}" was provided`);
    }
    const value = values[placeholder.name];
    return value === null || !is(p, Param) ? value : p.encoder.mapToDriverValue(value);
  });
}

/**
 * Runs `statements` in order in `tx` and, on PostgreSQL, commits `tx` in the same round
 * trip. Call it as the transaction callback's LAST database work: afterwards the callback
 * must only return. In a transaction run by `transactionEndingInCommit` on node-postgres
 * the statements and COMMIT go out in one write (pipeline mode) and are awaited once; in
 * any other PostgreSQL transaction they run one by one and COMMIT; BEGIN follows (an empty
 * transaction for the wrapper's own COMMIT to close). On PGlite they run one by one and
 * the wrapper commits. Throws the first failure, as Drizzle wraps it
 * (`DrizzleQueryError`, the driver's error as `cause`); then nothing was committed.
 */
export async function executeThenCommit(
  database: Pick<Database, 'kind'>,
  tx: Tx,
  statements: readonly (SQL | BoundStatement)[],
): Promise<void> {
  const own = ownTransactions.get(tx);
  if (database.kind !== 'postgres' || !own) {
    for (const statement of statements) {
      await tx.execute(
        'template' in statement
          ? statement.template.build(statement.values as Record<string, unknown>)
          : statement,
      );
    }
    if (database.kind === 'postgres') await tx.execute(sql.raw('commit; begin'));
    return;
  }
  const queries = statements.map((s) => queryOf(own.dialect, s));
  const release = corked(own.client);
  const sent: Promise<pg.QueryResult>[] = [];
  try {
    for (const query of queries) sent.push(own.client.query(query));
    sent.push(own.client.query('commit'));
    // COMMIT is on its way: it ends the transaction either way (a ROLLBACK when aborted).
    ended.add(tx);
  } finally {
    release();
  }
  const results = await Promise.allSettled(sent);
  const failed = results.findIndex((r) => r.status === 'rejected');
  if (failed >= 0) {
    const query = queries[failed] ?? { text: 'commit', values: [] };
    throw new DrizzleQueryError(
      query.text,
      query.values ?? [],
      (results[failed] as PromiseRejectedResult).reason,
    );
  }
  const commit = results.at(-1) as PromiseFulfilledResult<pg.QueryResult>;
  if (commit.value.command !== 'COMMIT') {
    throw new Error(`the transaction ended in ${commit.value.command}, not COMMIT`);
  }
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
  const client = ownTransactions.get(tx)?.client;
  if (!client) return null;
  // Drizzle's node-postgres prepared query sends through its `client` property: the same
  // query object, bound to this transaction's connection instead of the pool.
  const bound = Object.create(prepared) as PreparedQuery<R> & { client: object };
  bound.client = client;
  return bound.execute(values);
}
