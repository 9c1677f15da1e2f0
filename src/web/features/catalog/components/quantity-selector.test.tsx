// @vitest-environment jsdom
/**
 * The product page's quick-quantity buttons 10, 25, 50 are disabled when the stock (or the
 * per-customer limit) is lower (storefront spec section 9), never hidden: a sold-out product
 * and a promo pin limited to 4 show all three, disabled. A typed quantity above the stock
 * is capped while typing, so the stock note shows before the click on Add to Cart. What the
 * server counts against the per-customer limit (past orders, the cart) is said, and minus
 * and plus at their ends stay focusable (aria-disabled, not disabled).
 */
import { type ComponentChild, render } from 'preact';
import { act } from 'react-dom/test-utils';
import { afterEach, describe, expect, it } from 'vitest';
import { unmount } from '@/test/dom';
import { type LimitUse, QuantitySelector } from './quantity-selector';

let root: HTMLElement | undefined;
afterEach(async () => {
  await unmount(root);
});

function quickButtons(props: {
  max: number;
  stockQuantity: number;
  purchaseLimit: number | null;
  soldOut: boolean;
}): Record<string, boolean> {
  root = document.createElement('div');
  document.body.append(root);
  act(() => {
    render(
      (
        <QuantitySelector quantity={1} onChange={() => {}} {...props} />
      ) as unknown as ComponentChild,
      root!,
    );
  });
  const states: Record<string, boolean> = {};
  for (const n of [10, 25, 50]) {
    const button = root.querySelector<HTMLButtonElement>(
      `button[aria-label="Set quantity to ${n}"]`,
    );
    expect(button, `button ${n}`).not.toBeNull();
    states[n] = button!.disabled;
  }
  return states;
}

describe('quick-quantity buttons', () => {
  it('are enabled up to the stock and disabled above it', () => {
    expect(
      quickButtons({ max: 30, stockQuantity: 30, purchaseLimit: null, soldOut: false }),
    ).toEqual({ 10: false, 25: false, 50: true });
  });

  it('are shown, all disabled, when the product is sold out', () => {
    expect(quickButtons({ max: 0, stockQuantity: 0, purchaseLimit: null, soldOut: true })).toEqual({
      10: true,
      25: true,
      50: true,
    });
  });

  it('are shown, all disabled, when the per-customer limit is below 10', () => {
    expect(quickButtons({ max: 4, stockQuantity: 200, purchaseLimit: 4, soldOut: false })).toEqual({
      10: true,
      25: true,
      50: true,
    });
  });
});

describe('typing a quantity', () => {
  it('above the stock caps it while typing, so the stock note shows before the field loses focus', () => {
    root = document.createElement('div');
    document.body.append(root);
    const seen: number[] = [];
    let quantity = 1;
    const draw = () =>
      render(
        (
          <QuantitySelector
            quantity={quantity}
            max={60}
            stockQuantity={60}
            purchaseLimit={null}
            soldOut={false}
            onChange={(n) => {
              seen.push(n);
              quantity = n;
              draw();
            }}
          />
        ) as unknown as ComponentChild,
        root!,
      );
    act(draw);
    const input = root.querySelector<HTMLInputElement>('input')!;
    act(() => {
      input.value = '500';
      input.dispatchEvent(new Event('input', { bubbles: true }));
    });
    expect(seen.at(-1)).toBe(60);
    expect(input.value).toBe('60');
    // Another digit behind the capped figure keeps it capped in the field too.
    act(() => {
      input.value = '600';
      input.dispatchEvent(new Event('input', { bubbles: true }));
    });
    expect(input.value).toBe('60');
    expect(root.querySelector('[role="status"]')?.textContent).toBe(
      "Only 60 in stock: that's the most you can order.",
    );
  });
});

