/**
 * An invoice as a document (the printable page and the pay page's summary): store name
 * (the letterhead a catalogue order's receipt shares), number, dates, bill-to, the line,
 * total, terms and notes. Amounts are the server's, and so are the days: 'Issued' and
 * 'Paid in full on' are the store days the server names (`issuedDay`, `paidDay`;
 * STORE_TIME_ZONE), never the browser's or UTC's reading of an instant; 'Due' is the
 * calendar day the admin chose (stored as its UTC midnight).
 */
import { formatDollars } from '@shared/money';
import type { PublicInvoice } from '@shared/schemas/invoices';
import { StoreLetterhead } from '@/features/orders/components/store-letterhead';
import { calendarDay, longDate } from '@/lib/dates';

/** "November 25, 2026" for a YYYY-MM-DD store day. */
const storeDay = (day: string) => longDate(calendarDay(day), true);
/** The calendar day a due date stored as that day's UTC midnight names (read in UTC). */
const storedDay = (iso: string | null) => (iso ? longDate(new Date(iso), true) : '—');

export function InvoiceDocument({ invoice }: { invoice: PublicInvoice }) {
  return (
    <article aria-label={`Invoice ${invoice.invoiceNumber}`} className="space-y-6">
      <StoreLetterhead title={`Invoice #${invoice.invoiceNumber}`}>
        <p>Issued {storeDay(invoice.issuedDay)}</p>
        <p>Due {storedDay(invoice.dueDate)}</p>
        <p className="wrap-anywhere">Terms: {invoice.terms}</p>
      </StoreLetterhead>
      {/* What the admin typed wraps anywhere (a pasted link has no other break): the
          Amount column stays on the page at 360 px and on A4 (an audit). */}
      <div className="text-sm wrap-anywhere">
        <p className="text-muted-foreground font-medium">Bill to</p>
        <p>{invoice.customerName}</p>
        {invoice.customerCompany ? <p>{invoice.customerCompany}</p> : null}
        {invoice.customerAddress ? (
          <p className="whitespace-pre-line">{invoice.customerAddress}</p>
        ) : null}
      </div>
      <table className="w-full text-sm">
        <thead className="border-b text-left">
          <tr>
            <th scope="col" className="py-2">
              Description
            </th>
            <th scope="col" className="py-2 pl-4 text-right">
              Amount
            </th>
          </tr>
        </thead>
        <tbody>
          <tr className="border-b">
            <td className="py-2 align-top whitespace-pre-line wrap-anywhere">
              {invoice.description || 'Services'}
            </td>
            <td className="py-2 pl-4 text-right align-top whitespace-nowrap">
              {formatDollars(invoice.amount)}
            </td>
          </tr>
        </tbody>
        <tfoot>
          <tr>
            <th scope="row" className="py-2 text-left">
              Total (USD)
            </th>
            <td className="py-2 pl-4 text-right text-lg font-semibold whitespace-nowrap">
              {formatDollars(invoice.amount)}
            </td>
          </tr>
        </tfoot>
      </table>
      {invoice.notes ? (
        <p className="text-sm whitespace-pre-line wrap-anywhere">{invoice.notes}</p>
      ) : null}
      <p className="text-sm font-medium">
        {invoice.status === 'paid'
          ? `Paid in full${invoice.paidDay ? ` on ${storeDay(invoice.paidDay)}` : ''}.`
          : 'Status: unpaid.'}
      </p>
    </article>
  );
}
