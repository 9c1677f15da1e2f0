/**
 * The cart's discount code box (storefront spec sections 4, 5, 8): input forced to
 * upper case, Enter submits, Apply disabled while empty and `pending` while validating
 * ('Validating...': it keeps the focus); an empty code is never sent. A valid code is kept
 * in the cart UI state (the drawer then shows the server's totals for it); the X button
 * removes it. The focus follows: to X once a code applies, back to the input once removed.
 */
import { X } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { validateDiscountCode } from '@/features/cart/api';
import { useCartUi } from '@/features/cart/cart-state';
import { ApiRequestError, serverMessageOr } from '@/lib/api';
import { toast } from '@/lib/toast';
import { usd } from './format';

/** Statuses whose answer is the server's verdict on the code (shown as 'Invalid Code'). */
const VERDICT_STATUSES = new Set([400, 404, 409]);

export function DiscountBox({
  subtotal,
  discountError,
}: {
  /** Merchandise subtotal in dollars (the server re-checks against its own cart). */
  subtotal: number;
  /** The server's reason when the applied code no longer applies to this cart. */
  discountError: string | null;
}) {
  const { discountCode, setDiscountCode } = useCartUi();
  const [value, setValue] = useState('');
  const [validating, setValidating] = useState(false);
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const removeButton = useRef<HTMLButtonElement>(null);
  // Applying or removing a code swaps the input for the applied line, or back: the focus
  // moves to what replaced the control that had it, not to the drawer's start.
  const moveFocus = useRef(false);
  useEffect(() => {
    if (!moveFocus.current) return;
    moveFocus.current = false;
    (discountCode ? removeButton.current : input.current)?.focus();
  }, [discountCode]);

  async function apply() {
    const code = value.trim().toUpperCase();
    if (!code) {
      toast({
        title: 'Error',
        description: 'Please enter a discount code',
        variant: 'destructive',
      });
      return;
    }
    setValidating(true);
    try {
      const result = await validateDiscountCode(code, subtotal);
      if (result.valid) {
        moveFocus.current = true;
        setDiscountCode(result.discountCode?.code ?? code);
        setValue('');
        toast({
          title: 'Discount Applied',
          description: `You saved ${usd(result.discountAmount)}!`,
        });
      } else {
        toast({
          title: 'Invalid Code',
          description: result.error || 'This discount code is not valid',
          variant: 'destructive',
        });
      }
    } catch (error) {
      if (error instanceof ApiRequestError && VERDICT_STATUSES.has(error.status)) {
        toast({
          title: 'Invalid Code',
          description: serverMessageOr(error, 'This discount code is not valid'),
          variant: 'destructive',
        });
      } else {
        toast({
          title: 'Error',
          description: 'Failed to validate discount code',
          variant: 'destructive',
        });
      }
    } finally {
      setValidating(false);
    }
  }

  function remove() {
    moveFocus.current = true;
    setDiscountCode(null);
    toast({
      title: 'Discount Removed',
      description: 'Discount code has been removed from your order',
    });
  }

  if (discountCode) {
    return (
      <div className="rounded-md border border-green-200 bg-green-50 px-3 py-2 text-sm">
        <div className="flex items-center justify-between gap-2">
          <span>
            Code <strong className="font-semibold">{discountCode}</strong> applied
          </span>
          <Button
            variant="ghost"
            size="icon"
            className="size-7"
            ref={removeButton}
            aria-label={`Remove discount code ${discountCode}`}
            onClick={remove}
          >
            <X aria-hidden="true" />
          </Button>
        </div>
        {discountError && <p className="mt-1 text-amber-900">{discountError}</p>}
      </div>
    );
  }

  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={inputId} className="text-sm font-medium">
        Discount code
      </label>
      <div className="flex gap-2">
        <Input
          ref={input}
          id={inputId}
          value={value}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          placeholder="Enter code"
          maxLength={64}
          onChange={(e) => setValue(e.target.value.toUpperCase())}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              if (!validating) void apply();
            }
          }}
        />
        <Button
          type="button"
          variant="outline"
          disabled={!value.trim()}
          pending={validating}
          onClick={() => void apply()}
        >
          {validating ? 'Validating...' : 'Apply'}
        </Button>
      </div>
    </div>
  );
}
