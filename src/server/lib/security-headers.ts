/**
 * Security headers (CSP and the rest of helmet's set; issue 11), computed ONCE at start
 * (issue 12). @fastify/helmet rebuilt helmet's middleware, parsing every CSP directive,
 * on every request; the headers depend only on the configuration, so helmet's own
 * middleware is run once against a recording response and the resulting header set is
 * added to every reply by one `onRequest` hook (the same headers, the same values).
 * The hook writes the pre-built (lower-case) names and values straight into the reply's
 * header store, without `reply.header()`'s per-call normalising.
 *
 * Two sets (docs/decisions.md "Performance and several instances" 19): the document set
 * (helmet's, with the shop's CSP) on every answer the session scope gives (pages, the
 * API, errors, not-found), and the API set (`apiHeaders`) on the public catalogue reads,
 * which only ever answer JSON.
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/** The headers helmet's middleware sets for `options` (lower-case names -> values). */
export function helmetHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  let failure: unknown;
  helmet(options)({} as never, recorder as never, (err?: unknown) => {
    failure = err;
  });
  if (failure) throw failure;
  return headers;
}

/** The symbol under which Fastify replies keep their headers; null: not found (looked up once). */
let storeSymbol: symbol | null | undefined;

/**
 * The reply's own header store (lower-case name -> value, what Fastify hands to Node's
 * `writeHead`), or null when this Fastify version keeps headers otherwise (then use
 * `reply.header()`). Writing a lower-case name straight into it is what `reply.header()`
 * does after lower-casing the name and checking for `set-cookie` (issue 12: the hot
 * catalogue reads write their headers this way).
 */
export function replyHeaderStore(reply: FastifyReply): Record<string, string> | null {
  if (storeSymbol === undefined) {
    storeSymbol =
      Object.getOwnPropertySymbols(reply).find((s) => s.description === 'fastify.reply.headers') ??
      null;
  }
  return storeSymbol
    ? ((reply as unknown as Record<symbol, Record<string, string>>)[storeSymbol] ?? null)
    : null;
}

/**
 * The header set for answers that are only ever JSON (the public catalogue reads), from
 * the document set `documentHeaders` (helmetHeaders' result): what OWASP's REST Security
 * Cheat Sheet ("Security Headers") lists for API responses. A CSP that allows nothing and
 * no framing (`default-src 'none'; frame-ancestors 'none'`: stricter than the document
 * CSP, which must allow the shop's scripts, styles and PayPal), nosniff, X-Frame-Options
 * DENY, and the document set's Cross-Origin-Resource-Policy, Referrer-Policy and
 * Strict-Transport-Security as they are. Left out: the six headers that concern documents
 * only (Cross-Origin-Opener-Policy, Origin-Agent-Cluster, X-DNS-Prefetch-Control,
 * X-Download-Options, X-Permitted-Cross-Domain-Policies, X-XSS-Protection). Each header
 * costs Node's validation and writing on every answer (about 1,500 instructions a header:
 * the decisions entry above). Throws when the document set lacks one it copies.
 */
export function apiHeaders(documentHeaders: Record<string, string>): Record<string, string> {
  const copied = (name: string) => {
    const value = documentHeaders[name];
    if (value === undefined) throw new Error(`security headers: ${name} missing from the set`);
    return value;
  };
  return {
    'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
    'cross-origin-resource-policy': copied('cross-origin-resource-policy'),
    'referrer-policy': copied('referrer-policy'),
    'strict-transport-security': copied('strict-transport-security'),
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
  };
}

/** Adds `headers` (lower-case names -> values) to every reply of `app` (one onRequest hook). */
export function installSecurityHeaders(
  app: FastifyInstance,
  headers: Record<string, string>,
): void {
  const names = Object.keys(headers);
  const values = names.map((name) => headers[name]!);
  app.addHook('onRequest', function securityHeaders(_request, reply, done) {
    const replyHeaders = replyHeaderStore(reply);
    if (replyHeaders) {
      // Added in the same order on every request: the store keeps one object shape.
      for (let i = 0; i < names.length; i++) replyHeaders[names[i]!] = values[i]!;
    } else {
      reply.headers(headers);
    }
    done();
  });
}
