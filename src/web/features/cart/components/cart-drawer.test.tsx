// @vitest-environment jsdom
/**
 * The cart drawer's Checkout (storefront spec section 2 "Cart drawer": it closes the drawer
 * and goes to /checkout, nothing with an empty cart; section 8's 'Cannot Update Quantity';
 * docs/decisions.md "Checkout from a typed quantity"): a buyer who types a quantity and
 * clicks Checkout straight away commits the quantity on the way out of the field (one
 * PATCH); that one click waits for the server and then goes to /checkout, never twice for
 * a double click; after a refusal the drawer stays, with the toast.
 */
import type { CartItem, CartTotals } from '@shared/schemas/cart';
import { useEffect } from 'react';
import { act } from 'react-dom/test-utils';
import { createMemoryRouter, Outlet } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderRoutes } from '@/test/app';
import { heldResponse, installMatchMedia, jsonResponse, settle, unmount } from '@/test/dom';
import { waitForToast } from '@/test/toasts';
import { CartUiProvider, useCartUi } from '../cart-state';
import { CartDrawer } from './cart-drawer';

const line = (quantity: number): CartItem => ({
  id: 1,
  productId: 5,
  quantity,
  unitPrice: 5,
  percentOff: 0,
  lineTotal: 5 * quantity,
  product: {
    id: 5,
    name: 'First Tee Pin',
    price: 5,
    imageUrl: null,
    stockQuantity: 5000,
    purchaseLimit: null,
  },
});

const TOTALS: CartTotals = {
  itemCount: 1,
  subtotal: 10,
  discountCode: null,
  discountAmount: 0,
  discountError: null,
  shipping: 5.99,
  total: 15.99,
};

/** Opens the drawer once it is rendered (the header's cart button does this in the shop). */
function OpenCart() {
  const { setOpen } = useCartUi();
  useEffect(() => setOpen(true), [setOpen]);
  return null;
}

/** What the drawer (a Radix sheet) needs of the browser that jsdom lacks. */
function installDrawerGlobals() {
  installMatchMedia();
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe() {}
      disconnect() {}
    },
  );
}

let container: HTMLDivElement | undefined;
afterEach(async () => {
  await unmount(container);
  container = undefined;
  vi.unstubAllGlobals();
});

/**
 * Renders the shop's drawer over a page, with /checkout beside it, on a stubbed API whose
 * cart is `cart`; every PATCH is held until the test answers it. Returns the PATCHed
 * quantities, the pages navigated to, and the PATCH's `answer`.
 */
function mountDrawer(cart: CartItem[]) {
  installDrawerGlobals();
  const patches: number[] = [];
  const patch = heldResponse();
  let items = cart;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      if (url.startsWith('/api/cart/totals')) return jsonResponse(200, TOTALS);
      if (url === '/api/cart') return jsonResponse(200, items);
      if (url === '/api/cart/1' && init.method === 'PATCH') {
        const { quantity } = JSON.parse(String(init.body)) as { quantity: number };
        patches.push(quantity);
        const res = await patch.wait();
        if (res.ok) items = [line(quantity)];
        return res;
      }
      return jsonResponse(404, { message: 'Not found' });
    }),
  );
  container = document.createElement('div');
  document.body.append(container);
  const router = createMemoryRouter([
    {
      path: '/',
      element: (
        <CartUiProvider>
          <OpenCart />
          <CartDrawer />
          <Outlet />
        </CartUiProvider>
      ),
      children: [
        { index: true, element: <p>Shop</p> },
        { path: 'checkout', element: <h1>Checkout page</h1> },
      ],
    },
  ]);
  // Every page the router went to (a new history entry, even to the same path).
  const pages: string[] = [];
  let shown = router.state.location.key;
  router.subscribe((state) => {
    if (state.location.key === shown) return;
    shown = state.location.key;
    pages.push(state.location.pathname);
  });
  renderRoutes(container, router);
  return { patches, pages, answer: patch.answer, path: () => router.state.location.pathname };
}

