/**
 * One custom order on the tracking page (back-office spec sections 2 "/track-order", 4):
 * the 9-step timeline ('Final Payment Due' while a balance link waits), quantity, size,
 * plating, total, deposit paid, balance paid, balance due; the balance-due panel with
 * 'Pay Balance Now' (to /balance-payment/{token}) when the order is approved, unpaid and
 * has a token; the pin designs and the logo. Amounts are the server's.
 */
import {
  CUSTOM_STATUS_LABELS,
  customTimelineSteps,
  platingText,
  sizeText,
} from '@shared/custom-pins';
import { formatDollars } from '@shared/money';
import type { CustomOrder } from '@shared/schemas/custom-orders';
import { CreditCard } from 'lucide-react';
import { Link } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { Separator } from '@/components/ui/separator';
import { cn } from '@/lib/utils';
import { formatOrderDate } from '../format';
import { TimelineList } from './order-timeline';

export function CustomOrderCard({
  order,
  highlighted,
}: {
  order: CustomOrder;
  highlighted: boolean;
}) {
  const titleId = `custom-order-${order.id}-title`;
  const steps = customTimelineSteps({
    status: order.status,
    // Settled when something was paid or nothing is left to pay.
    balancePaid: order.balancePaid > 0 || order.balanceDue === 0,
    hasBalanceToken: order.balancePaymentToken !== null,
  });
  const showBalanceDue =
    order.status === 'approved' && order.balanceDue > 0 && order.balancePaymentToken !== null;
  return (
    <article
      id={`custom-order-${order.id}`}
      aria-labelledby={titleId}
      tabIndex={-1}
      className="scroll-mt-4 outline-none"
    >
      <Card className={cn(highlighted && 'ring-primary ring-2 ring-offset-2')}>
        <CardHeader className="flex flex-wrap items-start justify-between gap-2">
          <div className="space-y-1">
            <h3 id={titleId} className="text-lg leading-none font-semibold">
              Custom Order #{order.id}
            </h3>
            <p className="text-muted-foreground text-sm">
              Placed on <time dateTime={order.createdAt}>{formatOrderDate(order.createdAt)}</time>
            </p>
          </div>
          <Badge variant={order.status === 'delivered' ? 'success' : 'outline'}>
            {CUSTOM_STATUS_LABELS[order.status]}
          </Badge>
        </CardHeader>
        <CardContent className="space-y-5">
          <TimelineList steps={steps} />

          {showBalanceDue ? (
            <div className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-amber-300 bg-amber-50 p-4">
              <div>
                <p className="font-semibold">Balance due: {formatDollars(order.balanceDue)}</p>
                <p className="text-sm">
                  Your design is approved. Pay the balance to start production.
                </p>
              </div>
              <Button asChild>
                <Link to={`/balance-payment/${order.balancePaymentToken}`}>
                  <CreditCard aria-hidden="true" />
                  Pay Balance Now
                </Link>
              </Button>
            </div>
          ) : null}

          <Separator />
          <div className="grid gap-6 md:grid-cols-2">
            <dl className="grid grid-cols-2 gap-x-4 gap-y-1 text-sm">
              <dt className="text-slate-700">Quantity</dt>
              <dd>{order.quantity} pins</dd>
              <dt className="text-slate-700">Size</dt>
              <dd>{sizeText(order.size)}</dd>
              <dt className="text-slate-700">Plating</dt>
              <dd>{platingText(order.plating)}</dd>
              <dt className="text-slate-700">Total</dt>
              <dd className="font-semibold">{formatDollars(order.totalPrice)}</dd>
              <dt className="text-slate-700">Deposit paid</dt>
              <dd>{formatDollars(order.depositPaid)}</dd>
              <dt className="text-slate-700">Balance paid</dt>
              <dd>{formatDollars(order.balancePaid)}</dd>
              <dt className="text-slate-700">Balance due</dt>
              <dd>{formatDollars(order.balanceDue)}</dd>
            </dl>
            <div className="space-y-3">
              {order.logoUrl ? (
                <div>
                  <h4 className="mb-1 text-sm font-semibold">Your logo</h4>
                  {/\.pdf$/i.test(order.logoFileName ?? '') ? (
                    <a className="text-primary text-sm underline" href={order.logoUrl}>
                      {order.logoFileName}
                    </a>
                  ) : (
                    <img
                      src={order.logoUrl}
                      alt={`Logo of custom order #${order.id}`}
                      className="size-32 rounded border bg-white object-contain p-1"
                    />
                  )}
                </div>
              ) : null}
              {order.pinDesigns.length > 0 ? (
                <div>
                  <h4 className="mb-1 text-sm font-semibold">Pin designs</h4>
                  <ul className="space-y-2">
                    {order.pinDesigns.map((d) => (
                      <li key={`${d.name}-${d.imageUrl ?? ''}`} className="flex gap-2 text-sm">
                        {d.imageUrl ? (
                          <img
                            src={d.imageUrl}
                            alt={d.name}
                            className="size-14 rounded border object-contain"
                          />
                        ) : null}
                        <span>
                          <span className="font-medium">{d.name}</span> × {d.quantity}
                          <span className="block text-slate-700">{d.description}</span>
                        </span>
                      </li>
                    ))}
                  </ul>
                </div>
              ) : null}
            </div>
          </div>
        </CardContent>
      </Card>
    </article>
  );
}
