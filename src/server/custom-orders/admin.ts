/**
 * The admin's order desk for custom orders (back-office spec section 2 "/admin" Order
 * History, detail dialog, logo dialog; sections 4, 7, 8; DECISIONS.md "Admin buttons
 * whose behaviour the spec does not show do the obvious real thing"): status changes,
 * delete, the production e-mail, a free message to the customer, the export (CSV and a
 * printable page) and the Order History list of custom and catalogue orders together.
 * Every function here is for admins only; the routes check that (403).
 */
import { stringify } from 'csv-stringify/sync';
import { and, desc, eq, inArray, or, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import { unionAll } from 'drizzle-orm/pg-core';
import escapeHtml from 'escape-html';
import type { AdminCustomOrderStatus, CustomOrderStatus } from '../../shared/custom-pins';
import {
  CUSTOM_STATUS_LABELS,
  PACKAGING_LABELS,
  platingText,
  sizeText,
} from '../../shared/custom-pins';
import { formatUsd } from '../../shared/money';
import type { PinPackaging } from '../../shared/pricing';
import type {
  AdminOrderEmailBody,
  CustomOrder,
  OrderHistoryPage,
  OrderHistoryQuery,
} from '../../shared/schemas/custom-orders';
import type { DbOrTx } from '../db/client';
import { customOrders, orders } from '../db/schema';
import type { AppDeps } from '../deps';
import { publish } from '../events/events';
import { conflict, notFound } from '../lib/errors';
import { ORDER_NOT_FOUND, toOrderDto } from '../orders/service';
import { CUSTOM_ORDER_NOT_FOUND, type CustomOrderRow, toCustomOrderDto } from './service';

type MailDeps = Pick<AppDeps, 'db' | 'config' | 'mail'>;

export const PRODUCTION_EMAIL_NOT_ALLOWED =
  'The production e-mail can only be sent for an order that is in production.';

/**
 * PATCH /api/custom-orders/{id}/status: sets the status (any admin status, in any order,
 * back-office spec section 4) and publishes `custom_order.status_changed` when it changed
 * (mail/rules.ts decides the mail). Throws 404.
 */
export async function updateCustomOrderStatus(
  deps: MailDeps,
  id: number,
  status: AdminCustomOrderStatus,
): Promise<CustomOrder> {
  const row = await deps.db.transaction(async (tx) => {
    const [before] = await tx
      .select({ status: customOrders.status })
      .from(customOrders)
      .where(eq(customOrders.id, id))
      .for('update');
    if (!before) throw notFound(CUSTOM_ORDER_NOT_FOUND);
    const [updated] = await tx
      .update(customOrders)
      .set({ status })
      .where(eq(customOrders.id, id))
      .returning();
    if (before.status !== status) {
      await publish(deps, tx, {
        type: 'custom_order.status_changed',
        customOrder: updated!,
        from: before.status,
      });
    }
    return updated!;
  });
  return toCustomOrderDto(row);
}

/** DELETE /api/custom-orders/{id}. Throws 404. Payments and their records stay. */
export async function deleteCustomOrder(db: DbOrTx, id: number): Promise<void> {
  const gone = await db
    .delete(customOrders)
    .where(eq(customOrders.id, id))
    .returning({ id: customOrders.id });
  if (gone.length === 0) throw notFound(CUSTOM_ORDER_NOT_FOUND);
}

/**
 * POST /api/send-production-email: 'Send Production Email' (only for an order in
 * production, 409 otherwise; back-office spec section 2). The order's own name and
 * e-mail are used; `custom_order.production_notice` carries `estimatedWeeks` ('2 to 3
 * weeks'). Throws 404.
 */
export async function sendProductionEmail(
  deps: MailDeps,
  orderId: number,
  estimatedWeeks: string,
): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const [order] = await tx.select().from(customOrders).where(eq(customOrders.id, orderId));
    if (!order) throw notFound(CUSTOM_ORDER_NOT_FOUND);
    if (order.status !== 'in_production') throw conflict(PRODUCTION_EMAIL_NOT_ALLOWED);
    await publish(deps, tx, {
      type: 'custom_order.production_notice',
      customOrder: order,
      estimatedWeeks,
    });
  });
}

/**
 * POST /api/admin/order-email: 'Send Email' / 'Send Other Email' to the customer of a
 * custom or catalogue order (`admin.message_sent`, through the outbox). The recipient is
 * the order's e-mail, never one the client sends. Throws 404.
 */
export async function sendOrderEmail(deps: MailDeps, body: AdminOrderEmailBody): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const table = body.type === 'custom' ? customOrders : orders;
    const [order] = await tx
      .select({ email: table.customerEmail, name: table.customerName })
      .from(table)
      .where(eq(table.id, body.orderId));
    if (!order) throw notFound(body.type === 'custom' ? CUSTOM_ORDER_NOT_FOUND : ORDER_NOT_FOUND);
    await publish(deps, tx, {
      type: 'admin.message_sent',
      to: order.email,
      customerName: order.name,
      subject: body.subject,
      message: body.message,
      about: `${body.type === 'custom' ? 'custom_order' : 'order'}:${body.orderId}`,
    });
  });
}

