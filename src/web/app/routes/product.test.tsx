// @vitest-environment jsdom
/**
 * /product/{id}: the delivery window by Add to Cart ('order today for delivery ...') is a
 * promise only an orderable product can keep: a sold-out product shows 'Out of Stock'
 * and no delivery dates (an audit saw dates on a sold-out pin).
 */
import type { Product } from '@shared/schemas/catalog';
import { createMemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CartUiProvider } from '@/features/cart/cart-state';
import { renderRoutes } from '@/test/app';
import { installMatchMedia, jsonResponse, settle, unmount } from '@/test/dom';
import { Component as ProductPage } from './product';

const product = (stockQuantity: number): Product => ({
  id: 26,
  name: 'Augusta Azalea Pin',
  description: 'Soft enamel, gold plating.',
  price: 12.5,
  imageUrl: null,
  videoUrl: null,
  inStock: stockQuantity > 0,
  stockQuantity,
  category: 'golf-pins',
  collection: 'masters',
  isActive: true,
  purchaseLimit: null,
  features: [],
  ageGroup: 'adult',
  gender: 'unisex',
  createdAt: '2026-11-01T00:00:00.000Z',
  updatedAt: '2026-11-01T00:00:00.000Z',
});

let container: HTMLDivElement;
afterEach(async () => {
  await unmount(container);
  vi.unstubAllGlobals();
});

function renderProduct(stockQuantity: number): void {
  installMatchMedia();
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      if (url === '/api/products/26') return jsonResponse(200, product(stockQuantity));
      if (url === '/api/products') return jsonResponse(200, [product(stockQuantity)]);
      return jsonResponse(404, { message: 'Not found' });
    }),
  );
  container = document.createElement('div');
  document.body.append(container);
  const router = createMemoryRouter(
    [
      {
        path: '/product/:id',
        element: (
          <CartUiProvider>
            <ProductPage />
          </CartUiProvider>
        ),
      },
    ],
    { initialEntries: ['/product/26'] },
  );
  renderRoutes(container, router);
}

describe('the delivery window on the product page', () => {
  it('is shown for a product in stock', async () => {
    renderProduct(12);
    await settle(() => expect(container.textContent).toContain('Augusta Azalea Pin'));
    expect(container.textContent).toContain('order today for delivery');
  });

  it('is not shown for a sold-out product', async () => {
    renderProduct(0);
    await settle(() => expect(container.textContent).toContain('Out of Stock'));
    expect(container.textContent).not.toContain('order today for delivery');
  });
});
