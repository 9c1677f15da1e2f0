// @vitest-environment jsdom
/**
 * /track-order after a signed-out payment (fromCheckout=true): the thank-you shows the
 * order this browser just placed, of the URL's type. After a custom order's deposit
 * (type=custom) it reads that custom order (GET /api/custom-orders/{id}, allowed by the
 * claim cookie), never the catalogue order of the same number (an audit saw a buyer's
 * earlier pin order shown as the new custom order).
 */

import type { OrderConfirmation } from '@shared/schemas/orders';
import { createMemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderRoutes } from '@/test/app';
import { jsonResponse, settle, unmount } from '@/test/dom';
import { customOrderFixture, orderFixture } from '@/test/fixtures';
import { Component as TrackOrderPage } from './track-order';

const customOrder = customOrderFixture({
  id: 7,
  customerEmail: 'pat@club.example',
  shippingAddress: '1 Fairway Drive, Carmel, CA 93923',
  status: 'pending',
});

/** A guest's catalogue order that has shipped, as GET /api/orders/{id}/confirmation answers. */
const shippedOrder: OrderConfirmation = orderFixture({
  id: 9,
  customerEmail: 'sam@club.example',
  customerName: 'Sam Green',
  shippingAddress: '2 Links Road, Pebble Beach, CA 93953',
  subtotalAmount: 24,
  shippingAmount: 5,
  totalAmount: 29,
  paymentIntentId: 'TEST-1',
  status: 'shipped',
  items: [{ productId: 1, name: 'Eagle Flag Pin', quantity: 2, price: 12 }],
  trackingNumber: '1Z999AA10123456784',
  trackingUrl: 'https://carrier.example/track/1Z999AA10123456784',
  createdAt: '2026-11-20T17:00:00.000Z',
});

/** A well-formed mailed-link key (the server checks it; this stub answers for it). */
const KEY = `1800000000.${'a'.repeat(43)}`;

let container: HTMLDivElement;
afterEach(async () => {
  await unmount(container);
  vi.unstubAllGlobals();
});

/**
 * Renders /track-order at `search` with the network stubbed: `answers` maps a URL to its
 * JSON body (200), anything else is a 404. Returns the URLs the page fetched.
 */
function renderTrackOrder(search: string, answers: Record<string, unknown>): string[] {
  const asked: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      asked.push(url);
      return url in answers
        ? jsonResponse(200, answers[url])
        : jsonResponse(404, { message: 'Order not found' });
    }),
  );
  container = document.createElement('div');
  document.body.append(container);
  const router = createMemoryRouter([{ path: '/track-order', element: <TrackOrderPage /> }], {
    initialEntries: [`/track-order${search}`],
  });
  renderRoutes(container, router);
  return asked;
}

/** /track-order at `search` signed out (or as `user`), with the orders the guest tests read. */
function renderSignedOut(search: string, user: unknown = null): string[] {
  return renderTrackOrder(search, {
    '/api/auth/user': user,
    '/api/custom-orders/7': customOrder,
    [`/api/custom-orders/7?key=${KEY}`]: customOrder,
    [`/api/orders/9/confirmation?key=${KEY}`]: shippedOrder,
  });
}

describe('the thank-you after a signed-out payment', () => {
  it('shows the custom order after its deposit, not a catalogue order of the same number', async () => {
    const asked = renderSignedOut('?id=7&type=custom&fromCheckout=true');
    await settle(() => expect(container.textContent).toContain('Custom Order #7'));
    const text = container.textContent ?? '';
    expect(text).toContain('Thank you! Your order #7 has been placed.');
    expect(text).toContain('We sent a confirmation to pat@club.example');
    expect(asked).toContain('/api/custom-orders/7');
    expect(asked).not.toContain('/api/orders/7/confirmation');
    const register = [...container.querySelectorAll('a')].find(
      (a) => a.textContent === 'Create an account to track this order',
    );
    expect(register?.getAttribute('href')).toContain('email=pat%40club.example');
  });

  it("reads a catalogue order's confirmation after a catalogue checkout", async () => {
    const asked = renderSignedOut('?id=7&type=regular&fromCheckout=true');
    await settle(() => expect(asked).toContain('/api/orders/7/confirmation'));
    await settle(() =>
      expect(container.textContent).toContain(
        "We'll e-mail you a confirmation and let you know when it ships.",
      ),
    );
    expect(asked).not.toContain('/api/custom-orders/7');
    expect(container.textContent).not.toContain('Custom Order #7');
  });
});

