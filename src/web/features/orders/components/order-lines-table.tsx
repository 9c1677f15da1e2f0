/**
 * A catalogue order's lines as a table, one row per line (product name, quantity, unit
 * price and the line's amount), shared by the printable receipt (./receipt-document.tsx),
 * Track Order's confirmation (./order-confirmation.tsx) and the admin's 'View Details'
 * (features/admin/components/order-details-dialog.tsx). A line's amount is its charged
 * unit price times its quantity in whole cents (../format.ts `lineTotalCents`); the unit
 * price is the server's dollars as the order stores it. Nothing here adds lines up: the
 * totals under the table are the order's stored figures, passed in as `footer` or shown
 * by the caller below it. (The invoice is not one of these: an invoice has one
 * description and one amount, no order lines.)
 */
import { formatDollars, formatUsd } from '@shared/money';
import type { Order } from '@shared/schemas/orders';
import type { ReactNode } from 'react';
import { lineTotalCents } from '../format';

/**
 * How the lines are laid out, one per place that shows them:
 * - `document` (the receipt): Item | Qty | Unit price | Amount, plain column headers;
 * - `summary` (Track Order's confirmation): Item, with '$X.XX each' under the name | Qty |
 *   Total, muted column headers;
 * - `compact` (the admin's order details): Item | Qty | Unit price, no amount column,
 *   tighter rows, muted column headers.
 */
export type OrderLinesLayout = 'document' | 'summary' | 'compact';

/** The numbers' cells on the receipt and the confirmation: on one line, top-aligned. */
const NUMBER = 'py-2 pl-3 text-right align-top whitespace-nowrap';

/** Each layout's classes (the three tables looked so before they shared this one). */
const STYLES: Record<
  OrderLinesLayout,
  {
    head?: string;
    headRow?: string;
    firstHeader: string;
    header: string;
    row: string;
    name: string;
    quantity: string;
    number: string;
  }
> = {
  document: {
    head: 'border-b text-left',
    firstHeader: 'py-2',
    header: 'py-2 pl-3 text-right',
    row: 'border-b',
    name: 'py-2 align-top wrap-anywhere',
    quantity: NUMBER,
    number: NUMBER,
  },
  summary: {
    headRow: 'border-b text-left text-slate-600',
    firstHeader: 'py-2 font-medium',
    header: 'py-2 pl-3 text-right font-medium',
    row: 'border-b',
    name: 'py-2 align-top wrap-anywhere',
    quantity: NUMBER,
    number: NUMBER,
  },
  compact: {
    head: 'text-muted-foreground text-left',
    firstHeader: 'pb-1 font-medium',
    header: 'pb-1 text-right font-medium',
    row: 'border-t',
    name: 'py-1.5 pr-2',
    quantity: 'py-1.5 text-right',
    number: 'py-1.5 pl-2 text-right whitespace-nowrap',
  },
};

/**
 * `items`: the order's lines as the server answers them (price in dollars); `layout`: see
 * `OrderLinesLayout`; `caption`: the table's accessible name (a screen-reader-only
 * caption, e.g. 'Items in order #41'), left out where a heading names the table;
 * `footer`: rows for a <tfoot> under the lines (the receipt's totals), none when absent.
 * Returns the <table>.
 */
export function OrderLinesTable({
  items,
  layout,
  caption,
  footer,
}: {
  items: Order['items'];
  layout: OrderLinesLayout;
  caption?: string;
  footer?: ReactNode;
}) {
  const style = STYLES[layout];
  const unitPriceColumn = layout !== 'summary';
  const amountHeader = layout === 'document' ? 'Amount' : layout === 'summary' ? 'Total' : null;
  return (
    <table className="w-full text-sm">
      {caption ? <caption className="sr-only">{caption}</caption> : null}
      <thead className={style.head}>
        <tr className={style.headRow}>
          <th scope="col" className={style.firstHeader}>
            Item
          </th>
          <th scope="col" className={style.header}>
            Qty
          </th>
          {unitPriceColumn ? (
            <th scope="col" className={style.header}>
              Unit price
            </th>
          ) : null}
          {amountHeader ? (
            <th scope="col" className={style.header}>
              {amountHeader}
            </th>
          ) : null}
        </tr>
      </thead>
      <tbody>
        {items.map((line, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: order lines have no id
          <tr key={i} className={style.row}>
            {/* A long name wraps anywhere (one unbroken word pushed the numbers off the
                table at 360 px); the numbers stay on one line, so the last column stays
                on the page at 360 px and on A4 / Letter. */}
            <td className={style.name}>
              {line.name}
              {unitPriceColumn ? null : (
                <span className="block text-xs text-slate-600">
                  {formatDollars(line.price)} each
                </span>
              )}
            </td>
            <td className={style.quantity}>{line.quantity}</td>
            {unitPriceColumn ? <td className={style.number}>{formatDollars(line.price)}</td> : null}
            {amountHeader ? (
              <td className={style.number}>{formatUsd(lineTotalCents(line))}</td>
            ) : null}
          </tr>
        ))}
      </tbody>
      {footer ? <tfoot>{footer}</tfoot> : null}
    </table>
  );
}
