/**
 * One shop instance as its own process, for tests that need an instance to die for
 * real (SIGKILL): starts the shop (start.ts, without setup: the database is already
 * migrated) on DATABASE_URL, on 127.0.0.1 and a free port, and prints
 * `LISTENING <port>` on stdout.
 * Run: `node --import tsx src/server/test/instance.ts` with DATABASE_URL set.
 */
import { loadConfig } from '../config';
import { startShop } from '../start';

const config = loadConfig({
  ...process.env,
  HOST: '127.0.0.1',
  PORT: '0',
  LOG_LEVEL: 'silent',
  SEED_DEMO: 'false',
  PAYMENT_PROVIDER: 'test',
  SESSION_SECRET: 'instance-test-session-secret-0123456789abcdef',
});
if (!config.DATABASE_URL) throw new Error('DATABASE_URL is required');
const shop = await startShop(config, { setup: false, logger: false });
process.stdout.write(`LISTENING ${new URL(shop.url).port}\n`);
