// @vitest-environment jsdom
/**
 * /product/{id}: the delivery window by Add to Cart ('order today for delivery ...') is a
 * promise only an orderable product can keep: a sold-out product shows 'Out of Stock'
 * and no delivery dates (an audit saw dates on a sold-out pin). A product with a
 * per-customer limit says before Add to Cart what this shopper's past orders and cart
 * used of it (GET /api/cart/allowance), caps the quantity there, and with nothing left
 * shows Add to Cart unavailable, saying why.
 */
import type { CartAllowance } from '@shared/schemas/cart';
import type { Product } from '@shared/schemas/catalog';
import { createMemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CartUiProvider } from '@/features/cart/cart-state';
import { renderRoutes } from '@/test/app';
import { installMatchMedia, jsonResponse, settle, unmount } from '@/test/dom';
import { mountOverServerHtml } from '@/test/mount-over';
import { productMain } from '../../../server/pages/content';
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
let serverRoot: HTMLElement | undefined;
afterEach(async () => {
  await unmount(container);
  await unmount(serverRoot);
  serverRoot = undefined;
  vi.unstubAllGlobals();
});

/** What the stubbed API answers besides the product: the cart, the allowance, POST /api/cart. */
interface PageApi {
  /** GET /api/cart's lines (productId and quantity matter); none: a 404, as with no stub. */
  cart?: { productId: number; quantity: number }[];
  /** GET /api/cart/allowance?productId=26's answer, or 500 (it fails). */
  allowance?: unknown;
  /** POST /api/cart's answer; the posted bodies are recorded in `posts`. */
  add?: () => Response;
}
const posts: unknown[] = [];

/** Renders /product/26 showing `shown` on a stubbed API (`api`), as the app mounts it. */
function renderProductPage(shown: Product, api: PageApi = {}): void {
  installMatchMedia();
  posts.length = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      if (url === '/api/products/26') return jsonResponse(200, shown);
      if (url === '/api/products') return jsonResponse(200, [shown]);
      if (url === '/api/cart' && init?.method === 'POST' && api.add) {
        posts.push(JSON.parse(String(init.body)));
        return api.add();
      }
      if (url === '/api/cart' && api.cart) {
        return jsonResponse(
          200,
          api.cart.map((line, i) => ({ id: i + 1, ...line })),
        );
      }
      if (url === '/api/cart/allowance?productId=26' && api.allowance !== undefined) {
        return api.allowance === 500
          ? jsonResponse(500, { message: 'Internal Server Error' })
          : jsonResponse(200, api.allowance);
      }
      return jsonResponse(404, { message: 'Not found' });
    }),
  );
  container = document.createElement('div');
  document.body.append(container);
  renderRoutes(
    container,
    createMemoryRouter([{ path: '/product/:id', element: <ProductRoute /> }], {
      initialEntries: ['/product/26'],
    }),
  );
}

function renderProduct(stockQuantity: number): void {
  renderProductPage(product(stockQuantity));
}

const addButton = () =>
  [...container.querySelectorAll('button')].find((b) => b.textContent === 'Add to Cart')!;
/** The text Add to Cart is described by (why it is unavailable). */
const addButtonReason = () =>
  document.getElementById(addButton().getAttribute('aria-describedby') ?? '')?.textContent;

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

function ProductRoute() {
  return (
    <CartUiProvider>
      <ProductPage />
    </CartUiProvider>
  );
}

describe("the breadcrumbs mounted over the server's product page", () => {
  // Names that wrap the trail to two lines at 360 px when the separators take room: the
  // server's ' /' text made 8 of the 34 demo pages jump 24 px when the app's chevrons
  // replaced it (a mobile audit).
  for (const name of ['Augusta Azalea Pin', 'Pebble Creek Member Guest Commemorative Coin 2026']) {
    it(`keeps every node, text and attribute of the server's trail (${name})`, async () => {
      installMatchMedia();
      const p = { ...product(12), name };
      vi.stubGlobal(
        'fetch',
        vi.fn(async () => jsonResponse(500, { message: 'no request expected' })),
      );
      const html = productMain(p);
      const mounted = await mountOverServerHtml({
        html,
        path: '/product/:id',
        url: `/product/${p.id}`,
        Component: ProductRoute,
        data: [
          [['/api/products', p.id], p],
          [['/api/products'], [p]],
        ],
      });
      serverRoot = mounted.root;
      const trail = 'nav[aria-label="Breadcrumb"]';
      const server = document.createElement('div');
      server.innerHTML = html;
      const serverTrail = mounted.serverElements.filter((el) => el.closest(trail));
      const appTrail = mounted.root.querySelector(trail);
      expect(serverTrail.length).toBeGreaterThan(5);
      expect(appTrail?.outerHTML).toBe(server.querySelector(trail)?.outerHTML);
      expect([appTrail, ...(appTrail?.querySelectorAll('*') ?? [])]).toEqual(serverTrail);
      expect(appTrail?.textContent).toBe(`HomeWholesale${name}`);
    });
  }
});

