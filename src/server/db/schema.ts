/**
 * The whole data model (back-office spec section 3, plus DECISIONS.md additions:
 * product `collection`, server-side sessions, `userId` on orders, payment records).
 * Money columns are integer cents and named `...Cents`; the API converts to dollars.
 * Timestamps are `timestamptz`.
 */
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgSequence,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

// --- accounts --------------------------------------------------------------

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    username: text('username').notNull().unique(),
    email: text('email').notNull().unique(),
    /** argon2id hash, never the password. */
    passwordHash: text('password_hash').notNull(),
    role: text('role', { enum: ['user', 'admin'] })
      .notNull()
      .default('user'),
    createdAt: createdAt(),
  },
  (t) => [
    /** Usernames are unique regardless of case ("Alice" and "alice" are one account). */
    uniqueIndex('users_username_lower_uq').on(sql`lower(${t.username})`),
  ],
);

/** Server-side sessions (@fastify/session store). `sid` is the random cookie id. */
export const sessions = pgTable(
  'sessions',
  {
    sid: text('sid').primaryKey(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    data: jsonb('data').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('sessions_expires_idx').on(t.expiresAt), index('sessions_user_idx').on(t.userId)],
);

/**
 * Every rate-limit counter of the shop, shared by all app instances on this database
 * (lib/rate-limit.ts). `key` names the limit and who it counts (`login|<ip>|<name>`);
 * a fixed window restarts once `window_ends_at` has passed; `last_hit_at` drives the
 * per-account login backoff. Rows past their window are pruned.
 */
export const rateLimits = pgTable(
  'rate_limits',
  {
    key: text('key').primaryKey(),
    count: integer('count').notNull(),
    windowEndsAt: timestamp('window_ends_at', { withTimezone: true }).notNull(),
    lastHitAt: timestamp('last_hit_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('rate_limits_window_idx').on(t.windowEndsAt)],
);

/**
 * What a signed-out browser placed and may claim for an account (lib/guest-claim.ts):
 * one row per order or custom order, under the SHA-256 of the random token in that
 * browser's HttpOnly claim cookie (the token itself is never stored). Rows expire
 * within a day and are deleted when claimed (single use).
 */
export const guestClaims = pgTable(
  'guest_claims',
  {
    id: serial('id').primaryKey(),
    tokenHash: text('token_hash').notNull(),
    kind: text('kind', { enum: ['order', 'custom_order'] }).notNull(),
    refId: integer('ref_id').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('guest_claims_token_ref_uq').on(t.tokenHash, t.kind, t.refId),
    index('guest_claims_expires_idx').on(t.expiresAt),
  ],
);

/**
 * A 'Forgot password?' link (accounts/password-reset.ts; docs/decisions.md "Security
 * hardening"): at most one per user, a new request replaces it. `tokenHash` = sha256 of
 * the link's token (32 random bytes, base64url; the token itself is never stored here),
 * valid until `expiresAt` and once: `usedAt` is set when it resets the password (or when
 * the password changes another way). `requestedAt` limits how often a link is mailed.
 */
export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    userId: integer('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('password_reset_tokens_expires_idx').on(t.expiresAt)],
);

// --- catalogue -------------------------------------------------------------

export const products = pgTable(
  'products',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    priceCents: integer('price_cents').notNull(),
    imageUrl: text('image_url'),
    videoUrl: text('video_url'),
    inStock: boolean('in_stock').notNull().default(true),
    stockQuantity: integer('stock_quantity').notNull().default(0),
    category: text('category').notNull().default('golf-pins'),
    collection: text('collection').notNull().default('other'),
    isActive: boolean('is_active').notNull().default(true),
    ageGroup: text('age_group').notNull().default('adult'),
    gender: text('gender').notNull().default('unisex'),
    /** Per-customer limit across cart and past orders (4 for the promo pins). */
    purchaseLimit: integer('purchase_limit'),
    features: jsonb('features').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('products_stock_nonnegative', sql`${t.stockQuantity} >= 0`),
    check('products_price_nonnegative', sql`${t.priceCents} >= 0`),
    index('products_active_idx').on(t.isActive),
    index('products_collection_idx').on(t.collection),
  ],
);

/** Generated or uploaded files served by the app (product artwork, logos). */
export const files = pgTable('files', {
  id: text('id').primaryKey(),
  contentType: text('content_type').notNull(),
  originalName: text('original_name'),
  data: text('data').notNull(), // base64
  byteSize: integer('byte_size').notNull(),
  createdAt: createdAt(),
});

export const cartItems = pgTable(
  'cart_items',
  {
    id: serial('id').primaryKey(),
    sessionId: text('session_id').notNull(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    quantity: integer('quantity').notNull().default(1),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('cart_items_session_product_uq').on(t.sessionId, t.productId),
    check('cart_items_quantity_positive', sql`${t.quantity} > 0`),
  ],
);

export const discountCodes = pgTable(
  'discount_codes',
  {
    id: serial('id').primaryKey(),
    code: text('code').notNull().unique(),
    discountType: text('discount_type', { enum: ['percentage', 'fixed'] }).notNull(),
    /** Percent for `percentage`, cents for `fixed`. */
    discountValue: integer('discount_value').notNull(),
    minimumOrderCents: integer('minimum_order_cents').notNull().default(0),
    maxUses: integer('max_uses'),
    currentUses: integer('current_uses').notNull().default(0),
    validFrom: timestamp('valid_from', { withTimezone: true }),
    validUntil: timestamp('valid_until', { withTimezone: true }),
    isActive: boolean('is_active').notNull().default(true),
    /** Single-use personal codes (newsletter) carry the subscriber e-mail. */
    issuedToEmail: text('issued_to_email'),
    createdAt: createdAt(),
  },
  (t) => [
    check(
      'discount_uses_within_max',
      sql`${t.maxUses} IS NULL OR ${t.currentUses} <= ${t.maxUses}`,
    ),
  ],
);

// --- orders & payments -----------------------------------------------------

export interface OrderLineRecord {
  productId: number | null;
  name: string;
  quantity: number;
  /** Unit price charged, cents. */
  unitPriceCents: number;
}

export const orders = pgTable(
  'orders',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** The cart session that placed it: lets a later sign-in in the same browser claim it. */
    cartSessionId: text('cart_session_id'),
    customerEmail: text('customer_email').notNull(),
    customerName: text('customer_name').notNull(),
    shippingAddress: text('shipping_address'),
    subtotalCents: integer('subtotal_cents').notNull(),
    discountCode: text('discount_code'),
    discountCents: integer('discount_cents').notNull().default(0),
    shippingCents: integer('shipping_cents').notNull().default(0),
    totalCents: integer('total_cents').notNull(),
    /** Provider order id of the captured payment; unique: one order per payment. */
    paymentIntentId: text('payment_intent_id').unique(),
    paymentStatus: text('payment_status', { enum: ['paid', 'refunded'] })
      .notNull()
      .default('paid'),
    status: text('status').notNull().default('processing'),
    items: jsonb('items').$type<OrderLineRecord[]>().notNull(),
    trackingNumber: text('tracking_number'),
    trackingUrl: text('tracking_url'),
    createdAt: createdAt(),
  },
  (t) => [
    index('orders_user_idx').on(t.userId),
    index('orders_cart_session_idx').on(t.cartSessionId),
    /** E-mails are kept as typed and matched case-insensitively (limits: `pastPurchases`). */
    index('orders_email_lower_idx').on(sql`lower(${t.customerEmail})`),
    index('orders_created_idx').on(t.createdAt),
  ],
);

/**
 * One row per provider payment order the server created. The server fixes the
 * expected amount at creation; a capture counts only when it is COMPLETED with that
 * amount and currency. `consumedBy*` make "paid once" a database fact.
 */
export const payments = pgTable(
  'payments',
  {
    id: serial('id').primaryKey(),
    provider: text('provider', { enum: ['test', 'paypal'] }).notNull(),
    providerOrderId: text('provider_order_id').notNull().unique(),
    purpose: text('purpose', {
      enum: ['cart', 'custom_deposit', 'custom_balance', 'invoice'],
    }).notNull(),
    /** Cart session (purpose cart), custom order id, or invoice number it pays for. */
    reference: text('reference').notNull(),
    /**
     * Who created it: the X-Session-Id and/or the signed-in account. Only the same
     * browser session or account may capture it (payments/service.ts `capturePayment`).
     */
    createdBySession: text('created_by_session'),
    createdByUserId: integer('created_by_user_id').references(() => users.id, {
      onDelete: 'set null',
    }),
    discountCode: text('discount_code'),
    expectedCents: integer('expected_cents').notNull(),
    currency: text('currency').notNull().default('USD'),
    /**
     * `refund_pending`: the money must go back (order refused after payment, wrong
     * amount captured) but the provider has not confirmed a refund yet; `refunded`
     * only once it has (`refundId` set).
     */
    status: text('status', {
      enum: ['created', 'captured', 'declined', 'failed', 'refund_pending', 'refunded'],
    })
      .notNull()
      .default('created'),
    captureId: text('capture_id'),
    capturedCents: integer('captured_cents'),
    refundId: text('refund_id'),
    failureReason: text('failure_reason'),
    /**
     * Who paid, as the provider named them when the capture was recorded or found
     * (payments/provider.ts `ProviderPayer`, cleaned by `cleanPayer`): so the admin can
     * reach the buyer of a capture that never became an order. Null when the provider
     * named nobody (test payments) or for payments recorded before migration 0020.
     */
    payerEmail: text('payer_email'),
    payerName: text('payer_name'),
    /** Set when an order/invoice consumed this payment; never twice. */
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
    /**
     * When the shop last asked the provider to capture this payment (a `created` row with
     * it set may have been captured without the answer arriving; payments/service.ts
     * `finishOpenPayments`).
     */
    captureAttemptedAt: timestamp('capture_attempted_at', { withTimezone: true }),
    /**
     * Background checks of a `created` row whose capture got no answer
     * (incidents/capture-check.ts), and when the next one is due (null: the first, once
     * CAPTURE_CHECK.graceSeconds after `captureAttemptedAt`).
     */
    captureChecks: integer('capture_checks').notNull().default(0),
    nextCaptureCheckAt: timestamp('next_capture_check_at', { withTimezone: true }),
    /**
     * When the capture check gave up on this row and told the admin (a `capture_unknown`
     * incident); null while it still checks, however many checks it counted.
     */
    captureReportedAt: timestamp('capture_reported_at', { withTimezone: true }),
    /** Automatic refund attempts of a `refund_pending` row (incidents/refund-retry.ts). */
    refundAttempts: integer('refund_attempts').notNull().default(0),
    /** When the refund sweep may try this `refund_pending` row again (null: at once). */
    nextRefundAt: timestamp('next_refund_at', { withTimezone: true }),
    /** The admin settled this payment by hand (incidents screen), with their note. */
    adminResolvedAt: timestamp('admin_resolved_at', { withTimezone: true }),
    adminNote: text('admin_note'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('payments_reference_idx').on(t.purpose, t.reference),
    index('payments_status_idx').on(t.status),
    // The capture check sweep's claim (incidents/capture-check.ts): only the few `created`
    // rows whose capture got no answer, not every abandoned payment order.
    index('payments_capture_check_idx')
      .on(t.captureAttemptedAt)
      .where(sql`${t.status} = 'created' and ${t.captureAttemptedAt} is not null`),
  ],
);

/** The offline test payment provider's own ledger ("kept in the database"). */
export const testPaymentOrders = pgTable('test_payment_orders', {
  id: text('id').primaryKey(),
  amountCents: integer('amount_cents').notNull(),
  currency: text('currency').notNull(),
  /** What the simulated buyer does at capture: approve, decline, or leave it pending. */
  outcome: text('outcome', { enum: ['approve', 'decline', 'pending'] })
    .notNull()
    .default('approve'),
  status: text('status').notNull().default('CREATED'),
  captureId: text('capture_id').unique(),
  captureStatus: text('capture_status'),
  refundId: text('refund_id'),
  requestIds: jsonb('request_ids')
    .$type<Record<string, string>>()
    .notNull()
    .default(sql`'{}'::jsonb`),
  createdAt: createdAt(),
});

/** Problems after a payment that the admin must see (spec: "logged for the admin"). */
export const paymentIncidents = pgTable('payment_incidents', {
  id: serial('id').primaryKey(),
  providerOrderId: text('provider_order_id'),
  kind: text('kind').notNull(),
  message: text('message').notNull(),
  details: jsonb('details'),
  resolved: boolean('resolved').notNull().default(false),
  /** When and how it was resolved (automatically by a confirmed refund, or the admin's note). */
  resolvedAt: timestamp('resolved_at', { withTimezone: true }),
  resolutionNote: text('resolution_note'),
  createdAt: createdAt(),
});

// --- custom orders & quotes -------------------------------------------------

export const customOrders = pgTable(
  'custom_orders',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    cartSessionId: text('cart_session_id'),
    quantity: integer('quantity').notNull(),
    size: text('size').notNull(),
    plating: text('plating').notNull(),
    packaging: text('packaging').notNull().default('just-pins'),
    logoFileName: text('logo_file_name'),
    logoUrl: text('logo_url'),
    pinDesigns: jsonb('pin_designs')
      .$type<{ name: string; quantity: number; description: string; imageUrl: string | null }[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    rushOrder: boolean('rush_order').notNull().default(false),
    rushOrderFeeCents: integer('rush_order_fee_cents').notNull().default(0),
    pricePerPinCents: integer('price_per_pin_cents').notNull(),
    discountCode: text('discount_code'),
    discountCents: integer('discount_cents').notNull().default(0),
    totalPriceCents: integer('total_price_cents').notNull(),
    depositCents: integer('deposit_cents').notNull(),
    remainingBalanceCents: integer('remaining_balance_cents').notNull(),
    customerEmail: text('customer_email').notNull(),
    customerName: text('customer_name').notNull(),
    customerPhone: text('customer_phone'),
    notes: text('notes'),
    depositPaymentId: text('deposit_payment_id').unique(),
    balancePaymentId: text('balance_payment_id').unique(),
    balancePaymentToken: text('balance_payment_token').unique(),
    balanceTokenExpiresAt: timestamp('balance_token_expires_at', { withTimezone: true }),
    status: text('status').notNull().default('pending'),
    /** Where the pins ship (checkout's address fields joined), when given. */
    shippingAddress: text('shipping_address'),
    /** Estimated delivery date, YYYY-MM-DD, fixed when the order was prepared. */
    estimatedDelivery: text('estimated_delivery'),
    /** The accepted quote this order came from (issue 7), if any. */
    quoteRequestId: integer('quote_request_id').references(() => quoteRequests.id, {
      onDelete: 'set null',
    }),
    balancePaidAt: timestamp('balance_paid_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('custom_orders_user_idx').on(t.userId),
    index('custom_orders_created_idx').on(t.createdAt),
    index('custom_orders_cart_session_idx').on(t.cartSessionId),
    /** Rush slots are counted per month (DECISIONS.md "Honest claims"). */
    index('custom_orders_rush_created_idx').on(t.createdAt).where(sql`${t.rushOrder}`),
    /** A quote becomes one custom order, never two (issue 7; a concurrency audit). */
    uniqueIndex('custom_orders_quote_request_idx')
      .on(t.quoteRequestId)
      .where(sql`${t.quoteRequestId} is not null`),
  ],
);

/**
 * A custom order priced by the server and waiting for its deposit (storefront spec
 * section 2: the wizard prepares the order, then checkout pays the deposit). Amounts
 * are fixed here, so the deposit payment and the order agree to the cent. `id` is
 * random (16 bytes, base64url): it travels in the checkout URL. Unpaid rows expire
 * (`expiresAt`) and are deleted with their logo by the custom-orders sweep.
 */
export const preparedCustomOrders = pgTable(
  'prepared_custom_orders',
  {
    id: text('id').primaryKey(),
    /** 'wizard' (POST /api/custom-orders/prepare) or 'quote' (an accepted quote, issue 7). */
    source: text('source', { enum: ['wizard', 'quote'] }).notNull(),
    quoteRequestId: integer('quote_request_id').references(() => quoteRequests.id, {
      onDelete: 'cascade',
    }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    cartSessionId: text('cart_session_id'),
    quantity: integer('quantity').notNull(),
    size: text('size').notNull(),
    plating: text('plating').notNull(),
    /** Comma-joined packaging options (spec section 3). */
    packaging: text('packaging').notNull(),
    rushOrder: boolean('rush_order').notNull().default(false),
    rushOrderFeeCents: integer('rush_order_fee_cents').notNull().default(0),
    pricePerPinCents: integer('price_per_pin_cents').notNull(),
    discountCode: text('discount_code'),
    discountCents: integer('discount_cents').notNull().default(0),
    totalPriceCents: integer('total_price_cents').notNull(),
    depositCents: integer('deposit_cents').notNull(),
    remainingBalanceCents: integer('remaining_balance_cents').notNull(),
    customerName: text('customer_name').notNull(),
    customerEmail: text('customer_email').notNull(),
    customerPhone: text('customer_phone'),
    notes: text('notes'),
    /** The stored logo (`files.id`), its original name and link. */
    logoFileId: text('logo_file_id'),
    logoFileName: text('logo_file_name'),
    logoUrl: text('logo_url'),
    pinDesigns: jsonb('pin_designs')
      .$type<{ name: string; quantity: number; description: string; imageUrl: string | null }[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    estimatedDelivery: text('estimated_delivery'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** Set when its deposit made the custom order; never twice. */
    customOrderId: integer('custom_order_id').references(() => customOrders.id, {
      onDelete: 'set null',
    }),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('prepared_custom_orders_expires_idx').on(t.expiresAt)],
);

export const quoteRequests = pgTable(
  'quote_requests',
  {
    id: serial('id').primaryKey(),
    customerName: text('customer_name').notNull(),
    customerEmail: text('customer_email').notNull(),
    customerPhone: text('customer_phone'),
    companyName: text('company_name'),
    projectDescription: text('project_description').notNull(),
    quantity: integer('quantity').notNull(),
    pinType: text('pin_type').notNull().default('pins'),
    logoFileName: text('logo_file_name'),
    logoUrl: text('logo_url'),
    preferredSize: text('preferred_size'),
    deadlineDate: text('deadline_date'),
    additionalNotes: text('additional_notes'),
    status: text('status').notNull().default('pending'),
    quotedAmountCents: integer('quoted_amount_cents'),
    quotedNotes: text('quoted_notes'),
    /** When the client approved a proof, and which revision (issue 7: proofs). */
    approvedAt: timestamp('approved_at', { withTimezone: true }),
    approvedRevision: integer('approved_revision'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('quote_requests_created_idx').on(t.createdAt),
    index('quote_requests_status_created_idx').on(t.status, t.createdAt),
  ],
);

export const quoteAnnotations = pgTable(
  'quote_annotations',
  {
    id: serial('id').primaryKey(),
    quoteId: integer('quote_id')
      .notNull()
      .references(() => quoteRequests.id, { onDelete: 'cascade' }),
    authorName: text('author_name').notNull(),
    authorEmail: text('author_email').notNull(),
    authorType: text('author_type').notNull().default('client'),
    content: text('content').notNull(),
    /** A pin's place on the mockup as fractions of the image (0..1, from the top left). */
    positionX: doublePrecision('position_x'),
    positionY: doublePrecision('position_y'),
    /** The mockup revision a pin, change request or approval refers to. */
    revisionNumber: integer('revision_number'),
    annotationType: text('annotation_type').notNull().default('comment'),
    status: text('status').notNull().default('active'),
    /** The thread's first annotation (replies are one level deep). */
    parentId: integer('parent_id').references((): AnyPgColumn => quoteAnnotations.id, {
      onDelete: 'cascade',
    }),
    attachmentUrl: text('attachment_url'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('quote_annotations_quote_idx').on(t.quoteId, t.createdAt),
    index('quote_annotations_parent_idx').on(t.parentId),
    /** One approval per quote: a second one cannot be stored, whatever races. */
    uniqueIndex('quote_annotations_one_approval_uq')
      .on(t.quoteId)
      .where(sql`${t.annotationType} = 'approval'`),
  ],
);

export const quoteCollaborationSessions = pgTable(
  'quote_collaboration_sessions',
  {
    id: serial('id').primaryKey(),
    quoteId: integer('quote_id')
      .notNull()
      .references(() => quoteRequests.id, { onDelete: 'cascade' }),
    sessionToken: text('session_token').notNull().unique(),
    clientName: text('client_name').notNull(),
    clientEmail: text('client_email').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    isActive: boolean('is_active').notNull().default(true),
    lastActivity: timestamp('last_activity', { withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAt(),
  },
  (t) => [index('quote_collab_quote_idx').on(t.quoteId)],
);

export const quoteRevisionHistory = pgTable(
  'quote_revision_history',
  {
    id: serial('id').primaryKey(),
    quoteId: integer('quote_id')
      .notNull()
      .references(() => quoteRequests.id, { onDelete: 'cascade' }),
    revisionNumber: integer('revision_number').notNull(),
    changes: text('changes').notNull(),
    authorName: text('author_name').notNull(),
    authorType: text('author_type').notNull(),
    mockupUrl: text('mockup_url'),
    notes: text('notes'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('quote_revision_uq').on(t.quoteId, t.revisionNumber)],
);

/**
 * Who is connected to a quote's collaboration room, one row per open WebSocket, across
 * every app instance on the database (issue 7). Each instance refreshes `lastSeen` for
 * its own connections; rows not refreshed within the presence TTL belong to an instance
 * that died and are swept by any live instance (collaboration/presence.ts).
 */
export const quoteCollaborationPresence = pgTable(
  'quote_collaboration_presence',
  {
    /** The connection's random id. */
    id: text('id').primaryKey(),
    instanceId: text('instance_id').notNull(),
    quoteId: integer('quote_id')
      .notNull()
      .references(() => quoteRequests.id, { onDelete: 'cascade' }),
    /** The collaboration session (link) a client joined through; null for the admin. */
    sessionId: integer('session_id').references(() => quoteCollaborationSessions.id, {
      onDelete: 'cascade',
    }),
    /** One person in the room: several connections (tabs) may share it. */
    userKey: text('user_key').notNull(),
    userName: text('user_name').notNull(),
    authorType: text('author_type').notNull(),
    joinedAt: timestamp('joined_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeen: timestamp('last_seen', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('quote_presence_quote_idx').on(t.quoteId, t.userKey),
    index('quote_presence_seen_idx').on(t.lastSeen),
    index('quote_presence_instance_idx').on(t.instanceId),
  ],
);

// --- marketing, invoices, blog, mail ------------------------------------------

/**
 * Newsletter sign-ups (storefront spec "Newsletter popup"; DECISIONS.md: double opt-in,
 * each subscriber gets their own single-use 15% code). `status`: pending (confirmation
 * mail sent; `confirmTokenHash` = sha256 of the link's token, valid until
 * `confirmExpiresAt`), confirmed (code issued), unsubscribed.
 */
export const newsletterSubscribers = pgTable('newsletter_subscribers', {
  id: serial('id').primaryKey(),
  email: text('email').notNull().unique(),
  source: text('source').notNull().default('popup_15off'),
  discountCode: text('discount_code'),
  status: text('status', { enum: ['pending', 'confirmed', 'unsubscribed'] })
    .notNull()
    .default('pending'),
  confirmTokenHash: text('confirm_token_hash'),
  confirmExpiresAt: timestamp('confirm_expires_at', { withTimezone: true }),
  confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
  createdAt: createdAt(),
});

/**
 * The shop's customer list: the audience of campaigns (issue 9), filled by the admin's
 * 'Import Customers' (issue 8) from orders, custom orders, quote requests and accounts.
 * One row per e-mail address (kept in lower case).
 */
export const customers = pgTable(
  'customers',
  {
    id: serial('id').primaryKey(),
    /** Lower case; unique. */
    email: text('email').notNull().unique(),
    name: text('name'),
    organization: text('organization'),
    /** Where the address was first seen: 'order', 'custom_order', 'quote', 'account', ... */
    source: text('source').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [check('customers_email_lower', sql`${t.email} = lower(${t.email})`)],
);

/**
 * A campaign (issue 9): one mailing the admin sent (tournament, marketing, VIP, discount
 * code mass e-mail), delivered by a job in the durable queue (campaigns/engine.ts).
 * Its recipients are rows of `email_campaigns`. `subject`/`html`/`text` are the final
 * content before per-recipient personalisation ({{name}}, the unsubscribe link).
 * `heartbeatAt` is refreshed by the worker sending it; a campaign whose heartbeat is
 * older than CAMPAIGN_STALE_SECONDS is picked up again (`generation` + 1).
 */
export const campaigns = pgTable('campaigns', {
  id: serial('id').primaryKey(),
  kind: text('kind', { enum: ['tournament', 'marketing', 'vip', 'discount'] }).notNull(),
  subject: text('subject').notNull(),
  html: text('html').notNull(),
  text: text('text').notNull(),
  discountCode: text('discount_code'),
  discountPercent: integer('discount_percent'),
  status: text('status', { enum: ['sending', 'done'] })
    .notNull()
    .default('sending'),
  total: integer('total').notNull().default(0),
  generation: integer('generation').notNull().default(0),
  heartbeatAt: timestamp('heartbeat_at', { withTimezone: true }).notNull().defaultNow(),
  createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
  /**
   * sha256 of the kind, content, code and recipient list (campaigns/engine.ts
   * `createCampaign`): the same e-mail to the same people is not started twice at once.
   */
  fingerprint: text('fingerprint'),
  createdAt: createdAt(),
  finishedAt: timestamp('finished_at', { withTimezone: true }),
});

/**
 * One row per recipient of a campaign (unique per campaign + address: a campaign never
 * mails an address twice). `status`: pending (to send; `nextAttemptAt` after a temporary
 * failure), sending (claimed by a worker with `claimToken`; the SMTP transaction has not
 * reached its final '.'), sent (marked just before the final '.', so a crash after it never
 * sends again), failed, skipped (suppressed: unsubscribed or bounced). Legacy rows without
 * `campaignId` are plain 'sent' records (back-office spec `email_campaigns`).
 */
export const emailCampaigns = pgTable(
  'email_campaigns',
  {
    id: serial('id').primaryKey(),
    campaignId: integer('campaign_id').references(() => campaigns.id, { onDelete: 'cascade' }),
    /** Lower case. */
    customerEmail: text('customer_email').notNull(),
    customerName: text('customer_name'),
    organization: text('organization'),
    discountCode: text('discount_code'),
    campaignType: text('campaign_type').notNull().default('discount'),
    status: text('status', { enum: ['pending', 'sending', 'sent', 'failed', 'skipped'] })
      .notNull()
      .default('sent'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    claimToken: text('claim_token'),
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
    messageId: text('message_id'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [
    index('email_campaigns_email_idx').on(t.customerEmail),
    uniqueIndex('email_campaigns_campaign_email_uq').on(t.campaignId, t.customerEmail),
    index('email_campaigns_campaign_status_idx').on(t.campaignId, t.status),
  ],
);

/**
 * Addresses no campaign mails (issue 9): `unsubscribed` (one-click link or header) or
 * `bounced` (the SMTP server refused the recipient permanently, 5xx at RCPT TO). Lower case.
 */
export const mailSuppressions = pgTable('mail_suppressions', {
  email: text('email').primaryKey(),
  reason: text('reason', { enum: ['unsubscribed', 'bounced'] }).notNull(),
  detail: text('detail'),
  createdAt: createdAt(),
});

/** A campaign CSV the admin uploaded (tournament organisers, VIP list): parsed rows, kept for the send. */
export const campaignUploads = pgTable('campaign_uploads', {
  id: serial('id').primaryKey(),
  list: text('list', { enum: ['tournament', 'vip'] }).notNull(),
  fileName: text('file_name').notNull(),
  rows: jsonb('rows')
    .$type<{ email: string; name: string | null; organization: string | null }[]>()
    .notNull(),
  createdAt: createdAt(),
});

/** Invoice numbers: `INV-` + this sequence (6 digits), so a number is never reused. */
export const manualInvoiceNumberSeq = pgSequence('manual_invoice_number_seq', {
  startWith: 100001,
  minValue: 100001,
  maxValue: 999999,
});

/**
 * Manual invoices (back-office "Manual Invoices", issue 8). `status`: pending (sent,
 * payable), paid (once, by `paymentId`), cancelled (deleted by the admin while unpaid:
 * kept so its number and any late payment stay explained). `payKey` is the 32-byte
 * secret in the pay link (DECISIONS.md "Payment links ... 32 random bytes").
 */
export const manualInvoices = pgTable(
  'manual_invoices',
  {
    id: serial('id').primaryKey(),
    invoiceNumber: text('invoice_number').notNull().unique(),
    customerName: text('customer_name').notNull(),
    customerEmail: text('customer_email').notNull(),
    customerCompany: text('customer_company'),
    customerAddress: text('customer_address'),
    dueDate: timestamp('due_date', { withTimezone: true }),
    notes: text('notes'),
    terms: text('terms').notNull().default('Net 30'),
    items: jsonb('items')
      .$type<{ description: string; quantity: number; unitPriceCents: number }[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    subtotalCents: integer('subtotal_cents').notNull(),
    taxCents: integer('tax_cents').notNull().default(0),
    totalCents: integer('total_cents').notNull(),
    status: text('status', { enum: ['pending', 'paid', 'cancelled'] })
      .notNull()
      .default('pending'),
    paymentId: text('payment_id').unique(),
    payKey: text('pay_key').unique(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('manual_invoices_created_idx').on(t.createdAt),
    check('manual_invoices_total_positive', sql`${t.totalCents} > 0`),
  ],
);

export const blogPosts = pgTable(
  'blog_posts',
  {
    id: serial('id').primaryKey(),
    title: text('title').notNull(),
    slug: text('slug').notNull().unique(),
    excerpt: text('excerpt'),
    /** Sanitised HTML. */
    content: text('content').notNull(),
    authorId: integer('author_id').references(() => users.id, { onDelete: 'set null' }),
    category: text('category').notNull().default('news'),
    featuredImage: text('featured_image'),
    tags: jsonb('tags').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    isPublished: boolean('is_published').notNull().default(false),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    metaTitle: text('meta_title'),
    metaDescription: text('meta_description'),
    viewCount: integer('view_count').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('blog_posts_published_idx').on(t.isPublished, t.publishedAt)],
);

/**
 * One row per (post, visitor, day) that counted a view (issue 10: a view counted once
 * per visitor per day). `visitor` is a keyed hash of the client address and user agent,
 * never the address itself. Pruned after a few days by housekeeping.
 */
export const blogPostViews = pgTable(
  'blog_post_views',
  {
    postId: integer('post_id')
      .notNull()
      .references(() => blogPosts.id, { onDelete: 'cascade' }),
    visitor: text('visitor').notNull(),
    day: date('day').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.postId, t.visitor, t.day] }),
    index('blog_post_views_day_idx').on(t.day),
  ],
);

/**
 * Home page social proof the admin edits (issue 10): customer logos (carousel) and
 * testimonials. `isSample` marks invented demo entries so the admin sees they are not
 * real customers. Shown in `sortOrder`, then id.
 */
export const homeLogos = pgTable('home_logos', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  imageUrl: text('image_url').notNull(),
  isSample: boolean('is_sample').notNull().default(false),
  sortOrder: integer('sort_order').notNull().default(0),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const homeTestimonials = pgTable('home_testimonials', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  title: text('title').notNull(),
  quote: text('quote').notNull(),
  avatarUrl: text('avatar_url'),
  imageUrl: text('image_url'),
  isSample: boolean('is_sample').notNull().default(false),
  sortOrder: integer('sort_order').notNull().default(0),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** What a mail's HTML part is rendered from at delivery (mail/html-later.ts). */
export interface MailHtmlSource {
  template: 'order_confirmation';
  /** The order row as JSON (dates as ISO strings). */
  order: Record<string, unknown>;
  /** A guest's track-link key (orders/track-link.ts), when the order has no account. */
  trackKey?: string;
}

/** Outgoing mail, kept whether or not SMTP is configured (DECISIONS.md: never lost). */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: serial('id').primaryKey(),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    textBody: text('text_body').notNull(),
    htmlBody: text('html_body'),
    /**
     * The HTML part still to render (issue 12): set instead of `html_body` for a mail whose
     * HTML is rendered when it is delivered (mail/html-later.ts), e.g. the order
     * confirmation, so the request that wrote it does not pay for React rendering.
     */
    htmlSource: jsonb('html_source').$type<MailHtmlSource>(),
    kind: text('kind').notNull(),
    status: text('status', { enum: ['queued', 'sent', 'failed', 'held'] })
      .notNull()
      .default('queued'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    /** Extra headers (e.g. List-Unsubscribe on the newsletter welcome). */
    headers: jsonb('headers').$type<Record<string, string>>(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    /**
     * When a 'queued' row was last handed to the job queue (mail/service.ts `flush`):
     * null until then, so a flush after a backlog hands over only new rows.
     */
    handedAt: timestamp('handed_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('mail_outbox_status_idx').on(t.status)],
);

/** Key/value store settings (rush slots per month, session secret fallback, ...). */
export const storeSettings = pgTable('store_settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: updatedAt(),
});
