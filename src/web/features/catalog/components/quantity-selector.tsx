/**
 * Quantity selector of the product page (storefront spec sections 2, 5, 9): a stepper
 * (min 1, max = stock and the per-customer limit), quick-quantity buttons 10/25/50
 * (disabled when stock or the limit is lower), the 'Limit N per customer' note, an
 * 'Out of Stock' badge when the product cannot be bought, and a message saying why when
 * the quantity stops at the stock or the limit (issue 10: a clear stock-cap message).
 */
import { Minus, Plus } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';

const QUICK_QUANTITIES = [10, 25, 50] as const;

export function QuantitySelector({
  quantity,
  max,
  stockQuantity,
  purchaseLimit,
  soldOut,
  disabled,
  onChange,
}: {
  quantity: number;
  /** Highest quantity allowed (stock and per-customer limit); 0 when sold out. */
  max: number;
  stockQuantity: number;
  purchaseLimit: number | null;
  soldOut: boolean;
  disabled?: boolean;
  onChange(quantity: number): void;
}) {
  const inputId = useId();
  const noteId = useId();
  const [draft, setDraft] = useState(String(quantity));
  useEffect(() => setDraft(String(quantity)), [quantity]);
  const clamp = (n: number) => Math.max(1, Math.min(max, Math.floor(n)));

  const commit = (text: string) => {
    const n = Number.parseInt(text, 10);
    const next = Number.isFinite(n) ? clamp(n) : quantity;
    setDraft(String(next));
    if (next !== quantity) onChange(next);
  };

  return (
    <div className="space-y-3">
      <div className="flex flex-wrap items-center gap-3">
        <label htmlFor={inputId} className="text-sm font-medium">
          Quantity
        </label>
        {soldOut && <Badge variant="destructive">Out of Stock</Badge>}
        {purchaseLimit !== null && (
          <span id={noteId} className="text-sm font-medium text-amber-900">
            Limit {purchaseLimit} per customer
          </span>
        )}
      </div>
      <div className="flex items-center gap-2">
        <Button
          type="button"
          variant="outline"
          size="icon"
          aria-label="Decrease quantity"
          disabled={disabled || soldOut || quantity <= 1}
          onClick={() => onChange(clamp(quantity - 1))}
        >
          <Minus aria-hidden="true" />
        </Button>
        <Input
          id={inputId}
          type="number"
          inputMode="numeric"
          min={1}
          max={Math.max(1, max)}
          value={draft}
          disabled={disabled || soldOut}
          aria-describedby={purchaseLimit !== null ? noteId : undefined}
          className="w-20 text-center"
          onChange={(e) => {
            setDraft(e.target.value);
            const n = Number.parseInt(e.target.value, 10);
            // Above the most one can order: capped while typing, so the 'Only N in stock'
            // note appears now, not on blur, when it would push Add to Cart away from
            // the click that caused the blur (a buyer audit: the click was lost).
            if (Number.isFinite(n) && n >= 1) {
              onChange(Math.min(n, max));
              // The field shows what will be ordered (not '60' after typing a 0 behind a capped 6).
              if (n > max) setDraft(String(max));
            }
          }}
          onBlur={(e) => commit(e.target.value)}
        />
        <Button
          type="button"
          variant="outline"
          size="icon"
          aria-label="Increase quantity"
          disabled={disabled || soldOut || quantity >= max}
          onClick={() => onChange(clamp(quantity + 1))}
        >
          <Plus aria-hidden="true" />
        </Button>
      </div>
      {!soldOut && max > 0 && quantity >= max && (
        <p role="status" className="text-sm font-medium text-amber-900">
          {purchaseLimit !== null && purchaseLimit <= stockQuantity
            ? `You've reached the limit of ${purchaseLimit} per customer.`
            : `Only ${stockQuantity} in stock: that's the most you can order.`}
        </p>
      )}
      {/* Always shown; a button above the stock or the limit is disabled (spec section 9),
          so a sold-out product shows all three disabled. */}
      <fieldset className="flex flex-wrap items-center gap-2">
        <legend className="sr-only">Quick quantity</legend>
        <span className="text-sm text-slate-600" aria-hidden="true">
          Quick add:
        </span>
        {QUICK_QUANTITIES.map((n) => (
          <Button
            key={n}
            type="button"
            variant={quantity === n ? 'default' : 'outline'}
            size="sm"
            aria-label={`Set quantity to ${n}`}
            aria-pressed={quantity === n}
            disabled={disabled || n > max}
            onClick={() => onChange(n)}
          >
            {n}
          </Button>
        ))}
      </fieldset>
    </div>
  );
}
