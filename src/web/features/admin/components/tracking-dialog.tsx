/**
 * Tracking dialog (back-office spec section 2 "Tracking dialog", section 5): Tracking
 * Number (required after trimming: 'Tracking number is required.') and Tracking URL
 * (optional, url type, omitted when empty), validated with the shared
 * UpdateTrackingBody schema. Saving calls PUT /api/orders/{id}/tracking and toasts
 * 'Tracking Updated' or 'Error' / 'Failed to update tracking information.'.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { type Order, UpdateTrackingBody } from '@shared/schemas/orders';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { ApiRequestError } from '@/lib/api';
import { toast } from '@/lib/toast';
import { useUpdateTracking } from '../api';
import { DialogFormFooter } from './dialog-form-footer';
import { FormDialog } from './form-dialog';

export function TrackingDialog({
  order,
  open,
  onOpenChange,
}: {
  order: Order;
  open: boolean;
  onOpenChange(open: boolean): void;
}) {
  // FormDialog mounts the form only while open: it starts from the order's current values.
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={`${order.trackingNumber ? 'Update Tracking' : 'Add Tracking'} — Order #${order.id}`}
      description="Adding a tracking number marks an unshipped order as shipped."
    >
      {(close) => <TrackingForm order={order} onDone={close} />}
    </FormDialog>
  );
}

function TrackingForm({ order, onDone }: { order: Order; onDone(): void }) {
  const numberId = useId();
  const urlId = useId();
  const update = useUpdateTracking();
  const form = useForm({
    resolver: zodResolver(UpdateTrackingBody),
    defaultValues: {
      trackingNumber: order.trackingNumber ?? '',
      trackingUrl: order.trackingUrl ?? '',
    },
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit((body) =>
    update.mutateAsync({ id: order.id, body }).then(
      () => {
        toast({
          title: 'Tracking Updated',
          description: `Tracking information for order #${order.id} has been saved.`,
        });
        onDone();
      },
      (error: unknown) => {
        if (error instanceof ApiRequestError) {
          for (const [field, message] of Object.entries(error.fieldErrors)) {
            if (field === 'trackingNumber' || field === 'trackingUrl')
              form.setError(field, { message });
          }
        }
        toast({
          title: 'Error',
          description: 'Failed to update tracking information.',
          variant: 'destructive',
        });
      },
    ),
  );

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      <div className="space-y-2">
        <Label htmlFor={numberId}>Tracking Number</Label>
        <Input
          id={numberId}
          autoComplete="off"
          spellCheck={false}
          required
          aria-invalid={errors.trackingNumber ? true : undefined}
          aria-describedby={errors.trackingNumber ? `${numberId}-error` : undefined}
          {...form.register('trackingNumber')}
        />
        {errors.trackingNumber ? (
          <p id={`${numberId}-error`} role="alert" className="text-destructive text-sm">
            {errors.trackingNumber.message}
          </p>
        ) : null}
      </div>
      <div className="space-y-2">
        <Label htmlFor={urlId}>Tracking URL (optional)</Label>
        <Input
          id={urlId}
          type="url"
          inputMode="url"
          autoComplete="off"
          placeholder="https://"
          aria-invalid={errors.trackingUrl ? true : undefined}
          aria-describedby={errors.trackingUrl ? `${urlId}-error` : undefined}
          {...form.register('trackingUrl')}
        />
        {errors.trackingUrl ? (
          <p id={`${urlId}-error`} role="alert" className="text-destructive text-sm">
            {errors.trackingUrl.message}
          </p>
        ) : null}
      </div>
      <DialogFormFooter
        submitLabel="Save Tracking"
        pendingLabel="Saving..."
        pending={update.isPending}
        onCancel={onDone}
      />
    </form>
  );
}
