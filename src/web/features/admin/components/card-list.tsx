/**
 * The states of a paged list of admin record cards (Order History, Quote Requests): two
 * skeleton cards while loading ('Loading {what}'), LoadError with 'Try Again' when the page
 * did not load, 'No {what} found.' when it holds nothing, else the count (announced when it
 * changes: '1 order', '2 orders'), each card in a list item, then `footer` (the page links).
 */
import type { ReactNode } from 'react';
import { Card, CardContent } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { LoadError } from './load-error';

export function CardList<T>({
  query,
  what,
  noun,
  itemKey,
  renderItem,
  footer,
}: {
  /** The page's query: `{ items, total }` once loaded. */
  query: {
    data?: { items: readonly T[]; total: number };
    isLoading: boolean;
    isError: boolean;
    refetch(): unknown;
  };
  /** What the list holds, in the plural ('quote requests'). */
  what: string;
  /** The count's noun, singular and plural (['request', 'requests']). */
  noun: readonly [string, string];
  itemKey(item: T): string | number;
  renderItem(item: T): ReactNode;
  footer?: ReactNode;
}) {
  if (query.isLoading) {
    return (
      <div role="status" aria-label={`Loading ${what}`} className="space-y-4">
        <Skeleton className="h-48 w-full rounded-xl" />
        <Skeleton className="h-48 w-full rounded-xl" />
      </div>
    );
  }
  if (query.isError || !query.data) {
    return <LoadError what={what} onRetry={() => void query.refetch()} />;
  }
  const { items, total } = query.data;
  if (items.length === 0) {
    return (
      <Card>
        <CardContent>
          <p className="text-muted-foreground text-center">No {what} found.</p>
        </CardContent>
      </Card>
    );
  }
  return (
    <>
      <p className="text-muted-foreground text-sm" aria-live="polite">
        {total} {total === 1 ? noun[0] : noun[1]}
      </p>
      <ul className="space-y-4">
        {items.map((item) => (
          <li key={itemKey(item)}>{renderItem(item)}</li>
        ))}
      </ul>
      {footer}
    </>
  );
}
