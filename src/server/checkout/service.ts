/**
 * Catalogue checkout: turns a captured cart payment into an order (storefront spec
 * sections 2 "Checkout", 4 "Checkout", 7 POST /api/create-order, 8 "Checkout";
 * DECISIONS.md "Money and pricing", "Catalogue", "Payments", "Security").
 *
 * In ONE transaction, with the payment row locked FOR UPDATE (and the unique
 * `orders.payment_intent_id` behind it): read the cart, the payment's discount code and a
 * new order id in one query, re-price the cart and require the captured amount; check
 * per-customer limits (under the customer's advisory locks); in ONE statement insert the
 * order, its mail and claim, mark the payment consumed and clear the cart; then, in one
 * statement sent together with COMMIT
 * (`fp_take_order_rows`, migration 0012; docs/decisions.md issue 12 entry 10), take the
 * stock with conditional updates (never below zero) and count the discount use (never
 * past maxUses), so the rows every order contends for stay locked only inside PostgreSQL.
 * When stock, limit or code uses ran out — or the price no longer matches — the work
 * is rolled back, the payment becomes `refund_pending` with an admin incident (same
 * transaction), then is refunded in full (`refunded` once the provider confirms) and
 * the customer gets a 409 saying so. Input the database refuses (NUL in a name) answers 400 with the payment kept.
 * Any other failure after payment is logged and recorded for the admin (500).
 */
