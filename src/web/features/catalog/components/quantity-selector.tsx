/**
 * Quantity selector of the product page (storefront spec sections 2, 5, 9): a stepper
 * (min 1, max = stock and what the per-customer limit still allows), quick-quantity
 * buttons 10/25/50 (shown, disabled when stock or the limit is lower), the 'Limit N per
 * customer' note, an 'Out of Stock' badge when the product cannot be bought, and a message
 * saying why when the quantity stops at the stock or the limit (issue 10: a clear
 * stock-cap message). When the server says part of the limit is used already (past
 * orders, this cart: GET /api/cart/allowance), a note says how much, or that nothing is
 * left. Units of this product already in the cart count against the stock (`inCart`): the
 * stepper stops at what is left beside them, and says so. Minus and plus at their ends, and every button while an add is in flight, stay
 * focusable (Button `unavailable` / `pending`); a sold-out product's are `disabled`.
 */
import { Minus, Plus } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';

const QUICK_QUANTITIES = [10, 25, 50] as const;

/** What the server counts against this shopper's per-customer limit (GET /api/cart/allowance). */
export interface LimitUse {
  /** The limit the server applies. */
  limit: number;
  /** Units of paid past orders it counts. */
  bought: number;
  /** Units in this shopper's cart. */
  inCart: number;
  /** limit - bought - inCart, at least 0. */
  remaining: number;
}

/**
 * The sentence saying how much of the limit is used, or null when none is: 'You have
 * already ordered 3 of the limit of 4 per customer. You can add 1 more.'; with nothing
 * left 'You have reached the limit of 4 per customer.' (plus how many are in the cart).
 * `canAdd` is the most the stepper allows (the remaining units, or less when the stock
 * is lower); at 0 with some of the limit left, the count alone (the stock's note says why
 * nothing more can go in).
 */
export function limitUseText(use: LimitUse, canAdd: number): string | null {
  const { limit, bought, inCart, remaining } = use;
  if (remaining <= 0) {
    const held =
      inCart === 1 ? ' 1 of them is in your cart.' : ` ${inCart} of them are in your cart.`;
    return `You have reached the limit of ${limit} per customer.${inCart > 0 ? held : ''}`;
  }
  if (bought <= 0 && inCart <= 0) return null;
  const of = `of the limit of ${limit} per customer`;
  const used =
    bought > 0 && inCart > 0
      ? `You have already ordered ${bought}, and have ${inCart} in your cart, ${of}.`
      : bought > 0
        ? `You have already ordered ${bought} ${of}.`
        : `You already have ${inCart} ${of} in your cart.`;
  // Nothing can be added for another reason (the cart holds all the stock): that note says why.
  return canAdd > 0 ? `${used} You can add ${Math.min(remaining, canAdd)} more.` : used;
}

export function QuantitySelector({
  quantity,
  max,
  stockQuantity,
  purchaseLimit,
  soldOut,
  inCart = 0,
  limitUse = null,
  limitUseId,
  pending = false,
  onChange,
}: {
  quantity: number;
  /**
   * Highest quantity allowed (stock and what the per-customer limit still allows); 0 when
   * sold out or when nothing of the limit is left.
   */
  max: number;
  stockQuantity: number;
  purchaseLimit: number | null;
  soldOut: boolean;
  /** Units of this product in the shopper's cart (they count against the stock). */
  inCart?: number;
  /** The server's count against the limit; null while unknown or when there is no limit. */
  limitUse?: LimitUse | null;
  /** Id for the note on `limitUse` (the page's Add to Cart is described by it too). */
  limitUseId?: string;
  /** An add is in flight: the controls keep focus and ignore input. */
  pending?: boolean;
  onChange(quantity: number): void;
}) {
  const inputId = useId();
  const noteId = useId();
  const ownUsedNoteId = useId();
  const usedNoteId = limitUseId ?? ownUsedNoteId;
  const ownLimitTextId = useId();
  const [draft, setDraft] = useState(String(quantity));
  useEffect(() => setDraft(String(quantity)), [quantity]);
  const clamp = (n: number) => Math.max(1, Math.min(max, Math.floor(n)));
  // Nothing of the limit left (max 0 on a product in stock): the field keeps its 1, read-only.
  const locked = pending || max < 1;

  const commit = (text: string) => {
    const n = Number.parseInt(text, 10);
    const next = Number.isFinite(n) && !locked ? clamp(n) : quantity;
    setDraft(String(next));
    if (next !== quantity) onChange(next);
  };

  const usedText = !soldOut && limitUse ? limitUseText(limitUse, max) : null;
  // What stops the stepper: the limit (what is left of it) or the stock.
  const limitCap = limitUse ? limitUse.remaining : purchaseLimit;
  const stockLeft = Math.max(0, stockQuantity - inCart);
  const limitBound = limitCap !== null && limitCap <= stockLeft;
  const stockText =
    inCart > 0
      ? stockLeft > 0
        ? `Only ${stockQuantity} in stock, and ${inCart} ${inCart === 1 ? 'is' : 'are'} in your cart: you can add ${stockLeft} more.`
        : `All ${stockQuantity} in stock are in your cart.`
      : `Only ${stockQuantity} in stock: that's the most you can order.`;
  // The cart holds all the stock: said even though the stepper has nothing left (max 0).
  const stockFull = !soldOut && !limitBound && stockLeft < 1;
  // `usedNoteId` (what Add to Cart is described by) names the reason nothing more can be
  // added: the stock's note when the cart holds all of it, else the limit's.
  const limitTextId = stockFull ? ownLimitTextId : usedNoteId;
  const describedBy =
    [purchaseLimit !== null ? noteId : '', usedText ? limitTextId : '', stockFull ? usedNoteId : '']
      .filter(Boolean)
      .join(' ') || undefined;

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
        {/* At their ends minus and plus are `unavailable`, not disabled: a buyer pressing
            plus up to the cap keeps the focus on it (docs/decisions.md "One way to show an
            unavailable button"). Sold out they are not usable at all on this page. */}
        <Button
          type="button"
          variant="outline"
          size="icon"
          aria-label="Decrease quantity"
          disabled={soldOut}
          pending={pending}
          unavailable={quantity <= 1}
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
          disabled={soldOut}
          readOnly={locked}
          aria-describedby={describedBy}
          className="w-20 text-center"
          onChange={(e) => {
            if (locked) return;
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
          disabled={soldOut}
          pending={pending}
          unavailable={quantity >= max}
          onClick={() => onChange(clamp(quantity + 1))}
        >
          <Plus aria-hidden="true" />
        </Button>
      </div>
      {usedText && (
        <p id={limitTextId} role="status" className="text-sm font-medium text-amber-900">
          {usedText}
        </p>
      )}
      {!soldOut && max > 0 && quantity >= max && !(limitBound && usedText) && (
        <p role="status" className="text-sm font-medium text-amber-900">
          {limitBound
            ? `You've reached the limit of ${limitUse?.limit ?? purchaseLimit} per customer.`
            : stockText}
        </p>
      )}
      {stockFull && (
        <p id={usedNoteId} role="status" className="text-sm font-medium text-amber-900">
          {stockText}
        </p>
      )}
      {/* Always shown; a button above the stock or the limit is disabled (spec section 9),
          so a sold-out product shows all three disabled. While an add is in flight they
          are `pending` (focus kept). */}
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
            disabled={n > max}
            pending={pending}
            onClick={() => onChange(n)}
          >
            {n}
          </Button>
        ))}
      </fieldset>
    </div>
  );
}
