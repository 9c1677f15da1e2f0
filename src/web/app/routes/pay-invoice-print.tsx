/**
 * /pay-invoice/{invoiceNumber}/print?key= : the invoice as a printable page (issue 8
 * "A printable invoice page"). The browser's Print (or Save as PDF) prints just the
 * document: the site header, footer and the Print button are hidden in print.
 */
import { INVOICE_MESSAGES } from '@shared/schemas/invoices';
import { Printer } from 'lucide-react';
import { useEffect } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { PageMain } from '@/components/layout/page-main';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { store } from '@/config/store';
import { usePublicInvoice } from '@/features/invoices/api';
import { InvoiceDocument } from '@/features/invoices/components/invoice-document';

export function Component() {
  const { invoiceNumber = '' } = useParams();
  const [params] = useSearchParams();
  const invoice = usePublicInvoice(invoiceNumber, params.get('key') ?? '');
  useEffect(() => {
    document.title = `Invoice ${invoiceNumber} | ${store.name}`;
    document.body.classList.add('print-document');
    return () => document.body.classList.remove('print-document');
  }, [invoiceNumber]);
  return (
    // Fills the screen, not the printed page (print:min-h-0).
    <PageMain fillScreen className="mx-auto w-full max-w-3xl px-4 py-8 sm:px-6 print:min-h-0">
      {invoice.isLoading ? (
        <div role="status" aria-label="Loading the invoice">
          <Skeleton className="h-64 w-full" />
        </div>
      ) : invoice.data ? (
        <div className="space-y-6">
          <h1 className="sr-only">Invoice {invoice.data.invoiceNumber}</h1>
          <div className="flex justify-end print:hidden">
            <Button type="button" onClick={() => window.print()}>
              <Printer aria-hidden="true" />
              Print
            </Button>
          </div>
          <InvoiceDocument invoice={invoice.data} />
        </div>
      ) : (
        <h1 className="text-center text-2xl font-bold">{INVOICE_MESSAGES.invalidLink}</h1>
      )}
    </PageMain>
  );
}
