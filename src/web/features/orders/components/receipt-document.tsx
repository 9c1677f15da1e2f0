/**
 * A catalogue order as a receipt (the printable page /track-order/{id}/receipt), laid out
 * as the invoice document is (../../invoices/components/invoice-document.tsx, whose
 * letterhead it shares): the store, 'Receipt' with the order number and date, who it was
 * billed and shipped to, every line, subtotal, discount (code), shipping, total, and the
 * payment the order records. Every total is the server's figure as the order stores it
 * (subtotal, discount, shipping, total: never added up here); a line's amount is its
 * charged unit price times its quantity in whole cents (../format.ts `lineTotalCents`), in
 * the lines table the confirmation and the admin's details share (./order-lines-table.tsx).
 * The order records no SKU and no tax, so the receipt shows neither.
 */
import { formatDollars } from '@shared/money';
import type { Order } from '@shared/schemas/orders';
import { cn } from '@/lib/utils';
import { formatOrderDate } from '../format';
import { paymentMethodOf } from '../receipt';
import { OrderLinesTable } from './order-lines-table';
import { StoreLetterhead } from './store-letterhead';

/** `order` as GET /api/orders/{id}/confirmation answers it; returns the receipt's <article>. */
export function ReceiptDocument({ order }: { order: Order }) {
  const method = paymentMethodOf(order.paymentIntentId);
  const refunded = order.paymentStatus === 'refunded';
  return (
    <article aria-label={`Receipt for order #${order.id}`} className="space-y-6">
      <StoreLetterhead title="Receipt">
        <p>Order #{order.id}</p>
        <p>
          Date <time dateTime={order.createdAt}>{formatOrderDate(order.createdAt)}</time>
        </p>
      </StoreLetterhead>
      {/* What the buyer typed wraps anywhere (a long e-mail has no other break). */}
      <div className="grid gap-4 text-sm wrap-anywhere sm:grid-cols-2 print:grid-cols-2">
        <div className="min-w-0">
          <p className="text-muted-foreground font-medium">Bill to</p>
          <p>{order.customerName}</p>
          <p>{order.customerEmail}</p>
        </div>
        {order.shippingAddress ? (
          <div className="min-w-0">
            <p className="text-muted-foreground font-medium">Ship to</p>
            <p>{order.customerName}</p>
            <p className="whitespace-pre-line">{order.shippingAddress}</p>
          </div>
        ) : null}
      </div>
      <OrderLinesTable
        items={order.items}
        layout="document"
        caption={`Items in order #${order.id}`}
        footer={
          <>
            <SummaryRow term="Subtotal" value={formatDollars(order.subtotalAmount)} first />
            {order.discountAmount > 0 ? (
              <SummaryRow
                term={order.discountCode ? `Discount (${order.discountCode})` : 'Discount'}
                value={`-${formatDollars(order.discountAmount)}`}
              />
            ) : null}
            <SummaryRow term="Shipping" value={formatDollars(order.shippingAmount)} />
            <SummaryRow term="Total (USD)" value={formatDollars(order.totalAmount)} total />
          </>
        }
      />
      <div className="text-sm">
        <p className="text-muted-foreground font-medium">Payment</p>
        <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1">
          {method ? (
            <>
              <dt>Method</dt>
              <dd>{method}</dd>
            </>
          ) : null}
          {order.paymentIntentId ? (
            <>
              <dt>Reference</dt>
              <dd className="wrap-anywhere">{order.paymentIntentId}</dd>
            </>
          ) : null}
          <dt>Amount paid</dt>
          <dd>{formatDollars(order.totalAmount)}</dd>
          <dt>Status</dt>
          <dd className="font-medium">{refunded ? 'Refunded' : 'Paid in full'}</dd>
        </dl>
      </div>
    </article>
  );
}

/**
 * A totals row under the lines: the term right-aligned across the first three columns
 * (Item, Qty, Unit price of the `document` lines table), the figure under Amount.
 */
function SummaryRow({
  term,
  value,
  first = false,
  total = false,
}: {
  term: string;
  value: string;
  first?: boolean;
  total?: boolean;
}) {
  return (
    <tr>
      <th
        scope="row"
        colSpan={3}
        className={cn(
          'py-1 text-right wrap-anywhere',
          first && 'pt-3',
          total ? 'pt-2 font-semibold' : 'font-normal',
        )}
      >
        {term}
      </th>
      <td
        className={cn(
          'py-1 pl-3 text-right whitespace-nowrap',
          first && 'pt-3',
          total && 'pt-2 text-lg font-semibold',
        )}
      >
        {value}
      </td>
    </tr>
  );
}
