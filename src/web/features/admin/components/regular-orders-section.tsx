/**
 * Admin 'Regular Orders' section (back-office spec section 2 "/admin"; DECISIONS.md:
 * it is in the admin menu): every catalogue order, newest first (the server's order),
 * with loading skeletons, an error state with retry, and the empty state
 * 'No regular orders found.'.
 */
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { useAdminOrders } from '../api';
import { AdminOrderCard } from './admin-order-card';

export function RegularOrdersSection({ userId }: { userId: number }) {
  const orders = useAdminOrders(userId);
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
    return (
      <Card>
        <CardContent className="space-y-3">
          <p role="alert">We could not load the orders. Please try again.</p>
          <Button type="button" variant="outline" onClick={() => void orders.refetch()}>
            Try Again
          </Button>
        </CardContent>
      </Card>
    );
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
    <ul className="space-y-4">
      {orders.data.map((order) => (
        <li key={order.id}>
          <AdminOrderCard order={order} />
        </li>
      ))}
    </ul>
  );
}
