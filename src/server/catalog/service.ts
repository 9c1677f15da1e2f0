/**
 * The catalogue (storefront spec section 2 "Wholesale catalogue", "Product detail",
 * section 7 GET /api/products[/{id}]; back-office section 7 product admin calls;
 * DECISIONS.md "Catalogue"). Prices are stored in cents and shown in dollars.
 *
 * GET /api/products is served from an in-process cache of the serialized list (NOTES.md:
 * a database read per request is far slower than the target). The cache is dropped
 * (a) synchronously by every write in this module and (b) by the `catalog_changed`
 * notification that a trigger on `products` sends on commit of ANY write (migration
 * 0002), so stock changes made by checkout or by hand are seen too. Caching is only
 * used while that notification listener is live; otherwise every call reads the DB.
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import { compareNames, sortCatalog } from '../../shared/catalog';
import { dollarsToCents } from '../../shared/money';
import type { Product } from '../../shared/schemas/catalog';
import type { Database, Db, DbOrTx } from '../db/client';
import { listenToChannel } from '../db/listen';
import { orders, products } from '../db/schema';
import { CachedBody } from '../lib/cached-response';
import { conflict, type HttpError, notFound } from '../lib/errors';
import { productEditVersion, serializeAdminProduct, serializeProduct } from './serialize';

export { serializeProduct, versionedImageUrl } from './serialize';

/** The 409 of an edit made from an older copy of the product (`expectedEditVersion`). */
export const PRODUCT_CHANGED_MESSAGE =
  'This product was changed by someone else while you edited it. Reload to see the changes.';

/** Channel the products trigger notifies on (migration 0002_catalog_notify). */
export const CATALOG_CHANNEL = 'catalog_changed';

/**
 * A cached product list: the serialised list (bytes, ETag, encodings; lib/cached-response.ts)
 * and the same products by id, each serialised on first request for the detail call.
 */
export interface CachedList {
  list: CachedBody;
  products: Product[];
  byId: Map<number, Product>;
  /** The serialised product `id`, or null when it is not in the list. */
  one(id: number): CachedBody | null;
}

/**
 * Cache of the public (active) product list for one database. `generation` moves on
 * every invalidation so a read that started before a write never stores stale data.
 */
export class CatalogCache {
  private generation = 0;
  private entry: CachedList | null = null;
  private pending: Promise<CachedList> | null = null;
  /** True while the change listener is live; the cache is bypassed otherwise. */
  listening = false;

  /** Drops the cached list. */
  invalidate(): void {
    this.generation += 1;
    this.entry = null;
    this.pending = null;
  }

  /**
   * The cached list when it is there and live, else null (then `get`): a hot read answers
   * from it without a promise (issue 12).
   */
  peek(): CachedList | null {
    return this.listening ? this.entry : null;
  }

  /** The cached list, loading it (once, for concurrent callers) when absent. */
  async get(load: () => Promise<Product[]>): Promise<CachedList> {
    if (!this.listening) return toCached(await load());
    if (this.entry) return this.entry;
    if (this.pending) return this.pending;
    const generation = this.generation;
    const pending = load().then((list) => {
      const cached = toCached(list);
      if (generation === this.generation) this.entry = cached;
      if (this.pending === pending) this.pending = null;
      return cached;
    });
    pending.catch(() => {
      if (this.pending === pending) this.pending = null;
    });
    this.pending = pending;
    return pending;
  }
}

function toCached(list: Product[]): CachedList {
  const byId = new Map(list.map((p) => [p.id, p]));
  const bodies = new Map<number, CachedBody>();
  return {
    list: CachedBody.json(list),
    products: list,
    byId,
    one(id) {
      let body = bodies.get(id);
      if (!body) {
        const product = byId.get(id);
        if (!product) return null;
        body = CachedBody.json(product);
        bodies.set(id, body);
      }
      return body;
    },
  };
}

const caches = new WeakMap<object, CatalogCache>();

/** The catalogue cache that belongs to a database handle. */
export function catalogCache(db: Db): CatalogCache {
  let cache = caches.get(db);
  if (!cache) {
    cache = new CatalogCache();
    caches.set(db, cache);
  }
  return cache;
}

/** Drops the cached product list. Other modules may call it after committing a products write. */
export function invalidateCatalog(db: Db): void {
  catalogCache(db).invalidate();
}

/**
 * Subscribes the cache to `catalog_changed` notifications (db/listen.ts). While the
 * listener is down caching stops (reads go to the DB) until it is live again.
 * Returns a function that unsubscribes and releases the connection.
 */
