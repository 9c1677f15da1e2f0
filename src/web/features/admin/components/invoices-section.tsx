/**
 * Admin 'Manual Invoices' (back-office spec sections 2, 5, 7, 8, 9; issue 8): the
 * generator form (customer name, e-mail, company, address, description, amount, due date
 * defaulting to today + 30 days, terms 'Net 30', notes) over the shared SendInvoiceBody;
 * a missing name, e-mail or amount shows 'Missing Information'. Sending stores the
 * invoice and e-mails the pay link (POST /api/send-invoice); without outgoing mail the
 * toast says the e-mail waits for SMTP instead of that it was sent. The list shows the first 10
 * with 'Show all' (then pages), refreshed every 10 s and on window focus; Copy Pay Link
 * and Print for unpaid invoices ('Pay link expired {date}' once the link has expired), Delete (unpaid only) with a confirmation naming the
 * invoice.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { addDaysIso } from '@shared/dates';
import { formatDollars } from '@shared/money';
import {
  type AdminInvoice,
  INVOICE_DEFAULT_TERMS,
  INVOICE_DUE_DAYS,
  INVOICE_LIST_FIRST,
  INVOICE_MESSAGES,
  SendInvoiceBody,
  type SentInvoice,
} from '@shared/schemas/invoices';
import { Copy, Printer } from 'lucide-react';
import { useEffect } from 'react';
import { type FieldErrors, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { calendarDay, longDate } from '@/lib/dates';
import { useStoreToday } from '@/lib/store-calendar';
import { toast } from '@/lib/toast';
import { useDeleteInvoice, useInvoices, useSendInvoice } from '../back-office-api';
import { formatAdminDate, formatAdminDay } from '../format';
import { copyWithToast, runDelete, toastError } from '../notify';
import type { TableFilter } from '../table-state';
import { ActionBar } from './action-bar';
import { AdminForm, applyServerErrors, FormActions, TextareaField, TextField } from './admin-form';
import { DataTable, fromQuery } from './data-table';
import { DeleteAction } from './delete-action';

/**
 * The 'Invoice Sent' toast's text: e-mailed to the customer, or, without outgoing mail
 * (`sending` false; its title is then 'Invoice Saved'), that the e-mail waits until SMTP is
 * configured, as the mass-email dialog says of its campaign (campaignStartedText).
 */
function invoiceSentText(invoice: SentInvoice): string {
  const what = `Invoice ${invoice.invoiceNumber} for ${formatDollars(invoice.amount)}`;
  return invoice.sending === false
    ? `${what} is saved; its e-mail to ${invoice.customerEmail} waits until outgoing mail (SMTP) is configured.`
    : `${what} was e-mailed to ${invoice.customerEmail}.`;
}

type InvoiceIn = z.input<typeof SendInvoiceBody>;
type InvoiceOut = z.output<typeof SendInvoiceBody>;

const STATUS_BADGE = {
  pending: <Badge variant="warning">Unpaid</Badge>,
  paid: <Badge variant="success">Paid</Badge>,
  cancelled: <Badge variant="outline">Deleted</Badge>,
} as const;

const filters: TableFilter<AdminInvoice>[] = [
  {
    id: 'status',
    label: 'Status',
    options: [
      { value: '', label: 'Paid and unpaid' },
      { value: 'pending', label: 'Unpaid' },
      { value: 'paid', label: 'Paid' },
    ],
    matches: (i, v) => i.status === v,
  },
];

export function InvoicesSection() {
  const invoices = useInvoices();
  return (
    <div className="space-y-6">
      <InvoiceGenerator />
      <section aria-labelledby="invoice-list-title" className="space-y-3">
        <h3 id="invoice-list-title" className="text-lg font-semibold">
          Invoices
        </h3>
        <DataTable
          label="Invoices"
          {...fromQuery(invoices)}
          rowKey={(i) => i.id}
          rowLabel={(i) => `Invoice ${i.invoiceNumber}`}
          searchText={(i) => [i.invoiceNumber, i.customerName, i.customerEmail, i.customerCompany]}
          searchPlaceholder="Number, customer or e-mail"
          filters={filters}
          collapsedCount={INVOICE_LIST_FIRST}
          pageSize={25}
          emptyTitle="No invoices yet."
          columns={[
            {
              id: 'number',
              header: 'Invoice',
              primary: true,
              className: 'whitespace-nowrap',
              cell: (i) => i.invoiceNumber,
            },
            {
              id: 'customer',
              header: 'Customer',
              cell: (i) => (
                <span className="block">
                  {i.customerName}
                  <span className="text-muted-foreground block text-xs break-all">
                    {i.customerEmail}
                  </span>
                </span>
              ),
            },
            { id: 'amount', header: 'Amount', numeric: true, cell: (i) => formatDollars(i.amount) },
            { id: 'status', header: 'Status', cell: (i) => STATUS_BADGE[i.status] },
            { id: 'due', header: 'Due', cell: (i) => formatAdminDay(i.dueDate) ?? '—' },
            {
              id: 'sent',
              header: 'Sent / paid',
              cell: (i) =>
                i.paidAt
                  ? `Paid ${formatAdminDate(i.paidAt)}`
                  : formatAdminDate(i.sentAt ?? i.createdAt),
            },
          ]}
          actions={(i) => <InvoiceActions invoice={i} />}
        />
      </section>
    </div>
  );
}

