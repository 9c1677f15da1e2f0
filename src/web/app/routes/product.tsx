/**
 * Product detail (/product/:id; storefront spec sections 2, 5, 8, 9): media, name,
 * description, price ('FREE' at 0), stock badge, wholesale tier panel, quantity
 * selector, the tier unit price preview, 'Add to Cart' (POST /api/cart; the drawer opens
 * on success), features and a low-stock warning. No star ratings (DECISIONS.md).
 * A product with a per-customer limit asks the server what this shopper may still add
 * (GET /api/cart/allowance: past orders and this cart) and caps the quantity there; with
 * nothing left, Add to Cart is `unavailable` and described by the note saying so. The
 * server's add still checks (409 'Limit N per customer').
 * A missing product shows 'Product Not Found' with a link to the catalogue.
 */

import { COLLECTION_LABELS, sortCatalog } from '@shared/catalog';
import { localTodayIso } from '@shared/dates';
import { deliveryWindow } from '@shared/delivery';
import { dollarsToCents, formatUsd } from '@shared/money';
import {
  catalogTierPercent,
  catalogUnitPrice,
  SHIPPING_FLAT_CENTS,
  stockLabel,
} from '@shared/pricing';
import type { CartAllowance } from '@shared/schemas/cart';
import type { Product } from '@shared/schemas/catalog';
import { Check, ChevronRight, TriangleAlert, Truck } from 'lucide-react';
import { useId, useState } from 'react';
import { Link, useParams } from 'react-router';
import { DocumentTitle } from '@/components/layout/document-title';
import { NotFoundView } from '@/components/layout/not-found-view';
import { PageMain } from '@/components/layout/page-main';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { store } from '@/config/store';
import { useAddToCart, useCart, useCartAllowance } from '@/features/cart/api';
import { useCartUi } from '@/features/cart/cart-state';
import { useProduct, useProducts } from '@/features/catalog/api';
import { ProductCard } from '@/features/catalog/components/product-card';
import { ProductMedia } from '@/features/catalog/components/product-media';
import { type LimitUse, QuantitySelector } from '@/features/catalog/components/quantity-selector';
import { StockBadge } from '@/features/catalog/components/stock-badge';
import { TierPanel } from '@/features/catalog/components/tier-panel';
import { formatPrice, formatPriceCents } from '@/features/catalog/format';
import { serverMessageOr } from '@/lib/api';
import { calendarDay, shortWeekdayDate } from '@/lib/dates';
import { toast } from '@/lib/toast';
import { useProgressiveCount } from '@/lib/use-progressive-count';

/** The id in `/product/{id}`, as the server reads it (no leading zeros). */
function parseId(raw: string | undefined): number | null {
  return raw && /^[1-9]\d{0,8}$/.test(raw) ? Number(raw) : null;
}

/** Home / Wholesale / this product. */
function Breadcrumbs({ name }: { name: string }) {
  const link =
    'inline-flex min-h-6 items-center rounded-sm text-primary hover:underline focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none';
  return (
    <nav aria-label="Breadcrumb" className="text-sm">
      <ol className="flex flex-wrap items-center gap-1 text-slate-600">
        <li className="flex items-center gap-1">
          <Link to="/" className={link}>
            Home
          </Link>
          <ChevronRight className="size-4" aria-hidden="true" />
        </li>
        <li className="flex items-center gap-1">
          <Link to="/wholesale" className={link}>
            Wholesale
          </Link>
          <ChevronRight className="size-4" aria-hidden="true" />
        </li>
        <li aria-current="page" className="min-w-0 truncate text-slate-800">
          {name}
        </li>
      </ol>
    </nav>
  );
}

/** 'Tue, Nov 24' for a YYYY-MM-DD date. */
const shortDate = (iso: string) => shortWeekdayDate(calendarDay(iso), true);

/** Flat shipping and the delivery window, by the Add to Cart button. */
function ShippingEstimate() {
  const eta = deliveryWindow(localTodayIso());
  return (
    <p className="flex gap-2 text-sm text-slate-700">
      <Truck className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" />
      <span>
        Shipping {formatUsd(SHIPPING_FLAT_CENTS)} flat in the USA. Ships within{' '}
        {store.catalogShipTime}; order today for delivery{' '}
        <strong>
          {shortDate(eta.from)} – {shortDate(eta.to)}
        </strong>
        .
      </span>
    </p>
  );
}

