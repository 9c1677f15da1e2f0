/**
 * Builds the Fastify application: shared plugins (security headers, sessions, rate
 * limits, zod validation), then each domain module's routes, then the built web app
 * with a single-page fallback. `buildApp` does no listening, so tests use `app.inject`.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyInstance } from 'fastify';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { accountsRoutes } from './accounts/routes';
import { cartRoutes } from './cart/routes';
import { catalogRoutes } from './catalog/routes';
import { checkoutRoutes } from './checkout/routes';
import type { AppConfig } from './config';
import type { Database, Db } from './db/client';
import { discountRoutes } from './discounts/routes';
import { frameworkErrorHandler, installErrorHandling } from './lib/errors';
import { installInputGuard } from './lib/input-guard';
import { sessionPlugin } from './lib/session';
import { createMailService, type MailService } from './mail/service';
import { ordersRoutes } from './orders/routes';
import type { PaymentProvider } from './payments/provider';
import { paymentRoutes } from './payments/routes';

/** Test-only hooks into critical sections (e.g. hold a transaction open to prove a race overlaps). */
export interface AppHooks {
  /** Called inside the create-order transaction after stock and discount updates, before commit. */
  beforeOrderCommit?: (ctx: { paymentOrderId: string }) => Promise<void>;
  /** Called inside the add-to-cart transaction after the line is written, before commit. */
  beforeCartCommit?: (ctx: { sessionId: string; productId: number }) => Promise<void>;
}

/** Everything the routes need, decorated on the instance as `app.deps`. */
export interface AppDeps {
  database: Database;
  db: Db;
  config: AppConfig;
  payments: PaymentProvider;
  hooks: AppHooks;
  /** Outgoing mail: outbox + pg-boss queue (src/server/mail/service.ts). */
  mail: MailService;
}

declare module 'fastify' {
  interface FastifyInstance {
    deps: AppDeps;
  }
}

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
  logger?: boolean | object;
}

const rootDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const WEB_DIST = path.join(rootDir, 'dist/web');

/** Creates the app with every plugin and route registered; call `ready()` or `listen()` next. */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logger ?? false,
    trustProxy: options.config.TRUST_PROXY,
    bodyLimit: 1024 * 1024,
    // Router errors (too-long path parameter, undecodable URL) in the app's JSON shape.
    frameworkErrors: frameworkErrorHandler,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  installErrorHandling(app);

  const deps: AppDeps = {
    database: options.database,
    db: options.database.db,
    config: options.config,
    payments: options.payments,
    hooks: options.hooks ?? {},
    mail:
      options.mail ??
      createMailService({ database: options.database, config: options.config, log: app.log }),
  };
  app.decorate('deps', deps);
  // The mail queue and worker run only when SMTP_URL is set (else mail is held).
  app.addHook('onReady', () => deps.mail.start());
  app.addHook('onClose', () => deps.mail.stop());

  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", 'https://www.paypal.com', 'https://*.paypal.com'],
        frameSrc: ["'self'", 'https://www.paypal.com', 'https://*.paypal.com'],
        connectSrc: ["'self'", 'https://*.paypal.com', 'ws:', 'wss:'],
        imgSrc: ["'self'", 'data:', 'blob:', 'https://*.paypal.com', 'https://*.paypalobjects.com'],
        styleSrc: ["'self'", "'unsafe-inline'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  // Global limiter is off; routes opt in with `config: { rateLimit: {...} }` (login, register, public forms).
  await app.register(rateLimit, { global: false });
  await app.register(sessionPlugin, { db: deps.db, secret: options.sessionSecret });
  // Every route registered below rejects NUL/control characters in its input (400).
  installInputGuard(app);

  await app.register(accountsRoutes);
  await app.register(catalogRoutes);
  await app.register((await import('./files/routes')).filesRoutes);
  await app.register(cartRoutes);
  await app.register(discountRoutes);
  await app.register(paymentRoutes);
  await app.register(checkoutRoutes);
  await app.register(ordersRoutes);
  await app.register((await import('./quotes/routes')).quotesRoutes);

  const serveWeb = options.serveWeb ?? existsSync(path.join(WEB_DIST, 'index.html'));
  if (serveWeb) {
    await app.register(fastifyStatic, { root: WEB_DIST, wildcard: false, maxAge: '1h' });
    app.setNotFoundHandler((request, reply) => {
      const url = request.url.split('?')[0];
      if (request.method !== 'GET' || url.startsWith('/api/') || url.startsWith('/paypal/')) {
        return reply.status(404).send({ message: 'Not found' });
      }
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    });
  } else {
    app.setNotFoundHandler((_request, reply) => reply.status(404).send({ message: 'Not found' }));
  }
  return app;
}
