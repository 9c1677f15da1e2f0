/**
 * Admin 'Money & Mail' (issue 8 "Money owed and mail held"): refunds owed, captures
 * that never became orders, other open payment incidents, and held or failed mail, each
 * saying what to do with a button that does it (Retry refund / Refund, Mark resolved
 * with a note, Release held mail once SMTP is configured, Resend a failed mail).
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { formatDollars } from '@shared/money';
import { type IncidentPayment, type ProblemMail, ResolveBody } from '@shared/schemas/incidents';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { toast } from '@/lib/toast';
import { useIncidentAction, useIncidents } from '../back-office-api';
import { formatAdminDate } from '../format';
import { toastError } from '../notify';
import { AdminForm, applyServerErrors, FormActions, TextareaField } from './admin-form';
import { DataTable } from './data-table';
import { FormDialog } from './form-dialog';

function useRun() {
  const action = useIncidentAction();
  return (url: string, body?: unknown) =>
    action.mutateAsync({ url, body }).then(
      (res) =>
        // A refund the provider did not make this time is answered 200 with refunded false.
        res.refunded === false
          ? toast({ title: 'Refund Not Done', description: res.message, variant: 'destructive' })
          : toast({ title: 'Done', description: res.message }),
      (error: unknown) => toastError(error, 'The action failed.'),
    );
}

/** What a payment paid for, in the owner's words (a cart's reference is a browser session id). */
function paidFor(p: IncidentPayment): string {
  switch (p.purpose) {
    case 'cart':
      return 'Catalogue cart';
    case 'custom_deposit':
      return `Custom order deposit (${p.reference.slice(0, 24)})`;
    case 'custom_balance':
      return `Custom order balance (${p.reference.slice(0, 24)})`;
    case 'invoice':
      return `Invoice ${p.reference}`;
    default:
      return `${p.purpose} ${p.reference.slice(0, 24)}`;
  }
}

/**
 * Who paid, as PayPal named them ("Paid by Jane Doe (jane@example.com)"), so the owner can
 * reach the buyer of a payment without looking it up at PayPal; null when unknown (test
 * payments, older payments). Rendered as text, never as HTML.
 */
function paidBy(payer: IncidentPayment['payer']): string | null {
  if (!payer) return null;
  const { name, email } = payer;
  if (name && email) return `Paid by ${name} (${email})`;
  if (name || email) return `Paid by ${name ?? email}`;
  return null;
}

