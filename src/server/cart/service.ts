/**
 * The cart (storefront spec sections 2 "Cart drawer", 5 "Add to cart", 7; DECISIONS.md
 * "Money and pricing", "Catalogue", "Security"). Carts are keyed by the browser's
 * X-Session-Id; every function acts only on the given session's items. Prices are
 * the server's own: volume tier per line (`priceCatalogLine`), discount on the
 * merchandise subtotal (`checkDiscount`), flat shipping when not empty (`cartTotals`).
 * All amounts are integer cents.
 */
import { and, asc, eq, type Placeholder, sql } from 'drizzle-orm';
import { PgTransaction } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { cartTotals, type DiscountRefusal, priceCatalogLine } from '../../shared/pricing';
import { versionedImageUrl } from '../catalog/serialize';
import type { Db, DbOrTx } from '../db/client';
import { cartItems, orders, products } from '../db/schema';
import type { AppHooks } from '../deps';
import {
  checkCodeRow,
  type DiscountCodeRow,
  findDiscountCode,
  normalizeCode,
} from '../discounts/service';
import { conflict, notFound } from '../lib/errors';

export interface PricedCartLine {
  cartItemId: number;
  productId: number;
  name: string;
  quantity: number;
  basePriceCents: number;
  unitPriceCents: number;
  lineTotalCents: number;
  stockQuantity: number;
  purchaseLimit: number | null;
  isActive: boolean;
}

export interface PricedCart {
  sessionId: string;
  lines: PricedCartLine[];
  subtotalCents: number;
  discount: { code: string; discountCents: number; discountCodeId: number } | null;
  discountError: string | null;
  /** Why the code does not apply (server decisions only; customers see `discountError`). */
  discountRefusal: DiscountRefusal | null;
  shippingCents: number;
  totalCents: number;
}

/** One cart line joined with its product, as read by `loadCartRows`. */
export interface CartRow {
  cartItemId: number;
  productId: number;
  quantity: number;
  name: string;
  priceCents: number;
  imageUrl: string | null;
  updatedAt: Date;
  stockQuantity: number;
  inStock: boolean;
  purchaseLimit: number | null;
  isActive: boolean;
}

/** The columns of a `CartRow`, in select order (also read by checkout's order statement). */
export const CART_ROW_FIELDS = {
  cartItemId: cartItems.id,
  productId: cartItems.productId,
  quantity: cartItems.quantity,
  name: products.name,
  priceCents: products.priceCents,
  imageUrl: products.imageUrl,
  updatedAt: products.updatedAt,
  stockQuantity: products.stockQuantity,
  inStock: products.inStock,
  purchaseLimit: products.purchaseLimit,
  isActive: products.isActive,
};

function cartRowsQuery(db: DbOrTx, sessionId: string | Placeholder) {
  return db
    .select(CART_ROW_FIELDS)
    .from(cartItems)
    .innerJoin(products, eq(products.id, cartItems.productId))
    .where(eq(cartItems.sessionId, sessionId))
    .orderBy(asc(cartItems.id));
}

/** The cart read, built once per database (issue 12: hot read): a function of the session id. */
const cartReaders = new WeakMap<object, (sessionId: string) => Promise<CartRow[]>>();

/** The `CartRow` keys in select order (Drizzle selects in key order): a row read as an array maps back by position. */
const CART_ROW_KEYS = Object.keys(CART_ROW_FIELDS);

/**
 * The cart read for `db` outside a transaction. On PostgreSQL the SQL Drizzle builds for
 * `cartRowsQuery` is sent straight through the node-postgres pool as the named prepared
 * statement `fp_cart_rows` (parsed and planned once per connection), rows as arrays
 * mapped back by position: no per-call query building and no Drizzle result layers on
 * the hottest database read. node-postgres's own type parsers give the same values
 * (int4 -> number, timestamptz -> Date, bool). On PGlite, Drizzle's prepared statement.
 */
function cartReader(db: Db): (sessionId: string) => Promise<CartRow[]> {
  let read = cartReaders.get(db);
  if (read) return read;
  const client = (db as { $client?: unknown }).$client;
  if (client instanceof pg.Pool) {
    const built = cartRowsQuery(db, sql.placeholder('sessionId')).toSQL();
    if (built.params.length !== 1) throw new Error('fp_cart_rows: expected one parameter');
    const text = built.sql;
    read = async (sessionId) => {
      const result = await client.query<unknown[]>({
        name: 'fp_cart_rows',
        text,
        values: [sessionId],
        rowMode: 'array',
      });
      return result.rows.map((values) => {
        const row = {} as Record<string, unknown>;
        for (let i = 0; i < CART_ROW_KEYS.length; i++) row[CART_ROW_KEYS[i]!] = values[i];
        return row as unknown as CartRow;
      });
    };
  } else {
    const prepared = cartRowsQuery(db, sql.placeholder('sessionId')).prepare('fp_cart_rows');
    read = (sessionId) => prepared.execute({ sessionId });
  }
  cartReaders.set(db, read);
  return read;
}

