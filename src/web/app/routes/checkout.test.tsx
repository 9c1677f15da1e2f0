// @vitest-environment jsdom
/**
 * /checkout's title names what is paid for, from the URL alone: 'Checkout: Custom Pin
 * Deposit' for a custom order's deposit, 'Checkout' for the cart. It was set in two
 * effects (the page's and the custom order part's, once its order had loaded), and the
 * page's won whenever both came in one commit: a flaky browser test.
 */
import { createMemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { CartUiProvider } from '@/features/cart/cart-state';
import { renderRoutes } from '@/test/app';
import { installMatchMedia, jsonResponse, settle, unmount } from '@/test/dom';
import { Component as CheckoutPage } from './checkout';

beforeAll(installMatchMedia);

let container: HTMLDivElement;
afterEach(async () => {
  await unmount(container);
  vi.unstubAllGlobals();
});

function renderCheckout(search: string): void {
  // No answer the page could build on: the title must not wait for any.
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => jsonResponse(404, { message: 'Not found' })),
  );
  container = document.createElement('div');
  document.body.append(container);
  const page = (
    <CartUiProvider>
      <CheckoutPage />
    </CartUiProvider>
  );
  const router = createMemoryRouter([{ path: '/checkout', element: page }], {
    initialEntries: [`/checkout${search}`],
  });
  renderRoutes(container, router);
}

describe('/checkout title', () => {
  it("names a custom order's deposit before its order has loaded", async () => {
    document.title = '';
    renderCheckout('?customOrderId=12');
    await settle(() =>
      expect(document.title).toBe('Checkout: Custom Pin Deposit | Fairway Pin Co.'),
    );
  });

  it('is Checkout for the cart', async () => {
    document.title = '';
    renderCheckout('');
    await settle(() => expect(document.title).toBe('Checkout | Fairway Pin Co.'));
  });
});
