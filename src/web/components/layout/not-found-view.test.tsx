// @vitest-environment jsdom
/**
 * The three not-found pages (unknown page, product, blog post): the app's first render over
 * the server's 404 document (server/pages/content.ts `notFoundMain`) changes nothing, and
 * a missing product or post, whose null answer the server's page data carries, never shows
 * a loading skeleton first (a mobile audit: not-found, 'Loading product…', not-found again,
 * a layout shift of 0.27-0.31).
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Component as BlogPostPage } from '@/app/routes/blog-post';
import { Component as NotFoundPage } from '@/app/routes/not-found';
import { Component as ProductPage } from '@/app/routes/product';
import { CartUiProvider } from '@/features/cart/cart-state';
import { installMatchMedia, unmount } from '@/test/dom';
import { mountOverServerHtml } from '@/test/mount-over';
import { notFoundMain } from '../../../server/pages/content';

let root: HTMLElement | undefined;
afterEach(async () => {
  await unmount(root);
  vi.unstubAllGlobals();
});

function ProductRoute() {
  return (
    <CartUiProvider>
      <ProductPage />
    </CartUiProvider>
  );
}

const CASES = [
  { kind: 'page', path: '*', url: '/no-such-page', Component: NotFoundPage, data: [] },
  {
    kind: 'product',
    path: '/product/:id',
    url: '/product/9999',
    Component: ProductRoute,
    // What the server's 404 page for /product/9999 seeds (server/pages/routes.ts).
    data: [[['/api/products', 9999], null]],
  },
  {
    kind: 'blogPost',
    path: '/blog/:slug',
    url: '/blog/nope',
    Component: BlogPostPage,
    data: [[['/api/blog', 'nope'], null]],
  },
] as const;

describe("the not-found pages mounted over the server's 404 document", () => {
  for (const { kind, path, url, Component, data } of CASES) {
    it(`${url}: no loading state, no node, text or attribute changed`, async () => {
      installMatchMedia();
      // Any request would be a refetch the page data should have made unnecessary.
      const fetch = vi.fn(async () => new Response('{}', { status: 500 }));
      vi.stubGlobal('fetch', fetch);
      const mounted = await mountOverServerHtml({
        html: notFoundMain(kind),
        path,
        url,
        Component,
        data: data as unknown as [readonly unknown[], unknown][],
      });
      root = mounted.root;
      expect(mounted.root.textContent).not.toMatch(/Loading/);
      expect(mounted.changes).toEqual([]);
      expect([...mounted.root.querySelectorAll('*')]).toEqual(mounted.serverElements);
      expect(mounted.root.querySelector('h1')?.textContent).toMatch(/Not Found$/);
      expect(fetch).not.toHaveBeenCalled();
    });
  }
});