export function IncidentsSection() {
  const q = useIncidents();
  const run = useRun();
  const data = q.data;
  const common = { isLoading: q.isLoading, isError: q.isError, onRetry: () => void q.refetch() };
  const paymentColumns = [
    {
      id: 'payment',
      header: 'Payment',
      primary: true,
      cell: (p: IncidentPayment) => p.providerOrderId,
    },
    {
      id: 'for',
      header: 'For',
      cell: (p: IncidentPayment) => {
        const payer = paidBy(p.payer);
        return (
          <>
            {paidFor(p)}
            {payer ? (
              <span className="text-muted-foreground block text-xs break-words">{payer}</span>
            ) : null}
          </>
        );
      },
    },
    {
      id: 'amount',
      header: 'Amount',
      numeric: true,
      cell: (p: IncidentPayment) => formatDollars(p.amount),
    },
    {
      id: 'why',
      header: 'What happened',
      cell: (p: IncidentPayment) => (
        // The newest note: after a failed refund it says so (the first one said it was asked for).
        <span className="block max-w-md text-xs">{p.notes.at(-1) ?? p.failureReason ?? '—'}</span>
      ),
    },
    { id: 'when', header: 'Since', cell: (p: IncidentPayment) => formatAdminDate(p.updatedAt) },
  ];
  return (
    <div className="space-y-8">
      <Group
        title="Refunds owed"
        shown={data?.refundsOwed.length}
        total={data?.counts.refundsOwed}
        help="The money must go back to the customer but the payment provider has not confirmed a refund. Refunds are retried automatically; retry now, or mark it resolved once you refunded it by hand."
      >
        <DataTable
          label="Refunds owed"
          rows={data?.refundsOwed}
          {...common}
          rowKey={(p) => p.id}
          rowLabel={(p) => `Refund owed ${p.providerOrderId}`}
          emptyTitle="No refunds are owed."
          columns={[
            ...paymentColumns,
            {
              id: 'tries',
              header: 'Automatic tries',
              numeric: true,
              cell: (p) => p.refundAttempts,
            },
          ]}
          actions={(p) => (
            <>
              <Button
                type="button"
                size="sm"
                onClick={() => void run(`/api/admin/payments/${p.id}/refund`)}
              >
                Retry refund
              </Button>
              <ResolveButton
                url={`/api/admin/payments/${p.id}/resolve`}
                what={`refund ${p.providerOrderId}`}
              />
            </>
          )}
        />
      </Group>
      <Group
        title="Payments without an order"
        shown={data?.capturesWithoutOrder.length}
        total={data?.counts.capturesWithoutOrder}
        help="The customer paid, but no order or invoice used the payment within 15 minutes. Refund it, or mark it resolved if you placed the order by hand."
      >
        <DataTable
          label="Payments without an order"
          rows={data?.capturesWithoutOrder}
          {...common}
          rowKey={(p) => p.id}
          rowLabel={(p) => `Payment ${p.providerOrderId}`}
          emptyTitle="No payments without an order."
          columns={paymentColumns}
          actions={(p) => (
            <>
              <Button
                type="button"
                size="sm"
                onClick={() => void run(`/api/admin/payments/${p.id}/refund`)}
              >
                Refund
              </Button>
              <ResolveButton
                url={`/api/admin/payments/${p.id}/resolve`}
                what={`payment ${p.providerOrderId}`}
              />
            </>
          )}
        />
      </Group>
      <Group
        title="Other payment problems"
        shown={data?.openIncidents.length}
        total={data?.counts.openIncidents}
        help="Read what happened, deal with it at the payment provider or with the customer, then mark it resolved with a note."
      >
        <DataTable
          label="Payment problems"
          rows={data?.openIncidents}
          {...common}
          rowKey={(i) => i.id}
          rowLabel={(i) => `Problem ${i.id}`}
          emptyTitle="No open payment problems."
          columns={[
            { id: 'kind', header: 'Kind', primary: true, cell: (i) => i.kind.replaceAll('_', ' ') },
            {
              id: 'message',
              header: 'What happened',
              cell: (i) => <span className="block max-w-md text-xs">{i.message}</span>,
            },
            { id: 'payment', header: 'Payment', cell: (i) => i.providerOrderId ?? '—' },
            { id: 'when', header: 'When', cell: (i) => formatAdminDate(i.createdAt) },
          ]}
          actions={(i) => (
            <ResolveButton url={`/api/admin/incidents/${i.id}/resolve`} what={`problem ${i.id}`} />
          )}
        />
      </Group>
      <Group
        title="Mail held or failed"
        shown={data?.mail.length}
        total={data ? data.counts.heldMail + data.counts.failedMail : undefined}
        help={
          data?.mailSending
            ? 'Held mail was stored while no mail server was set up: release it now. Failed mail gave up after its retries: resend it.'
            : 'No mail server is configured (SMTP_URL), so mail is held and kept here. Set SMTP_URL and restart the shop, then release it.'
        }
        action={
          data?.mailSending && data.counts.heldMail > 0 ? (
            <Button
              type="button"
              size="sm"
              onClick={() => void run('/api/admin/outbox/release-held')}
            >
              Release all held mail
            </Button>
          ) : null
        }
      >
        <DataTable
          label="Held or failed mail"
          rows={data?.mail}
          {...common}
          rowKey={(m) => m.id}
          rowLabel={(m) => `Mail to ${m.toAddress}`}
          searchText={(m) => [m.toAddress, m.subject, m.kind]}
          filters={[
            {
              id: 'status',
              label: 'Status',
              options: [
                { value: '', label: 'Held and failed' },
                { value: 'held', label: 'Held' },
                { value: 'failed', label: 'Failed' },
              ],
              matches: (m: ProblemMail, v) => m.status === v,
            },
          ]}
          emptyTitle="No mail is held or failed."
          columns={[
            { id: 'subject', header: 'Subject', primary: true, cell: (m) => m.subject },
            {
              id: 'to',
              header: 'To',
              cell: (m) => <span className="break-all">{m.toAddress}</span>,
            },
            {
              id: 'status',
              header: 'Status',
              cell: (m) =>
                m.status === 'held' ? (
                  <Badge variant="warning">Held</Badge>
                ) : (
                  <Badge variant="destructive">Failed</Badge>
                ),
            },
            {
              id: 'error',
              header: 'Last error',
              cell: (m) => <span className="text-xs">{m.lastError ?? '—'}</span>,
            },
            { id: 'when', header: 'Created', cell: (m) => formatAdminDate(m.createdAt) },
          ]}
          actions={(m) =>
            data?.mailSending ? (
              m.status === 'held' ? (
                <Button
                  type="button"
                  size="sm"
                  variant="outline"
                  onClick={() => void run(`/api/admin/outbox/${m.id}/release`)}
                >
                  Release
                </Button>
              ) : (
                <Button
                  type="button"
                  size="sm"
                  variant="outline"
                  onClick={() => void run(`/api/admin/outbox/${m.id}/resend`)}
                >
                  Resend
                </Button>
              )
            ) : null
          }
        />
      </Group>
    </div>
  );
}

