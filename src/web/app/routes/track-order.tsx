/**
 * /track-order (back-office spec sections 2, 4, 8): the signed-in customer's own orders
 * (DECISIONS.md "Security"). Signed-out visitors get the 'Access Denied' toast and go
 * to /login after 2 seconds. A toggle between Custom Quote Orders and Catalog Orders, a
 * filter by order number, a process explainer, and after checkout
 * (?id=&type=regular|custom&fromCheckout=true) a thank-you banner and the new order highlighted.
 *
 * Two signed-out cases are not 'Access Denied':
 * - arriving from checkout signed out (the buyer just paid): a thank-you panel with the
 *   order number and Sign In / Create Account links that come back here; signing in or
 *   registering in this browser claims the order (DECISIONS.md "Security");
 * - signing out while on the page (Logout): a quiet return to the home page.
 */
import type { CustomOrder } from '@shared/schemas/custom-orders';
import type { Order } from '@shared/schemas/orders';
import { PartyPopper, Printer, Search } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { PageMain } from '@/components/layout/page-main';
import { ShowMore, useListPage } from '@/components/show-more';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Skeleton } from '@/components/ui/skeleton';
import { store } from '@/config/store';
import { useUser } from '@/features/auth/api';
import {
  useCustomOrderForThanks,
  useMyCustomOrders,
  useMyOrders,
  useOrderConfirmation,
} from '@/features/orders/api';
import { CustomOrderCard } from '@/features/orders/components/custom-order-card';
import { OrderCard } from '@/features/orders/components/order-card';
import {
  OrderConfirmationDetails,
  ShippingDetails,
} from '@/features/orders/components/order-confirmation';
import { ProcessExplainer } from '@/features/orders/components/process-explainer';
import { receiptPath } from '@/features/orders/receipt';
import { filterOrdersByNumber, parseTrackOrderParams } from '@/features/orders/timeline';
import { toast } from '@/lib/toast';
import { cn } from '@/lib/utils';

/** Redirect delay for signed-out visitors (back-office spec section 9). */
const LOGIN_REDIRECT_MS = 2000;

export function Component() {
  useEffect(() => {
    document.title = `Track Your Orders | ${store.name}`;
  }, []);
  const { user, isLoading } = useUser();
  const [params] = useSearchParams();
  const { fromCheckout, highlightId, initialTab, mailLink } = parseTrackOrderParams(params);
  // Set once a user was shown here: a later null user means they logged out on this page.
  const wasSignedIn = useRef(false);
  if (user) wasSignedIn.current = true;
  return (
    <PageMain fillScreen className="mx-auto w-full max-w-5xl px-4 py-8 sm:px-6">
      <h1 className="mb-6 text-2xl font-bold sm:text-3xl">Track Your Orders</h1>
      {isLoading ? (
        <div role="status" aria-label="Loading your account" className="space-y-4">
          <Skeleton className="h-24 w-full rounded-xl" />
          <Skeleton className="h-48 w-full rounded-xl" />
        </div>
      ) : mailLink && !fromCheckout ? (
        // The link in an e-mail shows its order whoever is signed in here (a guest may have
        // signed up since, in another browser).
        <MailedOrder
          orderId={mailLink.id}
          mailKey={mailLink.key}
          kind={initialTab}
          signedIn={user !== null}
        />
      ) : user ? (
        <OrdersView userId={user.id} />
      ) : wasSignedIn.current ? (
        <SignedOutHere />
      ) : fromCheckout ? (
        <GuestThankYou orderId={highlightId} kind={initialTab} />
      ) : (
        <AccessDenied />
      )}
    </PageMain>
  );
}

function AccessDenied() {
  const navigate = useNavigate();
  const location = useLocation();
  const loginUrl = `/login?next=${encodeURIComponent(location.pathname + location.search)}`;
  const toasted = useRef(false);

  useEffect(() => {
    if (!toasted.current) {
      toasted.current = true;
      toast({
        title: 'Access Denied',
        description: 'You must be logged in to view your orders.',
        variant: 'destructive',
      });
    }
    const timer = window.setTimeout(() => navigate(loginUrl, { replace: true }), LOGIN_REDIRECT_MS);
    return () => window.clearTimeout(timer);
  }, [navigate, loginUrl]);

  return (
    <Card className="max-w-xl">
      <CardContent className="space-y-3">
        <p role="status" className="font-medium">
          You must be logged in to view your orders. Taking you to the login page…
        </p>
        <Button asChild>
          <Link to={loginUrl} replace>
            Log in now
          </Link>
        </Button>
      </CardContent>
    </Card>
  );
}

