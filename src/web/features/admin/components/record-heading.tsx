/**
 * The heading block of an admin record card (a catalogue order, a custom order, a quote
 * request): the title (`children`; `titleId` lets the card's <article> take its name from
 * it), the customer's name and e-mail, and when the record came in.
 */
import type { ReactNode } from 'react';
import { formatAdminDate } from '../format';

export function RecordHeading({
  titleId,
  record,
  children,
}: {
  titleId: string;
  record: { customerName: string; customerEmail: string; createdAt: string };
  children: ReactNode;
}) {
  return (
    <div className="min-w-0 space-y-1">
      <h3 id={titleId} className="text-lg leading-none font-semibold">
        {children}
      </h3>
      <p className="text-sm font-medium wrap-anywhere">{record.customerName}</p>
      <p className="text-muted-foreground text-sm break-all">{record.customerEmail}</p>
      <p className="text-muted-foreground text-sm">
        <time dateTime={record.createdAt}>{formatAdminDate(record.createdAt)}</time>
      </p>
    </div>
  );
}
