/**
 * The cart drawer (storefront spec section 2 "Cart drawer", 4, 8): a Sheet titled
 * 'Shopping Cart' with loading, empty and item states; the footer shows the discount
 * box and the server's totals (GET /api/cart/totals) and the Checkout button, which
 * closes the drawer and goes to /checkout (does nothing with an empty cart). Closed, the
 * drawer gives the focus back to what opened it, or, when one of its links or Checkout
 * left for another page, to that page's heading (focusPageStart). Checkout pressed while a
 * cart change is under way (a typed quantity is committed by the very click that leaves
 * its field) is `pending` (it keeps the focus) until every change has settled, then goes
 * to /checkout; after a refused change (its 'Cannot Update Quantity' toast) or a cart left
 * empty it stays in the drawer (docs/decisions.md "Checkout from a typed quantity"). It
 * never navigates twice. Escape in a line's quantity field while it is being typed in puts
 * the quantity back and leaves the drawer open.
 * Loaded lazily on first open (see lazy-cart-drawer.ts).
 */
import type { CartItem } from '@shared/schemas/cart';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { focusPageStart } from '@/components/layout/route-focus';
import { Button } from '@/components/ui/button';
import {
  Sheet,
  SheetContent,
  SheetDescription,
  SheetFooter,
  SheetHeader,
  SheetTitle,
} from '@/components/ui/sheet';
import { Skeleton } from '@/components/ui/skeleton';
import {
  cartQueryKey,
  useCart,
  useCartTotals,
  useRemoveCartItem,
  useUpdateCartItem,
} from '@/features/cart/api';
import { useCartUi } from '@/features/cart/cart-state';
import { serverMessageOr } from '@/lib/api';
import { toast } from '@/lib/toast';
import { useMediaQuery } from '@/lib/use-media-query';
import { CartLine, isEditingQuantity } from './cart-line';
import { DiscountBox } from './discount-box';
import { usd } from './format';

/** The `short` variant's media query (index.css): a screen too short to pin the footer. */
const SHORT_SCREEN = '(max-height: 36rem)';

function LoadingRows() {
  return (
    <div className="space-y-4 py-4">
      <p role="status" className="sr-only">
        Loading cart…
      </p>
      {[0, 1, 2].map((i) => (
        <div key={i} className="flex gap-3">
          <Skeleton className="size-16" />
          <div className="flex-1 space-y-2">
            <Skeleton className="h-4 w-3/4" />
            <Skeleton className="h-4 w-1/3" />
            <Skeleton className="h-8 w-28" />
          </div>
        </div>
      ))}
    </div>
  );
}

function TotalsBlock({ discountCode }: { discountCode: string | null }) {
  const totals = useCartTotals(discountCode);
  if (totals.isLoading) {
    return (
      <div className="space-y-2" aria-hidden="true">
        <Skeleton className="h-4 w-full" />
        <Skeleton className="h-4 w-full" />
        <Skeleton className="h-5 w-full" />
      </div>
    );
  }
  if (!totals.data) {
    return <p className="text-sm text-destructive">Failed to load cart totals</p>;
  }
  const t = totals.data;
  return (
    <>
      <DiscountBox subtotal={t.subtotal} discountError={t.discountError} />
      <dl className="space-y-1 text-sm">
        <div className="flex justify-between">
          <dt>Subtotal</dt>
          <dd className="tabular-nums">{usd(t.subtotal)}</dd>
        </div>
        {t.discountAmount > 0 && (
          <div className="flex justify-between text-green-800">
            <dt>Discount{t.discountCode ? ` (${t.discountCode})` : ''}</dt>
            <dd className="tabular-nums">-{usd(t.discountAmount)}</dd>
          </div>
        )}
        <div className="flex justify-between">
          <dt>Shipping (USA &amp; Canada)</dt>
          <dd className="tabular-nums">{usd(t.shipping)}</dd>
        </div>
        <div className="flex justify-between border-t pt-2 text-base font-semibold">
          <dt>Total</dt>
          <dd className="tabular-nums">{usd(t.total)}</dd>
        </div>
      </dl>
    </>
  );
}

