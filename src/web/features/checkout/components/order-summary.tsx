/**
 * Order summary card of the catalogue checkout (storefront spec section 2): each line
 * with quantity, the server's unit price and line total, then subtotal, discount,
 * shipping and total. Every amount is the server's (GET /api/cart, /api/cart/totals).
 */

import { formatDollars } from '@shared/money';
import type { CartItem, CartTotals } from '@shared/schemas/cart';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { Separator } from '@/components/ui/separator';
import { Skeleton } from '@/components/ui/skeleton';

export function OrderSummary({
  items,
  totals,
  totalsLoading,
  discountCode,
}: {
  items: CartItem[];
  totals: CartTotals | undefined;
  totalsLoading: boolean;
  /** The code applied in the cart drawer, if any. */
  discountCode: string | null;
}) {
  return (
    <Card>
      <CardHeader>
        <h2 id="order-summary-title" className="text-lg leading-none font-semibold">
          Order Summary
        </h2>
      </CardHeader>
      <CardContent className="space-y-4">
        <ul className="space-y-4">
          {items.map((item) => (
            <li key={item.id} className="flex gap-3">
              {item.product.imageUrl ? (
                <img
                  src={item.product.imageUrl}
                  alt=""
                  width={56}
                  height={56}
                  className="size-14 shrink-0 rounded-md border object-cover"
                />
              ) : (
                <div className="bg-muted size-14 shrink-0 rounded-md" aria-hidden="true" />
              )}
              <div className="min-w-0 flex-1">
                <p className="font-medium break-words">{item.product.name}</p>
                <p className="text-muted-foreground text-sm">
                  Qty {item.quantity} ×{' '}
                  {item.unitPrice === 0 ? 'Free' : `${formatDollars(item.unitPrice)} each`}
                  {item.percentOff > 0 && item.unitPrice > 0 ? (
                    <span className="text-primary ml-1">({item.percentOff}% volume discount)</span>
                  ) : null}
                </p>
              </div>
              <p className="shrink-0 font-medium">{formatDollars(item.lineTotal)}</p>
            </li>
          ))}
        </ul>
        <Separator />
        {totalsLoading || !totals ? (
          // The lines' own heights (a text-sm line each, the discount's when a code is
          // applied, the total's border, padding and base line), so nothing below moves
          // when the totals arrive (docs/decisions.md, issue 10 entry 24).
          <div className="space-y-2 text-sm" role="status" aria-label="Loading totals">
            <Skeleton className="h-5 w-full" />
            {discountCode ? <Skeleton className="h-5 w-full" /> : null}
            <Skeleton className="h-5 w-full" />
            <div className="border-t border-transparent pt-3 text-base">
              <Skeleton className="h-6 w-full" />
            </div>
          </div>
        ) : (
          <dl className="space-y-2 text-sm">
            <div className="flex justify-between gap-4">
              <dt>Subtotal</dt>
              <dd>{formatDollars(totals.subtotal)}</dd>
            </div>
            {totals.discountAmount > 0 && totals.discountCode ? (
              <div className="text-primary flex justify-between gap-4">
                <dt>Discount ({totals.discountCode})</dt>
                <dd>-{formatDollars(totals.discountAmount)}</dd>
              </div>
            ) : null}
            <div className="flex justify-between gap-4">
              <dt>Shipping (USA &amp; Canada)</dt>
              <dd>{formatDollars(totals.shipping)}</dd>
            </div>
            <div className="flex justify-between gap-4 border-t pt-3 text-base font-semibold">
              <dt>Total</dt>
              <dd>{formatDollars(totals.total)}</dd>
            </div>
          </dl>
        )}
        {discountCode && totals?.discountError ? (
          <p className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
            Discount code {discountCode} no longer applies: {totals.discountError}
          </p>
        ) : null}
      </CardContent>
    </Card>
  );
}