/**
 * The session's cart lines joined with their products in one query (one round trip),
 * oldest line first. Outside a transaction the statement is prepared once per database
 * (`cartReader`).
 */
export async function loadCartRows(db: DbOrTx, sessionId: string): Promise<CartRow[]> {
  if (db instanceof PgTransaction) return cartRowsQuery(db, sessionId);
  return cartReader(db as Db)(sessionId);
}

/** Prices one joined row: tier unit price and line total (cents). */
export function priceRow(row: CartRow): PricedCartLine {
  const priced = priceCatalogLine(row.priceCents, row.quantity);
  return {
    cartItemId: row.cartItemId,
    productId: row.productId,
    name: row.name,
    quantity: row.quantity,
    basePriceCents: row.priceCents,
    unitPriceCents: priced.unitPriceCents,
    lineTotalCents: priced.lineTotalCents,
    stockQuantity: row.stockQuantity,
    purchaseLimit: row.purchaseLimit,
    isActive: row.isActive,
  };
}

/**
 * Prices the session's cart with the server's own data (+ optional discount code).
 * The discount applies to the merchandise subtotal; when the code is unknown or does
 * not apply, `discount` is null and `discountError` carries the customer-facing text.
 * Shipping is flat $5.99 when the cart has any line. Never throws for input.
 */
export async function priceCart(
  db: DbOrTx,
  sessionId: string,
  discountCode?: string | null,
  now: Date = new Date(),
): Promise<PricedCart> {
  const rows = await loadCartRows(db, sessionId);
  const code = discountCode ? normalizeCode(discountCode) : '';
  const codeRow = code ? await findDiscountCode(db, code) : null;
  return priceCartRows(sessionId, rows, code ? { code, row: codeRow } : null, now);
}

/**
 * `priceCart` for rows already read (no query): the session's joined cart rows and,
 * when a code was given, its normalised text and its row (null: unknown code). The same
 * answer as `priceCart`; checkout reads the rows in its own statement (issue 12).
 */
export function priceCartRows(
  sessionId: string,
  rows: CartRow[],
  code: { code: string; row: DiscountCodeRow | null } | null,
  now: Date = new Date(),
): PricedCart {
  const lines = rows.map(priceRow);
  const subtotalCents = lines.reduce((sum, l) => sum + l.lineTotalCents, 0);
  let discount: PricedCart['discount'] = null;
  let discountError: string | null = null;
  let discountRefusal: DiscountRefusal | null = null;
  if (code?.code) {
    const check = checkCodeRow(code.row, subtotalCents, now);
    if (check.valid) {
      discount = {
        code: check.row.code,
        discountCents: check.discountCents,
        discountCodeId: check.row.id,
      };
    } else {
      discountError = check.error;
      discountRefusal = check.reason;
    }
  }
  const totals = cartTotals(
    lines.map((l) => l.lineTotalCents),
    discount?.discountCents ?? 0,
  );
  if (discount) discount.discountCents = totals.discountCents;
  return {
    sessionId,
    lines,
    subtotalCents: totals.subtotalCents,
    discount,
    discountError,
    discountRefusal,
    shippingCents: totals.shippingCents,
    totalCents: totals.totalCents,
  };
}

type Rows<T> = { rows: T[] };

/**
 * Units of each product this customer already bought (paid orders, not refunded):
 * orders of the signed-in user (orders.user_id), orders placed from the same cart
 * session (orders.cart_session_id) and orders with the same e-mail (case-insensitive).
 * Returns productId -> units; products never bought are absent. One query.
 * DECISIONS.md "Catalogue": per-customer limits hold across the cart and past orders.
 */
