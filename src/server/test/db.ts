/**
 * Test databases. Without TEST_DATABASE_URL (or with TEST_DB=pglite) each call opens
 * a fresh in-memory PGlite; with TEST_DB=postgres it creates a fresh database on the
 * TEST_DATABASE_URL server (one per test file), and drops it on close. Both start as a
 * copy of the run's migrated template (global-setup.ts) when Vitest provides one, else
 * empty and migrated here.
 */
import { randomBytes } from 'node:crypto';
import { openAsBlob } from 'node:fs';
import pg from 'pg';
import { inject } from 'vitest';
import { type Database, openDatabase } from '../db/client';

export function testDbKind(): 'pglite' | 'postgres' {
  if (process.env.TEST_DB === 'postgres') {
    if (!process.env.TEST_DATABASE_URL) throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL');
    return 'postgres';
  }
  return 'pglite';
}

/**
 * Opens a migrated, empty test database. `migrate()` still runs on the copied template:
 * it finds every migration applied and changes nothing (a few queries).
 */
export async function openTestDatabase(opts: { poolSize?: number } = {}): Promise<Database> {
  const template = inject('testDbTemplate');
  if (testDbKind() === 'pglite') {
    const database = await openDatabase({
      dataDir: 'memory://',
      loadDataDir: template?.kind === 'pglite' ? await openAsBlob(template.file) : undefined,
    });
    await database.migrate();
    return database;
  }
  const adminUrl = process.env.TEST_DATABASE_URL!;
  const name = `fp_test_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(
    template?.kind === 'postgres'
      ? `CREATE DATABASE ${name} TEMPLATE ${template.name}`
      : `CREATE DATABASE ${name}`,
  );
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