/** After Logout on this page: back to the home page, without the 'Access Denied' toast. */
function SignedOutHere() {
  const navigate = useNavigate();
  useEffect(() => {
    navigate('/', { replace: true });
  }, [navigate]);
  return <p role="status">You have signed out. Taking you to the home page…</p>;
}

/**
 * A signed-out buyer who just paid: thanks, what was ordered (shown because this browser
 * placed it: the claim cookie): a catalogue order's confirmation (items, discount, totals,
 * address, expected ship date) or, after a custom order's deposit (`kind` 'custom', the
 * URL's type), that order's card (pins, deposit, balance, progress); and 'Create an
 * account to track this order' with the order's e-mail filled in (signing up in this
 * browser claims the order), or Sign In. Both come back here. A catalogue order also offers
 * its printable receipt ('Print Receipt').
 */
function GuestThankYou({ orderId, kind }: { orderId: number | null; kind: 'custom' | 'regular' }) {
  const location = useLocation();
  const next = encodeURIComponent(location.pathname + location.search);
  const confirmation = useOrderConfirmation(kind === 'regular' ? orderId : null);
  const custom = useCustomOrderForThanks(kind === 'custom' ? orderId : null);
  const order = kind === 'regular' ? (confirmation.data ?? null) : null;
  const customOrder = kind === 'custom' ? (custom.data ?? null) : null;
  const email = order?.customerEmail ?? customOrder?.customerEmail ?? null;
  const loading = kind === 'regular' ? confirmation.isLoading : custom.isLoading;
  const registerUrl = `/register?next=${next}${email ? `&email=${encodeURIComponent(email)}` : ''}`;
  return (
    <Card className="border-primary max-w-2xl">
      <CardContent className="flex gap-3">
        <PartyPopper
          aria-hidden="true"
          className="text-primary mt-1 hidden size-6 shrink-0 sm:block"
        />
        <div className="min-w-0 flex-1 space-y-4">
          <h2 className="text-xl font-semibold">
            {orderId !== null
              ? `Thank you! Your order #${orderId} has been placed.`
              : 'Thank you! Your payment was processed.'}
          </h2>
          <p>
            {email
              ? `We sent a confirmation to ${email} and will let you know when it ships.`
              : orderId !== null
                ? "We'll e-mail you a confirmation and let you know when it ships."
                : `If you don't receive a confirmation email, please contact us at ${store.email}.`}
          </p>
          {loading ? (
            <Skeleton className="h-40 w-full rounded-xl" />
          ) : order ? (
            <OrderConfirmationDetails order={order} />
          ) : customOrder ? (
            <CustomOrderCard order={customOrder} highlighted={false} />
          ) : null}
          <p>
            Create an account (or sign in) in this browser and the order is added to it, so you can
            follow it under Track Order.
          </p>
          <div className="flex flex-wrap gap-2">
            <Button asChild>
              <Link to={registerUrl}>Create an account to track this order</Link>
            </Button>
            <Button asChild variant="outline">
              <Link to={`/login?next=${next}`}>Sign In</Link>
            </Button>
            {order ? (
              // This browser placed it (the claim cookie), so its receipt opens here too.
              <Button asChild variant="outline">
                <Link to={receiptPath(order.id, null)}>
                  <Printer aria-hidden="true" />
                  Print Receipt
                  <span className="sr-only"> for order #{order.id}</span>
                </Link>
              </Button>
            ) : null}
          </div>
        </div>
      </CardContent>
    </Card>
  );
}

/**
 * A guest's order opened from the link in an e-mail (`?key=`, checked by the server):
 * the order's card (status timeline, tracking), read-only, signed out. A link that does not open it (expired, or the
 * order now belongs to an account) says so and offers Sign In.
 */
