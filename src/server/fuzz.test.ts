/**
 * Fuzz test (issue 11): a few thousand malformed requests over EVERY route the app
 * registers (enumerated from Fastify's onRoute hook, so routes added later are covered
 * without touching this file), as an anonymous visitor, a customer and an admin, with
 * malformed paths, query strings, JSON, form and multipart bodies and headers. A fixed
 * seed makes every run send the same requests (FUZZ_SEED / FUZZ_REQUESTS override).
 *
 * It asserts that nothing answers 5xx and that no row is written: every table's
 * content is checksummed before and after (except `rate_limits`, whose counters are
 * meant to count junk, and `sessions`, whose rows the identities' renewals may touch:
 * their number must stay the same). The requests are malformed by construction (junk
 * ids, junk values), so a write means junk got through. State-changing routes that take
 * no input at all (no body schema, no path parameter, no multipart: logout, clear the
 * cart, the admin's customer import) do their job whatever is sent, so they are called
 * anonymously only.
 */
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInClient } from './catalog/testing';
import { insertProduct } from './checkout/test-support';
import { createTestApp, type TestApp } from './test/app';

const SEED = Number(process.env.FUZZ_SEED ?? 20_251_111);
const REQUESTS = Number(process.env.FUZZ_REQUESTS ?? 3000);

/** mulberry32: a small seeded PRNG (same seed, same requests). */
function prng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (n: number) => Math.floor(next() * n);
  const pick = <T>(list: readonly T[]): T => list[int(list.length)]!;
  const chance = (p: number) => next() < p;
  return { next, int, pick, chance };
}
type Rng = ReturnType<typeof prng>;

// --- junk --------------------------------------------------------------------

/** Path parameter values that name nothing: malformed ids, encodings, traversal, huge. */
const JUNK_PARAMS = [
  '0',
  '-1',
  '0x10',
  '1e0',
  '+1',
  '%201',
  '1%20',
  '01',
  '1.5',
  '2147483648',
  '99999999999999999999',
  '%00',
  'a%00b',
  '%E0%A4%A',
  '%FF',
  '..%2F..%2Fetc%2Fpasswd',
  '%2e%2e',
  'null',
  'undefined',
  'NaN',
  'Infinity',
  '%7B%7D',
  '__proto__',
  'constructor',
  '%F0%9F%8F%8C',
  'TEST-nope',
  'x'.repeat(99),
  'x'.repeat(400),
  "1'%20OR%20'1'='1",
  '%3Cscript%3E',
];

/** Strings no field accepts: control characters, lone surrogates, or longer than any maximum. */
function junkString(r: Rng): string {
  return r.pick([
    () => `a\u0000b`,
    () => `\u0007bell`,
    () => `x\ud800y`,
    () => `\u001b[31m`,
    () => 'z'.repeat(12_000 + r.int(1000)),
    () => `${'<svg onload=alert(1)>'.repeat(700)}`,
    () => `'; DROP TABLE users; --\u0000`,
  ])();
}

/** A JSON value that fails every field of the shop's schemas. */
function junkValue(r: Rng, depth = 0): unknown {
  const leaves = [
    () => junkString(r),
    () => -1 - r.int(1000),
    () => 1.005,
    () => 2 ** 53 + r.int(9),
    () => -0.001,
    () => 1e300 * r.next(),
    () => null,
    () => [],
    () => ({}),
    () => r.chance(0.5),
  ];
  if (depth < 3 && r.chance(0.2)) {
    return r.chance(0.5)
      ? Array.from({ length: r.int(4) }, () => junkValue(r, depth + 1))
      : junkObject(r, depth + 1);
  }
  return r.pick(leaves)();
}

const FIELD_NAMES = [
  'username',
  'password',
  'email',
  'code',
  'orderAmount',
  'purpose',
  'discountCode',
  'amount',
  'productId',
  'quantity',
  'paypalOrderId',
  'customerEmail',
  'customerName',
  'shippingAddress',
  'name',
  'price',
  'imageUrl',
  'stockQuantity',
  'status',
  'trackingNumber',
  'isActive',
  'discountType',
  'discountValue',
  'invoiceNumber',
  'balanceToken',
  'preparedOrderId',
  'testOutcome',
  '__proto__',
  'constructor',
  'prototype',
  'a\u0000b',
];

function junkObject(r: Rng, depth = 0): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const n = 1 + r.int(6);
  for (let i = 0; i < n; i++) out[r.pick(FIELD_NAMES)] = junkValue(r, depth);
  return out;
}

/** The body of a request: [payload, content-type or undefined]. */
function junkBody(r: Rng): [string | Buffer | undefined, string | undefined] {
  switch (r.int(9)) {
    case 0:
      return [undefined, undefined];
    case 1:
      return ['', 'application/json'];
    case 2:
      return [
        r.pick(['{', '{"a":', '[1,2', 'nul', '{"__proto__":{"x":1}}', '\u0000']),
        'application/json',
      ];
    case 3:
      return [JSON.stringify(junkValue(r)), 'application/json'];
    case 4:
      return [
        JSON.stringify(junkObject(r)),
        r.pick(['text/plain', 'application/xml', 'application/json; charset=utf-16']),
      ];
    case 5:
      return [`a=${encode(junkString(r))}&__proto__[x]=1`, 'application/x-www-form-urlencoded'];
    case 6:
    case 7:
      return junkMultipart(r);
    default:
      return [JSON.stringify(junkObject(r)), 'application/json'];
  }
}

