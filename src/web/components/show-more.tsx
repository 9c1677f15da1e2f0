/**
 * A long list shown LIST_PAGE_SIZE items at a time, with 'Show more' (a scale audit:
 * 20,000 order cards at once froze the admin's browser). The server still sends the
 * whole list; this keeps the page to what a person reads.
 */
import { useState } from 'react';
import { Button } from '@/components/ui/button';

/** Items shown at first, and added by each 'Show more'. */
export const LIST_PAGE_SIZE = 50;

/**
 * The first items of `items` to show, at least up to `keepIndex` (an item that must be
 * on the page, such as the order a link highlights; -1 for none). `hidden` counts the
 * rest; `showMore` adds a page.
 */
export function useListPage<T>(items: readonly T[], keepIndex = -1) {
  const [count, setCount] = useState(LIST_PAGE_SIZE);
  const shownCount = Math.max(count, keepIndex + 1);
  return {
    visible: items.slice(0, shownCount),
    hidden: Math.max(0, items.length - shownCount),
    showMore: () => setCount(shownCount + LIST_PAGE_SIZE),
  };
}

/** A list page as `useListPage` returns it. */
export type ListPage<T> = ReturnType<typeof useListPage<T>>;

/** 'Showing N of M {noun}' and 'Show more' while `page` hides items; nothing otherwise. */
export function ShowMore<T>({ page, noun }: { page: ListPage<T>; noun: string }) {
  const { visible, hidden, showMore } = page;
  if (hidden <= 0) return null;
  const shown = visible.length;
  return (
    <div className="flex flex-col items-center gap-2 pt-2">
      <p className="text-muted-foreground text-sm" aria-live="polite">
        {`Showing ${shown.toLocaleString('en-US')} of ${(shown + hidden).toLocaleString('en-US')} ${noun}`}
      </p>
      <Button type="button" variant="outline" onClick={showMore}>
        Show more
      </Button>
    </div>
  );
}
