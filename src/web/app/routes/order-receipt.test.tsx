// @vitest-environment jsdom
/**
 * /track-order/{id}/receipt (docs/decisions.md "A printable receipt for catalogue orders
 * (2026-11-27)"): the receipt shows the order as GET /api/orders/{id}/confirmation serves
 * it, the read Track Order uses: every total is the stored one (an order whose stored
 * total is not the sum of its parts shows its stored total), every line is a row; Print
 * prints; the page is titled 'Receipt for order #N'; a guest's mailed-link key goes to the
 * server as Track Order sends it; loading, not found and error are said.
 */
import type { OrderConfirmation } from '@shared/schemas/orders';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from 'preact';
import { act } from 'react-dom/test-utils';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { store } from '@/config/store';
import { heldResponse, jsonResponse, settle, unmount } from '@/test/dom';
import { orderFixture } from '@/test/fixtures';
import { Component as ReceiptPage } from './order-receipt';

/**
 * A catalogue order with a discount code, as the server stored it: its total ($60.00) is
 * NOT subtotal - discount + shipping ($53.95), so a receipt that adds the parts up in the
 * browser shows the wrong figure.
 */
const order: OrderConfirmation = orderFixture({
  customerEmail: 'accounts@proshop.example',
  customerName: 'Lakeside Pro Shop',
  subtotalAmount: 50,
  discountCode: 'SAVE5',
  discountAmount: 5,
  shippingAmount: 8.95,
  totalAmount: 60,
  paymentIntentId: 'TEST-abc123',
  items: [
    { productId: 3, name: 'Eagle Flag Pin', quantity: 25, price: 1.5 },
    { productId: 4, name: 'Ball Marker', quantity: 5, price: 2.5 },
  ],
  // Noon UTC: November 20 wherever the test runs (the card's date is the reader's day).
  createdAt: '2026-11-20T12:00:00.000Z',
});

const OWNER = { id: 7, username: 'lakeside', email: 'accounts@proshop.example', role: 'user' };
/** A well-formed mailed-link key (the server checks it; these stubs answer for it). */
const KEY = `1800000000.${'a'.repeat(43)}`;

let container: HTMLDivElement | undefined;
afterEach(async () => {
  await unmount(container);
  container = undefined;
  vi.unstubAllGlobals();
});

/**
 * Renders the receipt at `path` with the network stubbed (`answers`: URL -> [status, body];
 * anything else 404), under a query client set as the app's (no retries). Returns the
 * URLs fetched.
 */
function mount(path: string, answers: Record<string, [number, unknown]>): string[] {
  const asked: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      asked.push(url);
      const answer = answers[url];
      return answer
        ? jsonResponse(answer[0], answer[1])
        : jsonResponse(404, { message: 'Order not found' });
    }),
  );
  container = document.createElement('div');
  document.body.append(container);
  const router = createMemoryRouter(
    [
      { path: '/track-order/:orderId/receipt', element: <ReceiptPage /> },
      { path: '/login', element: <p>login page</p> },
    ],
    { initialEntries: [path] },
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  act(() =>
    render(
      <QueryClientProvider client={client}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
      container!,
    ),
  );
  return asked;
}

const receipt = () => container?.querySelector('article[aria-label="Receipt for order #41"]');
/** The cells of each row of `section` ('tbody' or 'tfoot'), as text. */
const rows = (section: string) =>
  [...(receipt()?.querySelectorAll(`${section} tr`) ?? [])].map((tr) =>
    [...tr.querySelectorAll('th, td')].map((cell) => cell.textContent),
  );

