/**
 * `npm run db:migrate`: applies the pending migrations to the configured database
 * (DATABASE_URL, else the embedded PGlite under DATA_DIR) and exits; nothing else is
 * changed (no demo data, no admin). For a deploy that migrates before it restarts the
 * instances (docs/deploy.md); `npm start` migrates too, under the same lock.
 */
import path from 'node:path';
import { loadConfig } from '../config';
import { openDatabase } from './client';

const config = loadConfig();
const database = await openDatabase(
  config.DATABASE_URL
    ? { url: config.DATABASE_URL }
    : { dataDir: path.join(config.DATA_DIR, 'pglite') },
);
try {
  await database.migrate();
  console.log(`Migrations applied (${database.kind}).`);
} finally {
  await database.close();
}
