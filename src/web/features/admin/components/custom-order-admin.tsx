/**
 * A custom order in the admin's Order History (back-office spec sections 2, 4, 8): the
 * card (id, customer, e-mail, date, quantity, size, plating, deposit, balance, total,
 * status selector, view/download logo, Generate Payment Link, Send Email, Export,
 * Delete Order with confirmation) and the detail dialog (customer details, status
 * selector, custom details, logo preview or 'No Logo Uploaded'; Generate Payment Link,
 * Send Production Email when in production, Send Other Email, Export Order, Delete).
 * Toasts use the spec's texts.
 */
import {
  ADMIN_CUSTOM_ORDER_STATUSES,
  type AdminCustomOrderStatus,
  BALANCE_LINK_STATUSES,
  CUSTOM_STATUS_LABELS,
  type CustomOrderStatus,
  PACKAGING_LABELS,
  platingText,
  sizeText,
} from '@shared/custom-pins';
import { formatDollars } from '@shared/money';
import type { PinPackaging } from '@shared/pricing';
import type { CustomOrder } from '@shared/schemas/custom-orders';
import { Eye, FileDown, Image, Link2, Mail, Printer } from 'lucide-react';
import { useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Separator } from '@/components/ui/separator';
import { ApiRequestError } from '@/lib/api';
import { calendarDay, longDate } from '@/lib/dates';
import { toast } from '@/lib/toast';
import { cn } from '@/lib/utils';
import { formatAdminDate } from '../format';
import {
  useDeleteCustomOrder,
  useGenerateBalanceLink,
  useSendProductionEmail,
  useUpdateCustomOrderStatus,
} from '../order-history-api';
import { ActionBar } from './action-bar';
import { ConfirmDialog } from './confirm-dialog';
import { DeleteButton } from './delete-action';
import { LogoDialog, LogoPreview } from './logo-dialog';
import { RecordHeading } from './record-heading';
import { SendEmailDialog } from './send-email-dialog';
import { StatusPicker } from './status-picker';

/** The admin statuses, with the current one first when it is not one of them (balance_paid). */
function statusChoices(current: CustomOrderStatus): CustomOrderStatus[] {
  const offered: CustomOrderStatus[] = [...ADMIN_CUSTOM_ORDER_STATUSES];
  return offered.includes(current) ? offered : [current, ...offered];
}

function useCustomOrderActions(order: CustomOrder) {
  const updateStatus = useUpdateCustomOrderStatus();
  const generate = useGenerateBalanceLink();
  const production = useSendProductionEmail();
  const remove = useDeleteCustomOrder();
  const [link, setLink] = useState<string | null>(null);
  return {
    pending: updateStatus.isPending,
    link,
    linkPending: generate.isPending,
    productionPending: production.isPending,
    setStatus: (status: AdminCustomOrderStatus) =>
      updateStatus.mutateAsync({ id: order.id, status }).then(
        () =>
          toast({
            title: 'Status Updated',
            description: `Order #${order.id} is now ${CUSTOM_STATUS_LABELS[status].toLowerCase()}.`,
          }),
        () =>
          toast({
            title: 'Error',
            description: 'Failed to update order status.',
            variant: 'destructive',
          }),
      ),
    generateLink: async () => {
      try {
        const { balancePaymentUrl } = await generate.mutateAsync(order.id);
        setLink(balancePaymentUrl);
        try {
          await navigator.clipboard.writeText(balancePaymentUrl);
          toast({
            title: 'Payment Link Generated',
            description: 'Balance payment link copied to clipboard!',
          });
        } catch {
          toast({ title: 'Payment Link Generated', description: balancePaymentUrl });
        }
      } catch (error) {
        toast({
          title: 'Error',
          description:
            error instanceof Error ? error.message : 'Failed to generate the payment link.',
          variant: 'destructive',
        });
      }
    },
    sendProduction: () =>
      production.mutateAsync(order).then(
        () =>
          toast({ title: 'Email Sent', description: 'Production status email sent successfully!' }),
        (error: unknown) =>
          toast({
            title: 'Email Failed',
            description:
              error instanceof ApiRequestError
                ? `Failed to send production email: ${error.message}`
                : 'Error sending production email',
            variant: 'destructive',
          }),
      ),
    remove: () =>
      remove.mutateAsync(order.id).then(
        () =>
          toast({ title: 'Order Deleted', description: `Order #${order.id} has been deleted.` }),
        () =>
          toast({ title: 'Error', description: 'Failed to delete order.', variant: 'destructive' }),
      ),
  };
}