import { createHash } from 'node:crypto';
import { asc, eq, getTableColumns, type Placeholder, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { CreateOrderBody } from '../../shared/schemas/checkout';
import type { Order } from '../../shared/schemas/orders';
import { type ClaimValues, claimWrites, type GuestClaimGrant } from '../accounts/guest-claims';
import {
  CART_ROW_FIELDS,
  clearCartWrite,
  type PricedCart,
  pastPurchases,
  priceCartRows,
} from '../cart/service';
import { invalidateCatalog } from '../catalog/service';
import type { Db, DbOrTx, Tx } from '../db/client';
import {
  type BoundStatement,
  bind,
  executePrepared,
  executeThenCommit,
  type OrPlaceholders,
  type StatementTemplate,
  transactionEndingInCommit,
} from '../db/commit';
import {
  cartItems,
  discountCodes,
  type OrderLineRecord,
  orders,
  payments,
  products,
} from '../db/schema';
import type { AppDeps } from '../deps';
import { normalizeCode } from '../discounts/service';
import { publishedRowsWrites, publishRows } from '../events/events';
import type { NewOutboxRow } from '../mail/service';
import { toOrderDto } from '../orders/service';
import type { PaymentRow } from '../payments/service';
import {
  consumeWrite,
  PaymentRefused as OrderRejected,
  replayRecordedRow,
  settleCapturedPayment,
} from '../payments/settle';

export {
  ORDER_FAILED_AFTER_PAYMENT,
  PAYMENT_NOT_COMPLETED,
  PAYMENT_REFUND_PENDING,
  PAYMENT_REFUNDED,
} from '../payments/settle';

type Deps = Pick<AppDeps, 'db' | 'database' | 'payments' | 'config' | 'hooks' | 'mail'>;
type OrderRow = typeof orders.$inferSelect;

export interface PlaceOrderInput {
  sessionId: string;
  userId: number | null;
  body: CreateOrderBody;
  /**
   * Signed out: the claim this request grants (accounts/guest-claims.ts); the new order
   * is recorded in it inside the order's transaction, and the route sets the cookie.
   */
  claim?: GuestClaimGrant | null;
}

/**
 * POST /api/create-order. Returns the order and whether it was created now (201) or
 * earlier for the same payment (200, idempotent replay). Throws 404 'Payment not
 * found' (unknown, or not this session's cart payment), 409 'Payment not completed' /
 * PAYMENT_REFUNDED / PAYMENT_REFUND_PENDING for a payment that cannot make an order,
 * 409 with a customer-facing reason after refunding (sold out, limit, discount code
 * used up, price changed), 500 ORDER_FAILED_AFTER_PAYMENT for anything else
 * (payments/settle.ts).
 */
export async function placeCatalogOrder(
  deps: Deps,
  input: PlaceOrderInput,
  log: FastifyBaseLogger,
): Promise<{ order: Order; created: boolean }> {
  // Read with its row lock inside the settlement (no separate lookup first).
  const found = {
    providerOrderId: input.body.paypalOrderId,
    belongs: (p: PaymentRow) => p.purpose === 'cart' && p.reference === input.sessionId,
    notFoundMessage: 'Payment not found',
  };
  const result = await settleCapturedPayment(
    deps,
    found,
    {
      what: 'Order',
      replay: replayRecordedRow(orders, orders.paymentIntentId),
      // The order's basis is read right behind the payment lock, in the same round trip
      // on PostgreSQL (pipeline; issue 12); it is used only if the payment may settle.
      alongsideLock: (tx) => readOrderBasis(deps.db, tx, input.sessionId, found.providerOrderId),
      settle: (tx, payment, basis) => buildOrder(deps, tx, payment, input, basis),
      details: { sessionId: input.sessionId, userId: input.userId, customer: input.body },
      // No savepoint (issue 12): every refusal but the contended statement's comes before
      // the order's one write statement, and that one aborts the transaction anyway.
      savepoint: false,
      // Ends with the contended statement + COMMIT: no COMMIT of the wrapper after it.
      runTransaction: (fn) => transactionEndingInCommit(deps.database, fn),
    },
    log,
  );
  // The products trigger also notifies the cache on commit; drop it now as well.
  if (result.created) invalidateCatalog(deps.db);
  return { order: toOrderDto(result.value), created: result.created };
}

/**
 * The order work once the payment is locked and may settle, from `basis` (read with the
 * lock); throws OrderRejected when it cannot be honoured.
 */
async function buildOrder(
  deps: Deps,
  tx: Tx,
  payment: PaymentRow,
  input: PlaceOrderInput,
  basis: Promise<OrderBasisRow[]>,
): Promise<OrderRow> {
  const { sessionId, userId, body } = input;
  const rows = await basis;
  const code = payment.discountCode ? normalizeCode(payment.discountCode) : '';
  const cart = priceCartRows(sessionId, rows, code ? { code, row: rows[0]?.code ?? null } : null);
  const orderId = rows[0]?.orderId ?? null;

  if (payment.discountCode && !cart.discount) {
    const usedUp = cart.discountRefusal === 'used_up';
    throw usedUp
      ? new OrderRejected(
          `Sorry, the discount code "${payment.discountCode}" was used up while you were paying.`,
          'code_used_up',
        )
      : new OrderRejected(
          `Sorry, the discount code "${payment.discountCode}" no longer applies: ${cart.discountError}.`,
          'code_invalid',
        );
  }
  // A code that takes nothing off this cart (only free items) is not recorded on the order
  // and not counted as a use: a single-use code is not spent for $0.00 (a back-office audit).
  const discount = cart.discount && cart.discount.discountCents > 0 ? cart.discount : null;
  const gone = cart.lines.find((l) => !l.isActive);
  if (gone) throw new OrderRejected(`Sorry, "${gone.name}" is no longer available.`, 'unavailable');
  if (orderId === null || cart.lines.length === 0 || cart.totalCents !== payment.capturedCents) {
    throw new OrderRejected('The price changed. Please review your order.', 'price_changed');
  }

  // Per-customer limits (DECISIONS.md "Catalogue"), checked before the contended rows:
  // the customer's advisory locks make a concurrent order by the same customer (any
  // shared account, cart session or e-mail) wait until this one committed, so the count
  // below includes it. A refusal is only raised by the contended statement, after the
  // stock, so a sold-out product is still reported first.
  const limited = cart.lines.filter((l) => l.purchaseLimit !== null);
  let overLimit: (typeof cart.lines)[number] | undefined;
  if (limited.length > 0) {
    await lockCustomer(tx, { userId, sessionId, email: body.customerEmail });
    const past = await pastPurchases(
      tx,
      { userId, sessionId, email: body.customerEmail },
      limited.map((l) => l.productId),
    );
    overLimit = limited.find((l) => (past.get(l.productId) ?? 0) + l.quantity > l.purchaseLimit!);
  }

  const now = new Date();
  const items: OrderLineRecord[] = cart.lines.map((l) => ({
    productId: l.productId,
    name: l.name,
    quantity: l.quantity,
    unitPriceCents: l.unitPriceCents,
  }));
  // The whole row, as the insert below stores it (every column given, none left to a
  // default): the mail and the answer are made from it without reading it back.
  const order: OrderRow = {
    id: orderId,
    userId,
    cartSessionId: sessionId,
    customerEmail: body.customerEmail,
    customerName: body.customerName,
    shippingAddress: body.shippingAddress || null,
    subtotalCents: cart.subtotalCents,
    discountCode: discount?.code ?? null,
    discountCents: discount?.discountCents ?? 0,
    shippingCents: cart.shippingCents,
    totalCents: cart.totalCents,
    paymentIntentId: payment.providerOrderId,
    paymentStatus: 'paid',
    status: 'processing',
    items,
    trackingNumber: null,
    trackingUrl: null,
    createdAt: now,
  };
  // The order's own writes, independent of each other, in ONE statement (issue 12): the
  // order row; the confirmation e-mail (storefront spec section 8; same transaction, so a
  // rolled-back order leaves no mail); signed out, the claim that lets only this browser
  // (its HttpOnly claim cookie) claim the order later; the payment consumed; the cart
  // cleared. Each is the query its module builds (publishedRowsWrites, claimWrites,
  // consumeWrite, clearCartWrite), sent as a data-modifying CTE, built once per shape.
  const write = orderWrite(deps.db, {
    order,
    mails: await publishRows(deps, { type: 'order.placed', order }),
    claim: userId === null && input.claim ? input.claim.values('order', order.id) : null,
    paymentId: payment.id,
    at: now,
    sessionId,
  });

  // The rows every order contends for (the products' stock, the code's use count) are
  // taken last, in ONE statement sent after the write and with COMMIT, all in one round
  // trip (db/commit.ts, migration 0012): their locks are held only inside PostgreSQL,
  // never across a round trip to this process (issue 12: checkout throughput). A refusal
  // raises, and the COMMIT then ends the transaction as a rollback; settle records the
  // refund in a new transaction (`savepoint: false`).
  const take = bind(takeOrderRows, {
    productIds: cart.lines.map((l) => l.productId),
    quantities: cart.lines.map((l) => l.quantity),
    limitRefused: overLimit?.productId ?? null,
    discountCodeId: discount?.discountCodeId ?? null,
  });
  try {
    const beforeCommit = deps.hooks.beforeOrderCommit;
    if (beforeCommit) {
      // Tests: hold the transaction open with the rows locked (race proofs), then commit.
      await tx.execute(write.template.build(write.values));
      await tx.execute(takeOrderRows.build(take.values as TakeValues));
      await beforeCommit({ paymentOrderId: payment.providerOrderId });
    } else {
      // The write, the contended statement and COMMIT in one round trip (db/commit.ts).
      await executeThenCommit(deps.database, tx, [write, take]);
    }
  } catch (err) {
    throw refusalOf(err, cart) ?? err;
  }
  return order;
}

/** What the order's write statement writes (`orderWrite`). */
interface OrderWriteParts {
  order: OrderRow;
  /** The outbox rows of the order's mail (events.ts `publishRows`). */
  mails: NewOutboxRow[];
  /** Signed out: the claim granted with the order; else null. */
  claim: ClaimValues | null;
  paymentId: number;
  /** When the payment is consumed (the order's `createdAt`). */
  at: Date;
  /** The cart session whose lines are cleared. */
  sessionId: string;
}

/** Every column of an order row (the write gives them all). */
const ORDER_KEYS = Object.keys(getTableColumns(orders)) as (keyof OrderRow)[];

/** The order write's templates, per database and statement shape. */
const orderWriteTemplates = new WeakMap<
  Db,
  Map<string, StatementTemplate<Record<string, unknown>>>
>();

/**
 * The order's write statement for `parts`: the order row, its outbox rows, the guest
 * claim, the payment consumed and the cart cleared as data-modifying CTEs of one
 * statement (they touch different rows, so one snapshot is enough; PostgreSQL runs every
 * data-modifying CTE once). Its shape (the outbox rows' columns, the claim with or
 * without carry-over) decides a template built once per database with placeholders
 * (db/commit.ts: on PostgreSQL the named statement `fp_order_write_<hash of the shape>`,
 * parsed once per connection; issue 12: Drizzle no longer builds it per order); the
 * values of this order are bound to it.
 */
function orderWrite(db: Db, parts: OrderWriteParts): BoundStatement {
  const mailKeys = parts.mails.map((m) => Object.keys(m) as (keyof NewOutboxRow)[]);
  const claimShape =
    parts.claim === null ? 'none' : parts.claim.previousHash === null ? 'new' : 'carried';
  const shape = `${mailKeys.map((keys) => keys.join(',')).join('|')}#${claimShape}`;
  let templates = orderWriteTemplates.get(db);
  if (!templates) {
    templates = new Map();
    orderWriteTemplates.set(db, templates);
  }
  let template = templates.get(shape);
  if (!template) {
    template = {
      name: `fp_order_write_${createHash('sha256').update(shape).digest('hex').slice(0, 12)}`,
      build(v) {
        const pick = (prefix: string, keys: readonly string[]) =>
          Object.fromEntries(keys.map((k) => [k, v[`${prefix}.${k}`]]));
        const writes = [
          db.insert(orders).values(pick('order', ORDER_KEYS) as OrPlaceholders<OrderRow>),
          ...publishedRowsWrites(
            db,
            mailKeys.map((keys, i) => pick(`mail${i}`, keys) as OrPlaceholders<NewOutboxRow>),
          ),
          ...(claimShape === 'none'
            ? []
            : claimWrites(db, {
                ...(pick('claim', ['tokenHash', 'kind', 'refId', 'expiresAt']) as OrPlaceholders<
                  Omit<ClaimValues, 'previousHash'>
                >),
                previousHash:
                  claimShape === 'carried'
                    ? (v['claim.previousHash'] as string | Placeholder)
                    : null,
              })),
          consumeWrite(db, v.paymentId as number | Placeholder, v.at as Date | Placeholder),
          clearCartWrite(db, v.sessionId as string | Placeholder),
        ];
        return sql`with ${sql.join(
          writes.map((w, i) => sql`${sql.raw(`w${i}`)} as (${w.getSQL()})`),
          sql`, `,
        )} select 1`;
      },
    };
    templates.set(shape, template);
  }
  const values: Record<string, unknown> = {
    paymentId: parts.paymentId,
    at: parts.at,
    sessionId: parts.sessionId,
  };
  for (const key of ORDER_KEYS) values[`order.${key}`] = parts.order[key];
  parts.mails.forEach((mail, i) => {
    for (const [key, value] of Object.entries(mail)) values[`mail${i}.${key}`] = value;
  });
  if (parts.claim) {
    for (const [key, value] of Object.entries(parts.claim)) values[`claim.${key}`] = value;
  }
  return bind(template, values);
}

interface TakeValues extends Record<string, unknown> {
  productIds: number[];
  quantities: number[];
  limitRefused: number | null;
  discountCodeId: number | null;
}

/**
 * The rows every order contends for, taken by fp_take_order_rows (migration 0012): the
 * products' stock in product id order, the per-customer limit refusal, the code's use.
 */
const takeOrderRows: StatementTemplate<TakeValues> = {
  name: 'fp_take_order_rows',
  build: (v) =>
    sql`select fp_take_order_rows(${sql.param(v.productIds)}::integer[], ${sql.param(
      v.quantities,
    )}::integer[], ${sql.param(v.limitRefused)}::integer, ${sql.param(v.discountCodeId)}::integer)`,
};

/**
 * The query behind `readOrderBasis`, for `db` (a transaction, or the database when it is
 * prepared), with the session and the payment's provider order id as values or
 * placeholders. The code row is the one the payment names (its `discount_code`, stored as
 * the code row's own text when the payment was created: payments/service.ts).
 */
function orderBasisQuery(
  db: DbOrTx,
  sessionId: string | Placeholder,
  providerOrderId: string | Placeholder,
) {
  return db
    .select({
      ...CART_ROW_FIELDS,
      code: discountCodes,
      orderId: sql<number>`nextval(pg_get_serial_sequence('orders', 'id'))`.mapWith(Number),
    })
    .from(cartItems)
    .innerJoin(products, eq(products.id, cartItems.productId))
    .leftJoin(
      discountCodes,
      eq(
        discountCodes.code,
        sql`(select ${payments.discountCode} from ${payments} where ${payments.providerOrderId} = ${providerOrderId})`,
      ),
    )
    .where(eq(cartItems.sessionId, sessionId))
    .orderBy(asc(cartItems.id));
}

type OrderBasisRow = Awaited<ReturnType<typeof orderBasisQuery>>[number];

/** `orderBasisQuery` prepared once per database, with placeholders for the session and payment. */
const orderBasisReads = new WeakMap<
  Db,
  { execute(values: Record<string, unknown>): Promise<OrderBasisRow[]> }
>();

/**
 * What an order is made from, in ONE query (issue 12): the session's cart lines joined
 * with their products (`CART_ROW_FIELDS`, oldest line first), the discount code row the
 * payment `providerOrderId` names (left join; null when none or unknown), and a new
 * order id from the orders sequence (`nextval`, so the order, its mail and its claim can
 * be written in one statement; an id taken by an order that is then refused, or by a
 * request whose payment cannot settle, is skipped, as a rolled-back insert's would be).
 * It does not wait for the payment's lock answer: checkout sends it right behind the lock
 * (`alongsideLock`), and PostgreSQL runs it after the lock is held, so it reads the
 * payment's code as locked. Returns the rows (priced by `buildOrder`); none for an empty
 * cart. In checkout's own transaction on PostgreSQL the query is built once
 * (placeholders) and sent as the named statement `fp_order_basis` (db/commit.ts
 * `executePrepared`); elsewhere it is built per call. A failure is also kept for the
 * caller (no unhandled rejection when the payment does not settle and it is not awaited).
 */
function readOrderBasis(
  db: Db,
  tx: Tx,
  sessionId: string,
  providerOrderId: string,
): Promise<OrderBasisRow[]> {
  let prepared = orderBasisReads.get(db);
  if (!prepared) {
    prepared = orderBasisQuery(
      db,
      sql.placeholder('sessionId'),
      sql.placeholder('providerOrderId'),
    ).prepare('fp_order_basis');
    orderBasisReads.set(db, prepared);
  }
  const rows = Promise.resolve(
    executePrepared(tx, prepared, { sessionId, providerOrderId }) ??
      orderBasisQuery(tx, sessionId, providerOrderId),
  );
  rows.catch(() => {});
  return rows;
}

/**
 * Takes transaction-scoped advisory locks on every identity a per-customer limit matches
 * (`pastPurchases`: the account, the cart session, the e-mail case-insensitively), in one
 * fixed order, so two orders sharing any of them run their limit checks one after the
 * other. Keys are 64-bit hashes (SHA-256); a collision only makes an order wait.
 */
async function lockCustomer(
  tx: Tx,
  who: { userId: number | null; sessionId: string; email: string },
): Promise<void> {
  const identities = [`session:${who.sessionId}`, `email:${who.email.trim().toLowerCase()}`];
  if (who.userId !== null) identities.push(`user:${who.userId}`);
  const keys = [
    ...new Set(identities.map((id) => createHash('sha256').update(id).digest().readBigInt64BE(0))),
  ].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  await tx.execute(
    sql`select ${sql.join(
      keys.map((k) => sql`pg_advisory_xact_lock(${k.toString()}::bigint)`),
      sql`, `,
    )}`,
  );
}

/** SQLSTATEs raised by fp_take_order_rows (migration 0012). */
const SOLD_OUT = 'FP001';
const OVER_LIMIT = 'FP002';
const CODE_USED_UP = 'FP003';

/**
 * The customer-facing refusal for an error raised by fp_take_order_rows (searched in the
 * `cause` chain, as drizzle wraps driver errors), or null for any other error.
 */
function refusalOf(err: unknown, cart: PricedCart): OrderRejected | null {
  let current: unknown = err;
  for (let depth = 0; depth < 5 && current && typeof current === 'object'; depth += 1) {
    const { code, detail, cause } = current as {
      code?: unknown;
      detail?: unknown;
      cause?: unknown;
    };
    const line = cart.lines.find((l) => String(l.productId) === detail);
    if (code === SOLD_OUT && line) {
      return new OrderRejected(`Sorry, "${line.name}" sold out while you were paying.`, 'sold_out');
    }
    if (code === OVER_LIMIT && line) {
      return new OrderRejected(
        `Sorry, "${line.name}" is limited to ${line.purchaseLimit} per customer.`,
        'limit',
      );
    }
    if (code === CODE_USED_UP && cart.discount) {
      return new OrderRejected(
        `Sorry, the discount code "${cart.discount.code}" was used up while you were paying.`,
        'code_used_up',
      );
    }
    current = cause;
  }
  return null;
}