export function listenForCatalogChanges(
  database: Database,
  log: { warn(obj: unknown, msg?: string): void } = console,
): Promise<() => Promise<void>> {
  const cache = catalogCache(database.db);
  return listenToChannel(
    database,
    CATALOG_CHANNEL,
    {
      onMessage: () => cache.invalidate(),
      onUp: () => {
        cache.invalidate();
        cache.listening = true;
      },
      onDown: () => {
        cache.listening = false;
        cache.invalidate();
      },
    },
    log,
  );
}

/**
 * Every product row (active only unless `includeInactive`), serialized, in catalogue order
 * (name A-Z, First Tee and in-stock first). `includeInactive` is the admin's read: each
 * product also carries its `editVersion`, and the list is by name only, so a row stays
 * where it is in the admin's table when its stock reaches 0 (in catalogue order it jumped
 * to the end under the admin's hand).
 */
export async function loadProducts(db: DbOrTx, includeInactive = false): Promise<Product[]> {
  const rows = await db
    .select()
    .from(products)
    .where(includeInactive ? undefined : eq(products.isActive, true))
    .orderBy(asc(products.id));
  if (includeInactive) {
    return rows.map(serializeAdminProduct).sort((a, b) => compareNames(a.name, b.name));
  }
  return sortCatalog(rows.map(serializeProduct), 'name');
}

/** The public product list from the cache (see module doc). */
export function listActiveProducts(db: Db): Promise<CachedList> {
  return catalogCache(db).get(() => loadProducts(db));
}

/**
 * The serialised active product `id` from the list cache, or null when the cache is not
 * live or the id is not an active product (then ask `getActiveProduct` / `getProduct`).
 */
export async function cachedActiveProduct(db: Db, id: number): Promise<CachedBody | null> {
  const cache = catalogCache(db);
  if (!cache.listening) return null;
  return (await cache.get(() => loadProducts(db))).one(id);
}

/**
 * One active product for the public product page, from the list cache when it is live
 * (an unknown or inactive id falls through to the database). Throws 404 'Product not found'.
 */
export async function getActiveProduct(db: Db, id: number): Promise<Product> {
  const cache = catalogCache(db);
  if (cache.listening) {
    const hit = (await cache.get(() => loadProducts(db))).byId.get(id);
    if (hit) return hit;
  }
  return getProduct(db, id);
}

/**
 * One product; inactive ones only when `includeInactive` (admins; then with its
 * `editVersion`). Throws 404 'Product not found'.
 */
export async function getProduct(
  db: DbOrTx,
  id: number,
  includeInactive = false,
): Promise<Product> {
  const [row] = await db
    .select()
    .from(products)
    .where(
      includeInactive ? eq(products.id, id) : and(eq(products.id, id), eq(products.isActive, true)),
    );
  if (!row) throw notFound('Product not found');
  return includeInactive ? serializeAdminProduct(row) : serializeProduct(row);
}

/** Product fields as the admin sends them (price in dollars). */
export interface ProductFields {
  name: string;
  description: string;
  price: number;
  imageUrl: string | null;
  videoUrl: string | null;
  inStock: boolean;
  stockQuantity: number;
  category: string;
  collection: string;
  isActive: boolean;
  purchaseLimit: number | null;
  features: string[];
}

function toColumns(fields: Partial<ProductFields>): Partial<typeof products.$inferInsert> {
  const { price, ...rest } = fields;
  const columns: Partial<typeof products.$inferInsert> = {};
  for (const [key, value] of Object.entries(rest)) {
    if (value !== undefined) (columns as Record<string, unknown>)[key] = value;
  }
  if (price !== undefined) columns.priceCents = dollarsToCents(price);
  return columns;
}

/** Creates a product (admin); returns it serialized, with its editVersion. Invalidates the list cache. */
export async function createProduct(db: Db, fields: ProductFields): Promise<Product> {
  const [row] = await db
    .insert(products)
    .values({ ...(toColumns(fields) as typeof products.$inferInsert) })
    .returning();
  invalidateCatalog(db);
  return serializeAdminProduct(row!);
}

/**
 * Updates some fields of a product (admin); 404 when unknown. Bumps updatedAt (new image
 * version). A new stockQuantity without an explicit inStock sets inStock to match, as setStock does.
 *
 * Two guards against saving over a change made since the admin's screen loaded the
 * product: `expectedStockQuantity` (with `stockQuantity`; see stockGuard) and
 * `expectedEditVersion` (the `editVersion` loaded; see productEditVersion): with it the
 * row is locked, checked and written in one transaction, so of two edits from the same
 * copy the second answers 409 PRODUCT_CHANGED_MESSAGE (a changed stock answers its own
 * 409 first). A sale changes neither the edit version nor, unless the edit sends a new
 * stock, anything the edit checks.
 */
