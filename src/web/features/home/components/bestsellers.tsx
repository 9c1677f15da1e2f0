/**
 * The bestsellers row (issue 10): up to four real, in-stock catalogue products, best
 * sellers first (server-ranked by units paid for). Titled 'Bestsellers' only when some
 * have sold; otherwise 'Ready to Ship'. Links to the catalogue.
 */
import type { Product } from '@shared/schemas/catalog';
import { ArrowRight } from 'lucide-react';
import { Link } from 'react-router';
import { ProductCard } from '@/features/catalog/components/product-card';

export function Bestsellers({ products, hasSales }: { products: Product[]; hasSales: boolean }) {
  if (products.length === 0) return null;
  return (
    <section aria-labelledby="bestsellers-heading" className="mx-auto max-w-7xl px-4 py-14 sm:px-6">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h2 id="bestsellers-heading" className="font-heading text-3xl text-brand">
          {hasSales ? 'Bestsellers' : 'Ready to Ship'}
        </h2>
        <Link
          to="/wholesale"
          className="inline-flex min-h-6 items-center gap-1 rounded-sm font-semibold text-brand hover:underline focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
        >
          Shop all pins
          <ArrowRight className="size-4" aria-hidden="true" />
        </Link>
      </div>
      <ul className="mt-6 grid grid-cols-2 gap-3 sm:gap-4 md:grid-cols-4">
        {products.map((p) => (
          <ProductCard key={p.id} product={p} />
        ))}
      </ul>
    </section>
  );
}
