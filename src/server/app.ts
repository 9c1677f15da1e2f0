/**
 * Builds the Fastify application: shared plugins (security headers, sessions, rate
 * limits, zod validation), then each domain module's routes, then the built web app
 * with a single-page fallback. `buildApp` does no listening, so tests use `app.inject`.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import rateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyInstance, type RouteOptions } from 'fastify';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { pruneGuestClaims } from './accounts/guest-claims';
import { prunePasswordResetTokens } from './accounts/password-reset';
import { accountsRoutes } from './accounts/routes';
import { pruneBlogViews } from './blog/service';
import { createCampaignEngine } from './campaigns/engine';
import { cartRoutes } from './cart/routes';
import { catalogRoutes, publicCatalogRoutes } from './catalog/routes';
import { checkoutRoutes } from './checkout/routes';
import type { AppConfig } from './config';
import type { Database } from './db/client';
import type { AppDeps, AppHooks } from './deps';
import { discountRoutes } from './discounts/routes';
import { installCrossSiteGuard } from './lib/cross-site';
import { frameworkErrorHandler, installErrorHandling } from './lib/errors';
import { clientAddress, FrontCache, requestIds } from './lib/front-cache';
import { installHourlyPrune } from './lib/housekeeping';
import { installInputGuard } from './lib/input-guard';
import { DatabaseRateLimitStore, pluginRateLimitStore } from './lib/rate-limit';
import { RedisRateLimitStore } from './lib/rate-limit-redis';
import { lazyRequestLogger, RequestLog, requestLineWriter } from './lib/request-log';
import { apiHeaders, helmetHeaders, installSecurityHeaders } from './lib/security-headers';
import { setupSessions } from './lib/session';
import { createMailService, type MailService } from './mail/service';
import { ordersRoutes } from './orders/routes';
import type { PaymentProvider } from './payments/provider';
import { paymentRoutes } from './payments/routes';

export interface BuildAppOptions {
  database: Database;
  config: AppConfig;
  payments: PaymentProvider;
  sessionSecret: string;
  hooks?: AppHooks;
  /** Outgoing mail; default: built from config. Started on ready, stopped on close. */
  mail?: MailService;
  /** Serve the built web app from dist/web (default true when it exists). */
  serveWeb?: boolean;
  /** Where the built web app is (default dist/web; a browser test may build its own). */
  webDist?: string;
  logger?: boolean | object;
  /**
   * Request lines built from the logger's pino parts (lib/request-log.ts): only for a
   * logger configured with a level and a stream alone, as `startShop` makes it.
   */
  directRequestLines?: boolean;
  /** Told about every route as it is added (tests enumerate the routes, e.g. the fuzz test). */
  onRoute?: (route: RouteOptions) => void;
}

/** Methods allowed outside the session scope (no cross-site guard there). */
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

const rootDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const WEB_DIST = path.join(rootDir, 'dist/web');

/** `ws(s)://host` of an explicitly configured PUBLIC_URL, for the CSP's connect-src. */
function webSocketOrigin(config: AppConfig): string[] {
  if (!config.PUBLIC_URL) return [];
  const url = new URL(config.publicUrl);
  return [`${url.protocol === 'https:' ? 'wss' : 'ws'}://${url.host}`];
}

/** Creates the app with every plugin and route registered; call `ready()` or `listen()` next. */
/**
 * TRUST_PROXY (config.ts) as Fastify takes it: a hop count becomes "the N hops nearest
 * the shop" (Fastify itself refuses numbers); addresses and `false` pass as they are.
 */
function trustProxyOption(trust: AppConfig['TRUST_PROXY']) {
  return typeof trust === 'number' ? (_address: string, hop: number) => hop < trust : trust;
}

/**
 * `Content-Type: application/json` with no body is no body (the spec's logout, clear-cart,
 * import and test-mail calls take none; API clients often label them anyway): Fastify's
 * own parser answers 400 'Body cannot be empty...' for it. Anything else goes through
 * Fastify's default JSON parser (prototype-poisoning checks included); a route whose
 * schema needs a body still answers 400 naming what is missing.
 */
