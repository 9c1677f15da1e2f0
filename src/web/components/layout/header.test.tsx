// @vitest-environment jsdom
/**
 * The header's cart badge shows the total item quantity (storefront spec section 2,
 * "Header and global navigation"), whatever its size: wholesale carts hold 100+ pins.
 */
import type { CartItem } from '@shared/schemas/cart';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ComponentChild, render } from 'preact';
import { act } from 'react-dom/test-utils';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { CartUiProvider } from '@/features/cart/cart-state';
import { installMatchMedia, jsonResponse, settle, unmount } from '@/test/dom';
import { Header } from './header';

beforeAll(installMatchMedia);

let root: HTMLElement | undefined;
afterEach(async () => {
  await unmount(root);
});

const line = (id: number, quantity: number): CartItem => ({
  id,
  productId: id,
  quantity,
  unitPrice: 5,
  percentOff: 20,
  lineTotal: 5 * quantity,
  product: {
    id,
    name: `Pin ${id}`,
    price: 6.25,
    imageUrl: null,
    stockQuantity: 500,
    purchaseLimit: null,
  },
});

async function renderHeader(
  cart: CartItem[],
  { path = '/', user = null }: { path?: string; user?: unknown } = {},
) {
  root = document.createElement('div');
  document.body.append(root);
  const queryClient = new QueryClient({
    defaultOptions: { queries: { staleTime: Number.POSITIVE_INFINITY, retry: false } },
  });
  queryClient.setQueryData(['/api/cart'], cart);
  queryClient.setQueryData(['/api/auth/user'], user);
  const router = createMemoryRouter([{ path, Component: Header }], { initialEntries: [path] });
  act(() => {
    render(
      (
        <QueryClientProvider client={queryClient}>
          <CartUiProvider>
            <RouterProvider router={router} />
          </CartUiProvider>
        </QueryClientProvider>
      ) as unknown as ComponentChild,
      root!,
    );
  });
  await Promise.resolve();
  return root.querySelector('button[aria-haspopup="dialog"]')!;
}

describe('header cart badge', () => {
  it('shows the total item quantity', async () => {
    const button = await renderHeader([line(1, 3), line(2, 4)]);
    expect(button.getAttribute('aria-label')).toBe('Shopping cart, 7 items');
    expect(button.textContent).toBe('7');
  });

  it('shows the whole quantity above 99 (wholesale carts), not a cap', async () => {
    const button = await renderHeader([line(1, 50), line(2, 50), line(3, 25)]);
    expect(button.getAttribute('aria-label')).toBe('Shopping cart, 125 items');
    expect(button.textContent).toBe('125');
  });
});

describe("desktop header's My Account link", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('carries aria-current="page" on /account, as the menu panel\'s link does', async () => {
    // A desktop screen: every media query (lg, xl) matches, so the account area is built.
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: true,
      media: query,
      addEventListener() {},
      removeEventListener() {},
    }));
    const user = { id: 1, username: 'pat', email: 'pat@example.com', role: 'customer' };
    await renderHeader([], { path: '/account', user });
    const account = [...root!.querySelectorAll('a')].find((a) => a.textContent === 'My Account');
    expect(account?.getAttribute('href')).toBe('/account');
    expect(account?.getAttribute('aria-current')).toBe('page');
  });
});

describe('header account area (desktop)', () => {
  it('gives the focus to Login when Logout replaces itself with it', async () => {
    const phone = window.matchMedia;
    // A desktop screen: every width query matches, so the account area is in the header.
    window.matchMedia = ((query: string) => ({
      matches: true,
      media: query,
      addEventListener() {},
      removeEventListener() {},
    })) as unknown as typeof window.matchMedia;
    const fetchStub = vi.fn(async (url: string) =>
      url.endsWith('/api/auth/logout')
        ? jsonResponse(200, { message: 'Logged out' })
        : jsonResponse(200, []),
    );
    vi.stubGlobal('fetch', fetchStub);
    try {
      await renderHeader([], { user: { id: 1, username: 'ada', role: 'customer' } });
      const logout = [...root!.querySelectorAll('button')].find((b) => b.textContent === 'Logout')!;
      logout.focus();
      act(() => logout.click());
      await settle(() => {
        expect(document.activeElement?.textContent).toBe('Login');
      });
      expect(document.activeElement?.getAttribute('href')).toBe('/login');
      expect(fetchStub.mock.calls.some(([url]) => String(url).endsWith('/api/auth/logout'))).toBe(
        true,
      );
    } finally {
      window.matchMedia = phone;
      vi.unstubAllGlobals();
    }
  });
});
