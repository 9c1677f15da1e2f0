/**
 * One cart row (storefront spec section 2 "Cart drawer", 4 "Cart quantity", 8): image,
 * name, the server's unit price with 'each' (and the volume tier when one applies;
 * a free product shows 'FREE', as in the catalogue: spec section 9),
 * minus/plus (minus at quantity 1 removes the line), a typeable quantity between them,
 * line total and a remove button.
 * Buttons are the shared Button's `pending` while any cart change is under way (plus is
 * also `unavailable` at its cap): aria-disabled and ignoring clicks, not `disabled`, so a
 * keyboard user's focus stays on the button (a disabled button drops it to the page;
 * WCAG 2.4.3); the quantity field is read-only then, for the same reason. Plus stops at
 * the stock or the per-customer limit (spec section 5: 4 for the promo pins), whichever is lower,
 * and a hint under the buttons says which ('Limit 4 per customer', 'Only N left in stock').
 * The typed quantity (docs/decisions.md "Typing a cart quantity") is sent only when the
 * buyer commits it (Enter or leaving the field): a whole number, lowered to that cap;
 * anything else (empty, 0, letters) puts the current quantity back with a polite message and
 * never removes the line. The server checks it again (PATCH /api/cart/{id}) and prices it.
 */
import { dollarsToCents, formatUsd } from '@shared/money';
import type { CartItem } from '@shared/schemas/cart';
import { Minus, Plus, Trash2 } from 'lucide-react';
import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { quantityCap } from '../quantity-cap';
import { usd } from './format';

export interface CartLineProps {
  item: CartItem;
  pending: boolean;
  /** Sends `quantity`; settles once the server has answered and the cart was refetched. */
  onChangeQuantity(item: CartItem, quantity: number): Promise<unknown>;
  onRemove(item: CartItem): void;
  onNavigate(): void;
}

/** Said (politely) when a committed quantity is empty, 0 or not a whole number. */
export const QUANTITY_NOT_TAKEN =
  'Enter a whole number of 1 or more; Remove takes the pin out of the cart.';

/**
 * Whether `target` (a keydown's target) is a cart quantity field holding an uncommitted
 * value: Escape there puts the quantity back instead of closing the drawer.
 */
export function isEditingQuantity(target: EventTarget | null): boolean {
  return target instanceof Element && target.closest('[data-quantity-draft]') !== null;
}

/**
 * A typed quantity as a whole number of at least 1 ('1,000' and '1 000' read as 1000), or
 * null when it is empty, 0, a fraction or not a number.
 */
function parseQuantity(text: string): number | null {
  const digits = text.replace(/[\s,]/g, '');
  if (!/^\d+$/.test(digits)) return null;
  const quantity = Number(digits);
  return quantity >= 1 ? quantity : null;
}

/**
 * A cart row (see the file's comment). `pending`: a cart change is under way (buttons
 * `pending`, the quantity field read-only); `onChangeQuantity` receives the new
 * quantity (minus, plus or a committed typed value, never below 1), `onRemove` is minus at
 * 1 and the remove button, `onNavigate` the product link.
 */
