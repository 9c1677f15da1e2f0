/**
 * 'View Details' of a regular order (back-office spec section 2 "/admin"): customer
 * details, shipping address, items (name, quantity, unit price), subtotal, discount,
 * shipping and total, all as the server returned them. The items are the lines table the
 * receipt and Track Order share (features/orders/components/order-lines-table.tsx), compact.
 */

import { formatDollars } from '@shared/money';
import type { Order } from '@shared/schemas/orders';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Separator } from '@/components/ui/separator';
import { OrderLinesTable } from '@/features/orders/components/order-lines-table';
import { cn } from '@/lib/utils';
import { formatAdminDate, REGULAR_STATUS_LABELS } from '../format';

export function OrderDetailsDialog({
  order,
  open,
  onOpenChange,
}: {
  order: Order;
  open: boolean;
  onOpenChange(open: boolean): void;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="wrap-anywhere sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>Order #{order.id} Details</DialogTitle>
          <DialogDescription>
            Placed {formatAdminDate(order.createdAt)} · {REGULAR_STATUS_LABELS[order.status]} ·{' '}
            {order.paymentStatus === 'refunded' ? 'Refunded' : 'Paid'}
          </DialogDescription>
        </DialogHeader>

        <div className="grid gap-4 sm:grid-cols-2">
          <section aria-labelledby={`details-${order.id}-customer`} className="min-w-0">
            <h3 id={`details-${order.id}-customer`} className="mb-1 text-sm font-semibold">
              Customer
            </h3>
            <p className="text-sm">{order.customerName}</p>
            <p className="text-sm break-all">
              <a className="text-primary underline" href={`mailto:${order.customerEmail}`}>
                {order.customerEmail}
              </a>
            </p>
          </section>
          <section aria-labelledby={`details-${order.id}-address`} className="min-w-0">
            <h3 id={`details-${order.id}-address`} className="mb-1 text-sm font-semibold">
              Shipping Address
            </h3>
            <p className="text-sm whitespace-pre-line">
              {order.shippingAddress || 'No shipping address given.'}
            </p>
          </section>
        </div>

        <Separator />

        <section aria-labelledby={`details-${order.id}-items`}>
          <h3 id={`details-${order.id}-items`} className="mb-2 text-sm font-semibold">
            Items
          </h3>
          <OrderLinesTable items={order.items} layout="compact" />
        </section>

        <Separator />

        <dl className="space-y-1 text-sm">
          <Row term="Subtotal" value={formatDollars(order.subtotalAmount)} />
          <Row
            term={order.discountCode ? `Discount (${order.discountCode})` : 'Discount'}
            value={order.discountAmount > 0 ? `-${formatDollars(order.discountAmount)}` : '$0.00'}
          />
          <Row term="Shipping" value={formatDollars(order.shippingAmount)} />
          <Row term="Total" value={formatDollars(order.totalAmount)} strong />
        </dl>
      </DialogContent>
    </Dialog>
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