function MailedOrder({
  orderId,
  mailKey,
  kind,
  signedIn,
}: {
  orderId: number;
  mailKey: string;
  kind: 'custom' | 'regular';
  signedIn: boolean;
}) {
  const location = useLocation();
  const next = encodeURIComponent(`${location.pathname}?id=${orderId}&type=${kind}`);
  const confirmation = useOrderConfirmation(kind === 'regular' ? orderId : null, mailKey);
  const custom = useCustomOrderForThanks(kind === 'custom' ? orderId : null, mailKey);
  const query = kind === 'regular' ? confirmation : custom;
  const order = kind === 'regular' ? (confirmation.data ?? null) : null;
  const customOrder = kind === 'custom' ? (custom.data ?? null) : null;
  if (query.isLoading)
    return (
      <div role="status" aria-label="Loading your order">
        <Skeleton className="h-48 w-full max-w-2xl rounded-xl" />
      </div>
    );
  const allOrders = signedIn ? (
    <Button asChild variant="outline">
      <Link to={`/track-order?type=${kind}`}>See all your orders</Link>
    </Button>
  ) : null;
  if (!order && !customOrder)
    return (
      <Card className="max-w-xl">
        <CardContent className="space-y-3">
          <p role="alert" className="font-medium">
            {query.isError
              ? 'We could not load this order. Please try again.'
              : signedIn
                ? 'This link has expired or no longer opens this order.'
                : 'This link has expired or no longer opens this order. Sign in to see your orders.'}
          </p>
          {allOrders ?? (
            <Button asChild>
              <Link to={`/login?next=${next}`}>Sign In</Link>
            </Button>
          )}
        </CardContent>
      </Card>
    );
  return (
    <div className="max-w-2xl space-y-4">
      <p>
        {signedIn
          ? 'This is the order from the link in your e-mail.'
          : 'This is the order from the link in your e-mail. Keep the e-mail to check on it again, or sign in if you have an account.'}
      </p>
      {allOrders}
      {order ? (
        // The tracking view (status timeline, tracking number and link), as a signed-in
        // customer's list shows it, then where it goes.
        <>
          <OrderCard order={order} highlighted={false} />
          <ShippingDetails order={order} />
        </>
      ) : customOrder ? (
        <CustomOrderCard order={customOrder} highlighted={false} />
      ) : null}
    </div>
  );
}

function OrdersView({ userId }: { userId: number }) {
  const [params] = useSearchParams();
  const { initialTab, highlightId, fromCheckout } = parseTrackOrderParams(params);
  const [tab, setTab] = useState<'custom' | 'regular'>(initialTab);
  const [filter, setFilter] = useState('');
  const filterId = useId();
  const orders = useMyOrders(userId);
  const customOrders = useMyCustomOrders(userId);
  const highlightedOnce = useRef(false);
  // Without a `type` in the URL (the header's Track Order, 'View My Orders'), a buyer with
  // catalogue orders only opens on them, not on "No custom orders found." (a wholesale
  // buyer's audit); a tab the visitor or the URL chose stays.
  const tabChosen = useRef(params.has('type'));
  const choose = (next: 'custom' | 'regular') => {
    tabChosen.current = true;
    setTab(next);
  };
  useEffect(() => {
    if (tabChosen.current || !orders.data || !customOrders.data) return;
    tabChosen.current = true;
    if (customOrders.data.length === 0 && orders.data.length > 0) setTab('regular');
  }, [orders.data, customOrders.data]);

  // After checkout: scroll to the new order and move focus there, once it is on the page.
  const shownList = tab === 'regular' ? orders.data : customOrders.data;
  useEffect(() => {
    if (highlightId === null || !shownList || highlightedOnce.current) return;
    const el = document.getElementById(
      tab === 'regular' ? `order-${highlightId}` : `custom-order-${highlightId}`,
    );
    if (!el) return;
    highlightedOnce.current = true;
    el.scrollIntoView({ behavior: 'smooth', block: 'start' });
    el.focus({ preventScroll: true });
  }, [highlightId, tab, shownList]);

  return (
    <div className="space-y-6">
      {fromCheckout ? <ThankYouBanner orderId={highlightId} /> : null}
      <ProcessExplainer />

      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <fieldset className="min-w-0">
          <legend className="mb-2 text-sm font-medium">Order type</legend>
          <div className="bg-muted inline-flex flex-wrap rounded-lg p-1">
            <ToggleButton pressed={tab === 'custom'} onClick={() => choose('custom')}>
              Custom Quote Orders
            </ToggleButton>
            <ToggleButton pressed={tab === 'regular'} onClick={() => choose('regular')}>
              Catalog Orders
            </ToggleButton>
          </div>
        </fieldset>
        <div className="space-y-2 sm:w-64">
          <Label htmlFor={filterId}>Filter by order number</Label>
          <div className="relative">
            <Search
              aria-hidden="true"
              className="text-muted-foreground absolute top-2.5 left-3 size-4"
            />
            <Input
              id={filterId}
              type="search"
              inputMode="numeric"
              placeholder="e.g. 1024"
              value={filter}
              onChange={(e) => setFilter(e.target.value)}
              className="pl-9"
            />
          </div>
        </div>
      </div>

      <section aria-labelledby="orders-list-title" className="space-y-4">
        <h2 id="orders-list-title" className="text-xl font-semibold">
          {tab === 'regular' ? 'Catalog Orders' : 'Custom Quote Orders'}
        </h2>
        {tab === 'regular' ? (
          <RegularOrders
            query={orders}
            filter={filter}
            // The link names one order of one kind: custom order #5 is not catalogue order #5.
            highlightId={initialTab === 'regular' ? highlightId : null}
          />
        ) : (
          <CustomOrders
            query={customOrders}
            filter={filter}
            highlightId={initialTab === 'custom' ? highlightId : null}
          />
        )}
      </section>
    </div>
  );
}