function InvoiceGenerator() {
  const send = useSendInvoice();
  const form = useForm<InvoiceIn, unknown, InvoiceOut>({
    resolver: zodResolver(SendInvoiceBody),
    defaultValues: {
      customerName: '',
      customerEmail: '',
      customerCompany: null,
      customerAddress: null,
      description: '',
      // Filled in below from the shop's today (null until then: the server's default).
      dueDate: null,
      terms: INVOICE_DEFAULT_TERMS,
      notes: null,
    },
  });
  // The default due date counts from the shop's today, as the server's default does; an
  // admin's own date is left alone, and a reset after sending keeps this default.
  const today = useStoreToday();
  useEffect(() => {
    if (!today || form.getFieldState('dueDate').isDirty) return;
    form.resetField('dueDate', { defaultValue: addDaysIso(today, INVOICE_DUE_DAYS) });
  }, [today, form]);
  const onInvalid = (errors: FieldErrors<InvoiceIn>) => {
    const values = form.getValues();
    if (errors.customerName || !values.customerEmail?.trim() || values.amount === undefined) {
      toast({
        title: INVOICE_MESSAGES.missingTitle,
        description: INVOICE_MESSAGES.missing,
        variant: 'destructive',
      });
    }
  };
  const submit = (body: InvoiceOut) =>
    send.mutateAsync(body).then(
      (invoice) => {
        toast({
          title: invoice.sending === false ? 'Invoice Saved' : 'Invoice Sent',
          description: invoiceSentText(invoice),
        });
        form.reset();
      },
      (error: unknown) => {
        applyServerErrors(form, error);
        toastError(error, 'Please try again.', INVOICE_MESSAGES.sendFailed);
      },
    );
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h3 className="text-lg font-semibold">Create Invoice</h3>
        </CardTitle>
      </CardHeader>
      <CardContent>
        <AdminForm form={form} onSubmit={submit} onInvalid={onInvalid} aria-label="Create invoice">
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField name="customerName" label="Customer name" autoComplete="off" />
            <TextField
              name="customerEmail"
              label="Customer email"
              type="email"
              autoComplete="off"
            />
            <TextField name="customerCompany" label="Company" valueAs="nullableText" />
            <TextField name="amount" label="Amount ($)" inputMode="decimal" valueAs="number" />
            <TextField name="dueDate" label="Due date" type="date" valueAs="nullableText" />
            <TextField name="terms" label="Terms" />
          </div>
          <TextareaField name="customerAddress" label="Address" rows={2} valueAs="nullableText" />
          <TextareaField name="description" label="Description" rows={2} />
          <TextareaField name="notes" label="Notes" rows={2} valueAs="nullableText" />
          <FormActions submitLabel="Send Invoice" pendingLabel="Sending..." />
        </AdminForm>
      </CardContent>
    </Card>
  );
}

function InvoiceActions({ invoice }: { invoice: AdminInvoice }) {
  const remove = useDeleteInvoice();
  const payUrl = invoice.payUrl;
  const printUrl = invoice.printUrl;
  const doDelete = () =>
    runDelete(remove.mutateAsync(invoice.id), {
      noun: 'Invoice',
      name: invoice.invoiceNumber,
      errorTitle: INVOICE_MESSAGES.deleteFailed,
    });
  return (
    <ActionBar
      className="justify-end"
      destructive={
        invoice.status !== 'paid' ? (
          <DeleteAction
            itemName={invoice.invoiceNumber}
            title={`Delete invoice ${invoice.invoiceNumber}?`}
            description={`The invoice for ${formatDollars(invoice.amount)} to ${invoice.customerName} leaves the list and its pay link stops working, so ${invoice.customerEmail} can no longer pay it. Its number is not reused.`}
            confirmLabel="Delete Invoice"
            onDelete={doDelete}
          />
        ) : null
      }
    >
      {payUrl ? (
        <Button
          type="button"
          size="sm"
          variant="outline"
          onClick={() =>
            void copyWithToast(payUrl, {
              title: 'Link Copied',
              description: `The pay link of ${invoice.invoiceNumber} is on the clipboard.`,
            })
          }
        >
          <Copy aria-hidden="true" />
          Copy Pay Link<span className="sr-only"> of {invoice.invoiceNumber}</span>
        </Button>
      ) : invoice.status === 'pending' && invoice.linkExpiresDay ? (
        // The link stopped working (DECISIONS.md: payment links expire): nothing to copy.
        // Its last day is the server's store day, never shifted by the browser's zone.
        <span className="text-sm text-slate-600">
          Pay link expired {longDate(calendarDay(invoice.linkExpiresDay), true)}
        </span>
      ) : null}
      {printUrl ? (
        <Button asChild size="sm" variant="outline">
          <a href={printUrl} target="_blank" rel="noreferrer">
            <Printer aria-hidden="true" />
            Print<span className="sr-only"> {invoice.invoiceNumber}</span>
          </a>
        </Button>
      ) : null}
    </ActionBar>
  );
}