describe('a product with a per-customer limit', () => {
  const promo = (): Product => ({
    ...product(200),
    name: 'Trump Fight Golf Pin',
    purchaseLimit: 4,
  });

  function renderPromo(allowance: Omit<CartAllowance, 'productId' | 'limit'>, p = promo()): void {
    renderProductPage(p, {
      allowance: { productId: 26, limit: p.purchaseLimit, ...allowance },
      add: () => jsonResponse(409, { message: 'Limit 4 per customer', limit: 4, remaining: 0 }),
    });
  }

  it('says what past orders used and caps the quantity at what is left', async () => {
    renderPromo({ bought: 3, inCart: 0, remaining: 1 });
    await settle(() =>
      expect(container.textContent).toContain(
        'You have already ordered 3 of the limit of 4 per customer.',
      ),
    );
    expect(container.textContent).toContain('Limit 4 per customer');
    const plus = container.querySelector('button[aria-label="Increase quantity"]')!;
    expect(plus.getAttribute('aria-disabled')).toBe('true');
    expect(container.querySelector('input')!.max).toBe('1');
    expect(addButton().getAttribute('aria-disabled')).toBeNull();
  });

  it('with nothing left shows Add to Cart unavailable, focusable, described by the reason', async () => {
    renderPromo({ bought: 2, inCart: 2, remaining: 0 });
    await settle(() =>
      expect(container.textContent).toContain('You have reached the limit of 4 per customer.'),
    );
    const add = addButton();
    expect(add.disabled).toBe(false);
    expect(add.getAttribute('aria-disabled')).toBe('true');
    expect(addButtonReason()).toBe(
      'You have reached the limit of 4 per customer. 2 of them are in your cart.',
    );
    add.click();
    await new Promise((r) => setTimeout(r, 20));
    expect(posts).toEqual([]);
  });
});

describe('a product some of which is in the cart already', () => {
  /** The page with the stock at 5 and `held` units of it in the cart (GET /api/cart). */
  const renderHeld = (held: number) =>
    renderProductPage(product(5), { cart: [{ productId: 26, quantity: held }] });

  it('caps the quantity at what the stock leaves beside the cart line, and says so', async () => {
    renderHeld(3);
    await settle(() => expect(container.querySelector('input')?.max).toBe('2'));
    const plus = container.querySelector<HTMLButtonElement>(
      'button[aria-label="Increase quantity"]',
    )!;
    plus.click();
    await settle(() =>
      expect(container.textContent).toContain(
        'Only 5 in stock, and 3 are in your cart: you can add 2 more.',
      ),
    );
    expect(plus.getAttribute('aria-disabled')).toBe('true');
    expect(addButton().getAttribute('aria-disabled')).toBeNull();
  });

  it('with all the stock in the cart shows Add to Cart unavailable, saying why', async () => {
    renderHeld(5);
    await settle(() => expect(container.textContent).toContain('All 5 in stock are in your cart.'));
    const add = addButton();
    expect(add.getAttribute('aria-disabled')).toBe('true');
    expect(addButtonReason()).toBe('All 5 in stock are in your cart.');
  });
});

describe('a limited product beside the cart (the allowance answered or not)', () => {
  /** A pin limited to `limit` with `stock` left, `held` of it in the cart; `allowance`: GET /api/cart/allowance's answer, or 500. */
  const renderLimited = (stock: number, limit: number, held: number, allowance: unknown) =>
    renderProductPage(
      { ...product(stock), purchaseLimit: limit },
      { cart: [{ productId: 26, quantity: held }], allowance },
    );

  it('with all the stock in the cart says so, not "You can add 0 more"', async () => {
    renderLimited(3, 10, 3, { productId: 26, limit: 10, bought: 0, inCart: 3, remaining: 7 });
    await settle(() => expect(addButtonReason()).toBe('All 3 in stock are in your cart.'));
    expect(addButton().getAttribute('aria-disabled')).toBe('true');
    expect(container.textContent).toContain(
      'You already have 3 of the limit of 10 per customer in your cart.',
    );
    expect(container.textContent).not.toContain('You can add 0 more');
  });

  it('when the allowance cannot be read, counts the cart against the limit', async () => {
    renderLimited(200, 4, 4, 500);
    await settle(() =>
      expect(addButtonReason()).toBe(
        'You have reached the limit of 4 per customer. 4 of them are in your cart.',
      ),
    );
    expect(addButton().getAttribute('aria-disabled')).toBe('true');
  });
});