export async function pastPurchases(
  db: DbOrTx,
  who: {
    userId?: number | null;
    sessionId?: string | null;
    email?: string | null;
    /** An order not to count (the one being placed, already inserted). */
    exceptOrderId?: number;
  },
  productIds: number[],
): Promise<Map<number, number>> {
  const result = new Map<number, number>();
  const ids = [...new Set(productIds.filter((id) => Number.isSafeInteger(id)))];
  const matches = [];
  if (who.userId != null) matches.push(sql`${orders.userId} = ${who.userId}`);
  if (who.sessionId) matches.push(sql`${orders.cartSessionId} = ${who.sessionId}`);
  const email = who.email?.trim().toLowerCase();
  if (email) matches.push(sql`lower(${orders.customerEmail}) = ${email}`);
  if (ids.length === 0 || matches.length === 0) return result;
  const res = (await db.execute(sql`
    select (item->>'productId')::int as "productId",
           coalesce(sum((item->>'quantity')::int), 0)::int as "units"
    from ${orders} cross join lateral jsonb_array_elements(${orders.items}) as item
    where ${orders.paymentStatus} = 'paid'
      and (${sql.join(matches, sql` or `)})
      ${who.exceptOrderId !== undefined ? sql`and ${orders.id} <> ${who.exceptOrderId}` : sql``}
      and jsonb_typeof(item->'productId') = 'number'
      and (item->>'productId')::int in (${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )})
    group by 1
  `)) as unknown as Rows<{ productId: number; units: number }>;
  for (const row of res.rows) result.set(Number(row.productId), Number(row.units));
  return result;
}

/** Removes every item of the session's cart. */
export async function clearCart(db: DbOrTx, sessionId: string): Promise<void> {
  await clearCartWrite(db, sessionId);
}

/** `clearCart`'s delete, built not run: for a caller that sends it in a statement of its own. */
export function clearCartWrite(db: DbOrTx, sessionId: string | Placeholder) {
  return db.delete(cartItems).where(eq(cartItems.sessionId, sessionId));
}

// ---------------------------------------------------------------------------
// Cart changes (POST / PATCH / DELETE /api/cart)
// ---------------------------------------------------------------------------

/** Who is shopping: the cart session plus, when signed in, the account (for limits). */
export interface Shopper {
  sessionId: string;
  userId?: number | null;
  email?: string | null;
}

interface LimitProduct {
  id: number;
  stockQuantity: number;
  inStock: boolean;
  purchaseLimit: number | null;
}

/**
 * Checks a wanted line quantity against stock and the per-customer limit.
 * Throws 409 'This product is out of stock', 'Only N left in stock' or
 * 'Limit N per customer' (storefront spec section 5 "Add to cart").
 */
async function assertCanHold(
  db: DbOrTx,
  shopper: Shopper,
  product: LimitProduct,
  quantity: number,
): Promise<void> {
  if (!product.inStock || product.stockQuantity <= 0)
    throw conflict('This product is out of stock');
  if (quantity > product.stockQuantity) {
    throw conflict(`Only ${product.stockQuantity} left in stock`, {
      available: product.stockQuantity,
    });
  }
  if (product.purchaseLimit != null) {
    const bought = (await pastPurchases(db, shopper, [product.id])).get(product.id) ?? 0;
    if (bought + quantity > product.purchaseLimit) {
      throw conflict(`Limit ${product.purchaseLimit} per customer`, {
        limit: product.purchaseLimit,
        remaining: Math.max(0, product.purchaseLimit - bought),
      });
    }
  }
}

/** How many more units of one product a shopper may add (GET /api/cart/allowance). */
export interface PurchaseAllowance {
  productId: number;
  /** The product's per-customer limit; null when it has none. */
  limit: number | null;
  /** Units already bought as `pastPurchases` counts them; null when there is no limit (not counted). */
  bought: number | null;
  /** Units of the product in the shopper's cart now (0 when none). */
  inCart: number;
  /** limit - bought - inCart, never below 0; null when there is no limit. */
  remaining: number | null;
}

/**
 * What the per-customer limit still lets `shopper` add of one product: the same count
 * `assertCanHold` makes on an add (paid past orders by account, cart session and e-mail,
 * through `pastPurchases`; a signed-out shopper by cart session only), minus the units
 * already in this session's cart, since an add is checked on the line's new total.
 * Stock is not part of it (the product's `stockQuantity` says that). A read only: the
 * cart's add still checks. Throws 404 'Product not found' for an unknown or inactive
 * product, as an add does. Two queries when the product has a limit, else one.
 */
export async function purchaseAllowance(
  db: DbOrTx,
  shopper: Shopper,
  productId: number,
): Promise<PurchaseAllowance> {
  const [row] = await db
    .select({
      limit: products.purchaseLimit,
      isActive: products.isActive,
      inCart: cartItems.quantity,
    })
    .from(products)
    .leftJoin(
      cartItems,
      and(eq(cartItems.productId, products.id), eq(cartItems.sessionId, shopper.sessionId)),
    )
    .where(eq(products.id, productId));
  if (!row?.isActive) throw notFound('Product not found');
  const inCart = row.inCart ?? 0;
  if (row.limit == null) return { productId, limit: null, bought: null, inCart, remaining: null };
  const bought = (await pastPurchases(db, shopper, [productId])).get(productId) ?? 0;
  return {
    productId,
    limit: row.limit,
    bought,
    inCart,
    remaining: Math.max(0, row.limit - bought - inCart),
  };
}

