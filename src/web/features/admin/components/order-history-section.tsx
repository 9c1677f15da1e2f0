/**
 * Admin 'Order History' (back-office spec section 2 "/admin", the default section):
 * custom and catalogue orders together, newest first, with filters (type, status,
 * search by order number, name or e-mail) and pagination, from
 * GET /api/admin/order-history. Custom orders show the custom card and detail dialog;
 * catalogue orders the Regular Orders card plus 'Send Email'. Loading skeletons, an
 * error state with retry and an empty state.
 */
import { CUSTOM_ORDER_STATUSES, CUSTOM_STATUS_LABELS } from '@shared/custom-pins';
import type { Order } from '@shared/schemas/orders';
import { REGULAR_ORDER_STATUSES } from '@shared/schemas/orders';
import { Mail, Search } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { REGULAR_STATUS_LABELS } from '../format';
import { useOrderHistory } from '../order-history-api';
import { AdminOrderCard } from './admin-order-card';
import { CardList } from './card-list';
import { CustomOrderAdminCard } from './custom-order-admin';
import { NativeSelect } from './native-select';
import { SendEmailDialog } from './send-email-dialog';

const PAGE_SIZE = 20;

/** Every status either kind of order can have, labelled. */
const STATUS_OPTIONS: [string, string][] = [
  ...new Map<string, string>([
    ...CUSTOM_ORDER_STATUSES.map((s) => [s, CUSTOM_STATUS_LABELS[s]] as [string, string]),
    ...REGULAR_ORDER_STATUSES.map((s) => [s, REGULAR_STATUS_LABELS[s]] as [string, string]),
  ]).entries(),
];

export function OrderHistorySection(_props: { userId: number }) {
  const id = useId();
  const [type, setType] = useState<'all' | 'custom' | 'regular'>('all');
  const [status, setStatus] = useState('');
  const [search, setSearch] = useState('');
  const [q, setQ] = useState('');
  const [page, setPage] = useState(1);
  // Search as the admin types, a moment after the last key.
  useEffect(() => {
    const timer = window.setTimeout(() => {
      setQ(search.trim());
      setPage(1);
    }, 300);
    return () => window.clearTimeout(timer);
  }, [search]);
  const history = useOrderHistory({
    type,
    status: status || undefined,
    q: q || undefined,
    page,
    pageSize: PAGE_SIZE,
  });
  const pages = history.data ? Math.max(1, Math.ceil(history.data.total / PAGE_SIZE)) : 1;

  return (
    <div className="space-y-4">
      <search aria-label="Filter orders" className="flex flex-wrap items-end gap-3">
        <NativeSelect
          label="Type"
          className="w-44"
          value={type}
          options={[
            { value: 'all', label: 'All orders' },
            { value: 'custom', label: 'Custom orders' },
            { value: 'regular', label: 'Catalogue orders' },
          ]}
          onChange={(value) => {
            setType(value as typeof type);
            setPage(1);
          }}
        />
        <NativeSelect
          label="Status"
          className="w-44"
          value={status}
          options={[
            { value: '', label: 'Any status' },
            ...STATUS_OPTIONS.map(([value, label]) => ({ value, label })),
          ]}
          onChange={(value) => {
            setStatus(value);
            setPage(1);
          }}
        />
        <div className="min-w-0 flex-1 space-y-1 sm:max-w-xs">
          <Label htmlFor={`${id}-q`} className="text-xs">
            Search by order number, name or e-mail
          </Label>
          <div className="relative">
            <Search
              aria-hidden="true"
              className="text-muted-foreground absolute top-2.5 left-3 size-4"
            />
            <Input
              id={`${id}-q`}
              type="search"
              value={search}
              onChange={(e) => setSearch(e.target.value)}
              className="pl-9"
            />
          </div>
        </div>
      </search>

      <CardList
        query={history}
        what="orders"
        noun={['order', 'orders']}
        itemKey={(item) => `${item.type}-${item.order.id}`}
        renderItem={(item) =>
          item.type === 'custom' ? (
            <CustomOrderAdminCard order={item.order} />
          ) : (
            <RegularHistoryCard order={item.order} />
          )
        }
        footer={
          pages > 1 ? (
            <nav aria-label="Order pages" className="flex items-center justify-between gap-2">
              <Button
                type="button"
                variant="outline"
                // Unavailable (aria-disabled), not disabled, at either end: the button
                // pressed last keeps the focus (a disabled one drops it to the page's start).
                unavailable={page <= 1}
                onClick={() => setPage(page - 1)}
              >
                Previous
              </Button>
              <p className="text-sm">
                Page {page} of {pages}
              </p>
              <Button
                type="button"
                variant="outline"
                unavailable={page >= pages}
                onClick={() => setPage(page + 1)}
              >
                Next
              </Button>
            </nav>
          ) : null
        }
      />
    </div>
  );
}

function RegularHistoryCard({ order }: { order: Order }) {
  const [emailOpen, setEmailOpen] = useState(false);
  return (
    <>
      <AdminOrderCard
        order={order}
        extraActions={
          <Button type="button" size="sm" variant="outline" onClick={() => setEmailOpen(true)}>
            <Mail aria-hidden="true" />
            Send Email<span className="sr-only">, order #{order.id}</span>
          </Button>
        }
      />
      <SendEmailDialog
        type="regular"
        orderId={order.id}
        customerName={order.customerName}
        customerEmail={order.customerEmail}
        open={emailOpen}
        onOpenChange={setEmailOpen}
      />
    </>
  );
}
