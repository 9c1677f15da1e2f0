/**
 * One cart row (storefront spec section 2 "Cart drawer", 4 "Cart quantity", 8): image,
 * name, the server's unit price with 'each' (and the volume tier when one applies;
 * a free product shows 'FREE', as in the catalogue: spec section 9),
 * minus/plus (minus at quantity 1 removes the line), line total and a remove button.
 * Buttons are disabled while any cart change is pending: marked aria-disabled and
 * ignoring clicks, not `disabled`, so a keyboard user's focus stays on the button
 * (a disabled button drops it to the page; WCAG 2.4.3). Plus stops at the stock or
 * the per-customer limit (spec section 5: 4 for the promo pins), whichever is lower,
 * and a hint under the buttons says which ('Limit 4 per customer', 'Only N left in stock').
 */
import { dollarsToCents, formatUsd } from '@shared/money';
import type { CartItem } from '@shared/schemas/cart';
import { Minus, Plus, Trash2 } from 'lucide-react';
import { useId } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { quantityCap } from '../quantity-cap';
import { usd } from './format';

export interface CartLineProps {
  item: CartItem;
  pending: boolean;
  onChangeQuantity(item: CartItem, quantity: number): void;
  onRemove(item: CartItem): void;
  onNavigate(): void;
}

export function CartLine({ item, pending, onChangeQuantity, onRemove, onNavigate }: CartLineProps) {
  const { product } = item;
  const hintId = useId();
  const cap = quantityCap(product);
  const atMax = item.quantity >= cap.max;
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
            className={`size-8 ${OFF_LOOK}`}
            aria-label={`Decrease quantity of ${product.name}`}
            {...busy(pending)}
            onClick={() => {
              if (pending) return;
              if (item.quantity <= 1) onRemove(item);
              else onChangeQuantity(item, item.quantity - 1);
            }}
          >
            <Minus aria-hidden="true" />
          </Button>
          {/* Announced when it changes (the buttons keep the focus). */}
          <span className="min-w-8 text-center tabular-nums" aria-live="polite">
            <span className="sr-only">Quantity </span>
            {item.quantity}
          </span>
          <Button
            variant="outline"
            size="icon"
            className={`size-8 ${OFF_LOOK}`}
            aria-label={`Increase quantity of ${product.name}`}
            aria-describedby={atMax ? hintId : undefined}
            {...busy(pending || atMax)}
            onClick={() => {
              if (!pending && !atMax) onChangeQuantity(item, item.quantity + 1);
            }}
          >
            <Plus aria-hidden="true" />
          </Button>
        </div>
        {atMax ? (
          <p id={hintId} className="mt-1 text-xs text-slate-600">
            {cap.text}
          </p>
        ) : null}
      </div>
      <div className="flex flex-col items-end justify-between">
        <p className="font-semibold tabular-nums">
          {item.lineTotal === 0 ? 'FREE' : usd(item.lineTotal)}
        </p>
        <Button
          variant="ghost"
          size="icon"
          className={`size-8 text-slate-600 hover:text-destructive ${OFF_LOOK}`}
          aria-label={`Remove ${product.name} from cart`}
          {...busy(pending)}
          onClick={() => {
            if (!pending) onRemove(item);
          }}
        >
          <Trash2 aria-hidden="true" />
        </Button>
      </div>
    </li>
  );
}

/** A button that cannot act now but keeps the focus: aria-disabled (greyed by OFF_LOOK). */
function busy(off: boolean) {
  return { 'aria-disabled': off || undefined };
}
const OFF_LOOK = 'aria-disabled:cursor-not-allowed aria-disabled:opacity-50';
