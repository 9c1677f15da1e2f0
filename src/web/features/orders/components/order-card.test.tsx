// @vitest-environment jsdom
/**
 * A catalogue order's card on /track-order: what a wholesale buyer hands to their accounts
 * department: each line's total and where the order ships, besides the payment figures;
 * and 'Order Again', which puts the order's pins back in the cart (the server's answers
 * to POST /api/cart are stubbed, as the shop's cart routes give them).
 */
import type { CartItem } from '@shared/schemas/cart';
import type { Order } from '@shared/schemas/orders';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ComponentChild, render } from 'preact';
import { act } from 'react-dom/test-utils';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Toaster } from '@/components/ui/sonner';
import { useCart } from '@/features/cart/api';
import { CartUiProvider, useCartUi } from '@/features/cart/cart-state';
import { heldResponse, jsonResponse, settle, unmount } from '@/test/dom';
import { orderFixture } from '@/test/fixtures';
import { waitForToast } from '@/test/toasts';
import { OrderCard } from './order-card';

let container: HTMLDivElement | undefined;
afterEach(async () => {
  await unmount(container);
  vi.unstubAllGlobals();
});

/** Pro Shop's paid order #41: 250 Eagle Flag Pins at $5.59 and 7 Ball Markers at $5.04. */
const order: Order = orderFixture();

/**
 * Says whether the cart drawer is open (the cart UI state 'Order Again' sets), and reads
 * the cart as the header's badge does on every page.
 */
function DrawerState() {
  useCart();
  return <p data-testid="drawer">{useCartUi().isOpen ? 'open' : 'closed'}</p>;
}

/**
 * Renders the card as the app does: query client, cart UI state, the router (at `path`,
 * Track Order's address) and the real toaster.
 */
function renderCard(shown: Order, path = '/track-order?type=regular'): string {
  container = document.createElement('div');
  document.body.append(container);
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  act(() =>
    render(
      (
        <QueryClientProvider client={queryClient}>
          <MemoryRouter initialEntries={[path]}>
            <CartUiProvider>
              <OrderCard order={shown} highlighted={false} />
              <DrawerState />
            </CartUiProvider>
          </MemoryRouter>
          <Toaster />
        </QueryClientProvider>
      ) as unknown as ComponentChild,
      container!,
    ),
  );
  return container.textContent ?? '';
}

describe('OrderCard', () => {
  it("shows each line's total and where the order ships", () => {
    const text = renderCard(order);
    expect(text).toContain('$5.59 each$1,397.50');
    expect(text).toContain('$5.04 each$35.28');
    expect(text).toContain('Ships to1 Fairway Dr, Austin, TX 78701');
  });

  it('says nothing about shipping when the order has no address', () => {
    expect(renderCard({ ...order, shippingAddress: null })).not.toContain('Ships to');
  });
});

describe('OrderCard: Print Receipt', () => {
  /** A well-formed mailed-link key (Track Order's `?key=`; the server checks it). */
  const KEY = `1800000000.${'a'.repeat(43)}`;
  const receiptLink = () =>
    [...(container?.querySelectorAll('a') ?? [])].find((a) =>
      a.textContent?.startsWith('Print Receipt'),
    );

  it("links to the order's receipt page, its accessible name naming the order", () => {
    renderCard(order);
    const link = receiptLink();
    expect(link?.getAttribute('href')).toBe('/track-order/41/receipt');
    expect(link?.textContent).toBe('Print Receipt for order #41');
  });

  it("carries a guest's mailed-link key for the order the link opened, and only for it", () => {
    renderCard(order, `/track-order?id=41&type=regular&key=${KEY}`);
    expect(receiptLink()?.getAttribute('href')).toBe(
      `/track-order/41/receipt?key=${encodeURIComponent(KEY)}`,
    );
  });

  it("does not hand one order's key to another order's receipt", () => {
    renderCard(order, `/track-order?id=40&type=regular&key=${KEY}`);
    expect(receiptLink()?.getAttribute('href')).toBe('/track-order/41/receipt');
  });
});

/** The cart line POST /api/cart answers (201) for an added product. */
function cartLine(productId: number, quantity: number): CartItem {
  return {
    id: productId * 10,
    productId,
    quantity,
    unitPrice: 5,
    percentOff: 0,
    lineTotal: 5 * quantity,
    product: {
      id: productId,
      name: `Pin ${productId}`,
      price: 5,
      imageUrl: null,
      stockQuantity: 500,
      purchaseLimit: null,
    },
  };
}

interface Sent {
  method: string;
  url: string;
  body: unknown;
}

/**
 * Stubs fetch: POST /api/cart answers `refusals[productId]` when given (status and
 * message, as the cart routes answer), else 201 with the line; GET /api/cart answers [].
 * Returns what was sent, in order.
 */
