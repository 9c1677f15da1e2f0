/**
 * One catalogue order in the admin Regular Orders section (back-office spec sections
 * 2, 4, 8): number, customer, e-mail, date, total, item count, payment status, status
 * badge, tracking number/link; actions: status selector (pending, processing, shipped,
 * delivered) saved by its 'Update Status' button (StatusPicker), Add/Update Tracking, 'Mark as Delivered' (only when shipped), View
 * Details and Delete (with confirmation). Toasts use the spec's texts.
 */

import { formatDollars } from '@shared/money';
import type { Order, RegularOrderStatus } from '@shared/schemas/orders';
import { CheckCircle2, Eye, Truck } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { TrackingInfo } from '@/components/tracking-info';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { toast } from '@/lib/toast';
import { useDeleteOrder, useUpdateOrderStatus } from '../api';
import { itemCountLabel, REGULAR_STATUS_LABELS, statusOptions } from '../format';
import { ActionBar } from './action-bar';
import { ConfirmDialog } from './confirm-dialog';
import { DeleteButton } from './delete-action';
import { OrderDetailsDialog } from './order-details-dialog';
import { RecordHeading } from './record-heading';
import { StatusPicker } from './status-picker';
import { TrackingDialog } from './tracking-dialog';

export function AdminOrderCard({
  order,
  extraActions = null,
}: {
  order: Order;
  /** More routine buttons after 'View Details' (Order History adds 'Send Email'). */
  extraActions?: ReactNode;
}) {
  const titleId = `admin-order-${order.id}-title`;
  const [trackingOpen, setTrackingOpen] = useState(false);
  const [detailsOpen, setDetailsOpen] = useState(false);
  const [deleteOpen, setDeleteOpen] = useState(false);
  const updateStatus = useUpdateOrderStatus();
  const deleteOrder = useDeleteOrder();

  const setStatus = (status: RegularOrderStatus) =>
    updateStatus.mutateAsync({ id: order.id, status }).then(
      () =>
        toast({
          title: 'Status Updated',
          description: `Order #${order.id} is now ${REGULAR_STATUS_LABELS[status].toLowerCase()}.`,
        }),
      () =>
        toast({
          title: 'Error',
          description: 'Failed to update order status.',
          variant: 'destructive',
        }),
    );

  const remove = () =>
    deleteOrder.mutateAsync(order.id).then(
      () => {
        setDeleteOpen(false);
        toast({ title: 'Order Deleted', description: `Order #${order.id} has been deleted.` });
      },
      () =>
        toast({ title: 'Error', description: 'Failed to delete order.', variant: 'destructive' }),
    );

  return (
    <article aria-labelledby={titleId}>
      <Card>
        <CardHeader className="flex flex-wrap items-start justify-between gap-2">
          <RecordHeading titleId={titleId} record={order}>
            Order #{order.id}
          </RecordHeading>
          <div className="flex flex-wrap gap-2">
            <Badge variant={order.status === 'delivered' ? 'success' : 'outline'}>
              <span className="sr-only">Status: </span>
              {REGULAR_STATUS_LABELS[order.status]}
            </Badge>
            {order.paymentStatus === 'refunded' ? (
              <Badge variant="warning">Refunded</Badge>
            ) : (
              <Badge variant="success">Paid</Badge>
            )}
          </div>
        </CardHeader>
        <CardContent className="space-y-4">
          <dl className="grid grid-cols-2 gap-x-4 gap-y-2 text-sm sm:grid-cols-3">
            <div>
              <dt className="text-muted-foreground">Total</dt>
              <dd className="font-semibold">{formatDollars(order.totalAmount)}</dd>
            </div>
            <div>
              <dt className="text-muted-foreground">Items</dt>
              <dd>{itemCountLabel(order.items)}</dd>
            </div>
            <div>
              <dt className="text-muted-foreground">Payment status</dt>
              <dd>{order.paymentStatus === 'refunded' ? 'Refunded' : 'Paid'}</dd>
            </div>
          </dl>

          <TrackingInfo trackingNumber={order.trackingNumber} trackingUrl={order.trackingUrl} />

          <ActionBar
            className="items-end"
            destructive={
              <DeleteButton onClick={() => setDeleteOpen(true)}>
                Delete<span className="sr-only">, order #{order.id}</span>
              </DeleteButton>
            }
          >
            <StatusPicker
              orderName={`order #${order.id}`}
              saved={order.status}
              options={statusOptions(order.status).map((status) => ({
                value: status,
                label: REGULAR_STATUS_LABELS[status],
              }))}
              pending={updateStatus.isPending}
              onSave={setStatus}
            />
            <Button type="button" size="sm" variant="outline" onClick={() => setTrackingOpen(true)}>
              <Truck aria-hidden="true" />
              {order.trackingNumber ? 'Update Tracking' : 'Add Tracking'}
              <span className="sr-only">, order #{order.id}</span>
            </Button>
            {order.status === 'shipped' ? (
              <Button
                type="button"
                size="sm"
                pending={updateStatus.isPending}
                onClick={() => void setStatus('delivered')}
              >
                <CheckCircle2 aria-hidden="true" />
                Mark as Delivered<span className="sr-only">, order #{order.id}</span>
              </Button>
            ) : null}
            <Button type="button" size="sm" variant="outline" onClick={() => setDetailsOpen(true)}>
              <Eye aria-hidden="true" />
              View Details<span className="sr-only">, order #{order.id}</span>
            </Button>
            {extraActions}
          </ActionBar>
        </CardContent>
      </Card>

      <TrackingDialog order={order} open={trackingOpen} onOpenChange={setTrackingOpen} />
      <OrderDetailsDialog order={order} open={detailsOpen} onOpenChange={setDetailsOpen} />
      <ConfirmDialog
        open={deleteOpen}
        onOpenChange={setDeleteOpen}
        title={`Delete order #${order.id}?`}
        description={`This permanently deletes order #${order.id} of ${order.customerName} (${formatDollars(order.totalAmount)}, ${itemCountLabel(order.items)}) with its tracking details. The payment is not refunded. This cannot be undone.`}
        confirmLabel="Delete Order"
        pendingLabel="Deleting..."
        onConfirm={remove}
      />
    </article>
  );
}
