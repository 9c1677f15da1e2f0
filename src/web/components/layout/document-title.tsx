/**
 * Sets `document.title` while the page that renders it is shown. React 19 hoists a
 * `<title>` rendered anywhere into <head>; Preact (the client's runtime, docs/decisions.md
 * issue 12) does not, so pages name themselves with this instead of `<title>`.
 */
import { useLayoutEffect } from 'react';

export function DocumentTitle({ children }: { children: string }) {
  useLayoutEffect(() => {
    document.title = children;
  }, [children]);
  return null;
}
