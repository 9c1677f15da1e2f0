/**
 * A page's single <main id="main"> landmark, the skip link's target (focusable with
 * tabIndex -1 so the skip link moves focus, without a visible outline on it).
 */
import type * as React from 'react';
import { cn } from '@/lib/utils';

export function PageMain({ className, ...props }: React.ComponentProps<'main'>) {
  return (
    <main id="main" tabIndex={-1} className={cn('flex-1 outline-none', className)} {...props} />
  );
}