type Actions = ReturnType<typeof useCustomOrderActions>;

function StatusSelect({ order, actions }: { order: CustomOrder; actions: Actions }) {
  return (
    <StatusPicker<CustomOrderStatus>
      orderName={customOrderName(order)}
      saved={order.status}
      options={statusChoices(order.status).map((status) => ({
        value: status,
        label: CUSTOM_STATUS_LABELS[status],
        // Set by the balance payment alone, never by the admin.
        disabled: status === 'balance_paid',
      }))}
      pending={actions.pending}
      // balance_paid is never offered (its option is disabled), so the choice is an admin status.
      onSave={(status) => actions.setStatus(status as AdminCustomOrderStatus)}
    />
  );
}

function PaymentLinkButton({ order, actions }: { order: CustomOrder; actions: Actions }) {
  if (!BALANCE_LINK_STATUSES.includes(order.status) || order.balanceDue <= 0) return null;
  return (
    <Button
      type="button"
      size="sm"
      pending={actions.linkPending}
      onClick={() => void actions.generateLink()}
    >
      <Link2 aria-hidden="true" />
      {actions.linkPending ? 'Generating...' : 'Generate Payment Link'}
      <span className="sr-only">, {customOrderName(order)}</span>
    </Button>
  );
}

function GeneratedLink({ link }: { link: string | null }) {
  if (!link) return null;
  return (
    <p className="rounded-md border border-green-300 bg-green-50 p-2 text-sm break-all">
      Balance payment link: <span data-testid="balance-link">{link}</span>
    </p>
  );
}

/** The CSV download ('Export' on the card, 'Export Order' in the dialog: spec section 2) and the printable page. */
function ExportLinks({ order, label }: { order: CustomOrder; label: 'Export' | 'Export Order' }) {
  return (
    <>
      <Button asChild size="sm" variant="outline">
        <a
          href={`/api/custom-orders/${order.id}/export?format=csv`}
          download={`Order-${order.id}.csv`}
        >
          <FileDown aria-hidden="true" />
          {label}
          <span className="sr-only">, {customOrderName(order)}</span>
        </a>
      </Button>
      <Button asChild size="sm" variant="outline">
        <a
          href={`/api/custom-orders/${order.id}/export?format=html`}
          target="_blank"
          rel="noopener"
        >
          <Printer aria-hidden="true" />
          Printable Page<span className="sr-only">, {customOrderName(order)}</span>
        </a>
      </Button>
    </>
  );
}

