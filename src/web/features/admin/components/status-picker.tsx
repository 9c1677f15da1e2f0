/**
 * An order's status selector with its own 'Update Status' button (back-office spec
 * sections 2 and 4: the admin sets an order's status). Choosing in the <select> changes
 * nothing yet: Chromium on Linux and Windows changes a closed select's value with the
 * arrow keys and fires `change` on every step, so a select that saved on change sent the
 * customer a 'Mockup Sent' mail when a keyboard user only moved through it (a
 * screen-reader audit of 2026-11-27). The button saves the choice; it is `unavailable`
 * (the shared Button's aria-disabled, so it keeps the focus after a save) while the choice
 * is the saved status, and `pending` while the request is in flight.
 *
 * `orderName` ('order #12', 'custom order #12') goes into the select's and the button's
 * accessible names: a list of cards otherwise repeats 'Order status' once per order.
 */
import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { cn } from '@/lib/utils';
import { selectClassName } from './native-select';

export function StatusPicker<S extends string>({
  orderName,
  saved,
  options,
  pending,
  onSave,
}: {
  orderName: string;
  /** The order's status as stored. */
  saved: S;
  options: readonly { value: S; label: string; disabled?: boolean }[];
  /** The save (of this or another of the order's status actions) is in flight. */
  pending: boolean;
  /** Saves the chosen status (and shows its toasts). */
  onSave(status: S): Promise<unknown>;
}) {
  const id = useId();
  const [choice, setChoice] = useState<S>(saved);
  // The status this picker last showed: when the order changes elsewhere ('Mark as
  // Delivered', the detail dialog's picker, a refetch), an untouched choice follows it.
  const [shown, setShown] = useState<S>(saved);
  if (shown !== saved) {
    setShown(saved);
    if (choice === shown) setChoice(saved);
  }
  const unchanged = choice === saved;
  return (
    <div className="flex items-end gap-2">
      <div className="space-y-1">
        <Label htmlFor={id} className="text-xs">
          Order status<span className="sr-only">, {orderName}</span>
        </Label>
        <select
          id={id}
          value={choice}
          onChange={(e) => setChoice(e.target.value as S)}
          className={cn(selectClassName, 'h-8 w-auto')}
        >
          {options.map((o) => (
            <option key={o.value} value={o.value} disabled={o.disabled}>
              {o.label}
            </option>
          ))}
        </select>
      </div>
      <Button
        type="button"
        size="sm"
        pending={pending}
        unavailable={unchanged}
        onClick={() => void onSave(choice)}
      >
        {pending ? 'Updating...' : 'Update Status'}
        <span className="sr-only">, {orderName}</span>
      </Button>
    </div>
  );
}
