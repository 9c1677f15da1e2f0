/**
 * The wizard's live price summary (storefront spec sections 2, 9): per-pin price with
 * its plating, size and packaging extras, quantity, rush fee, discount, total, 10%
 * deposit and balance, and the estimated delivery date; plus the promo code box
 * (Apply / Remove, 'Validating...'; an applied code below its minimum order gives no
 * discount and says why, in the server's words). Computed with the shared pricing module the server
 * charges with; the server recomputes every amount when the order is prepared.
 */
import { estimatedDelivery, PACKAGING_LABELS } from '@shared/custom-pins';
import { formatUsd } from '@shared/money';
import {
  type CustomPinQuote,
  customPinBasePrice,
  PACKAGING_EXTRA_CENTS,
  PLATING_EXTRA_CENTS,
  SIZE_EXTRA_CENTS,
} from '@shared/pricing';
import { X } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { calendarDay, longDate } from '@/lib/dates';
import { useStoreToday } from '@/lib/store-calendar';
import { cn } from '@/lib/utils';
import { promoProblem, type WizardState } from '../wizard-state';

/**
 * How long the price must stay unchanged before it is announced: typing '120' or dragging
 * the slider is one announcement of where it stopped, not one per keystroke or step.
 */
export const PRICE_ANNOUNCE_DELAY_MS = 700;

/** The price in one sentence for screen readers: '120 pins at $5.00 each: total ...'. */
export function priceSentence(quantity: number, quote: CustomPinQuote): string {
  return `${quantity} pins at ${formatUsd(quote.pricePerPinCents)} each: total ${formatUsd(
    quote.totalCents,
  )}, deposit due today ${formatUsd(quote.depositCents)}.`;
}

/**
 * The sentence to announce: `sentence` once it has held for PRICE_ANNOUNCE_DELAY_MS,
 * empty until the first change (the price on arrival is read with the page, not announced).
 */
