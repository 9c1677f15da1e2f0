/**
 * Home page content (storefront spec section 2 "Home page"; issue 10): the logos of the
 * carousel and the testimonials, edited by the admin (sample entries flagged), and the
 * bestsellers row: active, in-stock products ranked by units in paid orders, filled
 * with other in-stock products in catalogue order when fewer than four have sold. The
 * ranking is recomputed at most every five minutes per process (it scans order lines).
 */
import { asc, eq, sql } from 'drizzle-orm';
import type { Product } from '../../shared/schemas/catalog';
import {
  HOME_LOGO_LIMIT,
  HOME_TESTIMONIAL_LIMIT,
  type HomeContent,
  type HomeLogo,
  HomeLogoInput,
  type HomeTestimonial,
  HomeTestimonialInput,
} from '../../shared/schemas/home';
import { listActiveProducts } from '../catalog/service';
import type { Db, DbOrTx } from '../db/client';
import { homeLogos, homeTestimonials } from '../db/schema';
import { notFound } from '../lib/errors';

export const BESTSELLER_COUNT = 4;
const RANKING_TTL_MS = 5 * 60 * 1000;

type LogoRow = typeof homeLogos.$inferSelect;
type TestimonialRow = typeof homeTestimonials.$inferSelect;

const logo = (r: LogoRow): HomeLogo => ({
  id: r.id,
  name: r.name,
  imageUrl: r.imageUrl,
  isSample: r.isSample,
  sortOrder: r.sortOrder,
});
const testimonial = (r: TestimonialRow): HomeTestimonial => ({
  id: r.id,
  name: r.name,
  title: r.title,
  quote: r.quote,
  avatarUrl: r.avatarUrl,
  imageUrl: r.imageUrl,
  isSample: r.isSample,
  sortOrder: r.sortOrder,
});

/** Units sold per product id in paid orders, best first. */
export async function salesRanking(db: DbOrTx): Promise<Map<number, number>> {
  const result = await db.execute<{ product_id: number; units: number }>(sql`
    select (item->>'productId')::int as product_id, sum((item->>'quantity')::int)::int as units
    from orders, jsonb_array_elements(orders.items) as item
    where orders.payment_status = 'paid' and item->>'productId' is not null
    group by 1
    order by 2 desc, 1 asc`);
  const rows = (result as unknown as { rows: { product_id: number; units: number }[] }).rows;
  return new Map(rows.map((r) => [Number(r.product_id), Number(r.units)]));
}

const rankingCache = new WeakMap<object, { at: number; ranking: Promise<Map<number, number>> }>();

function cachedRanking(db: Db, now = Date.now()): Promise<Map<number, number>> {
  const hit = rankingCache.get(db);
  if (hit && now - hit.at < RANKING_TTL_MS) return hit.ranking;
  const ranking = salesRanking(db);
  rankingCache.set(db, { at: now, ranking });
  ranking.catch(() => rankingCache.delete(db));
  return ranking;
}

/** Forgets the cached ranking (tests; after bulk changes). */
export function forgetSalesRanking(db: Db): void {
  rankingCache.delete(db);
}

/** Up to four in-stock active products, best sellers first (see module doc). */
export function pickBestsellers(
  products: Product[],
  ranking: Map<number, number>,
): { bestsellers: Product[]; hasSales: boolean } {
  const available = products.filter((p) => p.inStock && p.stockQuantity > 0);
  const sold = available
    .filter((p) => (ranking.get(p.id) ?? 0) > 0)
    .sort((a, b) => (ranking.get(b.id) ?? 0) - (ranking.get(a.id) ?? 0) || a.id - b.id);
  const rest = available.filter((p) => !ranking.has(p.id) || ranking.get(p.id) === 0);
  return {
    bestsellers: [...sold, ...rest].slice(0, BESTSELLER_COUNT),
    hasSales: sold.length > 0,
  };
}

/** Everything the home page shows beyond its fixed text. */
export async function getHomeContent(db: Db): Promise<HomeContent> {
  const [logos, testimonials, list, ranking] = await Promise.all([
    db
      .select()
      .from(homeLogos)
      .orderBy(asc(homeLogos.sortOrder), asc(homeLogos.id))
      .limit(HOME_LOGO_LIMIT),
    db
      .select()
      .from(homeTestimonials)
      .orderBy(asc(homeTestimonials.sortOrder), asc(homeTestimonials.id))
      .limit(HOME_TESTIMONIAL_LIMIT),
    listActiveProducts(db),
    cachedRanking(db),
  ]);
  return {
    logos: logos.map(logo),
    testimonials: testimonials.map(testimonial),
    ...pickBestsellers(list.products, ranking),
  };
}

/** Every logo and testimonial (admin), in display order. */
export async function listHomeEntries(db: DbOrTx) {
  const [logos, testimonials] = await Promise.all([
    db.select().from(homeLogos).orderBy(asc(homeLogos.sortOrder), asc(homeLogos.id)),
    db
      .select()
      .from(homeTestimonials)
      .orderBy(asc(homeTestimonials.sortOrder), asc(homeTestimonials.id)),
  ]);
  return { logos: logos.map(logo), testimonials: testimonials.map(testimonial) };
}

export const LOGO_NOT_FOUND = 'Logo not found';
export const TESTIMONIAL_NOT_FOUND = 'Testimonial not found';

export async function saveLogo(
  db: DbOrTx,
  id: number | null,
  raw: HomeLogoInput,
): Promise<HomeLogo> {
  const input = HomeLogoInput.parse(raw);
  const [row] =
    id === null
      ? await db.insert(homeLogos).values(input).returning()
      : await db
          .update(homeLogos)
          .set({ ...input, updatedAt: new Date() })
          .where(eq(homeLogos.id, id))
          .returning();
  if (!row) throw notFound(LOGO_NOT_FOUND);
  return logo(row);
}

export async function saveTestimonial(
  db: DbOrTx,
  id: number | null,
  raw: HomeTestimonialInput,
): Promise<HomeTestimonial> {
  const input = HomeTestimonialInput.parse(raw);
  const [row] =
    id === null
      ? await db.insert(homeTestimonials).values(input).returning()
      : await db
          .update(homeTestimonials)
          .set({ ...input, updatedAt: new Date() })
          .where(eq(homeTestimonials.id, id))
          .returning();
  if (!row) throw notFound(TESTIMONIAL_NOT_FOUND);
  return testimonial(row);
}

export async function deleteLogo(db: DbOrTx, id: number): Promise<void> {
  const gone = await db
    .delete(homeLogos)
    .where(eq(homeLogos.id, id))
    .returning({ id: homeLogos.id });
  if (gone.length === 0) throw notFound(LOGO_NOT_FOUND);
}

export async function deleteTestimonial(db: DbOrTx, id: number): Promise<void> {
  const gone = await db
    .delete(homeTestimonials)
    .where(eq(homeTestimonials.id, id))
    .returning({ id: homeTestimonials.id });
  if (gone.length === 0) throw notFound(TESTIMONIAL_NOT_FOUND);
}