const input = () =>
  document.querySelector<HTMLInputElement>('input[aria-label="Quantity of First Tee Pin"]')!;
const dialog = () => document.querySelector('[role="dialog"]');
const checkoutButton = () =>
  [...document.querySelectorAll<HTMLButtonElement>('[role="dialog"] button')].find(
    (b) => b.textContent?.trim() === 'Checkout',
  )!;

/** Types `value` into the quantity field, then presses Checkout as a mouse does: the
 * press moves the focus first (the field's blur commits the quantity), the click comes a
 * moment later, `clicks` times (2: a double click). */
async function typeThenCheckout(value: string, clicks = 1) {
  act(() => {
    input().focus();
    input().value = value;
    input().dispatchEvent(new Event('input', { bubbles: true }));
  });
  act(() => checkoutButton().focus());
  // The moment between pressing and releasing the mouse: the commit's change is under way.
  await act(() => new Promise((resolve) => setTimeout(resolve, 30)));
  for (let i = 0; i < clicks; i++) act(() => checkoutButton().click());
}

describe('the cart drawer’s Checkout', () => {
  it('after a typed quantity: one click (even a double click) sends one PATCH, then goes to /checkout once', async () => {
    const { patches, pages, answer, path } = mountDrawer([line(2)]);
    await settle(() => expect(input().value).toBe('2'));

    await typeThenCheckout('25', 2);
    expect(patches).toEqual([25]);
    // Waiting for the server: still here, Checkout pending and keeping the focus.
    await act(() => new Promise((resolve) => setTimeout(resolve, 30)));
    expect(path()).toBe('/');
    expect(checkoutButton().getAttribute('aria-disabled')).toBe('true');
    expect(document.activeElement).toBe(checkoutButton());

    answer(jsonResponse(200, line(25)));
    await settle(() => expect(path()).toBe('/checkout'));
    await settle(() => expect(dialog()).toBeNull());
    expect(pages).toEqual(['/checkout']);
    expect(patches).toEqual([25]);
  });

  it('stays in the drawer with the toast when the server refuses the typed quantity', async () => {
    const { patches, pages, answer, path } = mountDrawer([line(2)]);
    await settle(() => expect(input().value).toBe('2'));

    await typeThenCheckout('250');
    answer(jsonResponse(409, { message: 'Only 100 of First Tee Pin left in stock' }));
    await waitForToast({
      title: 'Cannot Update Quantity',
      description: 'Only 100 of First Tee Pin left in stock',
    });
    await settle(() => expect(checkoutButton().hasAttribute('aria-disabled')).toBe(false));
    expect(path()).toBe('/');
    expect(dialog()).not.toBeNull();
    expect(input().value).toBe('2');
    expect(document.activeElement).toBe(checkoutButton());
    expect(patches).toEqual([250]);
    expect(pages).toEqual([]);

    // The buyer reads the toast and presses Checkout again: the cart as it is goes on.
    act(() => checkoutButton().click());
    await settle(() => expect(path()).toBe('/checkout'));
    expect(pages).toEqual(['/checkout']);
    expect(patches).toEqual([250]);
  });

  it('goes to /checkout once for a double click with no change under way', async () => {
    const { patches, pages, path } = mountDrawer([line(2)]);
    await settle(() => expect(input().value).toBe('2'));
    // Both clicks land on the button (in the shop it stays under the mouse while the
    // drawer slides out).
    act(() => {
      const button = checkoutButton();
      button.click();
      button.click();
    });
    await settle(() => expect(path()).toBe('/checkout'));
    await act(() => new Promise((resolve) => setTimeout(resolve, 30)));
    expect(pages).toEqual(['/checkout']);
    expect(patches).toEqual([]);
  });

  it('does nothing with an empty cart', async () => {
    const { pages, path } = mountDrawer([]);
    await settle(() => expect(dialog()?.textContent).toContain('Your cart is empty'));
    act(() => checkoutButton().click());
    await act(() => new Promise((resolve) => setTimeout(resolve, 30)));
    expect(path()).toBe('/');
    expect(dialog()).not.toBeNull();
    expect(pages).toEqual([]);
  });
});

