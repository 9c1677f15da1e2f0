/**
 * Vitest globalSetup of the API test projects (`pglite`, `postgres`): migrates ONE
 * template database per run, so that each test file copies it instead of creating a
 * database and running every migration itself (the copy is the same schema, made by the
 * same migrations, just once).
 * - PGlite: a migrated in-memory PGlite's data directory, dumped to an uncompressed tar in
 *   a temporary directory; openTestDatabase loads it (`loadDataDir`), which also skips
 *   PGlite's initdb.
 * - PostgreSQL: a migrated database `fp_tpl_<time>_<random>` on TEST_DATABASE_URL; each
 *   file's database is `CREATE DATABASE … TEMPLATE` it. Dropped when the run ends.
 * Tests read the template with `inject('testDbTemplate')`; without it (a config without
 * this setup) openTestDatabase creates and migrates as before.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../db/client';

/** What openTestDatabase copies: a dumped PGlite data directory, or a PostgreSQL database. */
export type TestDbTemplate = { kind: 'pglite'; file: string } | { kind: 'postgres'; name: string };

declare module 'vitest' {
  export interface ProvidedContext {
    testDbTemplate?: TestDbTemplate;
  }
}

/** Builds the template for the project's database kind; returns its teardown. */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const kind = project.config.env?.TEST_DB === 'postgres' ? 'postgres' : 'pglite';
  if (kind === 'pglite') {
    const dir = mkdtempSync(path.join(tmpdir(), 'fp-test-template-'));
    const file = path.join(dir, 'migrated.tar');
    const database = await openDatabase({ dataDir: 'memory://' });
    await database.migrate();
    const dump = await database.pglite!.dumpDataDir('none');
    writeFileSync(file, new Uint8Array(await dump.arrayBuffer()));
    await database.close();
    project.provide('testDbTemplate', { kind, file });
    return async () => rmSync(dir, { recursive: true, force: true });
  }
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('the postgres project needs TEST_DATABASE_URL');
  const name = `fp_tpl_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    const database = await openDatabase({ url: url.toString(), poolSize: 1 });
    await database.migrate();
    // No connection may stay open on a template database: CREATE DATABASE … TEMPLATE
    // refuses a source that others are connected to.
    await database.close();
  } finally {
    await admin.end();
  }
  project.provide('testDbTemplate', { kind, name });
  return async () => {
    const dropper = new pg.Client({ connectionString: adminUrl });
    await dropper.connect();
    await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await dropper.end();
  };
}
