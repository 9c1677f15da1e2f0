/**
 * /pay-invoice/{invoiceNumber}?key= (back-office spec section 2; DECISIONS.md: the
 * amount comes from the server's invoice). Loading first; an unknown, cancelled or
 * non-positive invoice, or a link without the right key: 'Invalid Payment Link'. A paid
 * invoice says so. Otherwise the invoice (the server's amount — an `?amount=` in the link
 * is ignored) and the payment options; on success 'Payment Successful!' with the amount
 * and 'Invoice #... has been paid in full.' A link to the printable invoice.
 */
import { formatDollars } from '@shared/money';
import { INVOICE_MESSAGES } from '@shared/schemas/invoices';
import { useQueryClient } from '@tanstack/react-query';
import { CheckCircle2 } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { PageMain } from '@/components/layout/page-main';
import { Card, CardContent } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { store } from '@/config/store';
import { invoiceQueryKey, usePublicInvoice } from '@/features/invoices/api';
import { InvoiceDocument } from '@/features/invoices/components/invoice-document';
import { InvoicePayment } from '@/features/invoices/components/invoice-payment';

export function Component() {
  const { invoiceNumber = '' } = useParams();
  const [params] = useSearchParams();
  const key = params.get('key') ?? '';
  const invoice = usePublicInvoice(invoiceNumber, key);
  const qc = useQueryClient();
  const [justPaid, setJustPaid] = useState(false);
  useEffect(() => {
    document.title = `Pay Invoice ${invoiceNumber} | ${store.name}`;
  }, [invoiceNumber]);
  const refresh = () => qc.invalidateQueries({ queryKey: invoiceQueryKey(invoiceNumber, key) });

  let body: React.ReactNode;
  if (invoice.isLoading) {
    body = (
      <div role="status" aria-label="Loading the invoice" className="space-y-3">
        <Skeleton className="h-8 w-64" />
        <Skeleton className="h-40 w-full" />
      </div>
    );
  } else if (invoice.invalid || !invoice.data) {
    body = (
      <div className="space-y-3 text-center">
        <h1 className="text-2xl font-bold">{INVOICE_MESSAGES.invalidLink}</h1>
        <p className="text-muted-foreground">
          {invoice.expired
            ? INVOICE_MESSAGES.linkExpired
            : invoice.invalid
              ? 'This payment link is not valid. Please check the link in your e-mail or contact us.'
              : 'We could not load this invoice. Please try again in a moment.'}
        </p>
        <p>
          Questions?{' '}
          <a href={`mailto:${store.email}`} className="text-primary underline">
            {store.email}
          </a>
        </p>
      </div>
    );
  } else if (justPaid || invoice.data.status === 'paid') {
    const inv = invoice.data;
    body = (
      <div className="space-y-4 text-center">
        <CheckCircle2 aria-hidden="true" className="mx-auto size-12 text-green-700" />
        <h1 className="text-2xl font-bold">
          {justPaid ? INVOICE_MESSAGES.paidTitle : 'This invoice has been paid'}
        </h1>
        <p className="text-lg">{formatDollars(inv.amount)}</p>
        <p>Invoice #{inv.invoiceNumber} has been paid in full.</p>
        {justPaid ? (
          <p className="text-muted-foreground text-sm">A receipt is on its way by e-mail.</p>
        ) : null}
        <PrintLink invoiceNumber={inv.invoiceNumber} payKey={key} />
      </div>
    );
  } else {
    const inv = invoice.data;
    body = (
      <div className="space-y-6">
        <h1 className="text-2xl font-bold">Pay Invoice #{inv.invoiceNumber}</h1>
        <Card>
          <CardContent>
            <InvoiceDocument invoice={inv} />
          </CardContent>
        </Card>
        <section aria-labelledby="pay-title" className="space-y-3">
          <h2 id="pay-title" className="text-lg font-semibold">
            Pay {formatDollars(inv.amount)}
          </h2>
          <InvoicePayment
            invoice={inv}
            payKey={key}
            onPaid={() => {
              setJustPaid(true);
              void refresh();
            }}
            onNotPaid={() => void refresh()}
          />
        </section>
        <PrintLink invoiceNumber={inv.invoiceNumber} payKey={key} />
      </div>
    );
  }
  return (
    <PageMain fillScreen className="mx-auto w-full max-w-3xl px-4 py-8 sm:px-6">
      {body}
    </PageMain>
  );
}

function PrintLink({ invoiceNumber, payKey }: { invoiceNumber: string; payKey: string }) {
  return (
    <p className="text-center text-sm">
      <Link
        to={`/pay-invoice/${encodeURIComponent(invoiceNumber)}/print?key=${encodeURIComponent(payKey)}`}
        className="text-primary underline-offset-4 hover:underline"
      >
        View printable invoice
      </Link>
    </p>
  );
}
