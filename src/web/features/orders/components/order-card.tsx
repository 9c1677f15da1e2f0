/**
 * One catalogue order on the tracking page (back-office spec section 2): number, date,
 * timeline, total, payment status ('Paid' / 'Refunded'), discount and shipping, items
 * with their line totals, where it ships, and the tracking number with its link. Amounts
 * are the server's (a line total is its unit price times its quantity, in cents); a
 * wholesale buyer's audit: the card was all an accounts department could be given.
 */

import { dollarsToCents, formatDollars, formatUsd } from '@shared/money';
import type { Order } from '@shared/schemas/orders';
import { TrackingInfo } from '@/components/tracking-info';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { Separator } from '@/components/ui/separator';
import { cn } from '@/lib/utils';
import { formatOrderDate } from '../format';
import { OrderTimeline } from './order-timeline';

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
                      <span className="block font-medium">
                        {formatUsd(dollarsToCents(item.price) * item.quantity)}
                      </span>
                    </span>
                  </li>
                ))}
              </ul>
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
            </div>
          </div>
          <TrackingInfo trackingNumber={order.trackingNumber} trackingUrl={order.trackingUrl} />
        </CardContent>
      </Card>
    </article>
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
