/**
 * The admin table pattern (issue 8 "one table pattern"): a searchable, filterable,
 * paginated list with loading, error, empty and no-match states, used by every admin
 * section that lists records. Rows are loaded whole (TanStack Query) and narrowed on the
 * client by `viewTable` (../table-state.ts).
 *
 * At `md` and wider the rows are a real <table> (caption = `label`, column headers,
 * row actions in the last column); below it each row is a card (`<article>` named by
 * `rowLabel`) with the columns as a term/value list, so nothing scrolls sideways at
 * 360 px. Only one of the two is rendered. Search, filters and page live in component
 * state; changing search or a filter goes back to page 1.
 *
 * Example:
 *   <DataTable label="Products" rows={q.data} isLoading={q.isLoading} isError={q.isError}
 *     onRetry={q.refetch} rowKey={(p) => p.id} rowLabel={(p) => p.name}
 *     columns={[{ id: 'name', header: 'Product', primary: true, cell: (p) => p.name }]}
 *     searchText={(p) => [p.name]} filters={[stockFilter]} emptyTitle="No products yet."
 *     actions={(p) => <ProductActions product={p} />} />
 */
import { ChevronLeft, ChevronRight, Search } from 'lucide-react';
import { type ReactNode, useId, useState, useSyncExternalStore } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/utils';
import { type TableFilter, viewTable } from '../table-state';
import { LoadError } from './load-error';
import { NativeSelect } from './native-select';

export interface DataTableColumn<T> {
  id: string;
  header: string;
  cell(row: T): ReactNode;
  /** The card title on narrow screens (one column should be primary). */
  primary?: boolean;
  /** Right-align (amounts, counts). */
  numeric?: boolean;
  className?: string;
}

export interface DataTableProps<T> {
  /** What the rows are, e.g. 'Products': the table caption and the search label. */
  label: string;
  rows: readonly T[] | undefined;
  isLoading: boolean;
  isError?: boolean;
  onRetry?(): void;
  columns: readonly DataTableColumn<T>[];
  rowKey(row: T): string | number;
  /** Accessible name of a row's card on narrow screens, e.g. the product name. */
  rowLabel(row: T): string;
  /** Texts the search box looks in; no search box without it. */
  searchText?(row: T): readonly (string | number | null | undefined)[];
  searchPlaceholder?: string;
  filters?: readonly TableFilter<T>[];
  /** Rows per page (default 20). */
  pageSize?: number;
  /**
   * Show only the first N rows until 'Show all' is pressed (then paginate). Used by the
   * invoice list (spec: "the first 10 shown").
   */
  collapsedCount?: number;
  /** Shown when there are no rows at all. */
  emptyTitle: string;
  emptyAction?: ReactNode;
  /** Routine and destructive actions of a row (destructive last, set apart). */
  actions?(row: T): ReactNode;
  /** Extra controls beside the search (e.g. 'Add Product'). */
  toolbar?: ReactNode;
}

const wideQuery = '(min-width: 768px)';
function subscribeWide(onChange: () => void) {
  const mq = window.matchMedia(wideQuery);
  mq.addEventListener('change', onChange);
  return () => mq.removeEventListener('change', onChange);
}
/** True at `md` width and wider (the table layout); false below (cards). */
export function useWideLayout(): boolean {
  return useSyncExternalStore(
    subscribeWide,
    () => window.matchMedia(wideQuery).matches,
    () => true,
  );
}

