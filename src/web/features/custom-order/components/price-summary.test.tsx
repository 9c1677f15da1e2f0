// @vitest-environment jsdom
/**
 * The wizard's 'Estimated delivery' counts from the shop's today (GET /api/calendar), the
 * day the server stores the order's estimate from, not from the browser's own today:
 * standard production is 4 weeks + 5 days (storefront spec section 9). A price change is
 * announced once, as one labelled sentence, when the quantity stops changing.
 */

import { formatUsd } from '@shared/money';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from 'preact';
import { act } from 'react-dom/test-utils';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, settle, unmount } from '@/test/dom';
import { INITIAL_WIZARD, wizardQuote } from '../wizard-state';
import { PRICE_ANNOUNCE_DELAY_MS, PriceSummary } from './price-summary';

let container: HTMLDivElement | undefined;
afterEach(async () => {
  if (container) await unmount(container);
  container = undefined;
  vi.unstubAllGlobals();
});

type Wizard = typeof INITIAL_WIZARD;

/** Renders (or re-renders, with the same query client) the summary of `state` into `container`. */
function showSummary(client: QueryClient, state: Wizard, promoInput = ''): HTMLDivElement {
  if (!container) {
    container = document.createElement('div');
    document.body.append(container);
  }
  const root = container;
  act(() =>
    render(
      <QueryClientProvider client={client}>
        <PriceSummary
          state={state}
          quote={wizardQuote(state)}
          promoInput={promoInput}
          onPromoInput={() => {}}
          onApplyPromo={() => {}}
          onRemovePromo={() => {}}
          validating={false}
        />
      </QueryClientProvider>,
      root,
    ),
  );
  return root;
}

describe('wizard price summary', () => {
  it("estimates delivery from the shop's today", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) =>
        String(url).endsWith('/api/calendar')
          ? jsonResponse(200, { today: '2031-01-06', timeZone: 'America/Los_Angeles' })
          : jsonResponse(404, { message: 'Not found' }),
      ),
    );
    const root = showSummary(new QueryClient(), {
      ...INITIAL_WIZARD,
      quantity: 100,
      rushOrder: false,
    });
    const row = () =>
      [...root.querySelectorAll('dt')].find((dt) => dt.textContent === 'Estimated delivery')
        ?.nextElementSibling?.textContent;
    // 2031-01-06 + 33 days.
    await settle(() => expect(row()).toBe('February 8, 2031'));
  });

  it('keeps the keyboard focus when a promo code is applied and removed', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse(200, { today: '2031-01-06', timeZone: 'UTC' })),
    );
    const show = (appliedDiscount: Wizard['appliedDiscount']) =>
      showSummary(client, { ...INITIAL_WIZARD, quantity: 100, appliedDiscount }, 'SAVE5');
    const client = new QueryClient();
    show(null);
    // The Apply button had the focus; it is replaced by 'SAVE5 applied' and Remove.
    (document.activeElement as HTMLElement | null)?.blur();
    show({ code: 'SAVE5', discountType: 'fixed', discountValue: 5, minimumOrderAmount: 0 });
    await settle(() => expect(document.activeElement?.textContent).toBe('Remove'));
    (document.activeElement as HTMLElement).blur();
    show(null);
    await settle(() => expect(document.activeElement?.tagName).toBe('INPUT'));
  });

  it("shows no discount below a code's minimum order and says why next to the code", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse(200, { today: '2031-01-06', timeZone: 'UTC' })),
    );
    // The audit's 'MIN400' (10% off, minimum $400), applied at 100 pins, then 50 pins.
    const appliedDiscount = {
      code: 'MIN400',
      discountType: 'percentage' as const,
      discountValue: 10,
      minimumOrderAmount: 400,
    };
    const client = new QueryClient();
    const amount = (root: HTMLElement, term: RegExp) =>
      [...root.querySelectorAll('dt')].find((dt) => term.test(dt.textContent ?? ''))
        ?.nextElementSibling?.textContent ?? null;
    const note = (root: HTMLElement) => root.querySelector('[data-testid="promo-note"]');
    const remove = (root: HTMLElement) =>
      [...root.querySelectorAll('button')].find((b) => b.textContent === 'Remove')!;

    let root = showSummary(client, { ...INITIAL_WIZARD, quantity: 100, appliedDiscount });
    expect(amount(root, /^Discount/)).toBe('-$50.00');
    expect(amount(root, /^Deposit/)).toBe('$45.00');
    expect(note(root)).toBeNull();
    expect(root.textContent).toContain('MIN400 applied');

    root = showSummary(client, { ...INITIAL_WIZARD, quantity: 50, appliedDiscount });
    // The deposit the server will charge: $350 with no discount, not $315.
    expect(amount(root, /^Discount/)).toBeNull();
    expect(amount(root, /^Deposit/)).toBe('$35.00');
    expect(note(root)?.textContent).toBe('Minimum order of $400.00 required for this code');
    expect(root.textContent).toContain('MIN400 not applied');
    // Read with the code's Remove button.
    expect(remove(root).getAttribute('aria-describedby')).toBe(note(root)?.id);
  });

  it('announces a new price once, labelled, with the total and the deposit', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse(200, { today: '2031-01-06', timeZone: 'UTC' })),
    );
    const client = new QueryClient();
    const root = showSummary(client, { ...INITIAL_WIZARD, quantity: 100 });
    const status = root.querySelector('[role="status"]');
    expect(status?.textContent).toBe(''); // the price on arrival is read with the page
    // The list of amounts is not live: it read '$5.00', '120', '$600.00' without labels.
    expect(root.querySelector('[aria-live]')).toBeNull();
    const heard: string[] = [];
    const observer = new MutationObserver(() => heard.push(status?.textContent ?? ''));
    observer.observe(status as Node, { childList: true, characterData: true, subtree: true });
    // Typing 120: 1, 12, 120 (the first two are out of range), well within the delay.
    for (const quantity of [1, 12, 120]) showSummary(client, { ...INITIAL_WIZARD, quantity });
    const quote = wizardQuote({ ...INITIAL_WIZARD, quantity: 120 })!;
    const sentence = `120 pins at ${formatUsd(quote.pricePerPinCents)} each: total ${formatUsd(
      quote.totalCents,
    )}, deposit due today ${formatUsd(quote.depositCents)}.`;
    await settle(() => expect(status?.textContent).toBe(sentence), PRICE_ANNOUNCE_DELAY_MS + 2000);
    observer.disconnect();
    expect(heard.filter((t) => t !== '')).toEqual([sentence]);
  });
});