describe('the receipt after a signed-out catalogue checkout', () => {
  it("offers the order's printable receipt beside the account links", async () => {
    renderTrackOrder('?id=9&type=regular&fromCheckout=true', {
      '/api/auth/user': null,
      '/api/orders/9/confirmation': shippedOrder,
    });
    await settle(() => expect(container.textContent).toContain('Print Receipt'));
    const receipt = [...container.querySelectorAll('a')].find(
      (a) => a.textContent === 'Print Receipt for order #9',
    );
    expect(receipt?.getAttribute('href')).toBe('/track-order/9/receipt');
  });
});

describe("a guest's order opened from the link in an e-mail", () => {
  it('shows the order its key opens, signed out, without the login redirect', async () => {
    const asked = renderSignedOut(`?id=7&type=custom&key=${KEY}`);
    await settle(() => expect(container.textContent).toContain('Custom Order #7'));
    expect(asked).toContain(`/api/custom-orders/7?key=${KEY}`);
    expect(container.textContent).toContain('This is the order from the link in your e-mail.');
    expect(container.textContent).not.toContain('You must be logged in');
  });

  it("shows a catalogue order's progress and tracking, as the shipped mail promises", async () => {
    const asked = renderSignedOut(`?id=9&type=regular&key=${KEY}`);
    await settle(() => expect(container.textContent).toContain('Order #9'));
    expect(asked).toContain(`/api/orders/9/confirmation?key=${KEY}`);
    const text = container.textContent ?? '';
    expect(text).toContain('Tracking number: 1Z999AA10123456784');
    const track = [...container.querySelectorAll('a')].find((a) =>
      a.textContent?.startsWith('Track shipment'),
    );
    expect(track?.getAttribute('href')).toBe('https://carrier.example/track/1Z999AA10123456784');
    expect(container.querySelector('[aria-current="step"]')?.textContent).toContain('Shipped');
    expect(text).toContain('2 Links Road, Pebble Beach, CA 93953');
    // Shipped: no ship date promised any more.
    expect(text).not.toContain('Expected to ship');
  });

  it('says when the link no longer opens the order, and offers Sign In', async () => {
    renderSignedOut(`?id=8&type=custom&key=${KEY}`);
    await settle(() =>
      expect(container.querySelector('[role="alert"]')?.textContent).toBe(
        'This link has expired or no longer opens this order. Sign in to see your orders.',
      ),
    );
    const signIn = [...container.querySelectorAll('a')].find((a) => a.textContent === 'Sign In');
    expect(signIn?.getAttribute('href')).toBe(
      `/login?next=${encodeURIComponent('/track-order?id=8&type=custom')}`,
    );
  });

  it('shows it to a signed-in visitor too (a guest who signed up elsewhere), with their orders a click away', async () => {
    const asked = renderSignedOut(`?id=7&type=custom&key=${KEY}`, {
      id: 3,
      username: 'pat',
      email: 'pat@club.example',
      role: 'user',
    });
    await settle(() => expect(container.textContent).toContain('Custom Order #7'));
    expect(asked).toContain(`/api/custom-orders/7?key=${KEY}`);
    const all = [...container.querySelectorAll('a')].find(
      (a) => a.textContent === 'See all your orders',
    );
    expect(all?.getAttribute('href')).toBe('/track-order?type=custom');
  });
});

describe("a signed-in buyer's orders", () => {
  const pat = { id: 3, username: 'pat', email: 'pat@club.example', role: 'user' };
  const { expectedShipDate: _shipDate, ...catalogueOrder } = shippedOrder;

  /** Renders /track-order{search} signed in as Pat, with these orders of each kind. */
  function renderSignedIn(search: string, custom: unknown[], catalogue: unknown[]): void {
    renderTrackOrder(search, {
      '/api/auth/user': pat,
      '/api/orders': catalogue,
      '/api/custom-orders/user-orders': custom,
    });
  }

  const heading = () =>
    [...container.querySelectorAll('h2')].map((h) => h.textContent).find((t) => /Orders$/.test(t!));

  it('opens on the catalogue orders when there are no custom orders and no type was asked for', async () => {
    renderSignedIn('', [], [catalogueOrder]);
    await settle(() => expect(heading()).toBe('Catalog Orders'));
    expect(container.textContent).not.toContain('No custom orders found.');
  });

  it('keeps the custom tab when there are custom orders, or when the URL asks for it', async () => {
    renderSignedIn('', [customOrder], [catalogueOrder]);
    await settle(() => expect(container.textContent).toContain('#7'));
    expect(heading()).toBe('Custom Quote Orders');
    await unmount(container);
    renderSignedIn('?type=custom', [], [catalogueOrder]);
    await settle(() => expect(container.textContent).toContain('No custom orders found.'));
    expect(heading()).toBe('Custom Quote Orders');
  });
});