function Amounts({ order }: { order: CustomOrder }) {
  const cells: [string, string][] = [
    ['Quantity', `${order.quantity}`],
    ['Size', sizeText(order.size)],
    ['Plating', platingText(order.plating)],
    ['Deposit', formatDollars(order.depositAmount)],
    ['Balance', balanceText(order)],
    ['Total', formatDollars(order.totalPrice)],
  ];
  return (
    <dl className="grid grid-cols-2 gap-x-4 gap-y-2 text-sm sm:grid-cols-3">
      {cells.map(([term, value]) => (
        <div key={term}>
          <dt className="text-muted-foreground">{term}</dt>
          <dd className={cn(term === 'Total' && 'font-semibold')}>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

export function CustomOrderAdminCard({ order }: { order: CustomOrder }) {
  const titleId = `admin-custom-${order.id}-title`;
  const actions = useCustomOrderActions(order);
  const [logoOpen, setLogoOpen] = useState(false);
  const [detailsOpen, setDetailsOpen] = useState(false);
  const [emailOpen, setEmailOpen] = useState(false);
  const [deleteOpen, setDeleteOpen] = useState(false);
  return (
    <article aria-labelledby={titleId}>
      <Card>
        <CardHeader className="flex flex-wrap items-start justify-between gap-2">
          <RecordHeading titleId={titleId} record={order}>
            Custom Order #{order.id}
          </RecordHeading>
          <div className="flex flex-wrap gap-2">
            <Badge variant="secondary">Custom</Badge>
            <Badge variant={order.status === 'delivered' ? 'success' : 'outline'}>
              <span className="sr-only">Status: </span>
              {CUSTOM_STATUS_LABELS[order.status]}
            </Badge>
            {order.rushOrder ? <Badge variant="warning">Rush</Badge> : null}
          </div>
        </CardHeader>
        <CardContent className="space-y-4">
          <Amounts order={order} />
          <GeneratedLink link={actions.link} />
          <ActionBar
            className="items-end"
            destructive={
              <DeleteButton onClick={() => setDeleteOpen(true)}>
                Delete Order<span className="sr-only">, {customOrderName(order)}</span>
              </DeleteButton>
            }
          >
            <StatusSelect order={order} actions={actions} />
            {order.logoUrl ? (
              <Button type="button" size="sm" variant="outline" onClick={() => setLogoOpen(true)}>
                <Image aria-hidden="true" />
                View Logo<span className="sr-only">, {customOrderName(order)}</span>
              </Button>
            ) : null}
            <PaymentLinkButton order={order} actions={actions} />
            <Button type="button" size="sm" variant="outline" onClick={() => setEmailOpen(true)}>
              <Mail aria-hidden="true" />
              Send Email<span className="sr-only">, {customOrderName(order)}</span>
            </Button>
            <ExportLinks order={order} label="Export" />
            <Button type="button" size="sm" variant="outline" onClick={() => setDetailsOpen(true)}>
              <Eye aria-hidden="true" />
              View Details<span className="sr-only">, {customOrderName(order)}</span>
            </Button>
          </ActionBar>
        </CardContent>
      </Card>
      <LogoDialog order={order} open={logoOpen} onOpenChange={setLogoOpen} />
      <CustomOrderDetailsDialog
        order={order}
        actions={actions}
        open={detailsOpen}
        onOpenChange={setDetailsOpen}
        onEmail={() => setEmailOpen(true)}
        onDelete={() => setDeleteOpen(true)}
      />
      <SendEmailDialog
        type="custom"
        orderId={order.id}
        customerName={order.customerName}
        customerEmail={order.customerEmail}
        open={emailOpen}
        onOpenChange={setEmailOpen}
      />
      <ConfirmDialog
        open={deleteOpen}
        onOpenChange={setDeleteOpen}
        title={`Delete custom order #${order.id}?`}
        description={`This permanently deletes the custom order of ${order.customerName}.${paidText(order)} This cannot be undone.`}
        confirmLabel="Delete Order"
        pendingLabel="Deleting..."
        onConfirm={() =>
          actions.remove().then(() => {
            setDeleteOpen(false);
            setDetailsOpen(false);
          })
        }
      />
    </article>
  );
}

function CustomOrderDetailsDialog({
  order,
  actions,
  open,
  onOpenChange,
  onEmail,
  onDelete,
}: {
  order: CustomOrder;
  actions: Actions;
  open: boolean;
  onOpenChange(open: boolean): void;
  onEmail(): void;
  onDelete(): void;
}) {
  const details: [string, string][] = [
    ['Quantity', String(order.quantity)],
    ['Size', sizeText(order.size)],
    ['Plating', platingText(order.plating)],
    ['Deposit', formatDollars(order.depositAmount)],
    ['Balance', balanceText(order)],
    ['Total', formatDollars(order.totalPrice)],
    ['Rush order', order.rushOrder ? 'Yes' : 'No'],
    ['Packaging', order.packaging.map((p) => PACKAGING_LABELS[p as PinPackaging] ?? p).join(', ')],
  ];
  if (order.rushOrderFee > 0) details.push(['Rush fee', formatDollars(order.rushOrderFee)]);
  if (order.discountAmount > 0)
    details.push([`Discount (${order.discountCode ?? ''})`, formatDollars(order.discountAmount)]);
  if (order.estimatedDelivery)
    details.push(['Estimated delivery', longDate(calendarDay(order.estimatedDelivery), true)]);
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      {/* wrap-anywhere on the buyer's text: a link or a long word in the notes, a design's
          name or an address otherwise widened the dialog past a phone's screen (592px in
          326px, an international-data audit). */}
      <DialogContent className="max-h-[90vh] overflow-y-auto wrap-anywhere sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>Custom Order #{order.id} Details</DialogTitle>
          <DialogDescription>
            Placed {formatAdminDate(order.createdAt)} · {CUSTOM_STATUS_LABELS[order.status]}
          </DialogDescription>
        </DialogHeader>
        <section aria-label="Customer" className="grid gap-1 text-sm sm:grid-cols-2">
          <p>
            <span className="text-muted-foreground">Name: </span>
            {order.customerName}
          </p>
          <p className="break-all">
            <span className="text-muted-foreground">Email: </span>
            <a className="text-primary underline" href={`mailto:${order.customerEmail}`}>
              {order.customerEmail}
            </a>
          </p>
          <p>
            <span className="text-muted-foreground">Phone: </span>
            {order.customerPhone ?? '—'}
          </p>
          <p>
            <span className="text-muted-foreground">Ship to: </span>
            {order.shippingAddress ?? '—'}
          </p>
        </section>
        <StatusSelect order={order} actions={actions} />
        <Separator />
        <dl className="grid grid-cols-2 gap-x-4 gap-y-1 text-sm">
          {details.map(([term, value]) => (
            <div key={term} className="contents">
              <dt className="text-muted-foreground">{term}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
        {order.notes ? (
          <p className="text-sm whitespace-pre-line">
            <span className="text-muted-foreground">Notes: </span>
            {order.notes}
          </p>
        ) : null}
        {order.pinDesigns.length > 0 ? (
          <ul className="space-y-1 text-sm">
            {order.pinDesigns.map((d) => (
              <li key={`${d.name}-${d.imageUrl ?? ''}`}>
                <span className="font-medium">{d.name}</span> × {d.quantity}: {d.description}
              </li>
            ))}
          </ul>
        ) : null}
        <section aria-label="Customer logo" className="space-y-2">
          <h3 className="text-sm font-semibold">Customer Logo</h3>
          <LogoPreview order={order} maxHeight={300} />
        </section>
        <GeneratedLink link={actions.link} />
        <div className="flex flex-wrap gap-2">
          <PaymentLinkButton order={order} actions={actions} />
          {order.status === 'in_production' ? (
            <Button
              type="button"
              size="sm"
              pending={actions.productionPending}
              onClick={() => void actions.sendProduction()}
            >
              <Mail aria-hidden="true" />
              {actions.productionPending ? 'Sending...' : 'Send Production Email'}
            </Button>
          ) : null}
          <Button type="button" size="sm" variant="outline" onClick={onEmail}>
            <Mail aria-hidden="true" />
            Send Other Email
          </Button>
          <ExportLinks order={order} label="Export Order" />
          <DeleteButton onClick={onDelete}>Delete</DeleteButton>
        </div>
      </DialogContent>
    </Dialog>
  );
}

/** How the order's own buttons name it for screen readers ('View Details, custom order #12'). */
function customOrderName(order: { id: number }): string {
  return `custom order #${order.id}`;
}

/** The balance as the admin reads it: its amount, '(paid)' once nothing is left to pay. */
function balanceText(order: CustomOrder): string {
  const amount = formatDollars(order.remainingBalance);
  return order.balanceDue > 0 ? amount : `${amount} (paid)`;
}

/**
 * What the buyer has paid, for the delete confirmation: deleting refunds nothing (a money
 * audit: the catalogue order's confirmation said so, the custom order's did not).
 */
function paidText(order: { depositPaid: number; balancePaid: number }): string {
  const paid = order.depositPaid + order.balancePaid;
  if (paid <= 0) return '';
  const parts = [`the deposit of ${formatDollars(order.depositPaid)}`];
  if (order.balancePaid > 0) parts.push(`the balance of ${formatDollars(order.balancePaid)}`);
  return ` The buyer paid ${parts.join(' and ')}; ${parts.length > 1 ? 'they are' : 'it is'} not refunded.`;
}