/** Up to four other products of the same collection, in stock first. */
function RelatedProducts({ product }: { product: Product }) {
  const products = useProducts();
  const related = sortCatalog(
    (products.data ?? []).filter((p) => p.collection === product.collection && p.id !== product.id),
    'name',
  ).slice(0, 4);
  // Below the fold: built in the task after the page's first render (issue 10).
  const rendered = useProgressiveCount(related.length, 0);
  if (related.length === 0) return null;
  return (
    <section aria-labelledby="related-heading" className="mt-14">
      <h2 id="related-heading" className="font-heading text-2xl text-brand">
        More from {COLLECTION_LABELS[product.collection]}
      </h2>
      <ul className="mt-4 grid grid-cols-2 gap-3 sm:gap-4 md:grid-cols-4">
        {related.slice(0, rendered).map((p) => (
          <ProductCard key={p.id} product={p} />
        ))}
      </ul>
    </section>
  );
}

/** 'Product Not Found' (storefront spec), as the server's 404 page writes it. */
function NotFound() {
  return <NotFoundView kind="product" />;
}

function LoadingView() {
  return (
    <PageMain className="mx-auto w-full max-w-7xl px-4 py-8 sm:px-6">
      <p role="status" className="sr-only">
        Loading product…
      </p>
      <div className="grid gap-8 md:grid-cols-2" aria-hidden="true">
        <Skeleton className="aspect-square w-full rounded-xl" />
        <div className="space-y-4">
          <Skeleton className="h-9 w-3/4" />
          <Skeleton className="h-7 w-24" />
          <Skeleton className="h-20 w-full" />
          <Skeleton className="h-28 w-full" />
          <Skeleton className="h-10 w-full" />
        </div>
      </div>
    </PageMain>
  );
}

/** The allowance's count as the quantity selector shows it; null without a limit or an answer. */
function limitUseOf(data: CartAllowance | undefined): LimitUse | null {
  if (!data || data.limit === null || data.remaining === null) return null;
  return {
    limit: data.limit,
    bought: data.bought ?? 0,
    inCart: data.inCart,
    remaining: data.remaining,
  };
}

/** The limit counted against the cart alone (no answer from the server yet); null with an empty cart. */
function cartOnlyLimitUse(limit: number, inCart: number): LimitUse | null {
  if (inCart <= 0) return null;
  return { limit, bought: 0, inCart, remaining: Math.max(0, limit - inCart) };
}

