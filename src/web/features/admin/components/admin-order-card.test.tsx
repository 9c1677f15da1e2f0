// @vitest-environment jsdom
/**
 * A catalogue order's card in the admin (Regular Orders, Order History), for keyboard and
 * screen-reader users (an audit of 2026-11-27):
 * - choosing in 'Order status' saves nothing (Chromium changes a closed select with the
 *   arrow keys and fires `change` at each step): 'Update Status' saves, with the spec's
 *   toasts, and keeps the focus;
 * - the card's controls name their order (a list of cards repeated 'View Details');
 * - the status badge reads 'Status: ...' as text (an aria-label on a <span> is ignored).
 */
import type { Order } from '@shared/schemas/orders';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from 'preact';
import { act } from 'react-dom/test-utils';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { Toaster } from '@/components/ui/sonner';
import { installMatchMedia, jsonResponse, settle, unmount } from '@/test/dom';
import { waitForToast } from '@/test/toasts';
import { AdminOrderCard } from './admin-order-card';

const order: Order = {
  id: 12,
  customerEmail: 'zoe@example.com',
  customerName: 'Zoë Ñúñez',
  shippingAddress: '1 Fairway Drive',
  subtotalAmount: 20,
  discountCode: null,
  discountAmount: 0,
  shippingAmount: 5.99,
  totalAmount: 25.99,
  paymentIntentId: 'TEST-1',
  paymentStatus: 'paid',
  status: 'pending',
  items: [],
  trackingNumber: null,
  trackingUrl: null,
  createdAt: '2026-11-20T10:00:00.000Z',
};

beforeAll(installMatchMedia);

let container: HTMLDivElement;
afterEach(async () => {
  await unmount(container);
  document.body.innerHTML = '';
  vi.unstubAllGlobals();
});

/** The requests the card sends (method and URL), answered after `answer` is called. */
function stubApi() {
  const sent: { method: string; url: string; body: unknown }[] = [];
  let answer: (r: Response) => void = () => {};
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string, init?: RequestInit) => {
      sent.push({
        method: init?.method ?? 'GET',
        url,
        body: init?.body ? JSON.parse(String(init.body)) : null,
      });
      return new Promise<Response>((resolve) => {
        answer = resolve;
      });
    }),
  );
  return { sent, answer: (r: Response) => answer(r) };
}

/** Renders the card of `shown`; again into the same container when `rerender`. */
function mount(shown: Order = order, rerender = false) {
  if (!rerender) {
    container = document.createElement('div');
    document.body.append(container);
  }
  act(() =>
    render(
      <QueryClientProvider client={new QueryClient()}>
        <AdminOrderCard order={shown} />
        <Toaster />
      </QueryClientProvider>,
      container,
    ),
  );
}

const select = () => container.querySelector('select')!;
const buttonNamed = (name: string) =>
  [...container.querySelectorAll('button')].find((b) => b.textContent?.trim() === name);

/** Picks `value` in the select as the keyboard does: the value changes, `change` fires. */
function choose(value: string) {
  act(() => {
    select().value = value;
    select().dispatchEvent(new Event('change', { bubbles: true }));
  });
}

describe('order status', () => {
  it('changing the select alone sends nothing; Update Status sends one request and keeps the focus', async () => {
    const api = stubApi();
    mount();
    const save = buttonNamed('Update Status, order #12')!;
    expect(save).toBeDefined();
    // Nothing chosen yet: nothing to save (aria-disabled, still focusable).
    expect(save.getAttribute('aria-disabled')).toBe('true');
    expect(save.disabled).toBe(false);
    choose('processing');
    choose('shipped');
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(api.sent).toEqual([]);
    expect(select().value).toBe('shipped');
    expect(save.getAttribute('aria-disabled')).toBeNull();

    save.focus();
    await act(() => save.click());
    await settle(() => expect(api.sent).toHaveLength(1));
    expect(api.sent[0]).toEqual({
      method: 'PUT',
      url: '/api/orders/12/status',
      body: { status: 'shipped' },
    });
    // While it saves: pending, not disabled, saying so; the focus stays; a second press
    // sends nothing.
    expect(save.getAttribute('aria-disabled')).toBe('true');
    expect(save.textContent).toBe('Updating..., order #12');
    expect(save.disabled).toBe(false);
    expect(document.activeElement).toBe(save);
    await act(() => save.click());
    expect(api.sent).toHaveLength(1);

    await act(async () => api.answer(jsonResponse(200, { ...order, status: 'shipped' })));
    await waitForToast({ title: 'Status Updated', description: 'Order #12 is now shipped.' });
    expect(document.activeElement).toBe(save);
  });

  it("a refused save toasts the spec's error and keeps the choice", async () => {
    const api = stubApi();
    mount();
    choose('delivered');
    await act(() => buttonNamed('Update Status, order #12')!.click());
    await settle(() => expect(api.sent).toHaveLength(1));
    await act(async () => api.answer(jsonResponse(500, { message: 'boom' })));
    await waitForToast({ title: 'Error', description: 'Failed to update order status.' });
    expect(select().value).toBe('delivered');
  });

  it('follows a status saved elsewhere while nothing was chosen', () => {
    stubApi();
    mount();
    expect(select().value).toBe('pending');
    mount({ ...order, status: 'shipped' }, true);
    expect(select().value).toBe('shipped');
    expect(buttonNamed('Update Status, order #12')!.getAttribute('aria-disabled')).toBe('true');
  });
});

describe('names for screen readers', () => {
  it("every control names its order, and the badge reads 'Status: Pending' as text", () => {
    stubApi();
    mount();
    const names = [...container.querySelectorAll('button')].map((b) => b.textContent?.trim());
    expect(names).toEqual(
      expect.arrayContaining([
        'Update Status, order #12',
        'Add Tracking, order #12',
        'View Details, order #12',
        'Delete, order #12',
      ]),
    );
    const label = container.querySelector(`label[for="${select().id}"]`);
    expect(label?.textContent).toBe('Order status, order #12');
    const badge = container.querySelector('[data-slot="badge"]')!;
    expect(badge.textContent).toBe('Status: Pending');
    expect(badge.getAttribute('aria-label')).toBeNull();
  });
});
