/**
 * The order confirmation (issue 10): order number, items, discount, totals, shipping
 * address and expected ship date, as the server answers GET /api/orders/{id}/confirmation.
 * `ShippingDetails` is its address and ship-date part, also under a mailed link's order card.
 */
import { formatDollars } from '@shared/money';
import type { OrderConfirmation as Confirmation } from '@shared/schemas/orders';
import { calendarDay, longWeekdayDate } from '@/lib/dates';
import { OrderLinesTable } from './order-lines-table';

/** 'Tuesday, November 24' for a YYYY-MM-DD date. */
const longDay = (iso: string) => longWeekdayDate(calendarDay(iso), true);

export function OrderConfirmationDetails({ order }: { order: Confirmation }) {
  return (
    <section aria-labelledby="confirmation-heading" className="space-y-4">
      <h3 id="confirmation-heading" className="text-lg font-semibold">
        Order #{order.id}
      </h3>
      <OrderLinesTable
        items={order.items}
        layout="summary"
        caption={`Items in order #${order.id}`}
      />
      <dl className="ml-auto grid max-w-xs grid-cols-2 gap-x-4 gap-y-1 text-sm">
        <dt>Subtotal</dt>
        <dd className="text-right">{formatDollars(order.subtotalAmount)}</dd>
        {order.discountAmount > 0 && (
          <>
            <dt className="wrap-anywhere">
              Discount{order.discountCode ? ` (${order.discountCode})` : ''}
            </dt>
            <dd className="text-right">−{formatDollars(order.discountAmount)}</dd>
          </>
        )}
        <dt>Shipping</dt>
        <dd className="text-right">{formatDollars(order.shippingAmount)}</dd>
        <dt className="font-semibold">Total</dt>
        <dd className="text-right font-semibold">{formatDollars(order.totalAmount)}</dd>
      </dl>
      <ShippingDetails order={order} />
    </section>
  );
}

/**
 * Where the order goes and, until it has shipped, the expected ship date (a shipped
 * order's tracking says the rest; a mail audit found 'Expected to ship' a past Monday on
 * a delivered order).
 */
export function ShippingDetails({ order }: { order: Confirmation }) {
  const shipped = order.status === 'shipped' || order.status === 'delivered';
  return (
    <dl className="grid gap-3 text-sm sm:grid-cols-2">
      <div className="min-w-0">
        <dt className="font-medium">Shipping to</dt>
        <dd className="whitespace-pre-line text-slate-700 wrap-anywhere">
          {order.customerName}
          {order.shippingAddress ? `\n${order.shippingAddress}` : ''}
        </dd>
      </div>
      {shipped ? null : (
        <div>
          <dt className="font-medium">Expected to ship</dt>
          <dd className="text-slate-700">{longDay(order.expectedShipDate)}</dd>
        </div>
      )}
    </dl>
  );
}
