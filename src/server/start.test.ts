/**
 * Starting and stopping one shop process (docs/deploy.md 2):
 * - `npm start`'s server (src/server/main.ts run by the tsx CLI, which relays signals to
 *   its child node process) with requests in flight, given SIGTERM twice on its whole
 *   process group (tsx and node each get both): the requests are answered, exit code 0;
 * - a PostgreSQL server that cannot be reached stops the start with one line naming
 *   DATABASE_URL and host:port, never the password (startShop, and main.ts's stderr).
 * Embedded PGlite for the running shop: no test database is needed.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from './config';
import { databaseUnreachable } from './db/client';
import { startShop } from './start';
import { freePort, heldRequest } from './test/processes';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const tsx = path.join(root, 'node_modules', '.bin', 'tsx');

/** `npm start`'s server command, in a process group of its own; stdout and stderr collected. */
function startMain(env: Record<string, string>) {
  const { DATABASE_URL: _url, TEST_DATABASE_URL: _test, ...inherited } = process.env;
  const child = spawn(tsx, ['src/server/main.ts'], {
    cwd: root,
    env: { ...inherited, NODE_ENV: 'development', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  const output = { stdout: '', stderr: '' };
  child.stdout!.on('data', (chunk) => {
    output.stdout += String(chunk);
  });
  child.stderr!.on('data', (chunk) => {
    output.stderr += String(chunk);
  });
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code) => resolve(code)),
  );
  return { child, output, exited };
}

const spawned: ChildProcess[] = [];
const dirs: string[] = [];

afterAll(() => {
  for (const child of spawned) {
    if (child.exitCode !== null || child.signalCode !== null) continue;
    try {
      process.kill(-child.pid!, 'SIGKILL');
    } catch {}
  }
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

// The shop runs on its own PGlite in both projects (DATABASE_URL is not passed on).
describe('npm start (main.ts under tsx)', () => {
  it('SIGTERM twice to tsx and node: requests in flight are answered, then exit 0', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'fp-main-'));
    dirs.push(dataDir);
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const shop = startMain({
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      SEED_DEMO: 'false',
      PAYMENT_PROVIDER: 'test',
    });
    spawned.push(shop.child);
    const until = Date.now() + 50_000;
    while (!shop.output.stdout.includes(`is open at ${base} (pglite, payments: test)`)) {
      if (Date.now() > until || shop.child.exitCode !== null) {
        throw new Error(`did not start:\n${shop.output.stdout}\n${shop.output.stderr}`);
      }
      await new Promise((r) => setTimeout(r, 100));
    }

    const held = [await heldRequest(base), await heldRequest(base)];
    await new Promise((r) => setTimeout(r, 300)); // the POSTs' headers reach the shop
    process.kill(-shop.child.pid!, 'SIGTERM');
    await new Promise((r) => setTimeout(r, 300));
    try {
      process.kill(-shop.child.pid!, 'SIGTERM');
    } catch {} // the group is gone already: the requests below were cut
    await new Promise((r) => setTimeout(r, 1_000));
    for (const request of held) request.finish();
    expect(await Promise.all(held.map((request) => request.response))).toEqual([204, 204]);
    expect(await shop.exited).toBe(0);
  }, 60_000);
});

describe('a database that cannot be reached', () => {
  it('startShop fails with one line naming DATABASE_URL and host:port, never the password', async () => {
    const port = await freePort();
    const config = loadConfig({
      DATABASE_URL: `postgres://fairway:s3cret-pw@127.0.0.1:${port}/fairway`,
      PORT: '0',
      PAYMENT_PROVIDER: 'test',
    });
    const failure = await startShop(config, { logger: false }).then(
      () => null,
      (err: Error) => err,
    );
    expect(failure?.message).toMatch(
      new RegExp(
        `^DATABASE_URL: cannot connect to PostgreSQL at 127\\.0\\.0\\.1:${port} \\(.*ECONNREFUSED.*\\)$`,
      ),
    );
    expect(failure?.message).not.toContain('s3cret-pw');
  });

  it('the line is the same whatever the password is (nothing of it shows, not even by a mask)', () => {
    const cause = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5439'), {
      code: 'ECONNREFUSED',
    });
    const lines = ['s3cret-pw', 'connect', 'ECONNREFUSED', '1', 'fairway'].map(
      (password) =>
        databaseUnreachable(`postgres://fairway:${password}@127.0.0.1:5439/fairway`, cause).message,
    );
    expect(new Set(lines).size).toBe(1);
    expect(lines[0]).toBe(
      'DATABASE_URL: cannot connect to PostgreSQL at 127.0.0.1:5439 (ECONNREFUSED: nothing listens there)',
    );
  });

  it('npm start prints that line alone on stderr and exits 1', async () => {
    const port = await freePort();
    const shop = startMain({
      DATABASE_URL: `postgres://fairway:s3cret-pw@127.0.0.1:${port}/fairway`,
      HOST: '127.0.0.1',
      PORT: '0',
      PAYMENT_PROVIDER: 'test',
    });
    spawned.push(shop.child);
    expect(await shop.exited).toBe(1);
    expect(shop.output.stderr.trim()).toMatch(
      new RegExp(
        `^DATABASE_URL: cannot connect to PostgreSQL at 127\\.0\\.0\\.1:${port} \\([^\\n]*\\)$`,
      ),
    );
    expect(shop.output.stderr + shop.output.stdout).not.toContain('s3cret-pw');
  }, 30_000);
});
