/**
 * Instructions per request of the public catalogue reads (issue 12), counted by valgrind's
 * callgrind: unlike req/s or CPU time, the count does not move with the machine's load, so
 * a change of a few percent shows (docs/decisions.md "Performance and several instances"
 * 19). Each target runs under `valgrind --tool=callgrind --instr-atstart=no
 * --separate-threads=yes`: uninstrumented through start-up and a warm-up (so the JIT has
 * settled), then instrumented for a fixed number of requests (callgrind_control -i on/off),
 * dumped, and the count divided by the requests. Reported: the main thread's count without
 * the garbage collections run on it (the inclusive cost of `Heap::CollectGarbage` and of
 * incremental marking, read with callgrind_annotate), which is the code a request runs and
 * holds steady between runs; the GC on the main thread and the other threads (V8's compiler
 * and GC helpers) are printed beside it: how much of them lands in the 5,000 requests, and
 * on which thread, varies from run to run (the main thread's whole count moved by 25%).
 *
 * Targets: the shop of this checkout (started as `npm start` runs it: NODE_ENV=production,
 * default logging, on PostgreSQL), the checkouts named in BENCH_INSTR_COMPARE (comma list
 * of directories holding another version of the project with node_modules and dist/web),
 * and the bare baseline (scripts/bench-bare.ts, the same response bytes from memory), all
 * at once (each valgrind process uses one core at a time).
 *
 * Env: BENCH_DATABASE_URL (default TEST_DATABASE_URL, else
 * postgres://postgres@127.0.0.1:5432/test; a temporary database per shop is made beside it
 * and dropped), BENCH_INSTR_KIND (`one`: GET /api/products/{id}, default; `list`:
 * GET /api/products), BENCH_INSTR_WARMUP (60000 requests), BENCH_INSTR_REQUESTS (5000).
 * Needs valgrind (Debian package `valgrind`). Takes about five minutes.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { freePort, shopEnv, waitFor } from './bench-support';

const baseUrl =
  process.env.BENCH_DATABASE_URL ??
  process.env.TEST_DATABASE_URL ??
  'postgres://postgres@127.0.0.1:5432/test';
const kind = process.env.BENCH_INSTR_KIND === 'list' ? 'list' : 'one';
const warmup = Number(process.env.BENCH_INSTR_WARMUP ?? 60000);
const requests = Number(process.env.BENCH_INSTR_REQUESTS ?? 5000);
const compareDirs = (process.env.BENCH_INSTR_COMPARE ?? '').split(',').filter(Boolean);

const work = mkdtempSync(path.join(tmpdir(), 'fp-bench-instr-'));
const children: ChildProcess[] = [];
const databases: string[] = [];
// valgrind names its control pipes after $HOST, which the shop's environment sets: the
// same value is given to callgrind_control so that it finds them.
const HOST = '127.0.0.1';

function underCallgrind(cwd: string, script: string, out: string, env: Record<string, string>) {
  const child = spawn(
    'valgrind',
    [
      '--tool=callgrind',
      '--instr-atstart=no',
      '--separate-threads=yes',
      '--smc-check=all-non-file',
      `--vgdb-prefix=${path.join(work, 'vgdb')}`,
      `--callgrind-out-file=${out}`,
      process.execPath,
      '--import',
      'tsx',
      script,
    ],
    { cwd, env: { ...process.env, ...env, HOST }, stdio: ['ignore', 'ignore', 'ignore'] },
  );
  children.push(child);
  return child;
}

function control(pid: number, ...args: string[]) {
  execFileSync(
    'callgrind_control',
    [`--vgdb-prefix=${path.join(work, 'vgdb')}`, ...args, String(pid)],
    {
      env: { ...process.env, HOST },
      stdio: 'ignore',
    },
  );
}

async function newDatabase(): Promise<string> {
  const name = `fp_bench_instr_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  databases.push(name);
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Starts the shop of `cwd` under callgrind; its URL and process. */
async function startShop(name: string, cwd: string) {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(work, 'data-'));
  const out = path.join(work, `${name}.callgrind`);
  // Start-up under valgrind takes minutes: no per-step limit.
  const env = {
    ...shopEnv({ port, dataDir, databaseUrl: await newDatabase() }),
    STARTUP_STEP_TIMEOUT_MS: '0',
  };
  const child = underCallgrind(cwd, 'src/server/main.ts', out, env);
  const url = `http://127.0.0.1:${port}`;
  await waitFor(`${url}/api/products`, 900_000);
  return { name, child, out, url };
}

