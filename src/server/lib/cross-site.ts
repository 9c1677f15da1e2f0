/**
 * Cross-site request refusal (issue 11; DECISIONS.md "Security beyond the spec").
 * The session cookie is SameSite=Lax, which still lets a cross-site page send some
 * requests with it; this guard refuses every state-changing request (any method but
 * GET, HEAD, OPTIONS) that a browser marks as coming from another site:
 *
 * - with an `Origin` header: it must be the shop's own origin: PUBLIC_URL's, or the
 *   origin the request was addressed to (scheme + Host), which is what a same-origin
 *   page sends however the shop is reached (127.0.0.1:<port> in browser tests);
 *   `Origin: null` passes only with `Sec-Fetch-Site: same-origin` (a form posted from
 *   our own page under no-referrer sends null);
 * - else with `Sec-Fetch-Site`: it must be `same-origin` or `none` (typed by the user);
 * - with neither (curl, server-to-server, app.inject in tests) it passes: such a
 *   client cannot carry a victim's cookie.
 *
 * Refused: 403 'Cross-site request refused'. Logout is covered like any POST. A route
 * that must accept cross-site calls (a payment provider's webhook) opts out with
 * `config: { crossSite: 'allow' }`. A WebSocket upgrade is a GET: check it with
 * `isSameSiteRequest` in the upgrade handler.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppConfig } from '../config';
import { forbidden } from './errors';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** 'allow': this route accepts cross-site requests (lib/cross-site.ts). */
    crossSite?: 'allow';
  }
}

export const CROSS_SITE_REFUSED = 'Cross-site request refused';
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** `url`'s origin (scheme://host[:port], default ports dropped), or null when unparseable. */
function originOf(url: string): string | null {
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed.origin : null;
  } catch {
    return null;
  }
}

/**
 * True when a browser would call this request same-origin (see the module comment);
 * also true when the request carries neither Origin nor Sec-Fetch-Site.
 */
export function isSameSiteRequest(
  request: FastifyRequest,
  config: Pick<AppConfig, 'publicUrl'>,
): boolean {
  const origin = request.headers.origin;
  const site = request.headers['sec-fetch-site'];
  if (origin === 'null') {
    // An opaque origin: a sandboxed frame or data: page (cross-site), but also a form
    // posted from one of our own pages under `Referrer-Policy: no-referrer` (the
    // newsletter confirmation). The browser's Sec-Fetch-Site, which no page can set,
    // tells them apart; without it, refused.
    return site === 'same-origin';
  }
  if (typeof origin === 'string' && origin !== '') {
    const sent = originOf(origin);
    if (sent === null) return false; // junk
    if (sent === originOf(config.publicUrl)) return true;
    return sent === originOf(`${request.protocol}://${request.host}`);
  }
  return site === undefined || site === 'same-origin' || site === 'none';
}

/** Installs the guard on every route (an onRequest hook, before any body is read). */
export function installCrossSiteGuard(app: FastifyInstance, config: Pick<AppConfig, 'publicUrl'>) {
  // A callback hook: safe methods (every hot read) pass without a promise (issue 12).
  app.addHook('onRequest', (request, _reply, done) => {
    if (SAFE_METHODS.has(request.method)) return done();
    if (request.routeOptions.config?.crossSite === 'allow') return done();
    if (!isSameSiteRequest(request, config)) {
      request.log.warn(
        { origin: request.headers.origin, site: request.headers['sec-fetch-site'] },
        'cross-site request refused',
      );
      return done(forbidden(CROSS_SITE_REFUSED));
    }
    done();
  });
}
