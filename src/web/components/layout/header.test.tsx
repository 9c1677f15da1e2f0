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
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { CartUiProvider } from '@/features/cart/cart-state';
import { installMatchMedia, unmount } from '@/test/dom';
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

async function renderHeader(cart: CartItem[]) {
  root = document.createElement('div');
  document.body.append(root);
  const queryClient = new QueryClient({
    defaultOptions: { queries: { staleTime: Number.POSITIVE_INFINITY, retry: false } },
  });
  queryClient.setQueryData(['/api/cart'], cart);
  queryClient.setQueryData(['/api/auth/user'], null);
  const router = createMemoryRouter([{ path: '/', Component: Header }], { initialEntries: ['/'] });
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