function stubCart(refusals: Record<number, [number, string]> = {}): Sent[] {
  const sent: Sent[] = [];
  vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
    const method = init.method ?? 'GET';
    const body = typeof init.body === 'string' ? JSON.parse(init.body) : null;
    sent.push({ method, url, body });
    if (method === 'POST' && url === '/api/cart') {
      const { productId, quantity } = body as { productId: number; quantity: number };
      const refusal = refusals[productId];
      if (refusal) return jsonResponse(refusal[0], { message: refusal[1] });
      return jsonResponse(201, cartLine(productId, quantity));
    }
    return jsonResponse(200, []);
  });
  return sent;
}

const posts = (sent: Sent[]) =>
  sent.filter((s) => s.method === 'POST' && s.url === '/api/cart').map((s) => s.body);

/** Whether GET /api/cart was sent after the last POST (the cart refetched afterwards). */
function readsAfterLastPost(sent: Sent[]): boolean {
  const lastPost = sent.findLastIndex((s) => s.method === 'POST');
  return sent.slice(lastPost).some((s) => s.method === 'GET' && s.url === '/api/cart');
}

function orderAgainButton(): HTMLButtonElement {
  const found = container?.querySelector<HTMLButtonElement>('button');
  if (!found) throw new Error('no Order Again button');
  return found;
}

const drawer = () => container?.querySelector('[data-testid="drawer"]')?.textContent;

describe('OrderCard: Order Again', () => {
  it("names the order in the button's accessible name", () => {
    stubCart();
    renderCard(order);
    expect(orderAgainButton().textContent).toBe('Order Again for order #41');
  });

  it('adds every line with its quantity, one POST each, then opens the cart and says so', async () => {
    const sent = stubCart();
    renderCard(order);
    act(() => orderAgainButton().click());
    await waitForToast({
      title: 'Added to Cart',
      description: '250 × Eagle Flag Pin, 7 × Ball Marker',
    });
    expect(posts(sent)).toEqual([
      { productId: 3, quantity: 250 },
      { productId: 4, quantity: 7 },
    ]);
    expect(drawer()).toBe('open');
    // The cart was read again afterwards (the drawer and the header badge show it).
    expect(readsAfterLastPost(sent)).toBe(true);
  });

  it("still adds the other pins when the server refuses one, and names it with the server's message", async () => {
    const sent = stubCart({ 3: [409, 'This product is out of stock'] });
    renderCard(order);
    act(() => orderAgainButton().click());
    await waitForToast({
      title: 'Some Pins Not Added',
      description:
        'Added 7 × Ball Marker. Not added: Eagle Flag Pin: This product is out of stock.',
    });
    expect(posts(sent)).toEqual([
      { productId: 3, quantity: 250 },
      { productId: 4, quantity: 7 },
    ]);
    expect(drawer()).toBe('open');
  });

  it('does not send a line whose product is gone, and reports it', async () => {
    const sent = stubCart({ 4: [404, 'Product not found'] });
    renderCard({
      ...order,
      items: [
        { productId: null, name: 'Retired Flag Pin', quantity: 20, price: 4 },
        { productId: 4, name: 'Ball Marker', quantity: 7, price: 5.04 },
      ],
    });
    act(() => orderAgainButton().click());
    await waitForToast({
      title: 'Cannot Add to Cart',
      description:
        'Retired Flag Pin: This pin is no longer in the catalogue. Ball Marker: Product not found.',
    });
    expect(posts(sent)).toEqual([{ productId: 4, quantity: 7 }]);
    // Nothing went in: the cart is not opened over the toast, but it is read again (the
    // server has the last word on what the cart holds).
    expect(drawer()).toBe('closed');
    expect(readsAfterLastPost(sent)).toBe(true);
  });

  it('shows no Order Again when no line has a product left', () => {
    stubCart();
    renderCard({
      ...order,
      items: [{ productId: null, name: 'Retired Flag Pin', quantity: 20, price: 4 }],
    });
    expect(container?.querySelector('button')).toBeNull();
  });

  it('is pending while the lines are sent, keeping the focus, and ignores a second click', async () => {
    const sent = stubCart();
    const held = heldResponse();
    const answered = globalThis.fetch;
    // The first POST's answer is held back until the test lets it go.
    vi.stubGlobal('fetch', (url: string, init: RequestInit = {}) => {
      if (init.method !== 'POST' || posts(sent).length > 0) return answered(url, init);
      sent.push({ method: 'POST', url, body: JSON.parse(init.body as string) });
      return held.wait();
    });
    renderCard(order);
    const button = orderAgainButton();
    button.focus();
    act(() => button.click());
    await settle(() => expect(button.getAttribute('aria-disabled')).toBe('true'));
    expect(button.textContent).toBe('Adding... for order #41');
    expect(document.activeElement).toBe(button);
    act(() => button.click());
    held.answer(jsonResponse(201, cartLine(3, 250)));
    await waitForToast({
      title: 'Added to Cart',
      description: '250 × Eagle Flag Pin, 7 × Ball Marker',
    });
    await settle(() => expect(button.hasAttribute('aria-disabled')).toBe(false));
    expect(button.textContent).toBe('Order Again for order #41');
    expect(posts(sent)).toHaveLength(2);
  });
});
