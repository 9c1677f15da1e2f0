/**
 * `npm run start:cluster` (src/server/cluster.ts, issue 12 "Two instances") as a user runs
 * it: the primary on one port with WEB_CONCURRENCY=2 workers on one PostgreSQL database.
 * Connections are handed to the workers in turn, so requests on new connections reach
 * both; each worker's request lines (with its pid) come out on the primary's stdout,
 * which tells which worker answered what:
 * - both workers answer, and a session registered through one is signed in on the other;
 * - a worker that dies is replaced, and the shop keeps answering;
 * - SIGTERM stops the workers and the primary cleanly (exit code 0);
 * - with requests in flight, SIGTERM to every process of the cluster at once (systemd's
 *   KillMode=control-group) drains them: each request is answered, every process exits 0;
 *   so does SIGTERM to the primary alone (a second cluster).
 * The cross-instance rules themselves (cart, rate limit, catalogue edits) are
 * instances.postgres.test.ts's. PostgreSQL only (the cluster refuses PGlite).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from './db/client';
import { openTestDatabase } from './test/db';
import { freePort, heldRequest } from './test/processes';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

interface LogLine {
  pid: number;
  msg: string;
  url?: string;
  method?: string;
  statusCode?: number;
}

let database: Database;
let primary: ChildProcess;
let base: string;
let dataDir: string;
const lines: LogLine[] = [];

/** Resolves with the first log line `test` accepts (now or later); rejects after `ms`. */
async function waitForLine(test: (line: LogLine) => boolean, ms = 45_000): Promise<LogLine> {
  const until = Date.now() + ms;
  for (;;) {
    const found = lines.find(test);
    if (found) return found;
    if (Date.now() > until) throw new Error('log line not seen');
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** The pids of the workers serving now ("worker <pid> serving ..." lines). */
const servingPids = () => lines.filter((l) => /^worker \d+ serving/.test(l.msg)).map((l) => l.pid);

/**
 * One request on a connection of its own (no keep-alive agent), so the primary hands it
 * to the next worker. Resolves with status, JSON body and Set-Cookie lines.
 */
function call(
  urlPath: string,
  options: { method?: string; body?: unknown; cookie?: string } = {},
): Promise<{ status: number; body: unknown; cookies: string[] }> {
  const payload = options.body === undefined ? undefined : JSON.stringify(options.body);
  return new Promise((resolve, reject) => {
    const req = http.request(
      `${base}${urlPath}`,
      {
        agent: false,
        method: options.method ?? 'GET',
        headers: {
          ...(payload ? { 'content-type': 'application/json' } : {}),
          ...(options.cookie ? { cookie: options.cookie } : {}),
        },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk) => {
          text += chunk;
        });
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            body: text ? JSON.parse(text) : null,
            cookies: res.headers['set-cookie'] ?? [],
          }),
        );
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

/** Starts `npm run start:cluster`'s process (two workers) on `database`; sets `primary`, `base`, `lines`. */
async function launch(): Promise<void> {
  lines.length = 0;
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  primary = spawn(process.execPath, ['--import', 'tsx', 'src/server/cluster.ts'], {
    cwd: root,
    env: {
      ...process.env,
      DATABASE_URL: database.pool!.options.connectionString,
      HOST: '127.0.0.1',
      PORT: String(port),
      WEB_CONCURRENCY: '2',
      LOG_LEVEL: 'info',
      SEED_DEMO: 'false',
      PAYMENT_PROVIDER: 'test',
      DATA_DIR: dataDir,
      ADMIN_USERNAME: 'clusteradmin',
      ADMIN_PASSWORD: randomBytes(12).toString('hex'),
    },
    stdio: ['ignore', 'pipe', 'inherit'],
    // A process group of its own: a test signals the whole group, as systemd does.
    detached: true,
  });
  let pending = '';
  primary.stdout!.on('data', (chunk) => {
    pending += String(chunk);
    const complete = pending.split('\n');
    pending = complete.pop()!;
    for (const text of complete) {
      if (text.startsWith('{')) lines.push(JSON.parse(text) as LogLine);
    }
  });
  await waitForLine(() => servingPids().length >= 2, 60_000);
}

/** Ends the cluster started last, if still running (SIGKILL to its whole group). */
async function kill(): Promise<void> {
  if (!primary?.pid) return;
  if (primary.exitCode === null && primary.signalCode === null) {
    const exited = new Promise((resolve) => primary.once('exit', resolve));
    primary.kill('SIGKILL');
    await exited;
  }
  // Workers left behind by a failed test (the group is the cluster's alone).
  try {
    process.kill(-primary.pid, 'SIGKILL');
  } catch {}
}

/** The exit code of `primary`, once it exits. */
const primaryExit = () =>
  new Promise<number | null>((resolve) => primary.once('exit', (code) => resolve(code)));

/** Three held requests on three connections (round-robin spreads them over the workers). */
async function holdThree() {
  const held = [];
  for (let i = 0; i < 3; i++) held.push(await heldRequest(base));
  await new Promise((r) => setTimeout(r, 300)); // the POSTs' headers reach the workers
  return held;
}

beforeAll(async () => {
  database = await openTestDatabase({ poolSize: 2 });
  dataDir = mkdtempSync(path.join(tmpdir(), 'fp-cluster-'));
});

afterAll(async () => {
  await kill();
  await database?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

describe('npm run start:cluster (two workers behind one port)', () => {
  beforeAll(launch, 90_000);

  it('answers from both workers, and a session made through one is signed in on the other', async () => {
    const workers = servingPids();
    expect(new Set(workers).size).toBe(2);
    // Each worker's start line has main.ts's facts (docs/deploy.md 5: `payments: ...`).
    for (const line of lines.filter((l) => /^worker \d+ serving/.test(l.msg))) {
      expect(line.msg).toMatch(
        /^worker \d+ serving http:\/\/127\.0\.0\.1:\d+ \(.+, postgres, payments: test\)$/,
      );
    }

    const username = `cluster_${randomBytes(4).toString('hex')}`;
    const registered = await call('/api/auth/register', {
      method: 'POST',
      body: { username, email: `${username}@example.com`, password: 'correct-horse-battery' },
    });
    expect(registered.status).toBe(201);
    const cookie = registered.cookies.map((line) => line.split(';')[0]).join('; ');
    expect(cookie).not.toBe('');
    for (let i = 0; i < 4; i++) {
      const user = await call('/api/auth/user', { cookie });
      expect(user.status).toBe(200);
      expect((user.body as { username: string }).username).toBe(username);
    }

    // Request lines reach stdout within a second (batched); they name the answering pid.
    const answered = (url: string) =>
      lines.filter((l) => l.msg === 'request' && l.url === url).map((l) => l.pid);
    await waitForLine(() => answered('/api/auth/user').length >= 4, 10_000);
    const registeredBy = answered('/api/auth/register');
    expect(registeredBy).toHaveLength(1);
    const readBy = new Set(answered('/api/auth/user'));
    expect([...readBy].every((pid) => workers.includes(pid))).toBe(true);
    // The other worker also read the session (connections alternate between workers).
    expect([...readBy].some((pid) => pid !== registeredBy[0])).toBe(true);
  });

  it('replaces a worker that dies and keeps answering', async () => {
    const [victim] = servingPids();
    process.kill(victim!, 'SIGKILL');
    const replacement = await waitForLine(
      (l) => /^worker \d+ serving/.test(l.msg) && !servingPids().slice(0, 2).includes(l.pid),
      80_000,
    );
    expect(replacement.pid).not.toBe(victim);
    for (let i = 0; i < 4; i++) {
      expect((await call('/api/products')).status).toBe(200);
    }
  }, 90_000); // a new worker loads the whole app: slow on a loaded machine

  it('SIGTERM to every process at once (and again): requests in flight are answered, all exit 0', async () => {
    const workers = servingPids().slice(-2);
    const held = await holdThree();
    const exited = primaryExit();
    // systemd's KillMode=control-group: the primary and each worker get SIGTERM, then the
    // primary passes one more to each worker; a supervisor may repeat it.
    process.kill(-primary.pid!, 'SIGTERM');
    await new Promise((r) => setTimeout(r, 500));
    try {
      process.kill(-primary.pid!, 'SIGTERM');
    } catch {} // the group is gone already: the requests below were cut
    await new Promise((r) => setTimeout(r, 1_500));
    for (const request of held) request.finish();
    expect(await Promise.all(held.map((request) => request.response))).toEqual([204, 204, 204]);
    expect(await exited).toBe(0);
    // Each worker drained and exited 0 (the primary's log says so).
    for (const pid of workers) {
      await waitForLine((l) => l.msg === `worker ${pid} stopped (exit code 0)`, 5_000);
    }
    await expect(call('/api/products')).rejects.toThrow();
  }, 30_000);
});

describe('npm run start:cluster stopped by SIGTERM to the primary alone', () => {
  beforeAll(async () => {
    await kill();
    await launch();
  }, 90_000);

  it('drains the workers (requests in flight are answered), then the primary exits 0', async () => {
    const held = await holdThree();
    const exited = primaryExit();
    primary.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 1_500));
    for (const request of held) request.finish();
    expect(await Promise.all(held.map((request) => request.response))).toEqual([204, 204, 204]);
    expect(await exited).toBe(0);
    await expect(call('/api/products')).rejects.toThrow();
  }, 30_000);
});