/**
 * The cart drawer (see the file's comment): reads and changes the cart through
 * features/cart/api.ts, its open state and discount code from useCartUi.
 */
export function CartDrawer() {
  const { isOpen, setOpen, discountCode } = useCartUi();
  const queryClient = useQueryClient();
  const cart = useCart();
  const update = useUpdateCartItem();
  const remove = useRemoveCartItem();
  const navigate = useNavigate();
  const items = cart.data ?? [];
  const pending = update.isPending || remove.isPending;
  const close = () => setOpen(false);
  // The drawer has no Radix trigger (the header button toggles shared state), so focus
  // is returned by hand to whatever opened it: the cart button or 'Add to Cart'.
  const opener = useRef<HTMLElement | null>(null);
  // Closed to go to another page (a product link, 'Browse Wholesale Pins', Checkout): the
  // focus goes to the new page, as after any page change (RouteFocus), which leaves it to
  // the drawer while the drawer still holds it.
  const leftForPage = useRef(false);
  const closeForPage = () => {
    leftForPage.current = true;
    close();
  };
  // While the drawer is open, toasts sit above its footer (Total and Checkout), not on it:
  // the toaster's bottom offset adds --toast-lift (components/ui/sonner-toaster.tsx). On a
  // short screen the footer scrolls with the items (see SHORT_SCREEN) and a lifted toast
  // would sit on the drawer's title: there the toast stays at the bottom, and the footer's
  // bottom padding lets Checkout scroll out from under it.
  const footer = useRef<HTMLDivElement>(null);
  // The cart changes on their way (each settles true when the server took it, once the
  // cart was refetched): Checkout waits for them. A ref, not state: the change a blur
  // starts on the way to Checkout is seen by that same click.
  const changes = useRef(new Set<Promise<boolean>>());
  // Checkout was pressed and is waiting for those changes (its `pending`) ...
  const [waiting, setWaiting] = useState(false);
  // ... or has left for /checkout: a second click (a double click) does nothing. Both are
  // forgotten when the drawer opens again.
  const checkingOut = useRef(false);
  const openNow = useRef(isOpen);
  openNow.current = isOpen;
  useEffect(() => {
    if (!isOpen) return;
    checkingOut.current = false;
    setWaiting(false);
  }, [isOpen]);
  const short = useMediaQuery(SHORT_SCREEN);
  useEffect(() => {
    const el = footer.current;
    if (!isOpen || !el || short) return;
    const root = document.documentElement;
    const lift = () => root.style.setProperty('--toast-lift', `${el.offsetHeight}px`);
    lift();
    const observer = new ResizeObserver(lift);
    observer.observe(el);
    return () => {
      observer.disconnect();
      root.style.removeProperty('--toast-lift');
    };
  }, [isOpen, short]);
  const rememberOpener = () => {
    leftForPage.current = false;
    const active = document.activeElement;
    opener.current = active instanceof HTMLElement && active !== document.body ? active : null;
  };
  const restoreFocus = (event: Event) => {
    event.preventDefault();
    if (leftForPage.current) {
      leftForPage.current = false;
      if (focusPageStart()) return;
    }
    const target = opener.current?.isConnected
      ? opener.current
      : document.querySelector<HTMLElement>('header button[aria-haspopup="dialog"]');
    target?.focus();
  };

  /** Keeps `change` among the changes Checkout waits for until it settles. */
  function track(change: Promise<boolean>): Promise<boolean> {
    changes.current.add(change);
    void change.finally(() => changes.current.delete(change));
    return change;
  }

  /**
   * PATCHes the line; settles once the server answered and the cart was refetched (a typed
   * quantity shows until then, cart-line.tsx): true when the server took it, false after a
   * refusal, which the spec's toast says (storefront spec section 8).
   */
  function changeQuantity(item: CartItem, quantity: number): Promise<boolean> {
    return track(
      update.mutateAsync({ id: item.id, quantity }).then(
        () => true,
        (error: unknown) => {
          toast({
            title: 'Cannot Update Quantity',
            description: serverMessageOr(error, 'Failed to update quantity'),
            variant: 'destructive',
          });
          return false;
        },
      ),
    );
  }

  function removeItem(item: CartItem) {
    void track(
      remove.mutateAsync(item.id).then(
        () => {
          toast({ title: 'Item removed from cart' });
          return true;
        },
        (error: unknown) => {
          toast({
            title: 'Error',
            description: serverMessageOr(error, 'Failed to remove item'),
            variant: 'destructive',
          });
          return false;
        },
      ),
    );
  }

  /**
   * Checkout (spec section 2): closes the drawer and goes to /checkout, nothing with an
   * empty cart. Pressed while cart changes are on their way, it first waits for them and
   * stays when one was refused, the cart is then empty, or the buyer closed the drawer.
   */
  async function checkout() {
    if (checkingOut.current) return;
    const pendingChanges = [...changes.current];
    if (pendingChanges.length > 0) {
      checkingOut.current = true;
      setWaiting(true);
      const taken = await Promise.all(pendingChanges);
      setWaiting(false);
      const latest = queryClient.getQueryData<CartItem[]>(cartQueryKey) ?? [];
      if (!taken.every(Boolean) || latest.length === 0 || !openNow.current) {
        checkingOut.current = false;
        return;
      }
    } else if (items.length === 0) {
      return;
    }
    checkingOut.current = true;
    closeForPage();
    navigate('/checkout');
  }

  return (
    <Sheet open={isOpen} onOpenChange={setOpen}>
      {/* On a short screen (a phone held sideways) the whole drawer scrolls, footer included:
          pinned, the discount box, totals and Checkout left the items a 33 px strip at
          740x360 (a mobile audit), their +/- and remove buttons out of reach. */}
      <SheetContent
        className="short:overflow-y-auto gap-0"
        onOpenAutoFocus={rememberOpener}
        onCloseAutoFocus={restoreFocus}
        // Escape in a quantity field being typed in puts the quantity back (cart-line.tsx);
        // it closes the drawer only from elsewhere, or a second time.
        onEscapeKeyDown={(event) => {
          if (isEditingQuantity(event.target)) event.preventDefault();
        }}
      >
        <SheetHeader className="border-b pr-14">
          <SheetTitle className="text-lg">Shopping Cart</SheetTitle>
          <SheetDescription>View and manage items in your shopping cart</SheetDescription>
        </SheetHeader>
        <div className="short:flex-none short:overflow-visible min-h-0 flex-1 overflow-y-auto px-4">
          {cart.isLoading ? (
            <LoadingRows />
          ) : cart.isError ? (
            <p className="py-8 text-center text-destructive">Failed to fetch cart</p>
          ) : items.length === 0 ? (
            <div className="flex flex-col items-center gap-4 py-12 text-center">
              <p className="text-lg font-medium">Your cart is empty</p>
              <Button asChild variant="outline">
                <Link to="/wholesale" onClick={closeForPage}>
                  Browse Wholesale Pins
                </Link>
              </Button>
            </div>
          ) : (
            <ul className="divide-y" aria-label="Cart items">
              {items.map((item) => (
                <CartLine
                  key={item.id}
                  item={item}
                  pending={pending}
                  onChangeQuantity={changeQuantity}
                  onRemove={removeItem}
                  onNavigate={closeForPage}
                />
              ))}
            </ul>
          )}
        </div>
        <SheetFooter ref={footer} className="short:pb-24 gap-3 border-t">
          {items.length > 0 && <TotalsBlock discountCode={discountCode} />}
          {/* With an empty cart Checkout does nothing (storefront spec section 2). It takes a
              click while a cart change is on its way and waits for it (pending meanwhile). */}
          <Button
            size="lg"
            className="w-full"
            onClick={() => void checkout()}
            pending={waiting}
            disabled={items.length === 0}
          >
            Checkout
          </Button>
        </SheetFooter>
      </SheetContent>
    </Sheet>
  );
}
