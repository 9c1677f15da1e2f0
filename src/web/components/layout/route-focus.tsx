/**
 * Page changes inside the single-page app, made heard (a screen-reader audit of
 * 2026-11-27): after a client-side navigation to another path the focus moves to the new
 * page's <h1> (made focusable by script, tabindex -1), else to its <main id="main">, so a
 * screen reader reads the new page and the next Tab starts in it, not on the link that
 * was clicked or at 'Skip to content'.
 *
 * Not on the first load (the browser reads a loaded page itself; a redirect right after
 * it, such as a signed-out /account to /login, does count as a change: the focus lands on
 * the page the visitor was sent to, which says where they are), not when only the search
 * or hash changes (the back office's ?section= tabs, filters: the page stays), not when
 * the page moved the focus itself (a step heading, a notice, the order just placed) and
 * not while a dialog holds it. A page still loading its data gets a moment (LOADING_MS)
 * for its heading to arrive before the focus settles on its <main>; the focus moves
 * without scrolling, so the router's scroll restoration keeps the position it set.
 * Neither target shows a focus ring (`outline-none` on <main>, `outline: none` here).
 */
import { useEffect, useLayoutEffect, useRef } from 'react';
import { useLocation } from 'react-router';

/** How long a page still loading may take to show its <h1> before <main> takes the focus. */
export const LOADING_MS = 2000;

/** The open dialog (or alert dialog) the focus is in, if any. */
function inOpenDialog(el: Element | null): boolean {
  return Boolean(
    el?.closest('[role="dialog"], [role="alertdialog"]') ||
      document.querySelector('[aria-modal="true"]'),
  );
}

/** The current page's <h1> (the one in <main>), if it has one yet. */
function pageHeading(): HTMLElement | null {
  return document.querySelector<HTMLElement>('#main h1');
}

/**
 * Focuses the current page's <h1> (focusable by script only), else its <main id="main">,
 * without scrolling and without a focus ring. Returns false when the page has neither.
 * Also for a page change that closes a dialog first (the cart drawer's links): the dialog
 * gives the focus back here instead of to its opener.
 */
export function focusPageStart(): boolean {
  const target = pageHeading() ?? document.getElementById('main');
  if (!target) return false;
  if (target.tagName === 'H1') {
    if (!target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1');
    target.style.outline = 'none';
  }
  target.focus({ preventScroll: true });
  return true;
}

/**
 * Moves the focus to the new page after a pathname change (see the file's comment).
 * Render it before the routed page: its layout effect then notes where the focus was
 * before the new page's own effects could move it.
 */
export function RouteFocus() {
  const { pathname } = useLocation();
  const shown = useRef(pathname);
  /** The focused element once the new page was drawn, before its effects ran. */
  const focusAtChange = useRef<Element | null>(null);

  useLayoutEffect(() => {
    if (pathname !== shown.current) focusAtChange.current = document.activeElement;
  }, [pathname]);

  useEffect(() => {
    if (pathname === shown.current) return;
    shown.current = pathname;
    const before = focusAtChange.current;
    let frame = 0;
    let observer: MutationObserver | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const stop = () => {
      cancelAnimationFrame(frame);
      observer?.disconnect();
      clearTimeout(timer);
      document.removeEventListener('focusin', stop);
    };
    /** True when something else has placed the focus since the page changed. */
    const focusTaken = () => {
      const active = document.activeElement;
      if (inOpenDialog(active)) return true;
      return active !== null && active !== before && active !== document.body;
    };
    const settle = () => {
      if (focusTaken()) return;
      if (pageHeading()) {
        focusPageStart();
        return;
      }
      // Still loading: wait for the heading, then <main>; a focus move meanwhile (the
      // visitor's Tab, the page's own) ends the wait.
      document.addEventListener('focusin', stop);
      observer = new MutationObserver(() => {
        if (!pageHeading()) return;
        stop();
        if (!focusTaken()) focusPageStart();
      });
      observer.observe(document.body, { childList: true, subtree: true });
      timer = setTimeout(() => {
        stop();
        if (!focusTaken()) focusPageStart();
      }, LOADING_MS);
    };
    // After the page's own effects and the frame they may move the focus in (the step
    // headings and notices focus in a requestAnimationFrame).
    frame = requestAnimationFrame(() => {
      frame = requestAnimationFrame(settle);
    });
    return stop;
  }, [pathname]);

  return null;
}
