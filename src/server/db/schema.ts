/**
 * The whole data model (back-office spec section 3, plus DECISIONS.md additions:
 * product `collection`, server-side sessions, `userId` on orders, payment records).
 * Money columns are integer cents and named `...Cents`; the API converts to dollars.
 * Timestamps are `timestamptz`.
 */
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
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
    /** Set when an order/invoice consumed this payment; never twice. */
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('payments_reference_idx').on(t.purpose, t.reference)],
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
    createdAt: createdAt(),
  },
  (t) => [
    index('custom_orders_user_idx').on(t.userId),
    index('custom_orders_created_idx').on(t.createdAt),
  ],
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
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('quote_requests_created_idx').on(t.createdAt)],
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
    positionX: integer('position_x'),
    positionY: integer('position_y'),
    annotationType: text('annotation_type').notNull().default('comment'),
    status: text('status').notNull().default('active'),
    parentId: integer('parent_id'),
    attachmentUrl: text('attachment_url'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('quote_annotations_quote_idx').on(t.quoteId)],
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

// --- marketing, invoices, blog, mail ------------------------------------------

export const newsletterSubscribers = pgTable('newsletter_subscribers', {
  id: serial('id').primaryKey(),
  email: text('email').notNull().unique(),
  source: text('source').notNull().default('popup_15off'),
  discountCode: text('discount_code'),
  createdAt: createdAt(),
});

export const emailCampaigns = pgTable(
  'email_campaigns',
  {
    id: serial('id').primaryKey(),
    customerEmail: text('customer_email').notNull(),
    discountCode: text('discount_code'),
    campaignType: text('campaign_type').notNull().default('discount'),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('email_campaigns_email_idx').on(t.customerEmail)],
);

export const manualInvoices = pgTable('manual_invoices', {
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
  status: text('status').notNull().default('pending'),
  paymentId: text('payment_id').unique(),
  sentAt: timestamp('sent_at', { withTimezone: true }),
  paidAt: timestamp('paid_at', { withTimezone: true }),
  createdAt: createdAt(),
});

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

/** Outgoing mail, kept whether or not SMTP is configured (DECISIONS.md: never lost). */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: serial('id').primaryKey(),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    textBody: text('text_body').notNull(),
    htmlBody: text('html_body'),
    kind: text('kind').notNull(),
    status: text('status', { enum: ['queued', 'sent', 'failed', 'held'] })
      .notNull()
      .default('queued'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
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
