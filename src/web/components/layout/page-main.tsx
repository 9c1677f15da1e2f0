/**
 * A page's single <main id="main"> landmark, the skip link's target (focusable with
 * tabIndex -1 so the skip link moves focus, without a visible outline on it).
 *
 * `fillScreen`: the <main> is at least a screen high (`min-h-screen`), so the footer starts
 * below the first screen and stays there whatever the page's data turns out to be. Pages
 * whose first paint is a loading state, a redirect or a short server-rendered part (home's
 * hero) set it: without it the footer showed in the first screen and jumped down when the
 * content arrived (layout shift 0.01-0.42; docs/decisions.md, issue 10 entries 24-28).
 */
import type * as React from 'react';
import { cn } from '@/lib/utils';

export function PageMain({
  className,
  fillScreen = false,
  ...props
}: React.ComponentProps<'main'> & { fillScreen?: boolean }) {
  return (
    <main
      id="main"
      tabIndex={-1}
      className={cn('flex-1 outline-none', fillScreen && 'min-h-screen', className)}
      {...props}
    />
  );
}
