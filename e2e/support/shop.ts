/**
 * Starts the real shop for browser tests: built web app + API on a fresh embedded
 * PGlite in a temporary DATA_DIR, demo data seeded, a known admin account, the
 * offline test payment provider, listening on 127.0.0.1 on a free port.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { loadConfig } from '../../src/server/config';
import { type StartedShop, startShop } from '../../src/server/start';

export const E2E_ADMIN = { username: 'e2eadmin', password: 'e2e-admin-password-1' };

export async function startTestShop(): Promise<StartedShop & { dataDir: string }> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'fp-e2e-'));
  const config = loadConfig({
    HOST: '127.0.0.1',
    PORT: '0',
    DATA_DIR: dataDir,
    SEED_DEMO: 'true',
    PAYMENT_PROVIDER: 'test',
    LOG_LEVEL: 'warn',
    ADMIN_USERNAME: E2E_ADMIN.username,
    ADMIN_PASSWORD: E2E_ADMIN.password,
  });
  const shop = await startShop(config, { logger: false });
  return {
    ...shop,
    dataDir,
    async stop() {
      await shop.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
