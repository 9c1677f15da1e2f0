// @vitest-environment jsdom
/**
 * A cart row's prices: the server's unit price with 'each' and the line total; a free
 * product (price 0) reads 'FREE', as on its catalogue card (storefront spec section 9:
 * "Free products (price 0) show 'FREE'"), not '$0.00'.
 * Its quantity (spec section 4 "Cart quantity"; docs/decisions.md "Typing a cart
 * quantity"): minus/plus as the spec says, and a field a wholesale buyer types 250 into,
 * sent once when committed (Enter or leaving it), lowered to the line's cap, put back with a
 * polite message when it is not a quantity, read-only while a change is pending. In the
 * drawer the typed quantity goes through the same PATCH and failure toast as the buttons.
 */
import type { CartItem } from '@shared/schemas/cart';
import { render } from 'preact';
import { useState } from 'react';
import { act } from 'react-dom/test-utils';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { unmount } from '@/test/dom';
import { CartLine, QUANTITY_NOT_TAKEN } from './cart-line';

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
    stockQuantity: 5000,
    purchaseLimit: null,
  },
});

let container: HTMLDivElement;
// Every container a test made (one test renders two lines), unmounted after it.
const mounted: HTMLDivElement[] = [];
function newContainer() {
  container = document.createElement('div');
  document.body.append(container);
  mounted.push(container);
}
afterEach(async () => {
  for (const c of mounted.splice(0)) await unmount(c);
  vi.unstubAllGlobals();
});

interface LineState {
  item: CartItem;
  pending: boolean;
}
/** Changes the rendered line's props, as the drawer does when the cart is refetched. */
let setLine: (next: Partial<LineState>) => void = () => {};

function Harness(
  props: LineState & Pick<Parameters<typeof CartLine>[0], 'onChangeQuantity' | 'onRemove'>,
) {
  const [state, setState] = useState<LineState>({ item: props.item, pending: props.pending });
  setLine = (next) => setState((s) => ({ ...s, ...next }));
  return (
    <ul>
      <CartLine
        item={state.item}
        pending={state.pending}
        onChangeQuantity={props.onChangeQuantity}
        onRemove={props.onRemove}
        onNavigate={() => {}}
      />
    </ul>
  );
}

/**
 * Renders one line; `changes` collects the quantities sent, `removed` the removals;
 * `answer()` settles the last change, as the drawer's promise does once the server answered.
 */
function mountLine(item: CartItem, pending = false) {
  const changes: number[] = [];
  const removed: number[] = [];
  let settle = () => {};
  newContainer();
  const router = createMemoryRouter([
    {
      path: '/',
      element: (
        <Harness
          item={item}
          pending={pending}
          onChangeQuantity={(_item, quantity) => {
            changes.push(quantity);
            return new Promise<void>((resolve) => {
              settle = resolve;
            });
          }}
          onRemove={(removedItem) => removed.push(removedItem.id)}
        />
      ),
    },
  ]);
  act(() => render(<RouterProvider router={router} />, container));
  const answer = () => act(async () => settle());
  return { changes, removed, answer, text: container.textContent ?? '' };
}

function renderLine(item: CartItem, pending = false): string {
  return mountLine(item, pending).text;
}

const field = () =>
  container.querySelector<HTMLInputElement>('input[aria-label="Quantity of First Tee Pin"]')!;
const buttonNamed = (name: string) =>
  container.querySelector<HTMLButtonElement>(`button[aria-label="${name}"]`)!;
const liveQuantity = () => container.querySelector('[aria-live="polite"]')?.textContent;
const status = () => container.querySelector('[role="status"]')!;
/** The texts the field's aria-describedby points at. */
const descriptionOf = (el: Element) =>
  (el.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .filter(Boolean)
    .map((id) => document.getElementById(id)?.textContent ?? '');

function type(value: string) {
  act(() => {
    field().focus();
    field().value = value;
    field().dispatchEvent(new Event('input', { bubbles: true }));
  });
}
function press(key: string) {
  act(() => {
    field().dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true }));
  });
}
function leave() {
  act(() => field().blur());
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
    const { changes } = mountLine(line(12.5, 2), true);
    const plus = buttonNamed('Increase quantity of First Tee Pin');
    expect(plus.disabled).toBe(false);
    expect(plus.getAttribute('aria-disabled')).toBe('true');
    plus.focus();
    act(() => plus.click());
    expect(changes).toEqual([]);
    expect(document.activeElement).toBe(plus);
    // The quantity is a polite live region: a change is announced.
    expect(liveQuantity()).toBe('Quantity 2');
  });

  it('makes the quantity field read-only, not disabled: it keeps the focus and sends nothing', () => {
    const { changes } = mountLine(line(12.5, 2));
    type('250');
    // A change elsewhere in the cart starts while the buyer is in the field.
    act(() => setLine({ pending: true }));
    const input = field();
    expect(input.readOnly).toBe(true);
    expect(input.disabled).toBe(false);
    expect(document.activeElement).toBe(input);
    press('Enter');
    leave();
    expect(changes).toEqual([]);
    expect(field().value).toBe('2');
  });
});

