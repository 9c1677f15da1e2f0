/**
 * Catalogue vocabulary and the catalogue ordering rule, shared by server and client.
 * Sources: DECISIONS.md "Catalogue"; storefront spec "Wholesale catalogue" and section 9.
 */

export const PRODUCT_CATEGORIES = ['golf-pins', 'commemorative', 'tournament', 'seasonal'] as const;
export type ProductCategory = (typeof PRODUCT_CATEGORIES)[number];

/** Collections drive the wholesale filter (DECISIONS.md: separate from category). */
export const PRODUCT_COLLECTIONS = [
  'masters',
  'pga-tour',
  'liv-golf',
  'tgl',
  'patriotic',
  'courses',
  'memes',
  'other',
] as const;
export type ProductCollection = (typeof PRODUCT_COLLECTIONS)[number];

export const COLLECTION_LABELS: Record<ProductCollection | 'all', string> = {
  all: 'All',
  masters: 'Masters',
  'pga-tour': 'PGA Tour',
  'liv-golf': 'LIV Golf',
  tgl: 'TGL',
  patriotic: 'Patriotic',
  courses: 'Courses',
  memes: 'Memes',
  other: 'Other',
};

export const CATALOG_SORTS = ['name', 'price-asc', 'price-desc'] as const;
export type CatalogSort = (typeof CATALOG_SORTS)[number];
export const CATALOG_SORT_LABELS: Record<CatalogSort, string> = {
  name: 'Name A-Z',
  'price-asc': 'Price: Low to High',
  'price-desc': 'Price: High to Low',
};

/** Products whose per-customer limit is 4 (storefront spec section 5). Seeded with purchaseLimit 4. */
export const PROMO_PIN_NAMES = ['Trump Fight Golf Pin', 'American Flag Golf Pin'] as const;
export const PROMO_PIN_LIMIT = 4;

interface SortableProduct {
  name: string;
  price: number;
  inStock: boolean;
  stockQuantity: number;
}

function available(p: SortableProduct): boolean {
  return p.inStock && p.stockQuantity > 0;
}

function isFirstTee(p: SortableProduct): boolean {
  return /first tee/i.test(p.name);
}

/**
 * Orders a catalogue list: an in-stock First Tee pin first, then in-stock items
 * before out-of-stock ones, then by the chosen sort. Returns a new array.
 */
export function sortCatalog<T extends SortableProduct>(
  products: readonly T[],
  sort: CatalogSort,
): T[] {
  const byChoice = (a: T, b: T): number => {
    if (sort === 'price-asc') return a.price - b.price || a.name.localeCompare(b.name);
    if (sort === 'price-desc') return b.price - a.price || a.name.localeCompare(b.name);
    return a.name.localeCompare(b.name);
  };
  return [...products].sort((a, b) => {
    const teeA = isFirstTee(a) && available(a);
    const teeB = isFirstTee(b) && available(b);
    if (teeA !== teeB) return teeA ? -1 : 1;
    const inA = available(a);
    const inB = available(b);
    if (inA !== inB) return inA ? -1 : 1;
    return byChoice(a, b);
  });
}