// ---------------------------------------------------------------------------
// Export
// ---------------------------------------------------------------------------

/** The order's fields as [label, value] rows, shared by the CSV and the printable page. */
export function exportRows(o: CustomOrderRow): [string, string][] {
  const packaging = o.packaging
    .split(',')
    .filter(Boolean)
    .map((p) => PACKAGING_LABELS[p as PinPackaging] ?? p)
    .join(', ');
  return [
    ['Order', String(o.id)],
    ['Placed', o.createdAt.toISOString()],
    ['Status', CUSTOM_STATUS_LABELS[o.status as CustomOrderStatus] ?? o.status],
    ['Customer name', o.customerName],
    ['Customer email', o.customerEmail],
    ['Customer phone', o.customerPhone ?? ''],
    ['Shipping address', o.shippingAddress ?? ''],
    ['Quantity', String(o.quantity)],
    ['Size', sizeText(o.size)],
    ['Plating', platingText(o.plating)],
    ['Packaging', packaging],
    ['Rush order', o.rushOrder ? 'Yes' : 'No'],
    ['Rush fee', formatUsd(o.rushOrderFeeCents)],
    ['Price per pin', formatUsd(o.pricePerPinCents)],
    ['Discount code', o.discountCode ?? ''],
    ['Discount', formatUsd(o.discountCents)],
    ['Total', formatUsd(o.totalPriceCents)],
    ['Deposit', formatUsd(o.depositCents)],
    ['Deposit payment', o.depositPaymentId ?? ''],
    ['Balance', formatUsd(o.remainingBalanceCents)],
    ['Balance paid', o.balancePaymentId ? 'Yes' : 'No'],
    ['Balance payment', o.balancePaymentId ?? ''],
    ['Estimated delivery', o.estimatedDelivery ?? ''],
    ['Logo file', o.logoFileName ?? ''],
    ['Notes', o.notes ?? ''],
    [
      'Pin designs',
      o.pinDesigns.map((d) => `${d.name} x${d.quantity}: ${d.description}`).join('; '),
    ],
  ];
}

/**
 * A spreadsheet formula written by a customer must stay text: a cell that starts with
 * =, +, -, @, a tab or a carriage return gets a leading apostrophe (OWASP "CSV
 * injection"). Amounts are formatted with a leading '$', so they are unaffected.
 */
