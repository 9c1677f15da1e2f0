/**
 * Test databases. Without TEST_DATABASE_URL (or with TEST_DB=pglite) each call opens
 * a fresh in-memory PGlite; with TEST_DB=postgres it creates a fresh database on the
 * TEST_DATABASE_URL server (one per test file), migrates it, and drops it on close.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { type Database, openDatabase } from '../db/client';

export function testDbKind(): 'pglite' | 'postgres' {
  if (process.env.TEST_DB === 'postgres') {
    if (!process.env.TEST_DATABASE_URL) throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL');
    return 'postgres';
  }
  return 'pglite';
}

/** Opens a migrated, empty test database. */
export async function openTestDatabase(opts: { poolSize?: number } = {}): Promise<Database> {
  if (testDbKind() === 'pglite') {
    const database = await openDatabase({ dataDir: 'memory://' });
    await database.migrate();
    return database;
  }
  const adminUrl = process.env.TEST_DATABASE_URL!;
  const name = `fp_test_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ url: url.toString(), poolSize: opts.poolSize ?? 20 });
  await database.migrate();
  const close = database.close;
  database.close = async () => {
    await close();
    const dropper = new pg.Client({ connectionString: adminUrl });
    await dropper.connect();
    await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await dropper.end();
  };
  return database;
}
