/**
 * The front cache (issue 12, lib/front-cache.ts): the catalogue reads answered before
 * Fastify's router carry the same status, headers (in order) and bytes as the routes'
 * answers, write the same request line, follow an edit at once, honour TRUST_PROXY, and
 * leave every other request to Fastify. Over real HTTP: `inject` never reaches a server.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Product } from '../../shared/schemas/catalog';
import { insertProduct, signedInClient } from '../catalog/testing';
import { createTestApp, type TestApp } from '../test/app';

interface Line {
  msg: string;
  reqId: string;
  [key: string]: unknown;
}

interface Answer {
  status: number;
  /** Raw header name/value pairs as sent, without Date. */
  headers: [string, string][];
  body: Buffer;
}

/** A started app listening on 127.0.0.1 with its request lines captured. */
interface Listening {
  t: TestApp;
  url: string;
  lines: Line[];
  agent: http.Agent;
}

/** `direct`: request lines built from pino's parts, as `npm start` writes them; else pino's `info()`. */
async function listening(env: Record<string, string> = {}, direct = true): Promise<Listening> {
  const lines: Line[] = [];
  const t = await createTestApp({
    env,
    logger: { level: 'info', stream: { write: (line: string) => lines.push(JSON.parse(line)) } },
    directRequestLines: direct,
  });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = t.app.server.address() as AddressInfo;
  return { t, url: `http://127.0.0.1:${port}`, lines, agent: new http.Agent({ keepAlive: true }) };
}

/** One request over a keep-alive connection; the whole answer. */
function send(
  on: Listening,
  path: string,
  options: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      `${on.url}${path}`,
      { method: options.method ?? 'GET', headers: options.headers, agent: on.agent },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const headers: [string, string][] = [];
          for (let i = 0; i < res.rawHeaders.length; i += 2) {
            if (res.rawHeaders[i] !== 'Date')
              headers.push([res.rawHeaders[i]!, res.rawHeaders[i + 1]!]);
          }
          resolve({ status: res.statusCode!, headers, body: Buffer.concat(chunks) });
        });
      },
    );
    req.on('error', reject);
    req.end(options.body);
  });
}

/**
 * `path` read until the front cache answers it: after a catalogue write the first read
 * refills the cache through Fastify, and on PostgreSQL the write's change notification
 * may empty it once more a moment later.
 */
async function untilFront(on: Listening, path: string): Promise<Answer> {
  const front = on.t.app.deps.frontCache;
  for (let attempt = 0; attempt < 100; attempt++) {
    const before = front.answered;
    const answer = await send(on, path);
    if (front.answered === before + 1) return answer;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`${path}: the front cache never answered`);
}

/** `path` answered once by the front cache and once by Fastify (the front cache off). */
async function bothWays(
  on: Listening,
  path: string,
  options: { method?: string; headers?: Record<string, string> } = {},
) {
  const front = on.t.app.deps.frontCache;
  const before = front.answered;
  const fast = await send(on, path, options);
  expect(front.answered, `${path} answered by the front cache`).toBe(before + 1);
  front.enabled = false;
  try {
    const routed = await send(on, path, options);
    expect(front.answered, `${path} answered by Fastify`).toBe(before + 1);
    return { fast, routed };
  } finally {
    front.enabled = true;
  }
}

/** The request lines written so far (the test logger's stream takes each line at once). */
const requestLines = (on: Listening) => on.lines.filter((l) => l.msg === 'request');

let shop: Listening;
let product: Product;

beforeAll(async () => {
  shop = await listening();
  for (let i = 0; i < 6; i++) {
    await insertProduct(shop.t, { name: `Front Pin ${i}`, description: 'y'.repeat(300) });
  }
  // The first read fills the catalogue cache (Fastify's route); the front cache serves it after.
  const list = await untilFront(shop, '/api/products');
  product = (JSON.parse(list.body.toString()) as Product[])[0]!;
});
afterAll(async () => {
  shop?.agent.destroy();
  await shop?.t.close();
});