/**
 * One kind of problem: its title, what to do, and the table. A list stops at the oldest
 * 200 (the server's limit); `shown` < `total` says so, with the full count.
 */
function Group({
  title,
  help,
  action,
  shown,
  total,
  children,
}: {
  title: string;
  help: string;
  action?: React.ReactNode;
  shown?: number;
  total?: number;
  children: React.ReactNode;
}) {
  const id = `incidents-${title.toLowerCase().replace(/\W+/g, '-')}`;
  return (
    <section aria-labelledby={id} className="space-y-2">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id={id} className="text-lg font-semibold">
          {title}
        </h3>
        {action}
      </div>
      <p className="text-muted-foreground text-sm">{help}</p>
      {children}
      {shown !== undefined && total !== undefined && total > shown ? (
        <p className="text-muted-foreground text-sm">
          Showing the oldest {shown} of {total}. Deal with these and the next ones appear.
        </p>
      ) : null}
    </section>
  );
}

/** 'Mark resolved' with a required note. */
function ResolveButton({ url, what }: { url: string; what: string }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button type="button" size="sm" variant="outline" onClick={() => setOpen(true)}>
        Mark resolved<span className="sr-only"> {what}</span>
      </Button>
      <FormDialog
        open={open}
        onOpenChange={setOpen}
        title={`Mark ${what} resolved`}
        description="Say what was done; the note is kept with the record."
      >
        {(close) => <ResolveForm url={url} onDone={close} />}
      </FormDialog>
    </>
  );
}

function ResolveForm({ url, onDone }: { url: string; onDone(): void }) {
  const action = useIncidentAction();
  const form = useForm({ resolver: zodResolver(ResolveBody), defaultValues: { note: '' } });
  const submit = (body: ResolveBody) =>
    action.mutateAsync({ url, body }).then(
      (res) => {
        toast({ title: 'Resolved', description: res.message });
        onDone();
      },
      (error: unknown) => {
        if (!applyServerErrors(form, error)) toastError(error, 'The action failed.');
      },
    );
  return (
    <AdminForm form={form} onSubmit={submit} aria-label="Resolution note">
      <TextareaField name="note" label="What was done" rows={3} />
      <FormActions submitLabel="Mark Resolved" pendingLabel="Saving..." onCancel={onDone} />
    </AdminForm>
  );
}
