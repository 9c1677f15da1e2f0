/**
 * The footer of a form in a dialog: 'Cancel' (`onCancel`), then the submit button, which
 * shows `pendingLabel` and ignores clicks while `pending` (Button `pending`: it keeps the
 * focus). Put it inside the <form>.
 */
import { Button } from '@/components/ui/button';
import { DialogFooter } from '@/components/ui/dialog';

export function DialogFormFooter({
  submitLabel,
  pendingLabel,
  pending,
  onCancel,
}: {
  submitLabel: string;
  pendingLabel: string;
  pending: boolean;
  onCancel(): void;
}) {
  return (
    <DialogFooter>
      <Button type="button" variant="outline" onClick={onCancel}>
        Cancel
      </Button>
      <Button type="submit" pending={pending}>
        {pending ? pendingLabel : submitLabel}
      </Button>
    </DialogFooter>
  );
}
