// @vitest-environment jsdom
/**
 * RouteFocus (a screen-reader audit, 2026-11-27): after a client-side change of path the
 * new page's <h1> takes the focus (tabindex -1, no ring), or its <main> when it shows no
 * heading in time; not on the first load, not for a search-only change (the back office's
 * ?section=), not when the page focused something itself, not while a dialog has it.
 */
import { useEffect, useRef, useState } from 'react';
import { act } from 'react-dom/test-utils';
import { createMemoryRouter, Link, Outlet } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { renderRoutes } from '@/test/app';
import { settle, unmount } from '@/test/dom';
import { LOADING_MS, RouteFocus } from './route-focus';

let container: HTMLDivElement;
afterEach(async () => {
  await unmount(container);
});

function Frame() {
  return (
    <>
      <RouteFocus />
      <nav>
        <Link to="/about">About</Link>
        <Link to="/?section=orders">Orders section</Link>
        <Link to="/self">Self-focusing page</Link>
        <Link to="/slow">Slow page</Link>
        <Link to="/bare">Page without heading</Link>
      </nav>
      <Outlet />
      {/* A dialog over the pages (the cart drawer is one): not open in aria terms here. */}
      <div role="dialog" aria-label="Drawer">
        <button type="button">In the dialog</button>
      </div>
    </>
  );
}

const Page = ({ title }: { title: string }) => (
  <main id="main" tabIndex={-1}>
    <h1>{title}</h1>
    <a href="#x">A link on the page</a>
  </main>
);

/** Focuses its own field on arrival, a frame later (as the step headings do). */
function SelfFocusing() {
  const field = useRef<HTMLInputElement>(null);
  useEffect(() => {
    requestAnimationFrame(() => field.current?.focus());
  }, []);
  return (
    <main id="main" tabIndex={-1}>
      <h1>Self</h1>
      <input ref={field} aria-label="Search" />
    </main>
  );
}

/** Its heading arrives after its "data" (300 ms). */
function Slow() {
  const [loaded, setLoaded] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setLoaded(true), 300);
    return () => clearTimeout(timer);
  }, []);
  return (
    <main id="main" tabIndex={-1}>
      {loaded ? <h1>Slow</h1> : <p role="status">Loading…</p>}
    </main>
  );
}

function mount(url = '/') {
  container = document.createElement('div');
  document.body.append(container);
  const router = createMemoryRouter(
    [
      {
        path: '/',
        element: <Frame />,
        children: [
          { index: true, element: <Page title="Home" /> },
          { path: 'about', element: <Page title="About" /> },
          { path: 'self', element: <SelfFocusing /> },
          { path: 'slow', element: <Slow /> },
          {
            path: 'bare',
            element: (
              <main id="main" tabIndex={-1}>
                <p>No heading here</p>
              </main>
            ),
          },
        ],
      },
    ],
    { initialEntries: [url] },
  );
  renderRoutes(container, router);
  return router;
}

const link = (name: string) =>
  [...container.querySelectorAll('a')].find((a) => a.textContent === name)!;
/** Clicks a link as a keyboard user does (it has the focus first). */
const follow = (name: string) =>
  act(() => {
    link(name).focus();
    link(name).click();
  });
/** Lets effects and a few animation frames run. */
const frames = () => act(() => new Promise((resolve) => setTimeout(resolve, 100)));
const heading = () => container.querySelector('h1')!;

describe('RouteFocus', () => {
  it('leaves the first load alone, then focuses the new page heading after a page change', async () => {
    const router = mount();
    await frames();
    expect(document.activeElement).toBe(document.body);

    await follow('About');
    expect(router.state.location.pathname).toBe('/about');
    await settle(() => expect(document.activeElement).toBe(heading()));
    expect(heading().textContent).toBe('About');
    expect(heading().getAttribute('tabindex')).toBe('-1');
    expect(heading().style.outline).toBe('none');
  });

  it('a search-only change (?section=) keeps the focus where it is', async () => {
    const router = mount('/about');
    await frames();
    await follow('Orders section');
    await settle(() => expect(router.state.location.pathname).toBe('/'));
    await settle(() => expect(document.activeElement).toBe(heading()));
    expect(heading().textContent).toBe('Home');
    // Now only the search changes: the focus stays on the link that was followed.
    await act(() => router.navigate('/?section=products'));
    await follow('Orders section');
    await frames();
    expect(router.state.location.search).toBe('?section=orders');
    expect(document.activeElement).toBe(link('Orders section'));
  });

  it('a page that focuses something itself keeps it', async () => {
    mount();
    await frames();
    await follow('Self-focusing page');
    await settle(() => expect(document.activeElement?.getAttribute('aria-label')).toBe('Search'));
    await frames();
    expect(document.activeElement?.getAttribute('aria-label')).toBe('Search');
  });

  it('a page still loading: its heading takes the focus when it shows', async () => {
    mount();
    await frames();
    await follow('Slow page');
    await frames();
    expect(document.activeElement).toBe(link('Slow page'));
    await settle(() => expect(document.activeElement?.textContent).toBe('Slow'));
  });

  it('a page without a heading: its <main> takes the focus after LOADING_MS', async () => {
    mount();
    await frames();
    await follow('Page without heading');
    await settle(
      () => expect(document.activeElement).toBe(container.querySelector('main')),
      LOADING_MS + 1000,
    );
  });

  it('a dialog holding the focus keeps it', async () => {
    const router = mount();
    await frames();
    const inDialog = container.querySelector<HTMLButtonElement>('[role="dialog"] button')!;
    act(() => inDialog.focus());
    await act(() => router.navigate('/about'));
    await frames();
    expect(heading().textContent).toBe('About');
    expect(document.activeElement).toBe(inDialog);
  });
});
