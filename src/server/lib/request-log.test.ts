/**
 * Request logging (issue 12, lib/request-log.ts): one JSON line per answered request
 * with reqId, method, url, status, ms and the client address, written without a child
 * logger per request; a handler's own log line still carries its request's reqId; an
 * error keeps Fastify's own line. Also: the security headers written straight into the
 * reply's header store arrive complete on every kind of answer.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app';
import { pinoParts } from './request-log';
import { apiHeaders, helmetHeaders } from './security-headers';

interface Line {
  level: number;
  msg: string;
  reqId?: string;
  [key: string]: unknown;
}

let t: TestApp;
const lines: Line[] = [];

beforeAll(async () => {
  t = await createTestApp({
    logger: { level: 'info', stream: { write: (line: string) => lines.push(JSON.parse(line)) } },
  });
});
afterAll(() => t?.close());

const requestLines = () => lines.filter((l) => l.msg === 'request');

describe('request log', () => {
  it('writes one line per request with reqId, method, url, status, ms and address', async () => {
    lines.length = 0;
    const res = await t.app.inject({ url: '/api/products?x=1', remoteAddress: '203.0.113.9' });
    expect(res.statusCode).toBe(200);
    const [line, ...more] = requestLines();
    expect(more).toEqual([]);
    expect(line).toMatchObject({
      level: 30,
      msg: 'request',
      method: 'GET',
      url: '/api/products?x=1',
      statusCode: 200,
      ip: '203.0.113.9',
    });
    expect(line!.reqId).toMatch(/^req-/);
    expect(typeof line!.ms).toBe('number');
    // reqId first, as the child logger's binding was: the same JSON line as before.
    expect(Object.keys(line!).indexOf('reqId')).toBeLessThan(Object.keys(line!).indexOf('method'));
    expect(lines.filter((l) => l.msg === 'incoming request')).toEqual([]);
  });

  it('gives each request its own reqId, also on lines a handler writes through request.log', async () => {
    lines.length = 0;
    // A cross-site POST is refused by the guard, which logs a warning through request.log.
    await t.app.inject({ url: '/api/products' });
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/cart',
      headers: { origin: 'https://evil.example', 'x-session-id': 'abcdefghijklmnopqrstuv' },
      payload: {},
    });
    expect(refused.statusCode).toBe(403);
    const warning = lines.find((l) => l.msg === 'cross-site request refused');
    expect(warning?.reqId).toMatch(/^req-/);
    const ids = requestLines().map((l) => l.reqId);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toContain(warning!.reqId);
  });
});

describe('direct request lines (npm start)', () => {
  /** The raw request lines an app writes for `urls`, with time and ms masked. */
  async function rawLines(directRequestLines: boolean, urls: string[]): Promise<string[]> {
    const raw: string[] = [];
    const app = await createTestApp({
      logger: { level: 'info', stream: { write: (line: string) => raw.push(line) } },
      directRequestLines,
    });
    try {
      // Pino's parts are found: the direct path is the one taken.
      expect(pinoParts(app.app.log) !== null).toBe(true);
      for (const url of urls) {
        await app.app.inject({ url, remoteAddress: '203.0.113.7' });
      }
    } finally {
      await app.close();
    }
    return raw
      .filter((line) => line.includes('"msg":"request"'))
      .map((line) => line.replace(/"time":\d+/, '"time":0').replace(/"ms":[\d.e-]+/, '"ms":0'));
  }

  it('writes byte for byte the line pino writes', async () => {
    const urls = ['/api/products', '/api/products/999999', '/api/nothing-"here"?q=\u00e9%22'];
    const direct = await rawLines(true, urls);
    const viaPino = await rawLines(false, urls);
    expect(direct).toHaveLength(urls.length);
    expect(direct).toEqual(viaPino);
    const first = JSON.parse(direct[0]!);
    expect(first).toMatchObject({
      level: 30,
      method: 'GET',
      url: '/api/products',
      ip: '203.0.113.7',
    });
    expect(first.statusCode).toBe(200);
  });

  it('writes nothing when the level is above info', async () => {
    const raw: string[] = [];
    const app = await createTestApp({
      logger: { level: 'warn', stream: { write: (line: string) => raw.push(line) } },
      directRequestLines: true,
    });
    try {
      expect((await app.app.inject({ url: '/api/products' })).statusCode).toBe(200);
      app.app.log.level = 'info';
      expect((await app.app.inject({ url: '/api/products' })).statusCode).toBe(200);
    } finally {
      await app.close();
    }
    expect(raw.filter((line) => line.includes('"msg":"request"'))).toHaveLength(1);
  });
});

describe('security headers on every answer', () => {
  // The document set as helmet builds it (CSP aside: the shop's own, checked by its start).
  const documentSet = helmetHeaders({
    contentSecurityPolicy: false,
    crossOriginEmbedderPolicy: false,
  });
  const apiSet = apiHeaders({ ...documentSet, 'content-security-policy': 'x' });
  const documentOnly = [
    'cross-origin-opener-policy',
    'origin-agent-cluster',
    'x-dns-prefetch-control',
    'x-download-options',
    'x-permitted-cross-domain-policies',
    'x-xss-protection',
  ];

  it('sends the API set on the catalogue reads: cached, 304, uncached, refused and unknown', async () => {
    const first = await t.app.inject({ url: '/api/products' });
    const answers = [
      first,
      await t.app.inject({ url: '/api/products', headers: { 'if-none-match': '*' } }),
      await t.app.inject({ url: '/api/products/999999' }),
      await t.app.inject({ url: '/api/products/abc' }),
    ];
    expect(answers.map((a) => a.statusCode)).toEqual([200, 304, 404, 400]);
    for (const answer of answers) {
      for (const [name, value] of Object.entries(apiSet)) {
        expect(answer.headers[name], `${name} on ${answer.statusCode}`).toBe(value);
      }
      expect(answer.headers['content-security-policy']).toBe(
        "default-src 'none'; frame-ancestors 'none'",
      );
      for (const name of documentOnly) expect(answer.headers[name], name).toBeUndefined();
    }
    // The route's own headers sit beside them.
    expect(first.headers.etag).toBeTruthy();
    expect(first.headers['cache-control']).toBe('no-cache');
  });

  it('sends the document set on every other answer: the API, its errors and not-found', async () => {
    const answers = [
      await t.app.inject({
        url: '/api/cart',
        headers: { 'x-session-id': 'abcdefghijklmnopqrstuv' },
      }),
      await t.app.inject({ url: '/api/cart' }),
      await t.app.inject({ url: '/api/nothing-here' }),
      await t.app.inject({ method: 'POST', url: '/api/products', payload: {} }),
    ];
    expect(answers.map((a) => a.statusCode)).toEqual([200, 400, 404, 401]);
    for (const answer of answers) {
      expect(answer.headers['content-security-policy']).toContain("default-src 'self'");
      for (const [name, value] of Object.entries(documentSet)) {
        expect(answer.headers[name], `${name} on ${answer.statusCode}`).toBe(value);
      }
    }
  });
});
