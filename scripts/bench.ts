/**
 * `npm run bench`: autocannon on 127.0.0.1 against GET /api/products,
 * GET /api/products/{id} and GET /api/cart of the shop running on PostgreSQL (a fresh
 * database with the demo catalogue), beside a bare Fastify route that returns the same
 * product list from memory, in the same run. Prints req/s and p99 latency for each and
 * the ratio to the bare route. Target: /api/products >= 0.5 of the bare route.
 *
 * Env: BENCH_DATABASE_URL (default TEST_DATABASE_URL, else postgres://postgres@127.0.0.1:5432/test;
 * a temporary database is created beside it and dropped), BENCH_SECONDS (default 10),
 * BENCH_CONNECTIONS (default 50).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import autocannon from 'autocannon';
import pg from 'pg';

const baseUrl =
  process.env.BENCH_DATABASE_URL ??
  process.env.TEST_DATABASE_URL ??
  'postgres://postgres@127.0.0.1:5432/test';
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      srv.close(() =>
        typeof addr === 'object' && addr ? resolve(addr.port) : reject(new Error('no port')),
      );
    });
  });
}

function startChild(script: string, env: Record<string, string>): ChildProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', script], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  return child;
}

async function waitFor(url: string, timeoutMs = 60_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`timed out waiting for ${url}`);
}

interface Row {
  name: string;
  reqPerSec: number;
  p99: number;
  errors: number;
}

async function run(name: string, url: string, headers: Record<string, string> = {}): Promise<Row> {
  // Short warm-up so JIT and caches settle, then the measured run.
  await autocannon({ url, connections, duration: 2, headers });
  const result = await autocannon({ url, connections, duration: seconds, headers });
  return {
    name,
    reqPerSec: result.requests.average,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx,
  };
}

const dbName = `fp_bench_${randomBytes(4).toString('hex')}`;
const admin = new pg.Client({ connectionString: baseUrl });
await admin.connect();
await admin.query(`CREATE DATABASE ${dbName}`);
await admin.end();
const dbUrl = new URL(baseUrl);
dbUrl.pathname = `/${dbName}`;

const children: ChildProcess[] = [];
try {
  const shopPort = await freePort();
  children.push(
    startChild('src/server/main.ts', {
      DATABASE_URL: dbUrl.toString(),
      PORT: String(shopPort),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      SEED_DEMO: 'true',
      DATA_DIR: `/tmp/${dbName}`,
      ADMIN_USERNAME: 'benchadmin',
      ADMIN_PASSWORD: randomBytes(12).toString('hex'),
    }),
  );
  const shop = `http://127.0.0.1:${shopPort}`;
  await waitFor(`${shop}/api/products`);
  const products = (await (await fetch(`${shop}/api/products`)).json()) as {
    id: number;
    stockQuantity: number;
  }[];
  const product = products.find((p) => p.stockQuantity > 10) ?? products[0];

  // A cart with three lines for one session.
  const sessionId = randomBytes(16).toString('base64url');
  for (const p of products.filter((x) => x.stockQuantity > 10).slice(0, 3)) {
    const res = await fetch(`${shop}/api/cart`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-session-id': sessionId },
      body: JSON.stringify({ productId: p.id, quantity: 2 }),
    });
    if (!res.ok)
      throw new Error(`could not fill the bench cart: ${res.status} ${await res.text()}`);
  }

  const barePort = await freePort();
  children.push(
    startChild('scripts/bench-bare.ts', {
      PORT: String(barePort),
      PRODUCTS_URL: `${shop}/api/products`,
    }),
  );
  await waitFor(`http://127.0.0.1:${barePort}/products`);

  console.log(
    `\nautocannon: ${connections} connections, ${seconds} s per endpoint, PostgreSQL, ${products.length} products\n`,
  );
  const bare = await run('bare Fastify (memory)', `http://127.0.0.1:${barePort}/products`);
  const rows = [
    bare,
    await run('GET /api/products', `${shop}/api/products`),
    await run(`GET /api/products/${product.id}`, `${shop}/api/products/${product.id}`),
    await run('GET /api/cart', `${shop}/api/cart`, { 'x-session-id': sessionId }),
  ];
  console.log('| endpoint | req/s | p99 ms | vs bare | errors |');
  console.log('|---|---:|---:|---:|---:|');
  for (const r of rows) {
    console.log(
      `| ${r.name} | ${Math.round(r.reqPerSec)} | ${r.p99} | ${(r.reqPerSec / bare.reqPerSec).toFixed(2)} | ${r.errors} |`,
    );
  }
  const ratio = rows[1].reqPerSec / bare.reqPerSec;
  console.log(
    `\nGET /api/products / bare = ${ratio.toFixed(2)} (target >= 0.50): ${ratio >= 0.5 ? 'met' : 'NOT met'}`,
  );
} finally {
  // Stop the servers (SIGKILL after 5 s) before dropping their database.
  await Promise.all(
    children.map(
      (c) =>
        new Promise<void>((resolve) => {
          if (c.exitCode !== null || c.signalCode !== null) return resolve();
          const kill = setTimeout(() => c.kill('SIGKILL'), 5000);
          c.once('exit', () => {
            clearTimeout(kill);
            resolve();
          });
          c.kill('SIGTERM');
        }),
    ),
  );
  const dropper = new pg.Client({ connectionString: baseUrl });
  await dropper.connect();
  await dropper.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
  await dropper.end();
}