export async function updateProduct(
  db: Db,
  id: number,
  {
    expectedStockQuantity,
    expectedEditVersion,
    ...fields
  }: Partial<ProductFields> & { expectedStockQuantity?: number; expectedEditVersion?: string },
): Promise<Product> {
  const inStock =
    fields.inStock === undefined && fields.stockQuantity !== undefined
      ? { inStock: fields.stockQuantity > 0 }
      : {};
  const changes = { ...toColumns(fields), ...inStock, updatedAt: new Date() };
  if (expectedEditVersion === undefined) {
    const [row] = await db
      .update(products)
      .set(changes)
      .where(stockGuard(id, fields.stockQuantity, expectedStockQuantity))
      .returning();
    invalidateCatalog(db);
    if (!row) throw await missedUpdate(db, id);
    return serializeAdminProduct(row);
  }
  const row = await db.transaction(async (tx) => {
    const [current] = await tx.select().from(products).where(eq(products.id, id)).for('update');
    if (!current) throw notFound('Product not found');
    if (
      fields.stockQuantity !== undefined &&
      expectedStockQuantity !== undefined &&
      current.stockQuantity !== expectedStockQuantity
    ) {
      throw stockChanged(current.stockQuantity);
    }
    if (productEditVersion(current) !== expectedEditVersion)
      throw conflict(PRODUCT_CHANGED_MESSAGE);
    const [updated] = await tx.update(products).set(changes).where(eq(products.id, id)).returning();
    return updated!;
  });
  invalidateCatalog(db);
  return serializeAdminProduct(row);
}

/**
 * The WHERE of a product write: its id, and, when a new stock comes with the stock the
 * admin saw (`expected`), that the stock is still that (one conditional UPDATE: an order
 * committing in between makes it match nothing, never a lost sale).
 */
const stockGuard = (id: number, stockQuantity?: number, expected?: number) =>
  stockQuantity !== undefined && expected !== undefined
    ? and(eq(products.id, id), eq(products.stockQuantity, expected))
    : eq(products.id, id);

/**
 * Why a product write matched no row: 404 unknown, else 409 naming the stock it has now
 * (also as `currentStockQuantity`, so the admin's screen can take it as the new base).
 */
async function missedUpdate(db: Db, id: number): Promise<HttpError> {
  const [current] = await db
    .select({ stockQuantity: products.stockQuantity })
    .from(products)
    .where(eq(products.id, id));
  if (!current) return notFound('Product not found');
  return stockChanged(current.stockQuantity);
}

/** The 409 of a stock change made from an older stock figure, naming the stock now. */
function stockChanged(stockQuantity: number): HttpError {
  const message = `The stock changed to ${stockQuantity} since this was opened (an order or another edit). Check it and save again.`;
  return conflict(message, { currentStockQuantity: stockQuantity });
}

/**
 * Sets a product's stock quantity (admin, >= 0) and its inStock flag to match (checkout
 * clears the flag when the last unit sells, so restocking must set it again). With
 * `expected` (the stock the admin saw): 409 when the stock is no longer that. 404 when
 * unknown.
 */
export async function setStock(
  db: Db,
  id: number,
  stockQuantity: number,
  expected?: number,
): Promise<Product> {
  const [row] = await db
    .update(products)
    .set({ stockQuantity, inStock: stockQuantity > 0, updatedAt: new Date() })
    .where(stockGuard(id, stockQuantity, expected))
    .returning();
  invalidateCatalog(db);
  if (!row) throw await missedUpdate(db, id);
  return serializeAdminProduct(row);
}

/** Told to the admin when a product could not be deleted because orders name it. */
export const PRODUCT_DEACTIVATED_MESSAGE =
  'This product appears in past orders, so it was deactivated instead of deleted: it is hidden from the catalogue and the order history keeps it.';

/**
 * Deletes a product (admin), unless a catalogue order names it: then it is deactivated
 * instead (hidden from the catalogue, order history intact) and `deactivated` is true.
 * Cart lines of a deleted product go with it (FK cascade). The product row is locked
 * first, so an order taking its stock at the same moment is either seen (deactivate)
 * or refused (the row is gone). Throws 404 'Product not found'.
 */
export async function deleteProduct(db: Db, id: number): Promise<{ deactivated: boolean }> {
  const result = await db.transaction(async (tx) => {
    const [row] = await tx
      .select({ id: products.id })
      .from(products)
      .where(eq(products.id, id))
      .for('update');
    if (!row) throw notFound('Product not found');
    const [used] = await tx
      .select({ id: orders.id })
      .from(orders)
      .where(sql`${orders.items} @> ${JSON.stringify([{ productId: id }])}::jsonb`)
      .limit(1);
    if (used) {
      await tx
        .update(products)
        .set({ isActive: false, updatedAt: new Date() })
        .where(eq(products.id, id));
      return { deactivated: true };
    }
    await tx.delete(products).where(eq(products.id, id));
    return { deactivated: false };
  });
  invalidateCatalog(db);
  return result;
}
