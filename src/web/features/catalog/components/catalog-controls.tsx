/**
 * Wholesale catalogue controls (storefront spec section 2 "Wholesale catalogue"):
 * collection filter buttons (aria-pressed) and the sort select. The page keeps both
 * in the URL query (?collection=&sort=).
 */
import {
  CATALOG_SORT_LABELS,
  CATALOG_SORTS,
  type CatalogSort,
  COLLECTION_LABELS,
  PRODUCT_COLLECTIONS,
  type ProductCollection,
} from '@shared/catalog';
import { useId } from 'react';
import { cn } from '@/lib/utils';

export type CollectionFilter = ProductCollection | 'all';
export const COLLECTION_FILTERS: readonly CollectionFilter[] = ['all', ...PRODUCT_COLLECTIONS];

export function parseCollection(value: string | null): CollectionFilter {
  return COLLECTION_FILTERS.find((c) => c === value) ?? 'all';
}

export function parseSort(value: string | null): CatalogSort {
  return CATALOG_SORTS.find((s) => s === value) ?? 'name';
}

export function CatalogControls({
  collection,
  sort,
  onCollectionChange,
  onSortChange,
}: {
  collection: CollectionFilter;
  sort: CatalogSort;
  onCollectionChange(c: CollectionFilter): void;
  onSortChange(s: CatalogSort): void;
}) {
  const sortId = useId();
  return (
    <div className="flex flex-col gap-2 md:gap-4 lg:flex-row lg:items-end lg:justify-between">
      {/* Phones: one row that scrolls sideways, so the pins stay in the first screen. */}
      <fieldset className="-mx-4 flex min-w-0 gap-2 overflow-x-auto px-4 pb-1 md:mx-0 md:flex-wrap md:overflow-visible md:px-0 md:pb-0">
        <legend className="sr-only">Filter by collection</legend>
        {COLLECTION_FILTERS.map((c) => {
          const active = c === collection;
          return (
            <button
              key={c}
              type="button"
              aria-pressed={active}
              onClick={() => onCollectionChange(c)}
              className={cn(
                'h-9 shrink-0 rounded-full border px-4 text-sm font-medium whitespace-nowrap transition-colors focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none',
                active
                  ? 'border-primary bg-primary text-primary-foreground'
                  : 'bg-background text-slate-700 hover:bg-accent hover:text-accent-foreground',
              )}
            >
              {COLLECTION_LABELS[c]}
            </button>
          );
        })}
      </fieldset>
      <div className="flex items-center gap-2">
        <label htmlFor={sortId} className="shrink-0 text-sm font-medium">
          Sort by
        </label>
        <select
          id={sortId}
          value={sort}
          onChange={(e) => onSortChange(parseSort(e.target.value))}
          className="h-9 rounded-md border border-input bg-background px-3 text-sm shadow-xs focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none"
        >
          {CATALOG_SORTS.map((s) => (
            <option key={s} value={s}>
              {CATALOG_SORT_LABELS[s]}
            </option>
          ))}
        </select>
      </div>
    </div>
  );
}
