import { describe, expect, it } from 'vitest';
import {
  CATALOG_SORT_LABELS,
  CATALOG_SORTS,
  COLLECTION_LABELS,
  compareNames,
  PRODUCT_CATEGORIES,
  PRODUCT_COLLECTIONS,
  PROMO_PIN_LIMIT,
  PROMO_PIN_NAMES,
  sortCatalog,
} from './catalog';

type P = { name: string; price: number; inStock: boolean; stockQuantity: number };
const p = (name: string, price: number, stockQuantity = 20, inStock = true): P => ({
  name,
  price,
  inStock,
  stockQuantity,
});
const names = (list: P[]) => list.map((x) => x.name);

describe('catalogue vocabulary', () => {
  it('has the four categories and eight collections of the spec, each collection labelled', () => {
    expect(PRODUCT_CATEGORIES).toEqual(['golf-pins', 'commemorative', 'tournament', 'seasonal']);
    expect(PRODUCT_COLLECTIONS).toEqual([
      'masters',
      'pga-tour',
      'liv-golf',
      'tgl',
      'patriotic',
      'courses',
      'memes',
      'other',
    ]);
    for (const c of [...PRODUCT_COLLECTIONS, 'all' as const])
      expect(COLLECTION_LABELS[c]).toBeTruthy();
    expect(COLLECTION_LABELS['pga-tour']).toBe('PGA Tour');
  });

  it('offers the three sorts with their labels', () => {
    expect(CATALOG_SORTS).toEqual(['name', 'price-asc', 'price-desc']);
    expect(CATALOG_SORT_LABELS).toEqual({
      name: 'Name A-Z',
      'price-asc': 'Price: Low to High',
      'price-desc': 'Price: High to Low',
    });
  });

  it('names the two promo pins limited to 4', () => {
    expect([...PROMO_PIN_NAMES]).toEqual(['Trump Fight Golf Pin', 'American Flag Golf Pin']);
    expect(PROMO_PIN_LIMIT).toBe(4);
  });
});

describe('sortCatalog', () => {
  const list = [
    p('Cart Path Only Pin', 6.99),
    p('Azalea Pin', 14.99),
    p('Bunker Pin', 7.99, 0),
    p('Mulligan Pin', 5.99, 4),
    p('Desert Pin', 9.99, 30, false),
    p('The First Tee Pin', 0),
    p('Eagle Pin', 14.99),
  ];

  it('by name: First Tee first, then in-stock A-Z, then out-of-stock A-Z', () => {
    expect(names(sortCatalog(list, 'name'))).toEqual([
      'The First Tee Pin',
      'Azalea Pin',
      'Cart Path Only Pin',
      'Eagle Pin',
      'Mulligan Pin',
      'Bunker Pin',
      'Desert Pin',
    ]);
  });

  it('by price low to high, ties by name, out of stock last', () => {
    expect(names(sortCatalog(list, 'price-asc'))).toEqual([
      'The First Tee Pin',
      'Mulligan Pin',
      'Cart Path Only Pin',
      'Azalea Pin',
      'Eagle Pin',
      'Bunker Pin',
      'Desert Pin',
    ]);
  });

  it('by price high to low, ties by name, out of stock last', () => {
    expect(names(sortCatalog(list, 'price-desc'))).toEqual([
      'The First Tee Pin',
      'Azalea Pin',
      'Eagle Pin',
      'Cart Path Only Pin',
      'Mulligan Pin',
      'Desert Pin',
      'Bunker Pin',
    ]);
  });

  it('does not lift an out-of-stock First Tee pin (quantity 0 or flagged not in stock)', () => {
    for (const tee of [p('First Tee Classic', 3, 0), p('First Tee Classic', 3, 9, false)]) {
      const sorted = sortCatalog([p('Zebra Pin', 50), tee, p('Alpha Pin', 1, 0)], 'name');
      expect(names(sorted)).toEqual(['Zebra Pin', 'Alpha Pin', 'First Tee Classic']);
    }
  });

  it('matches First Tee case-insensitively anywhere in the name', () => {
    expect(
      sortCatalog([p('Alpha', 1), p('Junior FIRST TEE marker', 99)], 'price-asc')[0]!.name,
    ).toBe('Junior FIRST TEE marker');
    expect(sortCatalog([p('Alpha', 1), p('Firsttee', 99)], 'price-asc')[0]!.name).toBe('Alpha');
  });

  it('returns a new array and leaves the input alone; empty stays empty', () => {
    const input = [p('B', 2), p('A', 1)];
    const copy = [...input];
    const out = sortCatalog(input, 'name');
    expect(out).not.toBe(input);
    expect(input).toEqual(copy);
    expect(sortCatalog([], 'name')).toEqual([]);
  });

  it('keeps extra fields of the items', () => {
    const out = sortCatalog(
      [
        { ...p('B', 2), id: 2 },
        { ...p('A', 1), id: 1 },
      ],
      'name',
    );
    expect(out.map((x) => x.id)).toEqual([1, 2]);
  });
});

describe('compareNames', () => {
  const sign = (n: number) => Math.sign(n);
  it('orders as localeCompare does, over thousands of names (printable ASCII and a few others)', () => {
    // Seeded so a failure can be replayed; weighted toward letters, spaces and the
    // punctuation product names use.
    let seed = 12345;
    const rand = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed % n;
    };
    const ascii = Array.from({ length: 95 }, (_, i) => String.fromCharCode(32 + i)).join('');
    // A few characters beyond ASCII: compared by localeCompare, or after the first difference.
    const pool = `${ascii}aaeeiioouuAAEE  --''&&0123éü’`;
    const word = () => Array.from({ length: 1 + rand(8) }, () => pool[rand(pool.length)]).join('');
    for (let i = 0; i < 20_000; i++) {
      const a = word();
      // Half the pairs share a prefix, so later characters and case decide.
      const b = rand(2) ? a.slice(0, rand(a.length + 1)) + word() : word();
      expect(compareNames(a, b), `${JSON.stringify(a)} vs ${JSON.stringify(b)}`).toBe(
        sign(a.localeCompare(b)),
      );
    }
  });

  it('orders every demo-like product name pair as localeCompare does, and defers to it beyond ASCII', () => {
    const names = [
      '54-Hole Club Ball Marker',
      "St. Andrews' Old Course Pin",
      'The First Tee Youth Program Pin',
      'the first tee youth program pin',
      'Trump Fight Golf Pin',
      'American Flag Golf Pin',
      'Amen Corner & Rae’s Creek',
      'Éclair Pin',
      'Eclair Pin',
      'Zebra',
      'zebra',
      '',
    ];
    for (const a of names)
      for (const b of names)
        expect(compareNames(a, b), `${a} vs ${b}`).toBe(sign(a.localeCompare(b)));
  });
});
