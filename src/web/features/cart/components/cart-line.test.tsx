// @vitest-environment jsdom
/**
 * A cart row's prices: the server's unit price with 'each' and the line total; a free
 * product (price 0) reads 'FREE', as on its catalogue card (storefront spec section 9:
 * "Free products (price 0) show 'FREE'"), not '$0.00'.
 */
import type { CartItem } from '@shared/schemas/cart';
import { render } from 'preact';
import { act } from 'react-dom/test-utils';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { unmount } from '@/test/dom';
import { CartLine } from './cart-line';

const line = (price: number, quantity: number): CartItem => ({
  id: 1,
  productId: 5,
  quantity,
  unitPrice: price,
  percentOff: 0,
  lineTotal: Math.round(price * quantity * 100) / 100,
  product: {
    id: 5,
    name: 'First Tee Pin',
    price,
    imageUrl: null,
    stockQuantity: 40,
    purchaseLimit: null,
  },
});

let container: HTMLDivElement;
afterEach(() => unmount(container));

function renderLine(
  item: CartItem,
  pending = false,
  onChangeQuantity: (item: CartItem, quantity: number) => void = () => {},
): string {
  container = document.createElement('div');
  document.body.append(container);
  const noop = () => {};
  const router = createMemoryRouter([
    {
      path: '/',
      element: (
        <ul>
          <CartLine
            item={item}
            pending={pending}
            onChangeQuantity={onChangeQuantity}
            onRemove={noop}
            onNavigate={noop}
          />
        </ul>
      ),
    },
  ]);
  act(() => render(<RouterProvider router={router} />, container));
  return container.textContent ?? '';
}

describe('cart line prices', () => {
  it("shows 'FREE' for a free product's unit price and line total", () => {
    const text = renderLine(line(0, 2));
    expect(text).toContain('FREE');
    expect(text).not.toContain('$0.00');
    expect(text).not.toContain('each');
    // 25 free pins reach the 20% tier: there is nothing to take 20% off.
    const tier = renderLine({ ...line(0, 25), percentOff: 20 });
    expect(tier).not.toContain('volume discount');
  });

  it('says what the volume tier saves on the line, from the list price and the line total', () => {
    // 250 pins listed at $6.99, $5.59 each at 20% off: $1,747.50 - $1,397.50.
    const text = renderLine({
      ...line(6.99, 250),
      unitPrice: 5.59,
      percentOff: 20,
      lineTotal: 1397.5,
    });
    expect(text).toContain('$5.59 each');
    expect(text).toContain('(20% volume discount: you save $350.00)');
  });

  it("shows the unit price with 'each' and the line total otherwise", () => {
    const text = renderLine(line(12.5, 2));
    expect(text).toContain('$12.50 each');
    expect(text).toContain('$25.00');
  });
});

describe('cart line while a change is pending', () => {
  it('keeps its buttons focusable (aria-disabled, not disabled) and ignores their clicks', () => {
    const changes: number[] = [];
    renderLine(line(12.5, 2), true, (_item, quantity) => changes.push(quantity));
    const plus = container.querySelector<HTMLButtonElement>(
      'button[aria-label="Increase quantity of First Tee Pin"]',
    )!;
    expect(plus.disabled).toBe(false);
    expect(plus.getAttribute('aria-disabled')).toBe('true');
    plus.focus();
    act(() => plus.click());
    expect(changes).toEqual([]);
    expect(document.activeElement).toBe(plus);
    // The quantity is a polite live region: a change is announced.
    expect(container.querySelector('[aria-live="polite"]')?.textContent).toBe('Quantity 2');
  });
});