function ToggleButton({
  pressed,
  onClick,
  children,
}: {
  pressed: boolean;
  onClick(): void;
  children: string;
}) {
  return (
    <button
      type="button"
      aria-pressed={pressed}
      onClick={onClick}
      className={cn(
        'focus-visible:ring-ring/50 rounded-md px-3 py-1.5 text-sm font-medium outline-none focus-visible:ring-[3px]',
        pressed
          ? 'bg-background text-foreground shadow-sm'
          : 'text-muted-foreground hover:text-foreground',
      )}
    >
      {children}
    </button>
  );
}

function ThankYouBanner({ orderId }: { orderId: number | null }) {
  return (
    <div
      role="status"
      className="border-primary bg-accent text-accent-foreground flex gap-3 rounded-xl border p-4"
    >
      <PartyPopper aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
      <div>
        <p className="font-semibold">Thank you for your order!</p>
        <p className="text-sm">
          {orderId !== null
            ? `Your order #${orderId} has been placed. We'll e-mail you a confirmation and let you know when it ships.`
            : `Your payment was processed. If you don't receive a confirmation email, please contact us at ${store.email}.`}
        </p>
      </div>
    </div>
  );
}

interface QueryState<T> {
  data: T[] | undefined;
  isLoading: boolean;
  isError: boolean;
  refetch(): unknown;
}

function ListSkeleton() {
  return (
    <div role="status" aria-label="Loading orders" className="space-y-4">
      <Skeleton className="h-56 w-full rounded-xl" />
      <Skeleton className="h-56 w-full rounded-xl" />
    </div>
  );
}

function ListError({ onRetry }: { onRetry(): void }) {
  return (
    <Card>
      <CardContent className="space-y-3">
        <p role="alert">We could not load your orders. Please try again.</p>
        <Button type="button" variant="outline" onClick={onRetry}>
          Try Again
        </Button>
      </CardContent>
    </Card>
  );
}

function EmptyState({ children }: { children: string }) {
  return (
    <Card>
      <CardContent>
        <p className="text-muted-foreground text-center">{children}</p>
      </CardContent>
    </Card>
  );
}

function RegularOrders({
  query,
  filter,
  highlightId,
}: {
  query: QueryState<Order>;
  filter: string;
  highlightId: number | null;
}) {
  const shown = filterOrdersByNumber(query.data ?? [], filter);
  const page = useListPage(
    shown,
    shown.findIndex((o) => o.id === highlightId),
  );
  if (query.isLoading) return <ListSkeleton />;
  if (query.isError || !query.data) return <ListError onRetry={() => void query.refetch()} />;
  if (query.data.length === 0) return <EmptyState>No regular orders found.</EmptyState>;
  if (shown.length === 0) return <EmptyState>{`No orders match "${filter.trim()}".`}</EmptyState>;
  return (
    <div className="space-y-6">
      {page.visible.map((order) => (
        <OrderCard key={order.id} order={order} highlighted={order.id === highlightId} />
      ))}
      <ShowMore page={page} noun="orders" />
    </div>
  );
}

function CustomOrders({
  query,
  filter,
  highlightId,
}: {
  query: QueryState<CustomOrder>;
  filter: string;
  highlightId: number | null;
}) {
  const shown = filterOrdersByNumber(query.data ?? [], filter);
  const page = useListPage(
    shown,
    shown.findIndex((o) => o.id === highlightId),
  );
  if (query.isLoading) return <ListSkeleton />;
  if (query.isError || !query.data) return <ListError onRetry={() => void query.refetch()} />;
  if (query.data.length === 0) return <EmptyState>No custom orders found.</EmptyState>;
  if (shown.length === 0) return <EmptyState>{`No orders match "${filter.trim()}".`}</EmptyState>;
  return (
    <div className="space-y-6">
      {page.visible.map((order) => (
        <CustomOrderCard key={order.id} order={order} highlighted={order.id === highlightId} />
      ))}
      <ShowMore page={page} noun="orders" />
    </div>
  );
}
