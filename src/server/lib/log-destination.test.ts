/**
 * The batching log destination (lib/log-destination.ts, issue 12): every line pino writes
 * reaches the descriptor, in order, when the destination is closed, when the process
 * exits without closing it, and when the real shop (`npm start`'s main.ts) is stopped
 * with SIGTERM right after answering requests.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pino from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { testDbKind } from '../test/db';
import { createLogDestination } from './log-destination';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const dir = mkdtempSync(path.join(tmpdir(), 'fp-log-destination-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The JSON lines of a file. */
function linesOf(file: string): { msg: string; n?: number; [key: string]: unknown }[] {
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line));
}

describe('log destination', () => {
  it('writes every line, in order, once closed (batches, the timer and the rest)', async () => {
    const file = path.join(dir, 'closed.log');
    const fd = openSync(file, 'w');
    // Small batches so the test crosses many of them, with writes still in flight at close.
    const logs = createLogDestination({ fd, batchSize: 2048, flushMs: 20 });
    const log = pino({ level: 'info' }, logs.stream);
    const count = 20_000;
    for (let n = 0; n < count; n++) {
      // Multi-byte text: batch sizes are counted in characters, bytes differ.
      log.info({ n, url: `/api/products/${n}?q=é€😀` }, 'request');
      if (n % 5000 === 0) await new Promise((r) => setTimeout(r, 30));
    }
    await logs.close();
    log.info({ n: count }, 'after close'); // dropped, not thrown
    // close() closed the descriptor (it is not stdout or stderr).
    expect(() => closeSync(fd)).toThrow(/EBADF/);
    const lines = linesOf(file);
    expect(lines.length).toBe(count);
    expect(lines.map((l) => l.n)).toEqual(Array.from({ length: count }, (_, n) => n));
    expect(lines[count - 1]!.url).toBe(`/api/products/${count - 1}?q=é€😀`);
  });

  // Fewer lines than one batch (about 30 KB of 64): all of them are still pending at the
  // exit, which writes them synchronously. A batch whose asynchronous write is already
  // in flight at a crash can be lost (as with pino's own destination; the module
  // comment says so): with 3,000 lines a loaded machine lost the first batch.
  it('writes what is pending when the process exits without closing it', () => {
    const file = path.join(dir, 'exit.log');
    const script = `
      import pino from 'pino';
      import { openSync } from 'node:fs';
      import { createLogDestination } from './src/server/lib/log-destination.ts';
      const logs = createLogDestination({ fd: openSync(${JSON.stringify(file)}, 'w') });
      const log = pino({ level: 'info' }, logs.stream);
      for (let n = 0; n < 300; n++) log.info({ n }, 'line');
      process.exit(3);
    `;
    const run = spawnSync(
      process.execPath,
      ['--import', 'tsx', '--input-type=module', '-e', script],
      {
        cwd: root,
        encoding: 'utf8',
      },
    );
    expect(run.status, run.stderr).toBe(3);
    expect(linesOf(file).map((l) => l.n)).toEqual(Array.from({ length: 300 }, (_, n) => n));
  });

  // The shop below runs on its own embedded database whatever the project: once (in the
  // PGlite project) is enough; the PostgreSQL project would repeat the same run.
  if (testDbKind() === 'pglite')
    it('the shop writes every request line before it exits on SIGTERM', async () => {
      const dataDir = mkdtempSync(path.join(dir, 'shop-'));
      // The embedded database in a fresh directory; no outside services.
      const env: NodeJS.ProcessEnv = { ...process.env };
      for (const key of ['DATABASE_URL', 'PUBLIC_URL', 'SMTP_URL', 'PAYPAL_CLIENT_ID', 'TEST_DB'])
        delete env[key];
      const child: ChildProcess = spawn(
        process.execPath,
        ['--import', 'tsx', 'src/server/main.ts'],
        {
          cwd: root,
          env: {
            ...env,
            DATA_DIR: dataDir,
            HOST: '127.0.0.1',
            PORT: '0',
            LOG_LEVEL: 'info',
            PAYMENT_PROVIDER: 'test',
            SEED_DEMO: 'true',
          },
          stdio: ['ignore', 'pipe', 'inherit'],
        },
      );
      try {
        let out = '';
        child.stdout!.on('data', (d) => {
          out += String(d);
        });
        const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
        // The start-up lines reach stdout within the destination's one-second flush.
        const url = await new Promise<string>((resolve, reject) => {
          const timer = setInterval(() => {
            const m = /is open at (http:\/\/127\.0\.0\.1:\d+)/.exec(out);
            if (m) {
              clearInterval(timer);
              resolve(m[1]!);
            }
          }, 50);
          exited.then(() => reject(new Error(`shop exited: ${out}`)));
        });
        const requests = 40;
        for (let i = 0; i < requests; i++) {
          const res = await fetch(`${url}/api/products?i=${i}`);
          expect(res.status).toBe(200);
          await res.arrayBuffer();
        }
        // Stopped at once: the lines are still in the batch, not yet on stdout.
        child.kill('SIGTERM');
        expect(await exited).toBe(0);
        const lines = out
          .split('\n')
          .filter((l) => l.startsWith('{'))
          .map((l) => JSON.parse(l) as { msg: string; url?: string; statusCode?: number });
        const requestLines = lines.filter(
          (l) => l.msg === 'request' && l.url?.startsWith('/api/products?i='),
        );
        expect(requestLines.map((l) => l.url)).toEqual(
          Array.from({ length: requests }, (_, i) => `/api/products?i=${i}`),
        );
        expect(requestLines.every((l) => l.statusCode === 200)).toBe(true);
      } finally {
        if (child.exitCode === null) child.kill('SIGKILL');
      }
    }, 120_000);
});
