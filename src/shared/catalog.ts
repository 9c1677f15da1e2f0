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
 * Printable ASCII in the primary order of ICU's root and en-US collation (what
 * `String.prototype.localeCompare` uses in browsers and Node): spaces, punctuation and
 * symbols, digits, then letters with upper and lower case equal. Read off Node's ICU;
 * catalog.test.ts checks `compareNames` against `localeCompare` over thousands of strings.
 */
const ASCII_COLLATION_ORDER =
  ' _-,;:!?.\'"()[]{}@*/\\&#%`^+<=>|~$0123456789abcdefghijklmnopqrstuvwxyz';
const PRIMARY = new Uint8Array(128);
for (let i = 0; i < ASCII_COLLATION_ORDER.length; i++) {
  const code = ASCII_COLLATION_ORDER.charCodeAt(i);
  PRIMARY[code] = i + 1;
  if (code >= 97 && code <= 122) PRIMARY[code - 32] = i + 1; // A-Z ranks as a-z
}
/** The primary rank of `s[i]`, 0 for a character outside the table. */
const primary = (s: string, i: number) => {
  const code = s.charCodeAt(i);
  return code < 128 ? PRIMARY[code]! : 0;
};

/**
 * Compares two names as `a.localeCompare(b)` does (its sign), without Intl for names of
 * printable ASCII: a browser's first collation loads ICU data, 15-30 ms of blocked main
 * thread measured in /wholesale's first render (docs/decisions.md, issue 10). A name with
 * another character before the first difference goes to `localeCompare` (a character after
 * it cannot change the primary order). Returns -1, 0 or 1.
 */
export function compareNames(a: string, b: string): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const pa = primary(a, i);
    const pb = primary(b, i);
    if (!pa || !pb) return Math.sign(a.localeCompare(b));
    if (pa !== pb) return pa < pb ? -1 : 1;
  }
  const longer = a.length > b.length ? a : b;
  for (let i = n; i < longer.length; i++) {
    if (!primary(longer, i)) return Math.sign(a.localeCompare(b));
  }
  if (a.length !== b.length) return a.length < b.length ? -1 : 1;
  // Equal but for case: at the first difference, lower case first.
  for (let i = 0; i < n; i++) {
    if (a[i] !== b[i]) return a.charCodeAt(i) > b.charCodeAt(i) ? -1 : 1;
  }
  return 0;
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
    if (sort === 'price-asc') return a.price - b.price || compareNames(a.name, b.name);
    if (sort === 'price-desc') return b.price - a.price || compareNames(a.name, b.name);
    return compareNames(a.name, b.name);
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
