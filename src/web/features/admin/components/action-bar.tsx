/**
 * Row and card actions with destructive ones set apart (issue 8: "destructive actions
 * (Delete) stand apart from routine ones"): routine actions first, then — after a
 * divider, pushed to the far end — the destructive ones. Pair every destructive button
 * with a ConfirmDialog whose text names what is lost.
 */
import type { ReactNode } from 'react';
import { cn } from '@/lib/utils';

export function ActionBar({
  children,
  destructive,
  className,
}: {
  /** Routine actions. */
  children?: ReactNode;
  /** Destructive actions (Delete), shown apart at the end. */
  destructive?: ReactNode;
  className?: string;
}) {
  return (
    <div className={cn('flex w-full flex-wrap items-center gap-2', className)}>
      {children}
      {destructive ? (
        <div className="ml-auto flex flex-wrap gap-2 border-l pl-3">{destructive}</div>
      ) : null}
    </div>
  );
}