describe('typing a quantity in the cart drawer', () => {
  it('steps the typed number with the arrow keys between 1 and the cap, sending it on Enter', async () => {
    const drawer = mountDrawer([line(4998)]);
    await settle(() => expect(input().value).toBe('4998'));
    const key = (k: string) =>
      act(() => {
        input().dispatchEvent(
          new KeyboardEvent('keydown', { key: k, bubbles: true, cancelable: true }),
        );
      });
    act(() => input().focus());
    for (let i = 0; i < 3; i++) key('ArrowUp');
    // The stock (5,000) caps it; nothing is sent while stepping.
    expect(input().value).toBe('5000');
    expect(drawer.patches).toEqual([]);
    for (let i = 0; i < 2; i++) key('ArrowDown');
    expect(input().value).toBe('4998');
    key('Enter');
    await act(() => new Promise((resolve) => setTimeout(resolve, 30)));
    expect(drawer.patches).toEqual([]); // the same quantity as the cart's: nothing to send
    key('ArrowDown');
    key('Enter');
    await settle(() => expect(drawer.patches).toEqual([4997]));
    drawer.answer(jsonResponse(200, line(4997)));
    await settle(() => expect(input().value).toBe('4997'));
  });

  it("PATCHes it once and shows the server's quantity; a refusal toasts and puts it back; Escape keeps the drawer open", async () => {
    installDrawerGlobals();
    let cart = [line(2)];
    const patches: unknown[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init: RequestInit) => {
        if (url.startsWith('/api/cart/totals')) return jsonResponse(200, TOTALS);
        if (url === '/api/cart') return jsonResponse(200, cart);
        if (url === '/api/cart/1' && init.method === 'PATCH') {
          const { quantity } = JSON.parse(String(init.body)) as { quantity: number };
          patches.push(quantity);
          if (quantity > 100) {
            return jsonResponse(409, { message: 'Only 100 of First Tee Pin left in stock' });
          }
          cart = [{ ...line(quantity) }];
          return jsonResponse(200, cart[0]);
        }
        return jsonResponse(404, { message: 'Not found' });
      }),
    );
    container = document.createElement('div');
    document.body.append(container);
    renderRoutes(
      container,
      createMemoryRouter([
        {
          path: '/',
          element: (
            <CartUiProvider>
              <OpenCart />
              <CartDrawer />
            </CartUiProvider>
          ),
        },
      ]),
    );
    const input = () =>
      document.querySelector<HTMLInputElement>('input[aria-label="Quantity of First Tee Pin"]')!;
    const dialog = () => document.querySelector('[role="dialog"]');
    const typeIn = (value: string) =>
      act(() => {
        input().focus();
        input().value = value;
        input().dispatchEvent(new Event('input', { bubbles: true }));
      });
    const key = (k: string) =>
      act(() => {
        input().dispatchEvent(
          new KeyboardEvent('keydown', { key: k, bubbles: true, cancelable: true }),
        );
      });
    await settle(() => expect(input().value).toBe('2'));

    typeIn('25');
    key('Enter');
    await settle(() => expect(input().readOnly).toBe(false));
    expect(patches).toEqual([25]);
    expect(input().value).toBe('25');

    // The server refuses: the spec's toast, and the field shows the cart's quantity again.
    typeIn('250');
    key('Enter');
    await waitForToast({
      title: 'Cannot Update Quantity',
      description: 'Only 100 of First Tee Pin left in stock',
    });
    await settle(() => expect(input().value).toBe('25'));
    expect(patches).toEqual([25, 250]);

    // Escape while typing puts the quantity back; the drawer stays open and has the focus.
    typeIn('7');
    key('Escape');
    expect(input().value).toBe('25');
    expect(dialog()).not.toBeNull();
    expect(document.activeElement).toBe(input());
    // A second Escape closes it as before.
    key('Escape');
    await settle(() => expect(dialog()).toBeNull());
    expect(patches).toEqual([25, 250]);
  });
});
