/**
 * The top of a printable document (the invoice, features/invoices/components/
 * invoice-document.tsx, and a catalogue order's receipt, ./receipt-document.tsx): the
 * store's name and e-mail on the left, the document's title and its facts (number,
 * dates) beside them from sm, under them on a phone. One piece, so both documents
 * name the store alike.
 */
import type { ReactNode } from 'react';
import { store } from '@/config/store';

/**
 * `title`: the document's name line ('Invoice #INV-100042', 'Receipt'); `children`: the
 * lines under it (each a <p>). Returns the letterhead row.
 */
export function StoreLetterhead({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="flex flex-wrap items-start justify-between gap-4">
      <div className="min-w-0">
        <p className="text-xl font-bold">{store.name}</p>
        <p className="text-muted-foreground text-sm">{store.email}</p>
      </div>
      {/* Left-aligned while it wraps under the store's name on a phone (right-aligned
          lines under a left-aligned heading read badly); beside it from sm. */}
      <div className="min-w-0 text-sm sm:text-right">
        <p className="text-lg font-semibold">{title}</p>
        {children}
      </div>
    </div>
  );
}