function useSettledAnnouncement(sentence: string): string {
  const [announced, setAnnounced] = useState('');
  const first = useRef(sentence);
  useEffect(() => {
    if (sentence === first.current) return;
    first.current = '';
    const timer = window.setTimeout(() => setAnnounced(sentence), PRICE_ANNOUNCE_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [sentence]);
  return announced;
}

/** "June 5, 2026" from YYYY-MM-DD. */
function formatDay(iso: string): string {
  return longDate(calendarDay(iso), true);
}

export function PriceSummary({
  state,
  quote,
  promoInput,
  onPromoInput,
  onApplyPromo,
  onRemovePromo,
  validating,
}: {
  state: WizardState;
  quote: CustomPinQuote | null;
  promoInput: string;
  onPromoInput(value: string): void;
  onApplyPromo(): void;
  onRemovePromo(): void;
  validating: boolean;
}) {
  const promoId = useId();
  // Applying swaps the form for 'CODE applied' and Remove swaps it back: the focus moves
  // to what replaced the control the user was on, not to the page (WCAG 2.4.3).
  const removeButton = useRef<HTMLButtonElement>(null);
  const promoField = useRef<HTMLInputElement>(null);
  const applied = state.appliedDiscount !== null;
  const wasApplied = useRef(applied);
  useEffect(() => {
    if (applied === wasApplied.current) return;
    wasApplied.current = applied;
    const lost = document.activeElement === document.body || document.activeElement === null;
    if (lost) (applied ? removeButton.current : promoField.current)?.focus();
  }, [applied]);
  /** The delivery estimate counts from the shop's today, as the stored order's does. */
  const today = useStoreToday();
  // One labelled sentence after a change (a screen-reader audit heard '$5.00', '120',
  // '$600.00' from the whole list, and never the total or the deposit).
  // An applied code that does not apply at these choices (below its minimum order) gives
  // no discount and says why next to it, in the server's words, before 'Pay Deposit'.
  const promoNote = promoProblem(state);
  const promoNoteId = `${promoId}-note`;
  const announcement = useSettledAnnouncement(
    quote
      ? `${priceSentence(state.quantity, quote)}${
          promoNote && state.appliedDiscount
            ? ` Promo code ${state.appliedDiscount.code} not applied: ${promoNote}.`
            : ''
        }`
      : '',
  );
  const extras: [string, number][] = [];
  if (PLATING_EXTRA_CENTS[state.plating] > 0)
    extras.push([`${state.plating.replace('-', ' ')} plating`, PLATING_EXTRA_CENTS[state.plating]]);
  if (SIZE_EXTRA_CENTS[state.size] > 0)
    extras.push([`${state.size.replace('inch', ' inch')} size`, SIZE_EXTRA_CENTS[state.size]]);
  for (const p of state.packaging) {
    if (PACKAGING_EXTRA_CENTS[p] > 0) extras.push([PACKAGING_LABELS[p], PACKAGING_EXTRA_CENTS[p]]);
  }
  return (
    <Card aria-labelledby="price-summary-title">
      <CardHeader>
        <h2 id="price-summary-title" className="text-lg leading-none font-semibold">
          Price Summary
        </h2>
      </CardHeader>
      <CardContent className="space-y-4">
        <p role="status" className="sr-only" data-testid="price-announcement">
          {announcement}
        </p>
        {quote ? (
          <dl className="space-y-1.5 text-sm">
            <Row term="Base price per pin" value={formatUsd(customPinBasePrice(state.quantity))} />
            {extras.map(([label, cents]) => (
              <Row key={label} term={`+ ${label}`} value={formatUsd(cents)} muted />
            ))}
            <Row term="Price per pin" value={formatUsd(quote.pricePerPinCents)} strong />
            <Row term="Quantity" value={String(state.quantity)} />
            <Row term="Pins subtotal" value={formatUsd(quote.baseTotalCents)} />
            {quote.rushFeeCents > 0 ? (
              <Row term="Rush fee" value={formatUsd(quote.rushFeeCents)} />
            ) : null}
            {quote.discountCents > 0 ? (
              <Row
                term={`Discount (${state.appliedDiscount?.code ?? ''})`}
                value={`-${formatUsd(quote.discountCents)}`}
              />
            ) : null}
          </dl>
        ) : null}
        {quote ? (
          <dl className="space-y-1.5 border-t pt-3 text-sm">
            <Row term="Total" value={formatUsd(quote.totalCents)} strong />
            <Row term="Deposit due today (10%)" value={formatUsd(quote.depositCents)} strong />
            <Row term="Balance after approval" value={formatUsd(quote.balanceCents)} />
            <Row
              term="Estimated delivery"
              value={today ? formatDay(estimatedDelivery(today, state.rushOrder)) : '…'}
            />
          </dl>
        ) : (
          <p className="text-muted-foreground text-sm">
            Choose a quantity from 25 to 1000 to see your price.
          </p>
        )}
        <hr />
        <div className="space-y-2">
          <Label htmlFor={promoId}>Promo code</Label>
          {state.appliedDiscount ? (
            <div
              className={cn(
                'space-y-1 rounded-md border px-3 py-2 text-sm',
                promoNote ? 'border-amber-300 bg-amber-50' : 'border-green-300 bg-green-50',
              )}
            >
              <div className="flex items-center justify-between gap-2">
                <span>
                  <span className="font-semibold">{state.appliedDiscount.code}</span>{' '}
                  {promoNote ? 'not applied' : 'applied'}
                </span>
                <Button
                  ref={removeButton}
                  type="button"
                  size="sm"
                  variant="ghost"
                  aria-describedby={promoNote ? promoNoteId : undefined}
                  onClick={onRemovePromo}
                >
                  <X aria-hidden="true" />
                  Remove
                </Button>
              </div>
              {promoNote ? (
                <p id={promoNoteId} className="text-amber-950" data-testid="promo-note">
                  {promoNote}
                </p>
              ) : null}
            </div>
          ) : (
            <form
              className="flex gap-2"
              onSubmit={(e) => {
                e.preventDefault();
                onApplyPromo();
              }}
            >
              <Input
                ref={promoField}
                id={promoId}
                value={promoInput}
                onChange={(e) => onPromoInput(e.target.value.toUpperCase())}
                autoComplete="off"
                maxLength={64}
                className="uppercase"
              />
              <Button
                type="submit"
                variant="outline"
                disabled={!promoInput.trim() || !quote}
                pending={validating}
              >
                {validating ? 'Validating...' : 'Apply'}
              </Button>
            </form>
          )}
        </div>
      </CardContent>
    </Card>
  );
}

function Row({
  term,
  value,
  strong = false,
  muted = false,
}: {
  term: string;
  value: string;
  strong?: boolean;
  muted?: boolean;
}) {
  return (
    <div
      className={cn(
        'flex justify-between gap-4',
        strong && 'font-semibold',
        muted && 'text-muted-foreground pl-2 capitalize',
      )}
    >
      <dt>{term}</dt>
      <dd className="text-right">{value}</dd>
    </div>
  );
}
