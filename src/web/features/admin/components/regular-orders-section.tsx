/**
 * Admin 'Regular Orders' section (back-office spec section 2 "/admin"; DECISIONS.md:
 * it is in the admin menu): every catalogue order, newest first (the server's order),
 * with loading skeletons, an error state with retry, and the empty state
 * 'No regular orders found.'; 50 cards at a time ('Show more').
 */

import { ShowMore, useListPage } from '@/components/show-more';
import { Card, CardContent } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { useAdminOrders } from '../api';
import { AdminOrderCard } from './admin-order-card';
import { LoadError } from './load-error';

export function RegularOrdersSection({ userId }: { userId: number }) {
  const orders = useAdminOrders(userId);
  const page = useListPage(orders.data ?? []);
  if (orders.isLoading) {
    return (
      <div role="status" aria-label="Loading orders" className="space-y-4">
        <Skeleton className="h-48 w-full rounded-xl" />
        <Skeleton className="h-48 w-full rounded-xl" />
        <Skeleton className="h-48 w-full rounded-xl" />
      </div>
    );
  }
  if (orders.isError || !orders.data) {
    return <LoadError what="orders" onRetry={() => void orders.refetch()} />;
  }
  if (orders.data.length === 0) {
    return (
      <Card>
        <CardContent>
          <p className="text-muted-foreground text-center">No regular orders found.</p>
        </CardContent>
      </Card>
    );
  }
  return (
    <div className="space-y-4">
      <ul className="space-y-4">
        {page.visible.map((order) => (
          <li key={order.id}>
            <AdminOrderCard order={order} />
          </li>
        ))}
      </ul>
      <ShowMore page={page} noun="orders" />
    </div>
  );
}