describe('the receipt of a catalogue order', () => {
  it('shows the stored totals, every line, the payment and the addresses; titled by the order', async () => {
    const asked = mount('/track-order/41/receipt', {
      '/api/auth/user': [200, OWNER],
      '/api/orders/41/confirmation': [200, order],
    });
    await settle(() => expect(receipt()).toBeTruthy());
    expect(asked).toContain('/api/orders/41/confirmation');
    expect(document.title).toBe(`Receipt for order #41 | ${store.name}`);
    expect(rows('tbody')).toEqual([
      ['Eagle Flag Pin', '25', '$1.50', '$37.50'],
      ['Ball Marker', '5', '$2.50', '$12.50'],
    ]);
    expect(rows('tfoot')).toEqual([
      ['Subtotal', '$50.00'],
      ['Discount (SAVE5)', '-$5.00'],
      ['Shipping', '$8.95'],
      ['Total (USD)', '$60.00'],
    ]);
    const text = receipt()?.textContent ?? '';
    expect(text).not.toContain('$53.95');
    expect(text).toContain(store.name);
    expect(text).toContain(store.email);
    expect(text).toContain('ReceiptOrder #41Date November 20, 2026');
    expect(text).toContain('Bill toLakeside Pro Shopaccounts@proshop.example');
    expect(text).toContain('Ship toLakeside Pro Shop1 Fairway Dr, Austin, TX 78701');
    expect(text).toContain(
      'MethodTest payment (no money moved)ReferenceTEST-abc123Amount paid$60.00StatusPaid in full',
    );
    expect(container?.querySelector('h1')?.textContent).toBe('Receipt for order #41');
    // The way back goes to the order in the signed-in list.
    const back = [...(container?.querySelectorAll('a') ?? [])].find(
      (a) => a.textContent === 'Back to the order',
    );
    expect(back?.getAttribute('href')).toBe('/track-order?id=41&type=regular');
  });

  it('Print prints the page; the buttons are hidden in print and only the document is printed', async () => {
    const print = vi.fn();
    vi.stubGlobal('print', print);
    mount('/track-order/41/receipt', {
      '/api/auth/user': [200, OWNER],
      '/api/orders/41/confirmation': [200, order],
    });
    await settle(() => expect(receipt()).toBeTruthy());
    const button = [...(container?.querySelectorAll('button') ?? [])].find(
      (b) => b.textContent === 'Print',
    );
    act(() => button!.click());
    expect(print).toHaveBeenCalledTimes(1);
    expect(button!.closest('.print\\:hidden')).toBeTruthy();
    expect(document.body.classList.contains('print-document')).toBe(true);
    await unmount(container);
    container = undefined;
    expect(document.body.classList.contains('print-document')).toBe(false);
  });

  it('a PayPal order refunded since: its method and status as the order records them', async () => {
    mount('/track-order/41/receipt', {
      '/api/auth/user': [200, OWNER],
      '/api/orders/41/confirmation': [
        200,
        { ...order, paymentIntentId: '5O190127TN364715T', paymentStatus: 'refunded' },
      ],
    });
    await settle(() => expect(receipt()).toBeTruthy());
    expect(receipt()?.textContent).toContain(
      'MethodPayPalReference5O190127TN364715TAmount paid$60.00StatusRefunded',
    );
  });

  it("a guest's mailed link: the key goes to the server as Track Order sends it", async () => {
    const asked = mount(`/track-order/41/receipt?key=${KEY}`, {
      '/api/auth/user': [200, null],
      [`/api/orders/41/confirmation?key=${encodeURIComponent(KEY)}`]: [200, order],
    });
    await settle(() => expect(receipt()).toBeTruthy());
    expect(asked).toContain(`/api/orders/41/confirmation?key=${encodeURIComponent(KEY)}`);
    const back = [...(container?.querySelectorAll('a') ?? [])].find(
      (a) => a.textContent === 'Back to the order',
    );
    expect(back?.getAttribute('href')).toBe(
      `/track-order?id=41&type=regular&key=${encodeURIComponent(KEY)}`,
    );
  });

  it('says it is loading while the order is read', async () => {
    const held = heldResponse();
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) =>
        url === '/api/orders/41/confirmation' ? held.wait() : jsonResponse(200, OWNER),
      ),
    );
    container = document.createElement('div');
    document.body.append(container);
    const router = createMemoryRouter(
      [{ path: '/track-order/:orderId/receipt', element: <ReceiptPage /> }],
      { initialEntries: ['/track-order/41/receipt'] },
    );
    act(() =>
      render(
        <QueryClientProvider client={new QueryClient()}>
          <RouterProvider router={router} />
        </QueryClientProvider>,
        container!,
      ),
    );
    await settle(() =>
      expect(container?.querySelector('[role="status"]')?.getAttribute('aria-label')).toBe(
        'Loading the receipt',
      ),
    );
    held.answer(jsonResponse(200, order));
    await settle(() => expect(receipt()).toBeTruthy());
  });

  it("signed out, an order the server does not open: 'Receipt Not Found' and Sign In back here", async () => {
    mount('/track-order/41/receipt', { '/api/auth/user': [200, null] });
    await settle(() =>
      expect(container?.querySelector('h1')?.textContent).toBe('Receipt Not Found'),
    );
    expect(receipt()).toBeFalsy();
    expect(document.title).toBe(`Receipt Not Found | ${store.name}`);
    const signIn = [...(container?.querySelectorAll('a') ?? [])].find(
      (a) => a.textContent === 'Sign In',
    );
    expect(signIn?.getAttribute('href')).toBe(
      `/login?next=${encodeURIComponent('/track-order/41/receipt')}`,
    );
  });

  it('a malformed order number is not found without asking the server', async () => {
    const asked = mount('/track-order/4x1/receipt', { '/api/auth/user': [200, OWNER] });
    await settle(() =>
      expect(container?.querySelector('h1')?.textContent).toBe('Receipt Not Found'),
    );
    expect(asked.filter((url) => url.startsWith('/api/orders'))).toEqual([]);
  });

  it('a failed read says so and offers Try Again', async () => {
    mount('/track-order/41/receipt', {
      '/api/auth/user': [200, OWNER],
      '/api/orders/41/confirmation': [500, { message: 'Internal Server Error' }],
    });
    await settle(() =>
      expect(container?.querySelector('[role="alert"]')?.textContent).toBe(
        'We could not load this receipt. Please try again.',
      ),
    );
    expect(
      [...(container?.querySelectorAll('button') ?? [])].some((b) => b.textContent === 'Try Again'),
    ).toBe(true);
    expect(receipt()).toBeFalsy();
  });
});
