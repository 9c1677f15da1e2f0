/**
 * Vitest globalSetup of the browser tests: starts the shop once on a new DATA_DIR exactly
 * as startTestShop does (migrations, demo data, the e2e admin) and stops it, so that each
 * test file's shop starts from a copy of that PGlite data directory instead of creating
 * one (PGlite's initdb), migrating and seeding again. startShop still runs its whole
 * start-up on the copy (migrate, seed and admin bootstrap find their work done, as on any
 * restart). Provided to the tests as `e2eDataTemplate` (the template's pglite directory).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { loadConfig } from '../../src/server/config';
import { startShop } from '../../src/server/start';
import { E2E_SHOP_ENV } from './shop-env';

declare module 'vitest' {
  export interface ProvidedContext {
    e2eDataTemplate?: string;
  }
}

/** Builds the template data directory; returns its teardown. */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'fp-e2e-template-'));
  const shop = await startShop(loadConfig({ ...E2E_SHOP_ENV, DATA_DIR: dataDir }), {
    logger: false,
  });
  await shop.stop();
  project.provide('e2eDataTemplate', path.join(dataDir, 'pglite'));
  return async () => rmSync(dataDir, { recursive: true, force: true });
}