export function DataTable<T>(props: DataTableProps<T>) {
  const {
    label,
    rows,
    isLoading,
    isError,
    onRetry,
    columns,
    rowKey,
    rowLabel,
    searchText,
    searchPlaceholder,
    filters = [],
    pageSize = 20,
    collapsedCount,
    emptyTitle,
    emptyAction,
    actions,
    toolbar,
  } = props;
  const searchId = useId();
  const [search, setSearch] = useState('');
  const [filterValues, setFilterValues] = useState<Record<string, string>>({});
  const [page, setPage] = useState(1);
  const [expanded, setExpanded] = useState(false);
  const wide = useWideLayout();

  const collapsed = collapsedCount !== undefined && !expanded;
  const view = viewTable(
    rows ?? [],
    {
      search,
      filters: filterValues,
      page: collapsed ? 1 : page,
      pageSize: collapsed ? collapsedCount : pageSize,
    },
    searchText,
    filters,
  );
  const narrowed = search.trim() !== '' || Object.values(filterValues).some((v) => v !== '');

  const controls =
    searchText || filters.length > 0 || toolbar ? (
      <div className="flex flex-wrap items-end gap-3">
        {searchText ? (
          <div className="min-w-0 flex-1 basis-56 space-y-1">
            <Label htmlFor={searchId} className="text-xs">
              Search {label.toLowerCase()}
            </Label>
            <div className="relative">
              <Search
                aria-hidden="true"
                className="text-muted-foreground pointer-events-none absolute top-2.5 left-2.5 size-4"
              />
              <Input
                id={searchId}
                type="search"
                value={search}
                placeholder={searchPlaceholder}
                className="pl-8"
                onChange={(e) => {
                  setSearch(e.target.value);
                  setPage(1);
                }}
              />
            </div>
          </div>
        ) : null}
        {filters.map((filter) => (
          <NativeSelect
            key={filter.id}
            label={filter.label}
            value={filterValues[filter.id] ?? ''}
            options={filter.options}
            onChange={(value) => {
              setFilterValues((prev) => ({ ...prev, [filter.id]: value }));
              setPage(1);
            }}
          />
        ))}
        {toolbar ? <div className="flex flex-wrap gap-2">{toolbar}</div> : null}
      </div>
    ) : null;

  let body: ReactNode;
  if (isLoading) {
    body = (
      <div role="status" aria-label={`Loading ${label.toLowerCase()}`} className="space-y-2">
        <Skeleton className="h-10 w-full" />
        <Skeleton className="h-10 w-full" />
        <Skeleton className="h-10 w-full" />
      </div>
    );
  } else if (isError || !rows) {
    body = <LoadError what={label.toLowerCase()} onRetry={onRetry} />;
  } else if (rows.length === 0) {
    body = (
      <Card>
        <CardContent className="space-y-3 text-center">
          <p className="text-muted-foreground">{emptyTitle}</p>
          {emptyAction}
        </CardContent>
      </Card>
    );
  } else if (view.matching === 0) {
    body = (
      <Card>
        <CardContent className="space-y-3 text-center">
          <p className="text-muted-foreground">
            No {label.toLowerCase()} match your search or filters.
          </p>
          <Button
            type="button"
            variant="outline"
            size="sm"
            onClick={() => {
              setSearch('');
              setFilterValues({});
              setPage(1);
            }}
          >
            Clear search and filters
          </Button>
        </CardContent>
      </Card>
    );
  } else if (wide) {
    body = (
      <div className="overflow-x-auto rounded-lg border">
        <table className="w-full text-sm">
          <caption className="sr-only">{label}</caption>
          <thead className="bg-muted/60 text-left">
            <tr>
              {columns.map((c) => (
                <th
                  key={c.id}
                  scope="col"
                  className={cn('px-3 py-2 font-medium', c.numeric && 'text-right', c.className)}
                >
                  {c.header}
                </th>
              ))}
              {actions ? (
                <th scope="col" className="px-3 py-2 text-right font-medium">
                  Actions
                </th>
              ) : null}
            </tr>
          </thead>
          <tbody>
            {view.rows.map((row) => (
              <tr key={rowKey(row)} className="border-t align-top">
                {columns.map((c) =>
                  c.primary ? (
                    <th
                      key={c.id}
                      scope="row"
                      className={cn('px-3 py-2 text-left font-medium', c.className)}
                    >
                      {c.cell(row)}
                    </th>
                  ) : (
                    <td
                      key={c.id}
                      className={cn('px-3 py-2', c.numeric && 'text-right', c.className)}
                    >
                      {c.cell(row)}
                    </td>
                  ),
                )}
                {actions ? (
                  <td className="px-3 py-2">
                    <div className="flex flex-wrap justify-end gap-2">{actions(row)}</div>
                  </td>
                ) : null}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    );
  } else {
    const primary = columns.find((c) => c.primary);
    body = (
      <ul className="space-y-3" aria-label={label}>
        {view.rows.map((row) => (
          <li key={rowKey(row)}>
            <article aria-label={rowLabel(row)} className="space-y-3 rounded-lg border p-3">
              {primary ? <div className="font-medium break-words">{primary.cell(row)}</div> : null}
              <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1 text-sm">
                {columns
                  .filter((c) => !c.primary)
                  .map((c) => (
                    <div key={c.id} className="contents">
                      <dt className="text-muted-foreground">{c.header}</dt>
                      <dd className="min-w-0 break-words">{c.cell(row)}</dd>
                    </div>
                  ))}
              </dl>
              {actions ? <div className="flex flex-wrap gap-2">{actions(row)}</div> : null}
            </article>
          </li>
        ))}
      </ul>
    );
  }

  const showFooter = !isLoading && !isError && rows && view.matching > 0;
  return (
    <div className="space-y-3">
      {controls}
      {body}
      {showFooter ? (
        <div className="flex flex-wrap items-center justify-between gap-2 text-sm">
          <p aria-live="polite" className="text-muted-foreground">
            Showing {view.from}–{view.to} of {view.matching}
            {narrowed ? ` (${view.total} in all)` : ''}
          </p>
          {collapsed && view.matching > view.rows.length ? (
            <Button type="button" variant="outline" size="sm" onClick={() => setExpanded(true)}>
              Show all ({view.matching})
            </Button>
          ) : !collapsed && view.pageCount > 1 ? (
            <nav aria-label={`${label} pages`} className="flex items-center gap-2">
              {/* Unavailable (aria-disabled), not disabled, at either end: the button pressed
                  last keeps the focus (a disabled one drops it to the page's start). */}
              <Button
                type="button"
                variant="outline"
                size="sm"
                unavailable={view.page <= 1}
                onClick={() => setPage(view.page - 1)}
              >
                <ChevronLeft aria-hidden="true" />
                Previous
              </Button>
              <span>
                Page {view.page} of {view.pageCount}
              </span>
              <Button
                type="button"
                variant="outline"
                size="sm"
                unavailable={view.page >= view.pageCount}
                onClick={() => setPage(view.page + 1)}
              >
                Next
                <ChevronRight aria-hidden="true" />
              </Button>
            </nav>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}

/** DataTable's rows and states from a TanStack query: `<DataTable {...fromQuery(q)} ... />`. */
export function fromQuery<T>(q: {
  data?: readonly T[];
  isLoading: boolean;
  isError: boolean;
  refetch(): unknown;
}): Pick<DataTableProps<T>, 'rows' | 'isLoading' | 'isError' | 'onRetry'> {
  return {
    rows: q.data,
    isLoading: q.isLoading,
    isError: q.isError,
    onRetry: () => void q.refetch(),
  };
}