function acceptEmptyJsonBodies(app: FastifyInstance): void {
  const json = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = body.toString();
    if (text === '') return done(null, undefined);
    return json(request, text, done);
  });
}

export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  // One request id sequence for Fastify and the front cache (lib/front-cache.ts), whose
  // server asks the front cache before Fastify's handler.
  const nextRequestId = requestIds();
  const frontCache = new FrontCache(nextRequestId);
  const trustProxy = trustProxyOption(options.config.TRUST_PROXY);
  const app = Fastify({
    logger: options.logger ?? false,
    trustProxy,
    genReqId: nextRequestId,
    serverFactory: frontCache.serverFactory,
    bodyLimit: 1024 * 1024,
    pluginTimeout: options.config.STARTUP_STEP_TIMEOUT_MS,
    logController: new RequestLog(options.directRequestLines ?? false),
    // request.log made on first use; the request line needs none (lib/request-log.ts).
    ...(options.logger ? { childLoggerFactory: lazyRequestLogger } : {}),
    // Router errors (too-long path parameter, undecodable URL) in the app's JSON shape.
    frameworkErrors: frameworkErrorHandler,
  }).withTypeProvider<ZodTypeProvider>();
  const onRoute = options.onRoute;
  if (onRoute) app.addHook('onRoute', (route) => onRoute(route));
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  installErrorHandling(app);
  acceptEmptyJsonBodies(app);

  const mail =
    options.mail ??
    createMailService({ database: options.database, config: options.config, log: app.log });
  // Read once now, outside any transaction: mail rules sign links with it inside the
  // checkout's transaction, where PGlite could not run a second query on the pool.
  await mail.linkSecret();
  const deps: AppDeps = {
    database: options.database,
    db: options.database.db,
    config: options.config,
    payments: options.payments,
    hooks: options.hooks ?? {},
    paymentPurposes: new Map(),
    limits: options.config.REDIS_URL
      ? new RedisRateLimitStore(
          options.config.REDIS_URL,
          `${options.config.REDIS_KEY_PREFIX}limit:`,
        )
      : new DatabaseRateLimitStore(options.database.db),
    frontCache,
    mail,
    campaigns: createCampaignEngine({
      database: options.database,
      config: options.config,
      mail,
      log: app.log,
    }),
  };
  app.decorate('deps', deps);
  // The mail queue and worker run only when SMTP_URL is set (else mail is held).
  // Campaign jobs share the mail queue's pg-boss: started after it, stopped before it.
  // The counters' store (Redis when REDIS_URL is set) is checked at start.
  app.addHook('onReady', async () => {
    await deps.limits.open();
    await deps.mail.start();
    await deps.campaigns.start();
  });
  app.addHook('onClose', async () => {
    await deps.campaigns.stop();
    await deps.mail.stop();
    await deps.limits.close();
  });
  installHourlyPrune(app, {
    'rate-limit counters': () => deps.limits.prune(),
    'guest claims': () => pruneGuestClaims(deps.db),
    'password reset links': () => prunePasswordResetTokens(deps.db),
    'blog views': () => pruneBlogViews(deps.db, deps.config.STORE_TIME_ZONE),
  });

  // helmet's headers, computed once (lib/security-headers.ts); static directives only. The
  // document set goes on every answer of the session scope, the API set on the public
  // catalogue reads (JSON only), each installed in its scope below.
  const documentHeaders = helmetHeaders({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", 'https://www.paypal.com', 'https://*.paypal.com'],
        frameSrc: ["'self'", 'https://www.paypal.com', 'https://*.paypal.com'],
        // The shop's own origin (its WebSocket included: 'self' covers ws/wss of the
        // same host in CSP 3; PUBLIC_URL's ws origin is listed for older browsers) and PayPal.
        connectSrc: ["'self'", 'https://*.paypal.com', ...webSocketOrigin(options.config)],
        imgSrc: ["'self'", 'data:', 'blob:', 'https://*.paypal.com', 'https://*.paypalobjects.com'],
        styleSrc: ["'self'", "'unsafe-inline'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  const catalogueHeaders = apiHeaders(documentHeaders);
  // The front cache answers with the catalogue routes' header set and request line; it
  // stops before the shop closes, so late requests get Fastify's 503.
  frontCache.start({
    securityHeaders: catalogueHeaders,
    writeLine: requestLineWriter(app.log, options.directRequestLines ?? false),
    clientAddress: clientAddress(trustProxy),
  });
  app.addHook('preClose', (done) => {
    frontCache.stop();
    done();
  });
  // Limits are opt-in per route with `rateLimit()` (lib/rate-limit.ts). @fastify/rate-limit
  // stays for `config: { rateLimit }` routes, counting in the same shared table.
  await app.register(rateLimit, { global: false, store: pluginRateLimitStore(deps.limits) });
  // Cookie and session decorators on the root; their per-request hooks only in the
  // session scope below (lib/session.ts).
  const installSessionHooks = await setupSessions(app, {
    db: deps.db,
    secret: options.sessionSecret,
    config: options.config,
  });
  // Every route registered below rejects NUL/control characters in its input (400).
  installInputGuard(app);

  // Issue 12: the public catalogue reads (GET only) sit outside the session scope, so per
  // request they run only the (API) security headers and the input guard: no cookie parsing,
  // session, cross-site guard (it passes every GET) or session save. `printRoutes({
  // includeHooks: true })` shows what runs per route.
  await app.register(async (outside) => {
    // Reads only: a state-changing route needs the scope below (cross-site guard, session).
    outside.addHook('onRoute', (route) => {
      const methods = Array.isArray(route.method) ? route.method : [route.method];
      if (methods.some((m) => !SAFE_METHODS.has(m))) {
        throw new Error(`${route.url}: only GET/HEAD routes may sit outside the session scope`);
      }
    });
    installSecurityHeaders(outside, catalogueHeaders);
    await outside.register(publicCatalogRoutes);
  });

  // Everything else: sessions (and cookies) on every route, and the cross-site guard.
  await app.register(async (scope) => {
    installSecurityHeaders(scope, documentHeaders);
    installSessionHooks(scope);
    // State-changing requests from another site are refused (403) before anything runs.
    installCrossSiteGuard(scope, options.config);
    await registerSessionRoutes(scope, options);
  });
  return app;
}

/** The routes that run with sessions and the cross-site guard (see `buildApp`). */
async function registerSessionRoutes(app: FastifyInstance, options: BuildAppOptions) {
  await app.register(accountsRoutes);
  await app.register(catalogRoutes);
  await app.register((await import('./catalog/image-routes')).productImageRoutes);
  await app.register((await import('./files/routes')).filesRoutes);
  await app.register(cartRoutes);
  await app.register(discountRoutes);
  await app.register(paymentRoutes);
  await app.register(checkoutRoutes);
  await app.register(ordersRoutes);
  await app.register((await import('./quotes/routes')).quotesRoutes);
  await app.register((await import('./custom-orders/routes')).customOrdersRoutes);
  await app.register((await import('./invoices/routes')).invoicesRoutes);
  await app.register((await import('./customers/import-routes')).customerImportRoutes);
  await app.register((await import('./incidents/routes')).incidentsRoutes);
  await app.register((await import('./dashboard/routes')).dashboardRoutes);
  await app.register((await import('./collaboration/routes')).collaborationRoutes);
  await app.register((await import('./campaigns/routes')).campaignRoutes);
  await app.register((await import('./newsletter/routes')).newsletterRoutes);
  await app.register((await import('./mail/preview-routes')).mailPreviewRoutes);

  await app.register((await import('./blog/routes')).blogRoutes);
  await app.register((await import('./home/routes')).homeRoutes);
  await app.register((await import('./calendar/routes')).calendarRoutes);
  await app.register((await import('./client-errors/routes')).clientErrorRoutes);

  // Public pages (own heads + content), the app shell, sitemap, robots, the 404 page and
  // the built files (pages/routes.ts).
  const webDist = options.webDist ?? WEB_DIST;
  const serveWeb = options.serveWeb ?? existsSync(path.join(webDist, 'index.html'));
  await app.register((await import('./pages/routes')).pageRoutes, {
    webDist,
    serveAssets: serveWeb,
  });
  return app;
}