/** A web page's path (not the API, PayPal's routes or the WebSocket): HTML, not JSON. */
function isWebPage(url: string): boolean {
  return !/^\/(api|paypal|ws)(\/|\?|$)/.test(url);
}

/** A multipart body that is malformed, truncated, or well formed with junk fields. */
function junkMultipart(r: Rng): [Buffer, string] {
  const boundary = r.pick([
    `fuzz${r.int(1e9)}`,
    'b'.repeat(71),
    'b'.repeat(300),
    'ends-with-space ',
    '',
  ]);
  const contentType = r.pick([
    `multipart/form-data; boundary=${boundary}`,
    `multipart/form-data; boundary="${boundary}"`,
    'multipart/form-data',
    'multipart/form-data; boundary=',
    `multipart/mixed; boundary=${boundary}`,
  ]);
  const parts: Buffer[] = [];
  const n = r.int(40);
  for (let i = 0; i < n; i++) {
    const name = r.pick([
      ...FIELD_NAMES,
      'logo',
      'image',
      'file',
      'customerEmail',
      'projectDescription',
      'pinType',
    ]);
    if (r.chance(0.3)) {
      const filename = r.pick(['logo.png', 'a\u0000.svg', 'x'.repeat(400), '', '../../etc/passwd']);
      const data = r.pick([
        Buffer.from('\x89PNG\r\n'), // a cut signature: no image
        Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script>'), // not well formed
        Buffer.from('MZ not an image'),
        randomBytesSeeded(r, 2000),
        Buffer.alloc(0),
      ]);
      parts.push(
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="${filename}"\r\nContent-Type: ${r.pick(['image/png', 'image/svg+xml', 'text/html'])}\r\n\r\n`,
        ),
        data,
        Buffer.from('\r\n'),
      );
    } else {
      const header = r.chance(0.1)
        ? 'Garbage-Header'
        : `Content-Disposition: form-data; name="${name}"${r.chance(0.1) ? '; charset=utf-7' : ''}`;
      parts.push(
        Buffer.from(`--${boundary}\r\n${header}\r\n\r\n${junkString(r).slice(0, 70_000)}\r\n`),
      );
    }
  }
  if (r.chance(0.7)) parts.push(Buffer.from(`--${boundary}--\r\n`));
  let body = Buffer.concat(parts);
  if (r.chance(0.3)) body = body.subarray(0, r.int(body.length + 1)); // truncated
  return [body, contentType];
}

/** Percent-encodes `text`; a lone surrogate becomes the bytes a raw client would send (ED A0 80). */
function encode(text: string): string {
  return text.replace(/[\s\S]/gu, (ch) => {
    try {
      return encodeURIComponent(ch);
    } catch {
      return '%ED%A0%80';
    }
  });
}

function randomBytesSeeded(r: Rng, n: number): Buffer {
  const out = Buffer.alloc(n);
  for (let i = 0; i < n; i++) out[i] = r.int(256);
  return out;
}

function junkQuery(r: Rng): string {
  if (r.chance(0.4)) return '';
  const pairs = Array.from({ length: 1 + r.int(4) }, () => {
    const key = r.pick([
      'discountCode',
      'includeInactive',
      'id',
      'q',
      '__proto__[x]',
      'a[]',
      '%00',
    ]);
    const value = r.pick([
      encode(junkString(r).slice(0, 300)),
      '%00',
      '%E0%A4%A',
      'true',
      'x'.repeat(2000),
    ]);
    return `${key}=${value}`;
  });
  return `?${pairs.join('&')}`;
}

// --- the test ----------------------------------------------------------------

interface RouteInfo {
  method: string;
  url: string;
  /** No body schema and no path parameter (multipart routes are found by a probe). */
  inputless: boolean;
}

describe('fuzz: malformed requests over every route (issue 11)', () => {
  let t: TestApp;
  const routes: RouteInfo[] = [];
  const cookies: Record<'anonymous' | 'customer' | 'admin', string> = {
    anonymous: '',
    customer: '',
    admin: '',
  };

  beforeAll(async () => {
    t = await createTestApp({
      onRoute: (route: RouteOptions) => {
        for (const method of [route.method].flat()) {
          if (method !== 'HEAD') {
            const inputless = !route.schema?.body && !route.url.includes(':');
            routes.push({ method, url: route.url, inputless });
          }
        }
      },
    });
    await insertProduct(t.db);
    cookies.customer = (await signedInClient(t)).client.cookie;
    cookies.admin = (await signedInClient(t, 'admin')).client.cookie;
    // Which inputless routes read multipart (their input): the others answer 415 to it.
    for (const route of routes) {
      if (!route.inputless || route.method === 'GET') continue;
      const probe = await t.app.inject({
        method: route.method as 'POST',
        url: route.url,
        headers: {
          'content-type': 'multipart/form-data; boundary=probe',
          'x-session-id': randomBytes(16).toString('base64url'),
        },
        payload: '--probe--\r\n',
        remoteAddress: '10.201.0.1',
      });
      if (probe.statusCode !== 415) route.inputless = false;
    }
  });
  afterAll(() => t?.close());

  /** Every table's row count and content checksum (rate_limits and sessions: see above). */
  async function snapshot(): Promise<Record<string, string>> {
    const rows = async <T>(query: ReturnType<typeof sql>) =>
      ((await t.db.execute(query)) as unknown as { rows: T[] }).rows;
    const tables = await rows<{ tablename: string }>(
      sql`SELECT tablename FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename`,
    );
    const out: Record<string, string> = {};
    for (const { tablename } of tables) {
      if (tablename === 'rate_limits') continue;
      const id = sql.identifier(tablename);
      const query =
        tablename === 'sessions'
          ? sql`SELECT count(*)::text AS v FROM ${id}`
          : sql`SELECT count(*)::text || ':' || coalesce(md5(string_agg(t::text, ',' ORDER BY t::text)), '') AS v FROM ${id} t`;
      out[tablename] = (await rows<{ v: string }>(query))[0]!.v;
    }
    return out;
  }

  it('enumerates the routes from Fastify itself', () => {
    const paths = new Set(routes.map((r) => `${r.method} ${r.url}`));
    for (const known of [
      'POST /api/auth/login',
      'POST /api/quote-requests',
      'POST /paypal/order/:id/capture',
      'DELETE /api/products/:id',
    ]) {
      expect(paths).toContain(known);
    }
    expect(routes.length).toBeGreaterThan(30);
  });

  it(`answers ${REQUESTS} malformed requests (seed ${SEED}) without a 5xx and writes no row`, async () => {
    const r = prng(SEED);
    const before = await snapshot();
    const failures: string[] = [];
    const statuses = new Map<number, number>();
    const started = Date.now();
    for (let i = 0; i < REQUESTS; i++) {
      const route = r.pick(routes);
      const picked = r.pick(['anonymous', 'customer', 'admin'] as const);
      const identity = route.inputless && route.method !== 'GET' ? 'anonymous' : picked;
      const method = r.chance(0.05) ? r.pick(['PUT', 'PATCH', 'DELETE', 'OPTIONS']) : route.method;
      const url =
        route.url.replace(/:[A-Za-z]+/g, () => r.pick(JUNK_PARAMS)) +
        (r.chance(0.03) ? '/extra' : '') +
        junkQuery(r);
      const [payload, contentType] = method === 'GET' ? [undefined, undefined] : junkBody(r);
      const headers: Record<string, string> = {};
      if (contentType) headers['content-type'] = contentType;
      if (cookies[identity]) headers.cookie = cookies[identity];
      const sessionId = r.pick([
        randomBytes(16).toString('base64url'),
        '',
        'short',
        'bad id!',
        'x'.repeat(200),
        '%00',
      ]);
      if (sessionId) headers['x-session-id'] = sessionId;
      if (r.chance(0.05)) headers.origin = r.pick(['https://evil.example', 'null']);
      if (r.chance(0.03)) headers['content-length'] = String(r.int(100));
      const res = await t.app.inject({
        method: method as 'GET',
        url,
        headers,
        payload,
        remoteAddress: `10.200.${r.int(250)}.${r.int(250)}`,
      });
      statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
      if (res.statusCode >= 500) {
        failures.push(
          `${res.statusCode} ${method} ${url.slice(0, 200)} as ${identity}: ${res.body.slice(0, 200)}`,
        );
      } else if (isWebPage(url)) {
        // Web pages (issue 10: server-sent pages, sitemap, robots) answer HTML, XML or text;
        // input refused before the page (control characters: 400) keeps the JSON error.
        const type = String(res.headers['content-type'] ?? '');
        if (!(/html|xml|plain/.test(type) || (res.statusCode >= 400 && /json/.test(type)))) {
          failures.push(`non-page ${res.statusCode} ${method} ${url.slice(0, 200)}`);
        }
      } else if (
        // Errors are JSON; a success may be a download (CSV export) or a page (unsubscribe).
        res.statusCode >= 300 &&
        !/json/.test(String(res.headers['content-type'] ?? 'json'))
      ) {
        failures.push(`non-JSON ${res.statusCode} ${method} ${url.slice(0, 200)}`);
      }
    }
    const after = await snapshot();
    const seconds = (Date.now() - started) / 1000;
    console.log(
      `fuzz: ${REQUESTS} requests over ${routes.length} routes in ${seconds.toFixed(1)} s; statuses ${JSON.stringify(Object.fromEntries(statuses))}`,
    );
    expect(failures.slice(0, 20)).toEqual([]);
    expect(after).toEqual(before);
    // The junk reached the handlers' validation, not only the router.
    expect(statuses.get(400) ?? 0).toBeGreaterThan(REQUESTS / 4);
  }, 240_000);
});
