import { describe, expect, it } from 'vitest';
import { type TableFilter, viewTable } from './table-state';

interface Row {
  name: string;
  stock: number;
}
const rows: Row[] = Array.from({ length: 23 }, (_, i) => ({
  name: i % 2 ? `Masters Pin ${i}` : `Café Marker ${i}`,
  stock: i,
}));
const stock: TableFilter<Row> = {
  id: 'stock',
  label: 'Stock',
  options: [
    { value: '', label: 'All' },
    { value: 'low', label: 'Low' },
  ],
  matches: (r, v) => (v === 'low' ? r.stock >= 1 && r.stock <= 10 : true),
};
const base = { search: '', filters: {}, page: 1, pageSize: 10 };

describe('viewTable', () => {
  it('pages the rows and reports the range shown', () => {
    const v = viewTable(rows, { ...base, page: 3 }, (r) => [r.name]);
    expect(v).toMatchObject({ matching: 23, total: 23, page: 3, pageCount: 3, from: 21, to: 23 });
    expect(v.rows.map((r) => r.stock)).toEqual([20, 21, 22]);
  });

  it('clamps the page to the pages that exist', () => {
    expect(viewTable(rows, { ...base, page: 9 }, undefined).page).toBe(3);
    expect(viewTable(rows, { ...base, page: 0 }, undefined).page).toBe(1);
  });

  it('matches every word, ignoring case and accents', () => {
    const v = viewTable(rows, { ...base, search: 'cafe 12' }, (r) => [r.name]);
    expect(v.rows.map((r) => r.name)).toEqual(['Café Marker 12']);
    expect(viewTable(rows, { ...base, search: 'MASTERS' }, (r) => [r.name]).matching).toBe(11);
  });

  it('applies chosen filters and ignores the default option', () => {
    const low = viewTable(rows, { ...base, filters: { stock: 'low' } }, undefined, [stock]);
    expect(low.matching).toBe(10);
    const all = viewTable(rows, { ...base, filters: { stock: '' } }, undefined, [stock]);
    expect(all.matching).toBe(23);
  });

  it('shows nothing (from 0) when nothing matches', () => {
    const v = viewTable(rows, { ...base, search: 'zzz' }, (r) => [r.name]);
    expect(v).toMatchObject({ rows: [], matching: 0, page: 1, pageCount: 1, from: 0, to: 0 });
  });
});
