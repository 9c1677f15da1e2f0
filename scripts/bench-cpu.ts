/**
 * CPU time per request of the public catalogue reads (issue 12), steadier than req/s on a
 * shared machine: the shop (started as `npm start` runs it: NODE_ENV=production, default
 * logging, on PostgreSQL) and the bare baseline (scripts/bench-bare.ts) each serve a fixed
 * number of requests (autocannon `amount`, 50 connections, after a warm-up), and the CPU
 * time (user + system, /proc/<pid>/stat) the process used over them is divided by that
 * number. Processes alternate per round; medians are printed.
 *
 * `BENCH_CPU_COMPARE=<dir>[,<dir>...]`: more shops from other checkouts of the project
 * (e.g. the commit before a change, `git archive <commit> | tar -x -C <dir>` with
 * node_modules and dist/web beside it), named by their directory's base name, are measured
 * in the same rounds, so a before/after comparison shares the machine's load.
 *
 * Env: BENCH_DATABASE_URL (default TEST_DATABASE_URL, else
 * postgres://postgres@127.0.0.1:5432/test; a temporary database is created beside it and
 * dropped), BENCH_CPU_REQUESTS (30000 per measurement), BENCH_CPU_ROUNDS (3),
 * BENCH_PROFILE_DIR (every process writes a CPU profile there), BENCH_CPU_THREADS=1 (also
 * prints each measurement's CPU µs per request by thread: the main thread and the sum of
 * the others, V8's and libuv's helpers; /proc/<pid>/task). Linux only (/proc).
 * Also measured: the list answered 304 (If-None-Match with its ETag), shops only.
 * Run alone: `flock /work/wt/measure.lock npx tsx scripts/bench-cpu.ts`.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { cpuTicks, freePort, shopEnv, waitFor } from './bench-support';

const baseUrl =
  process.env.BENCH_DATABASE_URL ??
  process.env.TEST_DATABASE_URL ??
  'postgres://postgres@127.0.0.1:5432/test';
const requests = Number(process.env.BENCH_CPU_REQUESTS ?? 30000);
const rounds = Number(process.env.BENCH_CPU_ROUNDS ?? 3);
const compareDirs = (process.env.BENCH_CPU_COMPARE ?? '').split(',').filter(Boolean);
const profileDir = process.env.BENCH_PROFILE_DIR;
const byThread = process.env.BENCH_CPU_THREADS === '1';
const here = process.cwd();

const children: ChildProcess[] = [];
const cleanups: (() => void)[] = [];

/** Starts `script` of the checkout in `cwd` under tsx (both handle SIGTERM: profiles are written). */
function startChild(cwd: string, script: string, env: Record<string, string>): ChildProcess {
  const profile = profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : [];
  const args = [...profile, '--import', 'tsx', script];
  const child = spawn(process.execPath, args, {
    cwd,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  children.push(child);
  return child;
}

/** CPU time (user + system) the process has used, ms (clock ticks of 10 ms). */
function cpuMs(pid: number): number {
  return cpuTicks(pid) * 10;
}

/** CPU ms (user + system) of the process's main thread and of all its other threads together. */
function threadCpuMs(pid: number): { main: number; others: number } {
  let main = 0;
  let others = 0;
  for (const tid of readdirSync(`/proc/${pid}/task`)) {
    let stat: string;
    try {
      stat = readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8');
    } catch {
      continue; // the thread ended meanwhile
    }
    const fields = stat.slice(stat.lastIndexOf(') ') + 2).split(' ');
    const ms = (Number(fields[11]) + Number(fields[12])) * 10;
    if (tid === String(pid)) main += ms;
    else others += ms;
  }
  return { main, others };
}

interface Target {
  name: string;
  pid: number;
  list: string;
  one: string;
  /** The list's ETag (shops only): `list304` asks with `If-None-Match`. */
  etag?: string;
}

/** What is measured per round; `list304` (shops only): the list answered 304 Not Modified. */
const KINDS = ['list', 'one', 'list304'] as const;
type Kind = (typeof KINDS)[number];
const LABELS: Record<Kind, string> = {
  list: 'GET /api/products',
  one: 'GET /api/products/{id}',
  list304: 'GET /api/products, If-None-Match -> 304',
};

async function startShop(name: string, cwd: string, databaseUrl: string): Promise<Target> {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'fp-bench-cpu-'));
  cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
  const url = `http://127.0.0.1:${port}`;
  const child = startChild(cwd, 'src/server/main.ts', shopEnv({ port, dataDir, databaseUrl }));
  await waitFor(`${url}/api/products`);
  const listed = await fetch(`${url}/api/products`);
  const products = (await listed.json()) as { id: number }[];
  return {
    name,
    pid: child.pid!,
    list: `${url}/api/products`,
    one: `${url}/api/products/${products[0]!.id}`,
    etag: listed.headers.get('etag') ?? undefined,
  };
}