function ProductView({ product }: { product: Product }) {
  const [chosen, setChosen] = useState(1);
  const addToCart = useAddToCart();
  const { setOpen } = useCartUi();
  const limitNoteId = useId();
  const baseCents = dollarsToCents(product.price);
  const soldOut = stockLabel(product.stockQuantity, product.inStock) === 'Out of Stock';
  // Until the server answers (or if it cannot), the plain limit caps; the add still checks.
  const allowance = useCartAllowance(product.id, product.purchaseLimit !== null && !soldOut);
  // Units already in the cart count against the stock: the add checks the line's new total
  // (the cart the header reads anyway; docs/decisions.md "What the cart already holds").
  const inCart = useCart().data?.find((line) => line.productId === product.id)?.quantity ?? 0;
  // Without the server's answer (loading, or it failed) the cart alone is counted against
  // the limit: true as far as it goes, and the add still checks past orders.
  const limitUse =
    product.purchaseLimit === null
      ? null
      : (limitUseOf(allowance.data) ?? cartOnlyLimitUse(product.purchaseLimit, inCart));
  const max = soldOut
    ? 0
    : Math.max(
        0,
        Math.min(
          product.stockQuantity - inCart,
          limitUse?.remaining ?? product.purchaseLimit ?? Number.POSITIVE_INFINITY,
        ),
      );
  // Nothing more can go in (the limit used up, or the cart holds all the stock).
  const limitReached = !soldOut && max < 1;
  // A quantity chosen before the answer (or before the cart filled) is lowered to the cap.
  const quantity = max >= 1 ? Math.min(chosen, max) : 1;
  const percentOff = catalogTierPercent(quantity);
  const showTiers =
    baseCents > 0 && (product.purchaseLimit === null || product.purchaseLimit >= 10);
  const lowStock = !soldOut && product.stockQuantity <= 10;

  // Called by 'Add to Cart' only, whose `pending` ignores clicks while a request is in flight.
  function add() {
    addToCart.mutate(
      { productId: product.id, quantity },
      {
        onSuccess: () => {
          toast({ title: 'Added to Cart', description: `${quantity} × ${product.name}` });
          setOpen(true);
        },
        onError: (error) =>
          toast({
            title: 'Cannot Add to Cart',
            description: serverMessageOr(error, 'Failed to add to cart'),
            variant: 'destructive',
          }),
      },
    );
  }

  return (
    <PageMain className="mx-auto w-full max-w-7xl px-4 py-8 sm:px-6">
      <DocumentTitle>{`${product.name} | ${store.name}`}</DocumentTitle>
      <Breadcrumbs name={product.name} />
      <div className="mt-6 grid gap-8 md:grid-cols-2 lg:gap-12">
        <div className="md:sticky md:top-24 md:self-start">
          <ProductMedia
            name={product.name}
            imageUrl={product.imageUrl}
            videoUrl={product.videoUrl}
          />
        </div>
        <div className="flex min-w-0 flex-col gap-6">
          <div>
            <h1 className="text-3xl font-bold tracking-tight wrap-anywhere">{product.name}</h1>
            <div className="mt-3 flex flex-wrap items-center gap-3">
              <span className="text-3xl font-bold text-primary">{formatPrice(product.price)}</span>
              <StockBadge stockQuantity={product.stockQuantity} inStock={product.inStock} />
            </div>
            {product.description && (
              <p className="mt-4 whitespace-pre-line text-slate-700 wrap-anywhere">
                {product.description}
              </p>
            )}
          </div>

          {showTiers && <TierPanel basePriceCents={baseCents} quantity={quantity} />}

          <div className="space-y-4 rounded-xl border p-4">
            <QuantitySelector
              quantity={quantity}
              max={max}
              stockQuantity={product.stockQuantity}
              purchaseLimit={product.purchaseLimit}
              soldOut={soldOut}
              inCart={inCart}
              limitUse={limitUse}
              limitUseId={limitNoteId}
              pending={addToCart.isPending}
              onChange={setChosen}
            />
            {lowStock && (
              <p className="flex items-center gap-2 text-sm font-medium text-amber-900">
                <TriangleAlert className="size-4 shrink-0" aria-hidden="true" />
                Only {product.stockQuantity} left in stock
              </p>
            )}
            {!soldOut && (
              <p className="text-sm text-slate-700">
                Unit price at {quantity}:{' '}
                <strong className="text-base text-slate-900">
                  {formatPriceCents(catalogUnitPrice(baseCents, quantity))}
                </strong>
                {percentOff > 0 && <span className="text-green-800"> ({percentOff}% off)</span>}
                <span className="block text-xs text-slate-600">
                  Your cart shows the final price.
                </span>
              </p>
            )}
            {/* `pending` (aria-disabled, not disabled) keeps focus on the button, so it
                gets focus back when the drawer that opens on success is closed. With the
                limit used up, or all the stock in the cart, it is `unavailable` (focus
                kept: the add that used it up leaves it there), the note above saying why. */}
            <Button
              size="lg"
              className="w-full"
              disabled={soldOut}
              pending={addToCart.isPending}
              unavailable={limitReached}
              aria-describedby={limitReached ? limitNoteId : undefined}
              onClick={add}
            >
              {addToCart.isPending ? 'Adding...' : 'Add to Cart'}
            </Button>
            {/* A sold-out product cannot be ordered today: no delivery promise. */}
            {soldOut ? null : <ShippingEstimate />}
          </div>

          {product.features.length > 0 && (
            <section aria-labelledby="features-heading">
              <h2 id="features-heading" className="text-lg font-semibold">
                Features
              </h2>
              <ul className="mt-3 space-y-2">
                {product.features.map((f) => (
                  <li key={f} className="flex gap-2 text-slate-700 wrap-anywhere">
                    <Check className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden="true" />
                    {f}
                  </li>
                ))}
              </ul>
            </section>
          )}
        </div>
      </div>
      <RelatedProducts product={product} />
    </PageMain>
  );
}

export function Component() {
  const id = parseId(useParams().id);
  const product = useProduct(id);
  if (id === null) return <NotFound />;
  if (product.isLoading) return <LoadingView />;
  if (product.isError) {
    return (
      <PageMain className="mx-auto flex w-full max-w-xl flex-col items-center gap-4 px-4 py-20 text-center">
        <DocumentTitle>{`Product | ${store.name}`}</DocumentTitle>
        <h1 className="text-2xl font-bold">Product</h1>
        <p role="alert" className="text-destructive">
          Failed to fetch product
        </p>
        <Button variant="outline" onClick={() => void product.refetch()}>
          Try Again
        </Button>
      </PageMain>
    );
  }
  if (!product.data) return <NotFound />;
  return <ProductView key={product.data.id} product={product.data} />;
}