describe('front cache', () => {
  it("answers the catalogue reads with the status, headers and bytes of Fastify's routes", async () => {
    const one = `/api/products/${product.id}`;
    const etagOf = async (path: string) =>
      (await send(shop, path)).headers.find(([name]) => name === 'etag')![1];
    const cases: [string, { method?: string; headers?: Record<string, string> }][] = [
      ['/api/products', {}],
      [one, {}],
      ['/api/products', { method: 'HEAD' }],
      [one, { method: 'HEAD' }],
      ['/api/products', { headers: { 'accept-encoding': 'gzip, deflate, br' } }],
      ['/api/products', { headers: { 'accept-encoding': 'gzip' } }],
      ['/api/products', { method: 'HEAD', headers: { 'accept-encoding': 'br' } }],
      ['/api/products', { headers: { 'accept-encoding': 'br;q=0, gzip;q=0' } }],
      [one, { headers: { 'if-none-match': await etagOf(one) } }],
      [one, { method: 'HEAD', headers: { 'if-none-match': await etagOf(one) } }],
      [
        '/api/products',
        { headers: { 'if-none-match': `"other", W/${await etagOf('/api/products')}` } },
      ],
      [one, { headers: { 'if-none-match': '"stale"' } }],
    ];
    const statuses: number[] = [];
    for (const [path, options] of cases) {
      const { fast, routed } = await bothWays(shop, path, options);
      const label = `${options.method ?? 'GET'} ${path} ${JSON.stringify(options.headers ?? {})}`;
      expect(fast.status, label).toBe(routed.status);
      expect(fast.headers, label).toEqual(routed.headers);
      expect(fast.body.equals(routed.body), label).toBe(true);
      statuses.push(fast.status);
    }
    // The cases cover full, compressed and not-modified answers.
    expect(statuses).toEqual([200, 200, 200, 200, 200, 200, 200, 200, 304, 304, 304, 200]);
    const br = await send(shop, '/api/products', { headers: { 'accept-encoding': 'br' } });
    expect(br.headers).toContainEqual(['content-encoding', 'br']);
    expect(br.headers).toContainEqual([
      'content-security-policy',
      "default-src 'none'; frame-ancestors 'none'",
    ]);
  });

  it('writes the request line the router writes, with a request id of the same sequence', async () => {
    shop.lines.length = 0;
    const path = `/api/products/${product.id}`;
    await bothWays(shop, path);
    await bothWays(shop, path, { headers: { 'if-none-match': '*' } });
    const lines = requestLines(shop);
    expect(lines).toHaveLength(4);
    const mask = ({ time: _t, ms, reqId: _r, ...rest }: Line) => {
      expect(typeof ms).toBe('number');
      return rest;
    };
    expect(mask(lines[0]!)).toEqual(mask(lines[1]!));
    expect(mask(lines[2]!)).toEqual(mask(lines[3]!));
    expect(mask(lines[0]!)).toMatchObject({
      method: 'GET',
      url: path,
      statusCode: 200,
      ip: '127.0.0.1',
    });
    expect(lines[2]!.statusCode).toBe(304);
    // Keys in the same order (the same JSON text), ids counting up across both paths.
    expect(Object.keys(lines[0]!)).toEqual(Object.keys(lines[1]!));
    const ids = lines.map((l) => Number.parseInt(l.reqId.slice(4), 36));
    expect(ids).toEqual([ids[0], ids[0]! + 1, ids[0]! + 2, ids[0]! + 3]);
  });

  it('writes no request line on either path when the level is above info', async () => {
    shop.t.app.log.level = 'warn';
    try {
      shop.lines.length = 0;
      await bothWays(shop, `/api/products/${product.id}`);
      expect(requestLines(shop)).toEqual([]);
    } finally {
      shop.t.app.log.level = 'info';
    }
  });

  it('shows an edit at once: the next read is the new product', async () => {
    const path = `/api/products/${product.id}`;
    const before = await send(shop, path);
    const { client: admin } = await signedInClient(shop.t, 'admin');
    const edit = await admin.put(`${path}/stock`, { stockQuantity: 7 });
    expect(edit.statusCode).toBe(200);
    const after = await send(shop, path);
    expect((JSON.parse(after.body.toString()) as Product).stockQuantity).toBe(7);
    const etag = (a: Answer) => a.headers.find(([name]) => name === 'etag')![1];
    expect(etag(after)).not.toBe(etag(before));
    // Served from the refilled cache again: the front cache answers the new product.
    expect((await untilFront(shop, path)).body.equals(after.body)).toBe(true);
  });

  it('leaves every other request to Fastify, which answers it as before', async () => {
    const front = shop.t.app.deps.frontCache;
    const [inactive] = [await insertProduct(shop.t, { name: 'Front Hidden Pin', isActive: false })];
    await untilFront(shop, '/api/products'); // refilled after the insert
    const count = front.answered;
    const expected: [
      string,
      { method?: string; body?: string; headers?: Record<string, string> },
      number,
    ][] = [
      ['/api/products?includeInactive=true', {}, 401],
      ['/api/products?x=1', {}, 200],
      [`/api/products/0${product.id}`, {}, 400],
      ['/api/products/99999999', {}, 404],
      ['/api/products/2147483648', {}, 400],
      [`/api/products/${inactive!.id}`, {}, 404],
      ['/api/products/', {}, 400],
      ['/API/products', {}, 404],
      [
        `/api/products/${product.id}`,
        // A GET with a body (Node's client frames it only when told the length).
        {
          method: 'GET',
          body: '{}',
          headers: { 'content-type': 'application/json', 'content-length': '2' },
        },
        200,
      ],
      [
        `/api/products/${product.id}`,
        { method: 'GET', body: '{}', headers: { 'transfer-encoding': 'chunked' } },
        200,
      ],
      [`/api/products/${product.id}`, { method: 'OPTIONS' }, 404],
      [
        '/api/products',
        { method: 'POST', body: '{}', headers: { 'content-type': 'application/json' } },
        401,
      ],
    ];
    for (const [path, options, status] of expected) {
      const res = await send(shop, path, options);
      expect(res.status, `${options.method ?? 'GET'} ${path}`).toBe(status);
    }
    expect(front.answered).toBe(count);
  });
});

