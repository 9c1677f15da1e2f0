/**
 * Renders `children` from the task after the first render on, and `fallback` (default
 * nothing) until then. For parts below the fold of a phone's first screen (the blog's
 * newsletter band, the home page's logo carousel and testimonials): the page's first
 * render stays short and they are built in a task of their own (issue 10, total blocking
 * time). A fallback with the part's height keeps the layout from moving.
 */
import { type ReactNode, useEffect, useState } from 'react';

export function AfterFirstRender({
  children,
  fallback = null,
}: {
  children: ReactNode;
  fallback?: ReactNode;
}) {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setReady(true), 0);
    return () => clearTimeout(timer);
  }, []);
  return <>{ready ? children : fallback}</>;
}
