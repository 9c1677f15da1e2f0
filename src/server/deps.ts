/**
 * What every module's routes and services receive: `AppDeps`, decorated on the Fastify
 * instance as `app.deps` by `buildApp` (app.ts), and the test-only `AppHooks`. Kept in
 * its own file so that no module imports app.ts (no import cycle through it).
 */
import type { CampaignEngine } from './campaigns/engine';
import type { AppConfig } from './config';
import type { Database, Db } from './db/client';
import type { FrontCache } from './lib/front-cache';
import type { RateLimitStore } from './lib/rate-limit';
import type { MailService } from './mail/service';
import type { PaymentProvider } from './payments/provider';
import type { PaymentPurposes } from './payments/purposes';

/** Test-only hooks into critical sections (e.g. hold a transaction open to prove a race overlaps). */
export interface AppHooks {
  /** Called inside the create-order transaction after stock and discount updates, before commit. */
  beforeOrderCommit?: (ctx: { paymentOrderId: string }) => Promise<void>;
  /** Called inside the add-to-cart transaction after the line is written, before commit. */
  beforeCartCommit?: (ctx: { sessionId: string; productId: number }) => Promise<void>;
  /** Called inside the transaction that prepares a quote's custom order, before commit. */
  beforeQuotePrepareCommit?: (ctx: { quoteId: number }) => Promise<void>;
  /** Called inside the custom-order (deposit) transaction before commit. */
  beforeCustomOrderCommit?: (ctx: { paymentOrderId: string }) => Promise<void>;
  /** Called inside the balance-payment transaction before commit. */
  beforeBalanceCommit?: (ctx: { paymentOrderId: string }) => Promise<void>;
  /** Called inside the transaction that marks an invoice paid, after the update, before commit. */
  beforeInvoicePaidCommit?: (ctx: { invoiceNumber: string }) => Promise<void>;
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
  /** Campaign jobs on the mail queue's pg-boss (src/server/campaigns/engine.ts). */
  campaigns: CampaignEngine;
  /** Who prices each payment purpose (payments/purposes.ts); modules register theirs. */
  paymentPurposes: PaymentPurposes;
  /** The one store of every rate-limit counter (lib/rate-limit.ts: `rateLimit`, `enforceLimits`). */
  limits: RateLimitStore;
  /** The hottest public reads answered before Fastify's router (lib/front-cache.ts). */
  frontCache: FrontCache;
}

declare module 'fastify' {
  interface FastifyInstance {
    deps: AppDeps;
  }
}