describe('front cache behind a trusted proxy, request lines through pino', () => {
  let proxied: Listening;
  beforeAll(async () => {
    proxied = await listening({ TRUST_PROXY: '127.0.0.1' }, false);
    await insertProduct(proxied.t, { name: 'Proxied Pin' });
    await untilFront(proxied, '/api/products');
  });
  afterAll(async () => {
    proxied?.agent.destroy();
    await proxied?.t.close();
  });

  it('logs the client address Fastify reads from X-Forwarded-For', async () => {
    proxied.lines.length = 0;
    shop.lines.length = 0;
    const headers = { 'x-forwarded-for': '198.51.100.4' };
    await bothWays(proxied, '/api/products', { headers });
    // Not trusted without TRUST_PROXY: the peer's own address.
    await bothWays(shop, '/api/products', { headers });
    expect(requestLines(proxied).map((l) => l.ip)).toEqual(['198.51.100.4', '198.51.100.4']);
    expect(requestLines(shop).map((l) => l.ip)).toEqual(['127.0.0.1', '127.0.0.1']);
    // pino's own line (not built from its parts) is the same on both paths too.
    const [fast, routed] = requestLines(proxied).map(
      ({ time: _t, ms: _m, reqId: _r, ...rest }) => rest,
    );
    expect(fast).toEqual(routed);
    expect(Object.keys(requestLines(proxied)[0]!)).toEqual(Object.keys(requestLines(proxied)[1]!));
  });

  it('stops answering once the shop begins to close', async () => {
    const closing = await listening();
    await insertProduct(closing.t, { name: 'Closing Pin' });
    expect((await untilFront(closing, '/api/products')).status).toBe(200);
    const front = closing.t.app.deps.frontCache;
    closing.agent.destroy();
    await closing.t.close();
    // Fastify's preClose hook turned it off: a request reaching the server now gets Fastify's 503.
    expect(front.enabled).toBe(false);
  });
});
