// @vitest-environment jsdom
/**
 * The product page's quick-quantity buttons 10, 25, 50 are disabled when the stock (or the
 * per-customer limit) is lower (storefront spec section 9), never hidden: a sold-out product
 * and a promo pin limited to 4 show all three, disabled. A typed quantity above the stock
 * is capped while typing, so the stock note shows before the click on Add to Cart.
 */
import { type ComponentChild, render } from 'preact';
import { act } from 'react-dom/test-utils';
import { afterEach, describe, expect, it } from 'vitest';
import { unmount } from '@/test/dom';
import { QuantitySelector } from './quantity-selector';

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
