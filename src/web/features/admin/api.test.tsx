// @vitest-environment jsdom
/**
 * Order History's catalogue-order cards (/admin?section=order-history, back-office spec
 * sections 2, 7) after a change (an admin audit of 2026-11-27): Update Status, Add
 * Tracking and Delete refresh the history list the section shows, as its custom-order
 * cards do; before, only the '/api/orders' lists were refreshed and the card kept the old
 * status, the old 'Add Tracking', or stayed after its deletion (acting again gave 404).
 * The network is the only thing replaced: a small in-memory server answers the calls.
 */
import type { Order } from '@shared/schemas/orders';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from 'preact';
import { act } from 'react-dom/test-utils';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { Toaster } from '@/components/ui/sonner';
import { installMatchMedia, jsonResponse, settle, unmount } from '@/test/dom';
import { fieldsOf } from '@/test/fields';
import { orderFixture } from '@/test/fixtures';
import { waitForToast } from '@/test/toasts';
import { OrderHistorySection } from './components/order-history-section';

beforeAll(installMatchMedia);

let container: HTMLDivElement;
afterEach(async () => {
  await unmount(container);
  document.body.innerHTML = '';
  vi.unstubAllGlobals();
});

/**
 * Answers the admin's calls from `orders` (changed in place): the history page, the
 * status and tracking updates (tracking marks the order shipped, as the server does) and
 * the deletion (404 for an order no longer there). Returns the requests seen.
 */
function serve(orders: Order[]) {
  const seen: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      const path = String(url);
      seen.push(`${method} ${path}`);
      const body = init?.body ? JSON.parse(String(init.body)) : null;
      if (method === 'GET' && path.startsWith('/api/admin/order-history')) {
        return jsonResponse(200, {
          items: orders.map((order) => ({ type: 'regular', order })),
          total: orders.length,
          page: 1,
          pageSize: 20,
        });
      }
      if (method === 'GET' && path === '/api/orders') return jsonResponse(200, orders);
      const match = /^\/api\/orders\/(\d+)(\/status|\/tracking)?$/.exec(path);
      const index = match ? orders.findIndex((o) => o.id === Number(match[1])) : -1;
      if (index < 0) return jsonResponse(404, { message: 'Order not found' });
      const current = orders[index]!;
      if (method === 'PUT' && match?.[2] === '/status') {
        orders[index] = { ...current, status: body.status };
      } else if (method === 'PUT' && match?.[2] === '/tracking') {
        orders[index] = {
          ...current,
          status: 'shipped',
          trackingNumber: body.trackingNumber,
          trackingUrl: body.trackingUrl ?? null,
        };
      } else if (method === 'DELETE') {
        orders.splice(index, 1);
        return jsonResponse(200, { message: 'Order deleted' });
      } else {
        return jsonResponse(404, { message: 'Not found' });
      }
      return jsonResponse(200, orders[index]);
    }),
  );
  return seen;
}

function mount() {
  container = document.createElement('div');
  document.body.append(container);
  act(() =>
    render(
      <QueryClientProvider
        client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}
      >
        <OrderHistorySection userId={1} />
        <Toaster />
      </QueryClientProvider>,
      container,
    ),
  );
}

const buttonNamed = (root: ParentNode, name: string) => {
  const found = [...root.querySelectorAll('button')].find((b) => b.textContent?.trim() === name);
  if (!found) throw new Error(`no button '${name}'`);
  return found;
};
const badge = () => container.querySelector('[data-slot="badge"]')?.textContent;

/** Renders the section over order #2 (processing, no tracking) and waits for its card. */
async function showOrderTwo(): Promise<string[]> {
  const seen = serve([orderFixture({ id: 2, status: 'processing' })]);
  mount();
  await settle(() => expect(badge()).toBe('Status: Processing'));
  return seen;
}

describe('Order History: a catalogue order after a change', () => {
  it('Update Status: the card reads the new status', async () => {
    await showOrderTwo();
    const picker = fieldsOf(() => container).input('Order status, order #2');
    act(() => {
      picker.value = 'delivered';
      picker.dispatchEvent(new Event('change', { bubbles: true }));
    });
    await act(() => buttonNamed(container, 'Update Status, order #2').click());
    await waitForToast({ title: 'Status Updated', description: 'Order #2 is now delivered.' });
    await settle(() => expect(badge()).toBe('Status: Delivered'));
  });

  it('Add Tracking: the card reads Shipped, the tracking number and Update Tracking', async () => {
    await showOrderTwo();
    await act(() => buttonNamed(container, 'Add Tracking, order #2').click());
    // The dialog is portalled to <body> (Radix), outside the container.
    const dialog = document.body.querySelector('[role="dialog"]')!;
    const fields = fieldsOf(() => dialog);
    await act(() => fields.type('Tracking Number', '1Z999AA10123456784'));
    await act(() => buttonNamed(dialog, 'Save Tracking').click());
    await waitForToast({
      title: 'Tracking Updated',
      description: 'Tracking information for order #2 has been saved.',
    });
    await settle(() => expect(badge()).toBe('Status: Shipped'));
    expect(container.textContent).toContain('1Z999AA10123456784');
    expect(buttonNamed(container, 'Update Tracking, order #2')).toBeDefined();
  });

  it('Delete: the card goes, so it cannot be acted on again (a 404)', async () => {
    const seen = await showOrderTwo();
    await act(() => buttonNamed(container, 'Delete, order #2').click());
    const confirm = document.body.querySelector('[role="alertdialog"]')!;
    await act(() => buttonNamed(confirm, 'Delete Order').click());
    await waitForToast({ title: 'Order Deleted', description: 'Order #2 has been deleted.' });
    await settle(() => expect(container.querySelector('article')).toBeNull());
    expect(container.textContent).toContain('No orders found.');
    expect(seen.filter((r) => r === 'DELETE /api/orders/2')).toHaveLength(1);
  });
});