/** Inclusive instructions of the functions whose name contains one of `names`, in `file`. */
function inclusive(file: string, names: string[]): number {
  const text = execFileSync('callgrind_annotate', ['--inclusive=yes', '--threshold=100', file], {
    maxBuffer: 256 * 1024 * 1024,
  }).toString();
  let total = 0;
  for (const line of text.split('\n')) {
    const match = line.match(/^\s*([\d,]+) \([^)]*\)\s+\S*?:(.*)$/);
    if (match && names.some((name) => match[2]!.includes(name))) {
      total += Number(match[1]!.replaceAll(',', ''));
    }
  }
  return total;
}

/** Main-thread GC entry points (their inclusive costs do not overlap). */
const GC_ENTRIES = [
  'v8::internal::Heap::CollectGarbage(',
  'v8::internal::IncrementalMarking::Step(',
];

interface Count {
  /** Main thread, without its garbage collections. */
  code: number;
  /** Garbage collection on the main thread. */
  gc: number;
  /** All other threads. */
  others: number;
}

/** Instructions per request of `child` over `requests` requests to `url`. */
async function count(child: ChildProcess, out: string, url: string): Promise<Count> {
  await autocannon({ url, connections: 10, amount: warmup });
  control(child.pid!, '-i', 'on');
  const result = await autocannon({ url, connections: 10, amount: requests });
  control(child.pid!, '-i', 'off');
  if (result.non2xx || result.errors)
    throw new Error(`${url}: ${result.non2xx} unexpected answers`);
  control(child.pid!, '-d');
  await new Promise((resolve) => setTimeout(resolve, 3000));
  const base = path.basename(out);
  const files = readdirSync(work)
    .filter((f) => f.startsWith(`${base}.1-`))
    .sort()
    .map((f) => path.join(work, f));
  const totals = files.map((f) =>
    Number(readFileSync(f, 'utf8').match(/^totals: (\d+)/m)?.[1] ?? 0),
  );
  const gc = files[0] ? inclusive(files[0], GC_ENTRIES) : 0;
  const others = totals.slice(1).reduce((a, b) => a + b, 0);
  return {
    code: ((totals[0] ?? 0) - gc) / requests,
    gc: gc / requests,
    others: others / requests,
  };
}

try {
  const shops = [await startShop('shop', process.cwd())];
  for (const dir of compareDirs) shops.push(await startShop(path.basename(dir), dir));
  const first = shops[0]!;
  const products = (await (await fetch(`${first.url}/api/products`)).json()) as { id: number }[];
  const id = products[0]!.id;
  const barePort = await freePort();
  const bareOut = path.join(work, 'bare.callgrind');
  const bare = underCallgrind(process.cwd(), 'scripts/bench-bare.ts', bareOut, {
    PORT: String(barePort),
    SHOP_URL: first.url,
    PRODUCT_ID: String(id),
    DATABASE_URL: '',
  });
  const bareUrl = `http://127.0.0.1:${barePort}`;
  await waitFor(`${bareUrl}/products`, 900_000);
  const targets = [
    ...shops.map((s) => ({
      name: s.name,
      child: s.child,
      out: s.out,
      url: kind === 'list' ? `${s.url}/api/products` : `${s.url}/api/products/${id}`,
    })),
    {
      name: 'bare',
      child: bare,
      out: bareOut,
      url: kind === 'list' ? `${bareUrl}/products` : `${bareUrl}/products/one`,
    },
  ];
  const counts = await Promise.all(targets.map((t) => count(t.child, t.out, t.url)));
  console.log(
    `Instructions per request, ${kind === 'list' ? 'GET /api/products' : 'GET /api/products/{id}'} (${requests} requests after ${warmup}):`,
  );
  targets.forEach((t, i) => {
    const c = counts[i]!;
    console.log(
      `  ${t.name}: ${c.code.toFixed(0)} on the main thread outside GC (GC there ${c.gc.toFixed(0)}, other threads ${c.others.toFixed(0)})`,
    );
  });
} finally {
  for (const child of children) child.kill('SIGKILL');
  await new Promise((resolve) => setTimeout(resolve, 2000));
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  for (const name of databases) await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.end();
  rmSync(work, { recursive: true, force: true });
}
