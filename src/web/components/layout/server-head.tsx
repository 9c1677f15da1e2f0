/**
 * The server's page head, dropped once the app shows another page (an SEO audit,
 * 2026-11-27). The server writes the first page's description, canonical URL, robots
 * noindex, Open Graph and Twitter tags and JSON-LD, each marked `data-page-head`
 * (server/pages/head.ts PAGE_HEAD_ATTRIBUTE). After a client-side change of path they
 * described a page no longer shown: a product reached from the not-found page kept its
 * noindex. The app builds no per-page heads (only the title, DocumentTitle), so they are
 * removed, not replaced.
 *
 * Not on the first render (the page the server described is still shown) and not when
 * only the search or hash changes (the same page: the catalogue's filters, the back
 * office's ?section=), as RouteFocus.
 */
import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';

/** The server's marker on its page-specific head tags (server/pages/head.ts). */
export const PAGE_HEAD_SELECTOR = '[data-page-head]';

/** Removes the server's page-specific head tags; returns how many there were. */
export function removeServerHead(): number {
  const tags = document.head.querySelectorAll(PAGE_HEAD_SELECTOR);
  for (const tag of tags) tag.remove();
  return tags.length;
}

/** Drops the server's page head at the first change of path (see the file's comment). */
export function ServerHeadCleanup() {
  const { pathname } = useLocation();
  const first = useRef<string | null>(pathname);
  useEffect(() => {
    if (first.current === null || pathname === first.current) return;
    first.current = null;
    removeServerHead();
  }, [pathname]);
  return null;
}