/**
 * Adds `quantity` units of a product to the shopper's cart, merging into the existing
 * line (unique session+product). Checks the product is active (404 'Product not
 * found'), stock and the per-customer limit on the new line total (409).
 * Returns the line's id.
 *
 * Race-safe: the line is upserted first, which locks it (or, for a new line, makes
 * concurrent inserts of the same session+product wait on the unique index), and the
 * checks run on the quantity the upsert returned; a failed check throws and rolls the
 * upsert back. Parallel adds on one session therefore see each other's quantities
 * (a SELECT ... FOR UPDATE of a line that does not exist yet would lock nothing).
 * Adds from different sessions do not wait on each other.
 */
export async function addToCart(
  db: DbOrTx,
  shopper: Shopper,
  productId: number,
  quantity: number,
  hooks: Pick<AppHooks, 'beforeCartCommit'> = {},
): Promise<number> {
  return db.transaction(async (tx) => {
    const [product] = await tx
      .select({
        id: products.id,
        stockQuantity: products.stockQuantity,
        inStock: products.inStock,
        purchaseLimit: products.purchaseLimit,
        isActive: products.isActive,
      })
      .from(products)
      .where(eq(products.id, productId));
    if (!product?.isActive) throw notFound('Product not found');
    const [row] = await tx
      .insert(cartItems)
      .values({ sessionId: shopper.sessionId, productId, quantity })
      .onConflictDoUpdate({
        target: [cartItems.sessionId, cartItems.productId],
        set: { quantity: sql`${cartItems.quantity} + ${quantity}` },
      })
      .returning({ id: cartItems.id, quantity: cartItems.quantity });
    await assertCanHold(tx, shopper, product, row!.quantity);
    await hooks.beforeCartCommit?.({ sessionId: shopper.sessionId, productId });
    return row!.id;
  });
}

/**
 * Sets the quantity of one of the shopper's lines. 404 'Cart item not found' when the
 * id is not in this session's cart. Raising the quantity is checked against stock and
 * the per-customer limit (409); lowering it is always allowed. Returns the line's id.
 */
export async function updateCartItem(
  db: DbOrTx,
  shopper: Shopper,
  cartItemId: number,
  quantity: number,
): Promise<number> {
  return db.transaction(async (tx) => {
    const [line] = await tx
      .select({
        id: cartItems.id,
        quantity: cartItems.quantity,
        productId: products.id,
        stockQuantity: products.stockQuantity,
        inStock: products.inStock,
        purchaseLimit: products.purchaseLimit,
        isActive: products.isActive,
      })
      .from(cartItems)
      .innerJoin(products, eq(products.id, cartItems.productId))
      .where(and(eq(cartItems.id, cartItemId), eq(cartItems.sessionId, shopper.sessionId)))
      .for('update', { of: cartItems });
    if (!line) throw notFound('Cart item not found');
    if (quantity > line.quantity) {
      if (!line.isActive) throw conflict('This product is no longer available');
      await assertCanHold(tx, shopper, { ...line, id: line.productId }, quantity);
    }
    await tx
      .update(cartItems)
      .set({ quantity })
      .where(and(eq(cartItems.id, cartItemId), eq(cartItems.sessionId, shopper.sessionId)));
    return line.id;
  });
}

/** Removes one of the session's lines; 404 'Cart item not found' when it is not this session's. */
export async function removeCartItem(
  db: DbOrTx,
  sessionId: string,
  cartItemId: number,
): Promise<void> {
  const gone = await db
    .delete(cartItems)
    .where(and(eq(cartItems.id, cartItemId), eq(cartItems.sessionId, sessionId)))
    .returning({ id: cartItems.id });
  if (gone.length === 0) throw notFound('Cart item not found');
}

/** A priced line with what the cart drawer shows (image link versioned by updatedAt). */
export interface CartViewLine extends PricedCartLine {
  percentOff: number;
  imageUrl: string | null;
}

/** The session's cart as the drawer shows it: priced lines with image links. */
export async function viewCart(db: DbOrTx, sessionId: string): Promise<CartViewLine[]> {
  const rows = await loadCartRows(db, sessionId);
  return rows.map((row) => ({
    ...priceRow(row),
    percentOff: priceCatalogLine(row.priceCents, row.quantity).percentOff,
    imageUrl: versionedImageUrl(row.imageUrl, row.updatedAt),
  }));
}
