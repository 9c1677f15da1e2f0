/**
 * The destructive 'Delete' of a row with its confirmation (issue 8: destructive actions
 * stand apart, and the confirmation names what is lost). Put it in `ActionBar`'s
 * `destructive` slot. `onDelete` runs the deletion and its toasts and resolves true when
 * it succeeded (the dialog then closes), false to keep the dialog open.
 */
import { Trash2 } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from './confirm-dialog';

export function DeleteAction({
  itemName,
  title,
  description,
  confirmLabel,
  onDelete,
}: {
  /** What the button deletes, for screen readers ('Delete E2E Birdie Pin'). */
  itemName: string;
  title: string;
  /** Names what is lost. */
  description: string;
  confirmLabel: string;
  onDelete(): Promise<boolean>;
}) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <DeleteButton onClick={() => setOpen(true)}>
        Delete<span className="sr-only"> {itemName}</span>
      </DeleteButton>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title={title}
        description={description}
        confirmLabel={confirmLabel}
        pendingLabel="Deleting..."
        onConfirm={async () => {
          if (await onDelete()) setOpen(false);
        }}
      />
    </>
  );
}

/**
 * The destructive button that asks to delete (`children`: its text); `onClick` opens the
 * confirmation that names what is lost.
 */
export function DeleteButton({ onClick, children }: { onClick(): void; children: ReactNode }) {
  return (
    <Button type="button" size="sm" variant="destructive" onClick={onClick}>
      <Trash2 aria-hidden="true" />
      {children}
    </Button>
  );
}