/**
 * CPU µs per request of `pid` over `requests` requests to `url` (after a warm-up); with
 * `ifNoneMatch` every answer must be 304, else 2xx.
 */
async function measure(url: string, pid: number, ifNoneMatch?: string): Promise<number> {
  const headers = ifNoneMatch ? { 'if-none-match': ifNoneMatch } : {};
  await autocannon({ url, connections: 50, amount: 5000, headers });
  const before = cpuMs(pid);
  const threadsBefore = byThread ? threadCpuMs(pid) : null;
  const result = await autocannon({ url, connections: 50, amount: requests, headers });
  const wrong = ifNoneMatch ? requests - result['3xx'] : result.non2xx;
  if (wrong || result.errors) throw new Error(`${url}: ${wrong} unexpected answers`);
  if (threadsBefore) {
    const after = threadCpuMs(pid);
    const us = (ms: number) => ((ms * 1000) / requests).toFixed(1);
    console.log(
      `  ${url}: main thread ${us(after.main - threadsBefore.main)} µs/request, other threads ${us(after.others - threadsBefore.others)}`,
    );
  }
  return ((cpuMs(pid) - before) * 1000) / requests;
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
};

const dbName = `fp_bench_cpu_${randomBytes(4).toString('hex')}`;
const admin = new pg.Client({ connectionString: baseUrl });
await admin.connect();
await admin.query(`CREATE DATABASE ${dbName}`);
await admin.end();
const dbUrl = new URL(baseUrl);
dbUrl.pathname = `/${dbName}`;

try {
  const load = () => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
  console.log(`${new Date().toISOString()} load average ${load()}`);
  const shop = await startShop('shop', here, dbUrl.toString());
  const targets: Target[] = [shop];
  for (const dir of compareDirs) {
    targets.push(await startShop(path.basename(dir), dir, dbUrl.toString()));
  }
  const barePort = await freePort();
  const bare = startChild(here, 'scripts/bench-bare.ts', {
    PORT: String(barePort),
    SHOP_URL: shop.list.replace('/api/products', ''),
    PRODUCT_ID: shop.one.split('/').pop()!,
    DATABASE_URL: '',
  });
  const bareUrl = `http://127.0.0.1:${barePort}`;
  await waitFor(`${bareUrl}/products`);
  targets.unshift({
    name: 'bare',
    pid: bare.pid!,
    list: `${bareUrl}/products`,
    one: `${bareUrl}/products/one`,
  });

  const samples = new Map<string, number[]>();
  for (let round = 0; round < rounds; round++) {
    for (const kind of KINDS) {
      const line: string[] = [];
      for (const t of targets) {
        if (kind === 'list304' && !t.etag) continue;
        const us = await measure(
          kind === 'list304' ? t.list : t[kind],
          t.pid,
          t.etag && kind === 'list304' ? t.etag : undefined,
        );
        const key = `${kind} ${t.name}`;
        samples.set(key, [...(samples.get(key) ?? []), us]);
        line.push(`${t.name} ${us.toFixed(1)}`);
      }
      console.log(`round ${round + 1} ${kind}: ${line.join(', ')} µs/request`);
    }
  }
  // The median, and the lowest (on a loaded machine the run least disturbed by others).
  for (const [stat, pick] of [
    ['median', median],
    ['lowest', (xs: number[]) => Math.min(...xs)],
  ] as const) {
    console.log(`\nCPU µs per request (${stat} of ${rounds}, ${requests} requests each):`);
    for (const kind of KINDS) {
      // The bare route answers no 304: its full answer of the list is the reference.
      const bareUs = pick(samples.get(`${kind === 'list304' ? 'list' : kind} bare`)!);
      const rest = targets
        .filter((t) => t.name !== 'bare')
        .map((t) => {
          const us = pick(samples.get(`${kind} ${t.name}`)!);
          return `${t.name} ${us.toFixed(1)} (bare/${t.name} ${(bareUs / us).toFixed(2)})`;
        });
      const bare = kind === 'list304' ? 'bare (full list)' : 'bare';
      console.log(`${LABELS[kind]}: ${bare} ${bareUs.toFixed(1)}, ${rest.join(', ')}`);
    }
  }
  console.log(`${new Date().toISOString()} load average ${load()}`);
} finally {
  for (const c of children) if (c.exitCode === null) c.kill('SIGTERM');
  await new Promise((r) => setTimeout(r, 2000));
  for (const c of cleanups) c();
  const dropper = new pg.Client({ connectionString: baseUrl });
  await dropper.connect();
  await dropper.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
  await dropper.end();
}
