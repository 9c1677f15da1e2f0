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
import { DocumentTitle } from '@/components/layout/document-title';
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
import { useProgressiveCount } from '@/lib/use-progressive-count';

const tierText = CATALOG_TIERS.filter((t) => t.percentOff > 0)
  .map((t) => `${t.percentOff}% off ${t.label}`)
  .join(', ');

const INFO = [
  {
    icon: BadgePercent,
    title: 'Wholesale Pricing',
    short: '20% off from 25',
    text: `Volume discounts per design: ${tierText}.`,
  },
  {
    icon: Truck,
    title: 'Ready to Ship',
    short: `Ships in ${store.catalogShipTime}`,
    text: `In-stock pins ship within ${store.catalogShipTime}.`,
  },
  {
    icon: Package,
    title: 'Pro-Shop Packaging',
    short: 'Pro-shop ready',
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
  // Four cards (the first screen on a phone) in the first render, the rest in later tasks.
  const rendered = useProgressiveCount(shown.length);

  return (
    <PageMain>
      <DocumentTitle>{`Wholesale Golf Pins – Ready to Ship | ${store.name}`}</DocumentTitle>
      <section className="bg-gradient-to-br from-brand-deep to-brand text-white">
        <div className="mx-auto max-w-7xl px-4 py-4 sm:px-6 md:py-12">
          <Link
            to="/"
            className="inline-flex min-h-6 items-center gap-1 rounded-sm text-sm text-green-50 hover:underline focus-visible:ring-2 focus-visible:ring-white focus-visible:outline-none"
          >
            <ArrowLeft className="size-4" aria-hidden="true" />
            Back to Home
          </Link>
          <h1 className="mt-2 text-2xl md:mt-4 md:text-4xl">Wholesale Golf Pins</h1>
          <p className="mt-3 hidden max-w-2xl text-green-50 sm:block">
            Ready-made designs for pro shops, clubs and tournament gift tables. Order one pin or a
            few hundred: the more you buy, the less each one costs.
          </p>
        </div>
      </section>

      {/* Phones: one trust strip so the first pins are in the first screen (issue 10);
          wider screens: the three info cards. */}
      <section
        aria-label="Why buy wholesale"
        className="mx-auto max-w-7xl px-4 pt-3 sm:px-6 md:pt-8"
      >
        <ul className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-slate-700 md:grid md:grid-cols-3 md:gap-4 md:text-base">
          {INFO.map(({ icon: Icon, title, short, text }) => (
            <li
              key={title}
              className="flex items-center gap-1.5 md:items-start md:gap-3 md:rounded-xl md:border md:bg-card md:p-5 md:shadow-sm"
            >
              <Icon
                className="size-4 shrink-0 text-gold md:size-6 md:text-primary"
                aria-hidden="true"
              />
              <div>
                <h2 className="font-semibold md:text-base">
                  <span className="md:hidden">{short}</span>
                  <span className="hidden md:inline">{title}</span>
                </h2>
                <p className="mt-1 hidden text-sm text-slate-600 md:block">{text}</p>
              </div>
            </li>
          ))}
        </ul>
      </section>

      <section
        aria-labelledby="catalogue-heading"
        className="mx-auto max-w-7xl px-4 py-4 sm:px-6 md:py-8"
      >
        <h2 id="catalogue-heading" className="mb-3 font-heading text-xl md:mb-4 md:text-2xl">
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
            <p className="mt-3 text-sm text-slate-600 md:mt-6" aria-live="polite">
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
              <ul className="mt-3 grid grid-cols-2 gap-3 sm:gap-4 md:mt-4 md:grid-cols-3 lg:grid-cols-4">
                {shown.slice(0, rendered).map((p, i) => (
                  <ProductCard key={p.id} product={p} eager={i < 4} firstScreen={i === 0} />
                ))}
              </ul>
            )}
          </>
        )}
      </section>
    </PageMain>
  );
}
