/**
 * Security headers (CSP and the rest of helmet's set; issue 11), computed ONCE at start
 * (issue 12). @fastify/helmet rebuilt helmet's middleware, parsing every CSP directive,
 * on every request; the headers depend only on the configuration, so helmet's own
 * middleware is run once against a recording response and the resulting header set is
 * added to every reply by one `onRequest` hook (the same headers, the same values).
 * The hook writes the pre-built (lower-case) names and values straight into the reply's
 * header store, without `reply.header()`'s per-call normalising.
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

/** Adds helmet's headers for `options` to every reply of `app` (one onRequest hook). */
export function installSecurityHeaders(app: FastifyInstance, options: HelmetOptions): void {
  const headers = helmetHeaders(options);
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