describe('the per-customer limit already used', () => {
  function draw(props: {
    quantity?: number;
    max: number;
    limitUse: LimitUse | null;
    stockQuantity?: number;
    onChange?: (n: number) => void;
  }) {
    root = document.createElement('div');
    document.body.append(root);
    act(() => {
      render(
        (
          <QuantitySelector
            quantity={props.quantity ?? 1}
            max={props.max}
            stockQuantity={props.stockQuantity ?? 200}
            purchaseLimit={4}
            soldOut={false}
            limitUse={props.limitUse}
            onChange={props.onChange ?? (() => {})}
          />
        ) as unknown as ComponentChild,
        root!,
      );
    });
    const button = (label: string) =>
      root!.querySelector<HTMLButtonElement>(`button[aria-label="${label}"]`)!;
    return {
      text: root.textContent ?? '',
      statuses: [...root.querySelectorAll('[role="status"]')].map((el) => el.textContent),
      input: root.querySelector<HTMLInputElement>('input')!,
      minus: button('Decrease quantity'),
      plus: button('Increase quantity'),
    };
  }

  it('says how much past orders used and caps plus there, still focusable', () => {
    const seen: number[] = [];
    const view = draw({
      max: 1,
      limitUse: { limit: 4, bought: 3, inCart: 0, remaining: 1 },
      onChange: (n) => seen.push(n),
    });
    expect(view.text).toContain('Limit 4 per customer');
    expect(view.statuses).toEqual([
      'You have already ordered 3 of the limit of 4 per customer. You can add 1 more.',
    ]);
    for (const b of [view.minus, view.plus]) {
      expect(b.disabled).toBe(false);
      expect(b.getAttribute('aria-disabled')).toBe('true');
    }
    view.plus.focus();
    act(() => view.plus.click());
    expect(seen).toEqual([]);
    expect(document.activeElement).toBe(view.plus);
    // The field is described by the limit and by what is used of it.
    const described = view.input.getAttribute('aria-describedby')!.split(' ');
    expect(described.map((id) => document.getElementById(id)?.textContent)).toEqual([
      'Limit 4 per customer',
      'You have already ordered 3 of the limit of 4 per customer. You can add 1 more.',
    ]);
  });

  it('counts what is in the cart, alone or with past orders', () => {
    expect(
      draw({ max: 2, limitUse: { limit: 4, bought: 0, inCart: 2, remaining: 2 } }).statuses,
    ).toEqual([
      'You already have 2 of the limit of 4 per customer in your cart. You can add 2 more.',
    ]);
    act(() => render(null, root!));
    expect(
      draw({ max: 1, limitUse: { limit: 4, bought: 1, inCart: 2, remaining: 1 } }).statuses,
    ).toEqual([
      'You have already ordered 1, and have 2 in your cart, of the limit of 4 per customer. You can add 1 more.',
    ]);
  });

  it('says when nothing is left; the field keeps 1 and typing changes nothing', () => {
    const seen: number[] = [];
    const view = draw({
      max: 0,
      limitUse: { limit: 4, bought: 4, inCart: 0, remaining: 0 },
      onChange: (n) => seen.push(n),
    });
    expect(view.statuses).toEqual(['You have reached the limit of 4 per customer.']);
    expect(view.plus.getAttribute('aria-disabled')).toBe('true');
    expect(view.plus.disabled).toBe(false);
    expect(view.input.readOnly).toBe(true);
    act(() => {
      view.input.value = '3';
      view.input.dispatchEvent(new Event('input', { bubbles: true }));
      view.input.dispatchEvent(new Event('blur'));
    });
    expect(seen).toEqual([]);
  });

  it('says nothing more while nothing of the limit is used', () => {
    const view = draw({ max: 4, limitUse: { limit: 4, bought: 0, inCart: 0, remaining: 4 } });
    expect(view.statuses).toEqual([]);
    expect(view.plus.getAttribute('aria-disabled')).toBeNull();
    expect(view.minus.getAttribute('aria-disabled')).toBe('true');
  });
});