describe('typing a cart quantity', () => {
  it('sends the typed quantity once, on Enter, and keeps the focus in the field', () => {
    const { changes } = mountLine(line(5, 2));
    const input = field();
    expect(input.type).toBe('text');
    expect(input.inputMode).toBe('numeric');
    expect(input.value).toBe('2');
    type('25');
    type('250');
    expect(changes).toEqual([]);
    // What is typed is not announced again: the live region says the server's quantity.
    expect(liveQuantity()).toBe('Quantity 2');
    expect(input.closest('[aria-live]')).toBeNull();
    press('Enter');
    expect(changes).toEqual([250]);
    expect(field().value).toBe('250');
    expect(document.activeElement).toBe(field());
    // Enter again and leaving the field send nothing more.
    press('Enter');
    leave();
    expect(changes).toEqual([250]);
  });

  it('sends the typed quantity when the buyer leaves the field', () => {
    const { changes } = mountLine(line(5, 2));
    type('1,000');
    expect(changes).toEqual([]);
    leave();
    expect(changes).toEqual([1000]);
  });

  it('Escape puts the current quantity back and sends nothing', () => {
    const { changes } = mountLine(line(5, 2));
    type('40');
    expect(field().hasAttribute('data-quantity-draft')).toBe(true);
    press('Escape');
    expect(field().value).toBe('2');
    expect(field().hasAttribute('data-quantity-draft')).toBe(false);
    leave();
    expect(changes).toEqual([]);
  });

  it('sends nothing when the committed value is the current quantity', () => {
    const { changes } = mountLine(line(5, 2));
    type('02');
    press('Enter');
    leave();
    expect(changes).toEqual([]);
    expect(field().value).toBe('2');
  });

  it('lowers a quantity above the per-customer limit to it, with the limit hint on the field', () => {
    const promo = line(5, 2);
    promo.product = { ...promo.product, purchaseLimit: 4 };
    const { changes } = mountLine(promo);
    expect(descriptionOf(field())).toEqual([]);
    type('250');
    press('Enter');
    expect(changes).toEqual([4]);
    expect(field().value).toBe('4');
    expect(descriptionOf(field())).toEqual(['Limit 4 per customer']);
    expect(status().textContent).toBe('Lowered to 4: Limit 4 per customer.');
  });

  it('lowers a quantity above the stock to it, with the stock hint on the field', () => {
    const few = line(5, 2);
    few.product = { ...few.product, stockQuantity: 3 };
    const { changes } = mountLine(few);
    type('10');
    press('Enter');
    expect(changes).toEqual([3]);
    expect(descriptionOf(field())).toEqual(['Only 3 left in stock']);
    // At the cap already: lowered to the current quantity, nothing is sent; the hint stays.
    act(() => setLine({ item: { ...few, quantity: 3 } }));
    type('99');
    press('Enter');
    expect(changes).toEqual([3]);
    expect(field().value).toBe('3');
    expect(descriptionOf(field())).toEqual(['Only 3 left in stock']);
  });

  for (const [what, value] of [
    ['0', '0'],
    ['empty', ''],
    ['letters', 'abc'],
    ['a fraction', '2.5'],
    ['a negative number', '-3'],
  ] as const) {
    it(`puts the quantity back with a polite message when the value is ${what}, sending nothing`, () => {
      const { changes, removed } = mountLine(line(5, 2));
      expect(status().textContent).toBe('');
      type(value);
      press('Enter');
      expect(field().value).toBe('2');
      expect(status().textContent).toBe(QUANTITY_NOT_TAKEN);
      expect(descriptionOf(field())).toEqual([QUANTITY_NOT_TAKEN]);
      leave();
      expect(changes).toEqual([]);
      expect(removed).toEqual([]);
      // Typing again clears the message.
      type('3');
      expect(status().textContent).toBe('');
    });
  }

  it("shows the sent quantity while pending, then the server's quantity once it answers", async () => {
    const { changes, answer } = mountLine(line(5, 2));
    type('250');
    press('Enter');
    act(() => setLine({ pending: true }));
    expect(field().value).toBe('250');
    expect(field().readOnly).toBe(true);
    // The server kept 240 (the refetched cart).
    act(() => setLine({ pending: false, item: line(5, 240) }));
    await answer();
    expect(field().value).toBe('240');
    expect(field().readOnly).toBe(false);
    expect(liveQuantity()).toBe('Quantity 240');
    // A refused change: the cart is unchanged and the field shows its quantity again.
    type('300');
    press('Enter');
    act(() => setLine({ pending: true }));
    expect(field().value).toBe('300');
    act(() => setLine({ pending: false }));
    await answer();
    expect(field().value).toBe('240');
    expect(changes).toEqual([250, 300]);
  });
});

describe('cart line minus and plus', () => {
  it('plus adds 1, minus subtracts 1, minus at 1 removes the line; the field follows', () => {
    const { changes, removed } = mountLine(line(5, 2));
    act(() => buttonNamed('Increase quantity of First Tee Pin').click());
    expect(changes).toEqual([3]);
    act(() => setLine({ item: line(5, 3) }));
    expect(field().value).toBe('3');
    expect(liveQuantity()).toBe('Quantity 3');
    act(() => buttonNamed('Decrease quantity of First Tee Pin').click());
    expect(changes).toEqual([3, 2]);
    act(() => setLine({ item: line(5, 1) }));
    expect(field().value).toBe('1');
    act(() => buttonNamed('Decrease quantity of First Tee Pin').click());
    expect(changes).toEqual([3, 2]);
    expect(removed).toEqual([1]);
  });

  it('plus stops at the cap, and the hint describes both plus and the field', () => {
    const promo = line(5, 4);
    promo.product = { ...promo.product, purchaseLimit: 4 };
    const { changes } = mountLine(promo);
    const plus = buttonNamed('Increase quantity of First Tee Pin');
    act(() => plus.click());
    expect(changes).toEqual([]);
    expect(descriptionOf(plus)).toEqual(['Limit 4 per customer']);
    expect(descriptionOf(field())).toEqual(['Limit 4 per customer']);
  });
});
