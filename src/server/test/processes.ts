/**
 * Helpers of the tests that start shop processes (start.test.ts, cluster.postgres.test.ts):
 * a free port, and a request held in flight across a stop.
 */
import http from 'node:http';
import { createServer } from 'node:net';
import { expect } from 'vitest';

/** A TCP port free on 127.0.0.1 now (nothing listens on it afterwards). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address
          ? resolve(address.port)
          : reject(new Error('no port')),
      );
    });
  });
}

/**
 * POST /api/client-errors held in flight: a keep-alive connection first answers a GET,
 * then carries the POST's headers and half its body. `finish()` sends the rest;
 * `response` resolves with the status (rejects when the connection is cut).
 */
export async function heldRequest(
  base: string,
): Promise<{ finish(): void; response: Promise<number> }> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  await new Promise<void>((resolve, reject) => {
    http
      .get(`${base}/api/products`, { agent }, (res) => {
        res.resume();
        res.on('end', resolve);
      })
      .on('error', reject);
  });
  const body = JSON.stringify({ message: 'held in flight', url: '/stop-test', source: 'window' });
  const half = Math.floor(body.length / 2);
  const req = http.request(`${base}/api/client-errors`, {
    agent,
    method: 'POST',
    headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
  });
  const response = new Promise<number>((resolve, reject) => {
    req.on('response', (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', reject);
  });
  response.catch(() => {}).finally(() => agent.destroy());
  expect(req.reusedSocket).toBe(true);
  req.write(body.slice(0, half));
  return { finish: () => req.end(body.slice(half)), response };
}
