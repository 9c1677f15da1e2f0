/**
 * One catalogue order on the tracking page (back-office spec section 2): number, date,
 * timeline, total, payment status ('Paid' / 'Refunded'), discount and shipping, items
 * with their line totals, where it ships, and the tracking number with its link. Amounts
 * are the server's (a line total is its unit price times its quantity, in cents); a
 * wholesale buyer's audit: the card was all an accounts department could be given.
 * 'Order Again' puts the order's pins back in the cart (../reorder.ts; docs/decisions.md
 * "Order Again from the order history"). 'Print Receipt' opens the order's printable
 * receipt (docs/decisions.md "A printable receipt for catalogue orders (2026-11-27)").
 */

import { formatDollars, formatUsd } from '@shared/money';
import type { Order } from '@shared/schemas/orders';
import { useQueryClient } from '@tanstack/react-query';
import { Printer } from 'lucide-react';
import { useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { TrackingInfo } from '@/components/tracking-info';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { Separator } from '@/components/ui/separator';
import { cartQueryKey, fetchCart, useAddToCart } from '@/features/cart/api';
import { useCartUi } from '@/features/cart/cart-state';
import { toast } from '@/lib/toast';
import { cn } from '@/lib/utils';
import { formatOrderDate, lineTotalCents } from '../format';
import { receiptPath } from '../receipt';
import { addOrderLines, canOrderAgain, reorderToast } from '../reorder';
import { parseTrackOrderParams } from '../timeline';
import { OrderTimeline } from './order-timeline';

/**
 * A catalogue order's card: `order` as GET /api/orders (or its confirmation) gives it,
 * `highlighted` rings the order just placed. Needs the app's query client and cart UI
 * providers (its 'Order Again' adds to the cart and opens the drawer) and the router (its
 * 'Print Receipt' link).
 */
export function OrderCard({ order, highlighted }: { order: Order; highlighted: boolean }) {
  const titleId = `order-${order.id}-title`;
  return (
    <article
      id={`order-${order.id}`}
      aria-labelledby={titleId}
      tabIndex={-1}
      className="scroll-mt-4 outline-none"
    >
      <Card className={cn(highlighted && 'ring-primary ring-2 ring-offset-2')}>
        <CardHeader className="flex flex-wrap items-start justify-between gap-2">
          <div className="space-y-1">
            <h3 id={titleId} className="text-lg leading-none font-semibold">
              Order #{order.id}
            </h3>
            <p className="text-muted-foreground text-sm">
              Placed on <time dateTime={order.createdAt}>{formatOrderDate(order.createdAt)}</time>
            </p>
          </div>
          {order.paymentStatus === 'refunded' ? (
            <Badge variant="warning">Refunded</Badge>
          ) : (
            <Badge variant="success">Paid</Badge>
          )}
        </CardHeader>
        <CardContent className="space-y-5">
          <OrderTimeline status={order.status} />
          <Separator />
          <div className="grid gap-6 md:grid-cols-2">
            <div>
              <h4 className="mb-2 text-sm font-semibold">Items</h4>
              <ul className="space-y-2 text-sm">
                {order.items.map((item) => (
                  <li
                    key={`${item.productId ?? 0}-${item.name}-${item.price}`}
                    className="flex justify-between gap-4"
                  >
                    <span className="min-w-0 break-words">
                      {item.name} <span className="text-muted-foreground">× {item.quantity}</span>
                    </span>
                    <span className="shrink-0 text-right">
                      {formatDollars(item.price)} each
                      <span className="block font-medium">{formatUsd(lineTotalCents(item))}</span>
                    </span>
                  </li>
                ))}
              </ul>
              {canOrderAgain(order) ? <OrderAgainButton order={order} /> : null}
              {order.shippingAddress ? (
                <>
                  <h4 className="mt-4 mb-1 text-sm font-semibold">Ships to</h4>
                  <p className="text-sm wrap-anywhere">{order.shippingAddress}</p>
                </>
              ) : null}
            </div>
            <div>
              <h4 className="mb-2 text-sm font-semibold">Payment</h4>
              <dl className="space-y-1 text-sm">
                <Row term="Subtotal" value={formatDollars(order.subtotalAmount)} />
                {order.discountAmount > 0 ? (
                  <Row
                    term={order.discountCode ? `Discount (${order.discountCode})` : 'Discount'}
                    value={`-${formatDollars(order.discountAmount)}`}
                  />
                ) : null}
                <Row term="Shipping" value={formatDollars(order.shippingAmount)} />
                <Row term="Total" value={formatDollars(order.totalAmount)} strong />
                <Row
                  term="Payment status"
                  value={order.paymentStatus === 'refunded' ? 'Refunded' : 'Paid'}
                />
              </dl>
              <PrintReceiptLink orderId={order.id} />
            </div>
          </div>
          <TrackingInfo trackingNumber={order.trackingNumber} trackingUrl={order.trackingUrl} />
        </CardContent>
      </Card>
    </article>
  );
}

/**
 * 'Order Again': the order's lines go into the cart one after another (../reorder.ts),
 * then the cart is refetched, the drawer opens when anything went in, and a toast says
 * what was added and which pins were not, with the server's reason. `pending` while it
 * runs, so the focus stays on the button (and comes back to it when the drawer closes).
 * Its accessible name names the order: 'Order Again for order #41'.
 */
function OrderAgainButton({ order }: { order: Order }) {
  const addToCart = useAddToCart();
  const queryClient = useQueryClient();
  const { setOpen } = useCartUi();
  const [running, setRunning] = useState(false);
  // A second click in the same render (before `pending` is on) must not send the lines twice.
  const busy = useRef(false);

  async function orderAgain() {
    if (busy.current) return;
    busy.current = true;
    setRunning(true);
    try {
      const outcome = await addOrderLines(
        order.items,
        (body) => addToCart.mutateAsync(body),
        // After a refusal for stock or the limit: what the cart holds now, read fresh.
        async (productId) => {
          const cart = await queryClient.fetchQuery({
            queryKey: cartQueryKey,
            queryFn: fetchCart,
            staleTime: 0,
          });
          return cart.find((item) => item.productId === productId)?.quantity ?? 0;
        },
      );
      await queryClient.invalidateQueries({ queryKey: cartQueryKey });
      if (outcome.added.length > 0) setOpen(true);
      toast(reorderToast(outcome));
    } finally {
      busy.current = false;
      setRunning(false);
    }
  }

  return (
    <Button
      type="button"
      variant="outline"
      size="sm"
      className="mt-3"
      pending={running}
      onClick={() => void orderAgain()}
    >
      {running ? 'Adding...' : 'Order Again'}
      <span className="sr-only"> for order #{order.id}</span>
    </Button>
  );
}

/**
 * 'Print Receipt': opens the order's printable receipt (app/routes/order-receipt.tsx) in
 * this tab. Under a guest's mailed link (/track-order?id=&key=, this order's) the key goes
 * along, so the receipt opens for whoever the card opened for. Its accessible name names
 * the order: 'Print Receipt for order #41'.
 */
function PrintReceiptLink({ orderId }: { orderId: number }) {
  const [params] = useSearchParams();
  const { mailLink } = parseTrackOrderParams(params);
  const key = mailLink?.id === orderId ? mailLink.key : null;
  return (
    <Button asChild variant="outline" size="sm" className="mt-3">
      <Link to={receiptPath(orderId, key)}>
        <Printer aria-hidden="true" />
        Print Receipt
        {/* ' for order #41' reads well whether or not a space is read before the hidden
            part (Chromium reads one, so ': order #41' came out as 'Print Receipt : order'). */}
        <span className="sr-only"> for order #{orderId}</span>
      </Link>
    </Button>
  );
}

function Row({ term, value, strong = false }: { term: string; value: string; strong?: boolean }) {
  return (
    <div className={cn('flex justify-between gap-4', strong && 'text-base font-semibold')}>
      <dt>{term}</dt>
      <dd>{value}</dd>
    </div>
  );
}
