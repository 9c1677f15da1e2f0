/**
 * Security headers (CSP and the rest of helmet's set; issue 11), computed ONCE at start
 * (issue 12). @fastify/helmet rebuilt helmet's middleware, parsing every CSP directive,
 * on every request; the headers depend only on the configuration, so helmet's own
 * middleware is run once against a recording response and the resulting header set is
 * added to every reply by one `onRequest` hook (the same headers, the same values).
 */
import type { FastifyInstance } from 'fastify';
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

/** Adds helmet's headers for `options` to every reply of `app` (one onRequest hook). */
export function installSecurityHeaders(app: FastifyInstance, options: HelmetOptions): void {
  const headers = helmetHeaders(options);
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
}
