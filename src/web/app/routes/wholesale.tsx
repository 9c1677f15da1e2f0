/**
 * Wholesale catalogue (storefront spec section 2 "Wholesale catalogue", 8, 9): info
 * cards, collection filter and sort (kept in ?collection=&sort= so views are
 * shareable), 'Showing N of M pins', eight skeleton cards while loading, an empty state
 * and 'Failed to fetch products'. Ordering uses the shared sortCatalog rule.
 */

import { sortCatalog } from '@shared/catalog';
import { CATALOG_TIERS } from '@shared/pricing';
import { ArrowLeft, BadgePercent, Package, Truck } from 'lucide-react';
import { useMemo } from 'react';
import { Link, useSearchParams } from 'react-router';
import { PageMain } from '@/components/layout/page-main';
import { Button } from '@/components/ui/button';
import { store } from '@/config/store';
import { useProducts } from '@/features/catalog/api';
import {
  CatalogControls,
  type CollectionFilter,
  parseCollection,
  parseSort,
} from '@/features/catalog/components/catalog-controls';
import { ProductCard, ProductCardSkeleton } from '@/features/catalog/components/product-card';

const tierText = CATALOG_TIERS.filter((t) => t.percentOff > 0)
  .map((t) => `${t.percentOff}% off ${t.label}`)
  .join(', ');

const INFO = [
  {
    icon: BadgePercent,
    title: 'Wholesale Pricing',
    text: `Volume discounts per design: ${tierText}.`,
  },
  {
    icon: Truck,
    title: 'Ready to Ship',
    text: `In-stock pins ship within ${store.catalogShipTime}.`,
  },
  {
    icon: Package,
    title: 'Pro-Shop Packaging',
    text: 'Retail-ready packaging, perfect for pro shops, clubhouses and events.',
  },
];

export function Component() {
  const [params, setParams] = useSearchParams();
  const collection = parseCollection(params.get('collection'));
  const sort = parseSort(params.get('sort'));
  const products = useProducts();

  const update = (next: { collection?: CollectionFilter; sort?: string }) => {
    const c = next.collection ?? collection;
    const s = next.sort ?? sort;
    const query = new URLSearchParams();
    if (c !== 'all') query.set('collection', c);
    if (s !== 'name') query.set('sort', s);
    setParams(query, { replace: true, preventScrollReset: true });
  };

  const total = products.data?.length ?? 0;
  const shown = useMemo(() => {
    const all = products.data ?? [];
    return sortCatalog(
      collection === 'all' ? all : all.filter((p) => p.collection === collection),
      sort,
    );
  }, [products.data, collection, sort]);

  return (
    <PageMain>
      <title>{`Wholesale Golf Pins – Ready to Ship | ${store.name}`}</title>
      <section className="bg-gradient-to-br from-green-900 to-green-700 text-white">
        <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6 md:py-14">
          <Link
            to="/"
            className="inline-flex items-center gap-1 rounded-sm text-sm text-green-50 hover:underline focus-visible:ring-2 focus-visible:ring-white focus-visible:outline-none"
          >
            <ArrowLeft className="size-4" aria-hidden="true" />
            Back to Home
          </Link>
          <h1 className="mt-4 text-3xl font-bold tracking-tight md:text-4xl">
            Wholesale Golf Pins
          </h1>
          <p className="mt-3 max-w-2xl text-green-50">
            Ready-made designs for pro shops, clubs and tournament gift tables. Order one pin or a
            few hundred: the more you buy, the less each one costs.
          </p>
        </div>
      </section>

      <section aria-label="Why buy wholesale" className="mx-auto max-w-7xl px-4 pt-8 sm:px-6">
        <ul className="grid gap-3 md:grid-cols-3 md:gap-4">
          {INFO.map(({ icon: Icon, title, text }) => (
            <li key={title} className="flex gap-3 rounded-xl border bg-card p-4 shadow-sm md:p-5">
              <Icon className="size-6 shrink-0 text-primary" aria-hidden="true" />
              <div>
                <h2 className="font-semibold">{title}</h2>
                <p className="mt-1 text-sm text-slate-600">{text}</p>
              </div>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="catalogue-heading" className="mx-auto max-w-7xl px-4 py-8 sm:px-6">
        <h2 id="catalogue-heading" className="mb-4 text-2xl font-bold">
          Pin Catalogue
        </h2>
        <CatalogControls
          collection={collection}
          sort={sort}
          onCollectionChange={(c) => update({ collection: c })}
          onSortChange={(s) => update({ sort: s })}
        />

        {products.isLoading ? (
          <>
            <p role="status" className="sr-only">
              Loading products…
            </p>
            <ul className="mt-6 grid grid-cols-2 gap-3 sm:gap-4 md:grid-cols-3 lg:grid-cols-4">
              {Array.from({ length: 8 }, (_, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: static placeholders
                <ProductCardSkeleton key={i} />
              ))}
            </ul>
          </>
        ) : products.isError ? (
          <div className="mt-8 flex flex-col items-center gap-3 rounded-xl border border-dashed p-10 text-center">
            <p role="alert" className="font-medium text-destructive">
              Failed to fetch products
            </p>
            <Button variant="outline" onClick={() => void products.refetch()}>
              Try Again
            </Button>
          </div>
        ) : (
          <>
            <p className="mt-6 text-sm text-slate-600" aria-live="polite">
              Showing {shown.length} of {total} pins
            </p>
            {shown.length === 0 ? (
              <div className="mt-4 flex flex-col items-center gap-3 rounded-xl border border-dashed p-10 text-center">
                <p className="font-medium">
                  {total === 0
                    ? 'No pins are available right now. Please check back soon.'
                    : 'No pins in this collection yet.'}
                </p>
                {total > 0 && (
                  <Button variant="outline" onClick={() => update({ collection: 'all' })}>
                    Show all pins
                  </Button>
                )}
              </div>
            ) : (
              <ul className="mt-4 grid grid-cols-2 gap-3 sm:gap-4 md:grid-cols-3 lg:grid-cols-4">
                {shown.map((p, i) => (
                  <ProductCard key={p.id} product={p} eager={i < 4} />
                ))}
              </ul>
            )}
          </>
        )}
      </section>
    </PageMain>
  );
}