export function neutralizeFormula(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

/**
 * The order as CSV (csv-stringify): a header row of field names, one row of values,
 * after a UTF-8 byte order mark: without it Excel reads the file as the Windows code page
 * and shows 'Zoë' as 'ZoÃ«' (an international-data audit of 2026-11-27).
 */
export function exportCsv(o: CustomOrderRow): string {
  const rows = exportRows(o);
  return stringify(
    [rows.map(([label]) => label), rows.map(([, value]) => neutralizeFormula(value))],
    { bom: true },
  );
}

/** A printable HTML page of the order (every value escaped; prints on open). */
export function exportHtml(o: CustomOrderRow, storeName: string): string {
  const body = exportRows(o)
    .map(([label, value]) => `<tr><th>${escapeHtml(label)}</th><td>${escapeHtml(value)}</td></tr>`)
    .join('');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Custom order #${o.id} | ${escapeHtml(storeName)}</title><style>body{font-family:system-ui,sans-serif;margin:2rem;color:#111}h1{font-size:1.4rem}table{border-collapse:collapse;width:100%;max-width:48rem}th,td{text-align:left;vertical-align:top;padding:.35rem .6rem;border-bottom:1px solid #ddd}th{width:12rem;color:#444;font-weight:600}@media print{body{margin:0}}</style></head><body><h1>${escapeHtml(storeName)}: custom order #${o.id}</h1><table>${body}</table></body></html>`;
}

// ---------------------------------------------------------------------------
// Order History: custom and catalogue orders together
// ---------------------------------------------------------------------------

/**
 * The combining marks `searchFolded` drops (after NFKD they carry the accents): the
 * combining diacritical marks with their extended and supplement blocks, the marks for
 * symbols and the half marks. PostgreSQL's regular expressions know no \p{M}.
 */
const COMBINING_MARKS = '[\u0300-\u036f\u1ab0-\u1aff\u1dc0-\u1dff\u20d0-\u20ff\ufe20-\ufe2f]';

/**
 * Text as the Order History search compares it: NFKD, accents dropped, lower-cased, the
 * way the admin's table searches fold it in the browser (web table-state.ts
 * `normalizeSearch`), so 'Grimsson' finds 'Grímsson' and 'grímsson' finds 'GRIMSSON'.
 * Done in SQL on both sides (the column and the typed text), so both fold alike; no
 * extension needed (`normalize` is built in since PostgreSQL 13, PGlite has it).
 */
function searchFolded(value: SQLWrapper): SQL {
  return sql`lower(regexp_replace(normalize(${value}, NFKD), ${COMBINING_MARKS}, '', 'g'))`;
}

/** Words of an Order History search that count (a longer search is cut: it is typed, not pasted). */
const MAX_SEARCH_WORDS = 8;

/** The WHERE of one table for the history filters (status, search by id, name or e-mail). */
function historyFilter(
  table: typeof customOrders | typeof orders,
  query: Pick<OrderHistoryQuery, 'status' | 'q'>,
): SQL | undefined {
  const parts: (SQL | undefined)[] = [];
  if (query.status) parts.push(eq(table.status, query.status));
  const raw = query.q?.trim() ?? '';
  const q = raw.replace(/^#/, '').trim();
  if (raw.startsWith('#')) {
    // '#123' is an order number and nothing else.
    parts.push(/^\d{1,9}$/.test(q) ? eq(table.id, Number(q)) : sql`false`);
  } else if (q) {
    // Every word must occur in the name or the e-mail (or be the order number), as in the
    // admin's table searches (web table-state.ts `viewTable`): 'doe jane' finds Jane Doe.
    const found = (column: SQLWrapper, word: string) =>
      sql`strpos(${searchFolded(column)}, ${searchFolded(sql`${word}::text`)}) > 0`;
    const words = q.split(/\s+/).slice(0, MAX_SEARCH_WORDS);
    parts.push(
      and(
        ...words.map((word) =>
          or(
            /^\d{1,9}$/.test(word) ? eq(table.id, Number(word)) : undefined,
            found(table.customerName, word),
            found(table.customerEmail, word),
          ),
        ),
      ),
    );
  }
  return and(...parts);
}

/**
 * GET /api/admin/order-history: custom and catalogue orders together, newest first
 * (ties by id), filtered by type, status and a search by order number, name or e-mail
 * ('#12' searches the order number only),
 * one page at a time. Four queries whatever the page size: the page's keys (UNION ALL),
 * the two totals in one, and the rows of each kind on the page.
 */
export async function orderHistory(
  db: DbOrTx,
  query: OrderHistoryQuery,
): Promise<OrderHistoryPage> {
  const customWhere = historyFilter(customOrders, query);
  const regularWhere = historyFilter(orders, query);
  const wantCustom = query.type !== 'regular';
  const wantRegular = query.type !== 'custom';
  const customKeys = db
    .select({
      kind: sql<string>`'custom'`.as('kind'),
      id: customOrders.id,
      createdAt: customOrders.createdAt,
    })
    .from(customOrders)
    .where(wantCustom ? customWhere : sql`false`);
  const regularKeys = db
    .select({ kind: sql<string>`'regular'`.as('kind'), id: orders.id, createdAt: orders.createdAt })
    .from(orders)
    .where(wantRegular ? regularWhere : sql`false`);
  const keys = await unionAll(customKeys, regularKeys)
    .orderBy(desc(sql`created_at`), desc(sql`id`))
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize);

  const [totals] = await db
    .select({
      custom: wantCustom
        ? sql<number>`(select count(*)::int from ${customOrders} where ${customWhere ?? sql`true`})`
        : sql<number>`0`,
      regular: wantRegular
        ? sql<number>`(select count(*)::int from ${orders} where ${regularWhere ?? sql`true`})`
        : sql<number>`0`,
    })
    .from(sql`(select 1) as one`);

  const customIds = keys.filter((k) => k.kind === 'custom').map((k) => k.id);
  const regularIds = keys.filter((k) => k.kind === 'regular').map((k) => k.id);
  const customRows = customIds.length
    ? await db.select().from(customOrders).where(inArray(customOrders.id, customIds))
    : [];
  const regularRows = regularIds.length
    ? await db.select().from(orders).where(inArray(orders.id, regularIds))
    : [];
  const customById = new Map(customRows.map((r) => [r.id, r]));
  const regularById = new Map(regularRows.map((r) => [r.id, r]));
  const now = new Date();
  const items: OrderHistoryPage['items'] = [];
  for (const key of keys) {
    if (key.kind === 'custom') {
      const row = customById.get(key.id);
      if (row) items.push({ type: 'custom', order: toCustomOrderDto(row, now) });
    } else {
      const row = regularById.get(key.id);
      if (row) items.push({ type: 'regular', order: toOrderDto(row) });
    }
  }
  return {
    items,
    total: Number(totals?.custom ?? 0) + Number(totals?.regular ?? 0),
    page: query.page,
    pageSize: query.pageSize,
  };
}