export function CartLine({ item, pending, onChangeQuantity, onRemove, onNavigate }: CartLineProps) {
  const { product } = item;
  const hintId = useId();
  const noteId = useId();
  const cap = quantityCap(product);
  const atMax = item.quantity >= cap.max;
  // The field's text while the buyer types (null: it shows the quantity). Nothing is sent
  // until Enter or leaving the field commits it.
  const [draft, setDraft] = useState<string | null>(null);
  // A committed quantity on its way to the server: shown until the server has answered
  // (onChangeQuantity's promise settles once the cart is refetched), then the cart's is.
  const [sent, setSent] = useState<number | null>(null);
  // Why the last committed value was not taken as typed: not a quantity, or above the cap.
  const [note, setNote] = useState<'invalid' | 'lowered' | null>(null);
  // A new quantity from the server replaces whatever the field holds.
  const shown = useRef(item.quantity);
  useEffect(() => {
    if (shown.current === item.quantity) return;
    shown.current = item.quantity;
    setSent(null);
    setDraft(null);
  }, [item.quantity]);
  // Above the cap a typed value is lowered to it; never to 0 (an out-of-stock line's cap):
  // the field never removes the line.
  const typedMax = Math.max(cap.max, 1);
  const showHint = atMax || note === 'lowered';

  function commit() {
    if (draft === null) return;
    setDraft(null);
    if (pending) return;
    const typed = parseQuantity(draft);
    if (typed === null) {
      setNote('invalid');
      return;
    }
    const quantity = Math.min(typed, typedMax);
    setNote(quantity < typed ? 'lowered' : null);
    if (quantity === item.quantity) return;
    setSent(quantity);
    const answered = () => setSent((s) => (s === quantity ? null : s));
    onChangeQuantity(item, quantity).then(answered, answered);
  }

  function onQuantityKey(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'Enter') {
      event.preventDefault();
      commit();
    } else if (event.key === 'Escape') {
      // The drawer leaves this Escape to the field (isEditingQuantity).
      setDraft(null);
      setNote(null);
    } else if (event.key === 'ArrowUp' || event.key === 'ArrowDown') {
      // Up and down step the number, as in a number field, between 1 and the cap; like
      // typing, nothing is sent until Enter or leaving the field.
      event.preventDefault();
      if (pending) return;
      const current = parseQuantity(draft ?? String(sent ?? item.quantity)) ?? item.quantity;
      const next = current + (event.key === 'ArrowUp' ? 1 : -1);
      setDraft(String(Math.min(Math.max(next, 1), typedMax)));
      setNote(null);
    }
  }

  function step(quantity: number) {
    setNote(null);
    if (quantity < 1) onRemove(item);
    else onChangeQuantity(item, quantity);
  }
  // What the volume tier saves on this line, in cents: the list price of every unit less
  // the server's line total (both from the server; nothing is priced here).
  const saving = dollarsToCents(product.price) * item.quantity - dollarsToCents(item.lineTotal);
  return (
    <li className="flex gap-3 py-4">
      <div className="size-16 shrink-0 overflow-hidden rounded-md border bg-muted">
        {product.imageUrl ? (
          <img
            src={product.imageUrl}
            alt=""
            width={64}
            height={64}
            loading="lazy"
            className="size-full object-cover"
          />
        ) : (
          <svg viewBox="0 0 64 64" className="size-full" aria-hidden="true">
            <rect width="64" height="64" fill="#ecfdf5" />
            <circle cx="32" cy="32" r="18" fill="#166534" />
            <path d="M32 20 v22 M32 20 l10 4 -10 4" stroke="#fff" strokeWidth="2.5" fill="none" />
          </svg>
        )}
      </div>
      <div className="min-w-0 flex-1">
        <Link
          to={`/product/${item.productId}`}
          onClick={onNavigate}
          className="line-clamp-2 rounded-sm font-medium wrap-anywhere hover:underline focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none"
        >
          {product.name}
        </Link>
        <p className="text-sm text-slate-600">
          {item.unitPrice === 0 ? 'FREE' : `${usd(item.unitPrice)} each`}{' '}
          {/* A free pin has no volume discount to speak of. */}
          {item.percentOff > 0 && item.unitPrice > 0 && (
            <span className="text-green-800">
              ({item.percentOff}% volume discount
              {saving > 0 ? <>: you save {formatUsd(saving)}</> : null})
            </span>
          )}
        </p>
        <div className="mt-2 flex items-center gap-2">
          <Button
            variant="outline"
            size="icon"
            className="size-8"
            aria-label={`Decrease quantity of ${product.name}`}
            pending={pending}
            onClick={() => step(item.quantity - 1)}
          >
            <Minus aria-hidden="true" />
          </Button>
          <Input
            type="text"
            inputMode="numeric"
            autoComplete="off"
            enterKeyHint="done"
            aria-label={`Quantity of ${product.name}`}
            aria-describedby={
              [showHint && hintId, note === 'invalid' && noteId].filter(Boolean).join(' ') ||
              undefined
            }
            className="h-8 w-16 px-1 text-center tabular-nums read-only:cursor-progress"
            value={draft ?? String(sent ?? item.quantity)}
            readOnly={pending}
            data-quantity-draft={draft === null ? undefined : ''}
            onChange={(event) => {
              if (pending) return;
              setDraft(event.currentTarget.value);
              setNote(null);
            }}
            onKeyDown={onQuantityKey}
            onBlur={commit}
          />
          {/* The server's quantity, announced when it changes (the buttons keep the focus);
              not the field's text, which the screen reader echoes as it is typed. */}
          <span className="sr-only" aria-live="polite" aria-atomic="true">
            {`Quantity ${item.quantity}`}
          </span>
          <Button
            variant="outline"
            size="icon"
            className="size-8"
            aria-label={`Increase quantity of ${product.name}`}
            aria-describedby={atMax ? hintId : undefined}
            pending={pending}
            unavailable={atMax}
            onClick={() => step(item.quantity + 1)}
          >
            <Plus aria-hidden="true" />
          </Button>
        </div>
        {showHint ? (
          <p id={hintId} className="mt-1 text-xs text-slate-600">
            {cap.text}
          </p>
        ) : null}
        {/* Why a typed quantity was not taken as typed, said politely; the field is back to
            the quantity by then. Always in the page, so a message put in it is announced. */}
        <div id={noteId} role="status">
          {note === 'invalid' ? (
            <p className="mt-1 text-xs text-slate-600">{QUANTITY_NOT_TAKEN}</p>
          ) : note === 'lowered' ? (
            <span className="sr-only">{`Lowered to ${typedMax}: ${cap.text}.`}</span>
          ) : null}
        </div>
      </div>
      <div className="flex flex-col items-end justify-between">
        <p className="font-semibold tabular-nums">
          {item.lineTotal === 0 ? 'FREE' : usd(item.lineTotal)}
        </p>
        <Button
          variant="ghost"
          size="icon"
          className="size-8 text-slate-600 hover:text-destructive"
          aria-label={`Remove ${product.name} from cart`}
          pending={pending}
          onClick={() => onRemove(item)}
        >
          <Trash2 aria-hidden="true" />
        </Button>
      </div>
    </li>
  );
}
