/**
 * The pure part of the admin table pattern (components/data-table.tsx): search, filters
 * and pagination over rows already loaded on the client. Admin lists are small (the
 * shop's products, codes, invoices), so they are fetched whole and narrowed here;
 * the same function serves every section, so search and paging behave alike everywhere.
 */

/** A select filter: `options` to choose from; `matches` says whether a row passes `value`. */
export interface TableFilter<T> {
  id: string;
  label: string;
  /** First option is the default ("All ..."), its value ''. */
  options: readonly { value: string; label: string }[];
  matches(row: T, value: string): boolean;
}

export interface TableQuery {
  search: string;
  /** Filter id -> chosen value ('' = no filtering). */
  filters: Record<string, string>;
  /** 1-based page number (clamped to the pages that exist). */
  page: number;
  pageSize: number;
}

export interface TableView<T> {
  /** The rows of the current page. */
  rows: T[];
  /** Rows passing search and filters (all pages). */
  matching: number;
  /** Rows before search and filters. */
  total: number;
  page: number;
  pageCount: number;
  /** 1-based index of the first and last row shown (0, 0 when none). */
  from: number;
  to: number;
}

/** Lower-cased, accent-free, trimmed text for matching. */
export function normalizeSearch(text: string): string {
  return text.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase().trim();
}

/**
 * Narrows `rows` by `query`: every word of the search must occur in one of the row's
 * `searchText` values (case- and accent-insensitive), every chosen filter must match,
 * then the page is cut (page clamped to 1..pageCount). Order is kept.
 */
export function viewTable<T>(
  rows: readonly T[],
  query: TableQuery,
  searchText: ((row: T) => readonly (string | number | null | undefined)[]) | undefined,
  filters: readonly TableFilter<T>[] = [],
): TableView<T> {
  const words = normalizeSearch(query.search).split(/\s+/).filter(Boolean);
  const active = filters.filter((f) => (query.filters[f.id] ?? '') !== '');
  const matching = rows.filter((row) => {
    for (const f of active) if (!f.matches(row, query.filters[f.id]!)) return false;
    if (words.length === 0 || !searchText) return true;
    const haystack = normalizeSearch(
      searchText(row)
        .filter((v) => v !== null && v !== undefined)
        .join(' \u0000 '),
    );
    return words.every((w) => haystack.includes(w));
  });
  const pageSize = Math.max(1, Math.floor(query.pageSize));
  const pageCount = Math.max(1, Math.ceil(matching.length / pageSize));
  const page = Math.min(Math.max(1, Math.floor(query.page) || 1), pageCount);
  const start = (page - 1) * pageSize;
  const pageRows = matching.slice(start, start + pageSize);
  return {
    rows: pageRows,
    matching: matching.length,
    total: rows.length,
    page,
    pageCount,
    from: pageRows.length ? start + 1 : 0,
    to: start + pageRows.length,
  };
}

/** The 'Status' filter of rows with an `isActive` flag (products, discount codes). */
export function activeFilter<T extends { isActive: boolean }>(): TableFilter<T> {
  return {
    id: 'status',
    label: 'Status',
    options: [
      { value: '', label: 'Active and inactive' },
      { value: 'active', label: 'Active' },
      { value: 'inactive', label: 'Inactive' },
    ],
    matches: (row, value) => (value === 'active') === row.isActive,
  };
}
