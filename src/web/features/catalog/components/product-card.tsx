/**
 * A catalogue card linking to /product/{id}: image, name, price ('FREE'
 * at 0), the wholesale unit price from 25 pins (issue 10) and stock badge. No ratings
 * (DECISIONS.md: no synthetic ratings).
 */

import { dollarsToCents } from '@shared/money';
import { catalogUnitPrice, stockLabel } from '@shared/pricing';
import type { Product } from '@shared/schemas/catalog';
import { memo } from 'react';
import { Link } from 'react-router';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/utils';
import { formatPrice, formatPriceCents } from '../format';
import { ProductImage } from './product-image';
import { StockBadge } from './stock-badge';

/** Memoised: a list that grows in steps (useProgressiveCount) does not re-render the cards it has. */
export const ProductCard = memo(function ProductCard({
  product,
  eager,
  firstScreen,
}: {
  product: Product;
  eager?: boolean;
  /** The page's largest image (see ProductImage). */
  firstScreen?: boolean;
}) {
  const soldOut = stockLabel(product.stockQuantity, product.inStock) === 'Out of Stock';
  return (
    <li>
      <Link
        to={`/product/${product.id}`}
        className="group flex h-full flex-col overflow-hidden rounded-xl border bg-card shadow-sm transition-shadow hover:shadow-md focus-visible:ring-[3px] focus-visible:ring-ring/60 focus-visible:outline-none"
      >
        <div className="overflow-hidden bg-muted">
          {/* Decorative: the heading in the same link names the product (with the image's
              alt too, the link read the name twice). The server's copy of this card
              (server/pages/content.ts productCard) must say alt="" as well. */}
          <ProductImage
            src={product.imageUrl}
            alt=""
            eager={eager}
            firstScreen={firstScreen}
            className={cn(
              'transition-transform duration-300 group-hover:scale-105',
              soldOut && 'opacity-60 grayscale',
            )}
          />
        </div>
        <div className="flex flex-1 flex-col gap-2 p-3 sm:p-4">
          <h3 className="line-clamp-2 text-sm font-semibold text-slate-900 wrap-anywhere sm:text-base">
            {product.name}
          </h3>
          <div className="mt-auto flex flex-wrap items-center justify-between gap-x-2 gap-y-1">
            <span className="text-base font-bold text-primary sm:text-lg">
              {formatPrice(product.price)}
            </span>
            <StockBadge stockQuantity={product.stockQuantity} inStock={product.inStock} />
          </div>
          {product.price > 0 && (product.purchaseLimit === null || product.purchaseLimit >= 25) && (
            <p className="text-xs text-slate-600">
              {formatPriceCents(catalogUnitPrice(dollarsToCents(product.price), 25))} each from 25
            </p>
          )}
        </div>
      </Link>
    </li>
  );
});

export function ProductCardSkeleton() {
  return (
    <li aria-hidden="true" className="overflow-hidden rounded-xl border bg-card">
      <Skeleton className="aspect-square w-full rounded-none" />
      <div className="space-y-3 p-3 sm:p-4">
        <Skeleton className="h-5 w-4/5" />
        <div className="flex justify-between">
          <Skeleton className="h-6 w-16" />
          <Skeleton className="h-5 w-20" />
        </div>
      </div>
    </li>
  );
}
