/** The entered customer info shown on the payment step, with 'Edit Information' back to the form. */
import type { CustomerInfo } from '@shared/schemas/checkout';
import { Button } from '@/components/ui/button';
import { joinShippingAddress } from '../checkout-flow';

export function CustomerInfoReview({
  info,
  onEdit,
  pending = false,
}: {
  info: CustomerInfo;
  onEdit(): void;
  /** A payment is under way: 'Edit Information' waits (Button `pending`: it keeps focus). */
  pending?: boolean;
}) {
  return (
    <div className="space-y-3">
      <dl className="grid gap-2 text-sm sm:grid-cols-[auto_minmax(0,1fr)] sm:gap-x-4">
        <dt className="text-muted-foreground">Name</dt>
        <dd className="break-words">{info.name}</dd>
        <dt className="text-muted-foreground">Email</dt>
        <dd className="break-all">{info.email}</dd>
        <dt className="text-muted-foreground">Ship to</dt>
        <dd className="break-words">{joinShippingAddress(info)}</dd>
      </dl>
      <Button type="button" variant="outline" onClick={onEdit} pending={pending}>
        Edit Information
      </Button>
    </div>
  );
}
