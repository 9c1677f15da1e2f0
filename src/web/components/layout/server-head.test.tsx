// @vitest-environment jsdom
/**
 * ServerHeadCleanup (an SEO audit, 2026-11-27): the server's page-specific head tags
 * (`data-page-head`) stay while the page it described is shown, a search-only change
 * included, and go at the first change of path; the document's own tags (charset,
 * viewport, title, preloads, styles) stay.
 */
import { act } from 'react-dom/test-utils';
import { createMemoryRouter, Link, Outlet } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { renderRoutes } from '@/test/app';
import { unmount } from '@/test/dom';
import { ServerHeadCleanup } from './server-head';

/** The head as the server sends the not-found page, in its markup (server/pages/head.ts). */
const SERVER_HEAD = `
  <meta charset="UTF-8" />
  <meta name="viewport" content="width=device-width, initial-scale=1.0" />
  <link rel="preload" as="image" href="/api/files/abc" fetchpriority="high" />
  <style>body{margin:0}</style>
  <title>Page Not Found | Fairway Pin Co.</title>
  <meta name="description" content="The page you are looking for does not exist." data-page-head />
  <link rel="canonical" href="https://shop.example/nope" data-page-head />
  <meta name="robots" content="noindex" data-page-head />
  <meta property="og:title" content="Page Not Found | Fairway Pin Co." data-page-head />
  <meta name="twitter:card" content="summary_large_image" data-page-head />
  <script type="application/ld+json" data-page-head>{"@type":"Organization"}</script>
`;
const FRAME = ['meta[charset]', 'meta[name="viewport"]', 'link[rel="preload"]', 'style', 'title'];

let container: HTMLDivElement;
afterEach(async () => {
  await unmount(container);
  document.head.innerHTML = '';
});

function mount(url: string) {
  document.head.innerHTML = SERVER_HEAD;
  container = document.createElement('div');
  document.body.append(container);
  const router = createMemoryRouter(
    [
      {
        path: '/',
        element: (
          <>
            <ServerHeadCleanup />
            <Link to="/wholesale">Browse Pins</Link>
            <Outlet />
          </>
        ),
        children: [
          { path: 'nope', element: <h1>Page Not Found</h1> },
          { path: 'wholesale', element: <h1>Wholesale</h1> },
          { path: 'product/:id', element: <h1>A pin</h1> },
        ],
      },
    ],
    { initialEntries: [url] },
  );
  renderRoutes(container, router);
  return router;
}

const marked = () => document.head.querySelectorAll('[data-page-head]').length;
/** Lets effects run. */
const tick = () => act(() => new Promise((resolve) => setTimeout(resolve, 50)));

describe('ServerHeadCleanup', () => {
  it("keeps the server's head on the first render, drops it at the first change of page", async () => {
    const router = mount('/nope');
    await tick();
    expect(container.querySelector('h1')?.textContent).toBe('Page Not Found');
    expect(marked()).toBe(6);
    expect(document.querySelector('meta[name="robots"]')?.getAttribute('content')).toBe('noindex');

    // The same page with another search (a filter) is still the page the server described.
    await act(() => router.navigate('/nope?ref=mail'));
    await tick();
    expect(marked()).toBe(6);

    await act(() => container.querySelector('a')!.click());
    await tick();
    expect(router.state.location.pathname).toBe('/wholesale');
    expect(marked()).toBe(0);
    expect(document.querySelector('meta[name="robots"]')).toBeNull();
    expect(document.querySelector('script[type="application/ld+json"]')).toBeNull();
    for (const sel of FRAME) expect(document.head.querySelector(sel), sel).not.toBeNull();

    await act(() => router.navigate('/product/1'));
    await tick();
    expect(container.querySelector('h1')?.textContent).toBe('A pin');
    for (const sel of FRAME) expect(document.head.querySelector(sel), sel).not.toBeNull();
  });
});
