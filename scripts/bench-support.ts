/**
 * Process helpers shared by the bench scripts (bench.ts, bench-cpu.ts): a free local port,
 * waiting for a started server, and a process's CPU time read from /proc (Linux).
 */
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';

/** A TCP port free on 127.0.0.1 right now. */
export async function freePort(): Promise<number> {
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

/** Resolves once `url` answers 2xx; throws after `timeoutMs`. */
export async function waitFor(url: string, timeoutMs = 90_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`timed out waiting for ${url}`);
}

/** CPU time (user + system) process `pid` has used, in clock ticks (1/100 s). */
export function cpuTicks(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return Number(fields[11]) + Number(fields[12]);
}

/**
 * The environment the bench scripts start the shop with: as `npm start` runs it in
 * production (NODE_ENV=production, default logging), on test payments, with the demo
 * catalogue and a bench admin, listening on 127.0.0.1:`port`. `databaseUrl` null: PGlite
 * under `dataDir`.
 */
export function shopEnv(opts: {
  port: number;
  dataDir: string;
  databaseUrl: string | null;
}): Record<string, string> {
  const url = `http://127.0.0.1:${opts.port}`;
  return {
    NODE_ENV: 'production',
    PAYMENT_PROVIDER: 'test',
    HOST: '127.0.0.1',
    PORT: String(opts.port),
    PUBLIC_URL: url,
    DATA_DIR: opts.dataDir,
    SEED_DEMO: 'true',
    ADMIN_USERNAME: 'benchadmin',
    ADMIN_PASSWORD: randomBytes(12).toString('hex'),
    ...(opts.databaseUrl ? { DATABASE_URL: opts.databaseUrl } : {}),
  };
}
