/**
 * /checkout (storefront spec sections 2, 4, 5, 7, 8): the catalogue checkout. Order
 * summary from the server's cart and totals; customer info form; then the payment
 * step (editable again through 'Edit Information'). When create-order refuses the
 * details after payment (400) the form comes back with the field errors and 'Complete
 * Order' retries with the same captured payment (no second payment). With the
 * customOrderId / orderData parameters it is the custom order's deposit checkout
 * (custom-checkout.tsx).
 */

import { formatDollars } from '@shared/money';
import type { CartTotals } from '@shared/schemas/cart';
import type { CustomerInfo } from '@shared/schemas/checkout';
import { ShoppingCart } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { PageMain } from '@/components/layout/page-main';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { store } from '@/config/store';
import { useUser } from '@/features/auth/api';
import { useCart, useCartTotals } from '@/features/cart/api';
import { useCartUi } from '@/features/cart/cart-state';
import { isCustomOrderCheckout } from '@/features/checkout/checkout-flow';
import { CustomerInfoForm } from '@/features/checkout/components/customer-info-form';
import { CustomerInfoReview } from '@/features/checkout/components/customer-info-review';
import { OrderSummary } from '@/features/checkout/components/order-summary';
import { PaymentOptions } from '@/features/checkout/components/payment-options';
import {
  type CheckoutPayment,
  type KeptPayment,
  useCheckoutPayment,
} from '@/features/checkout/use-checkout-payment';
import { CustomOrderCheckout } from './custom-checkout';

export function Component() {
  const [params] = useSearchParams();
  const custom = isCustomOrderCheckout(params);
  // One title, set here: a title the custom order part set in its own effect raced this
  // one (a child's effect runs first, so the page's title won whenever both came in one
  // commit: a flaky browser test).
  useEffect(() => {
    document.title = custom
      ? `Checkout: Custom Pin Deposit | ${store.name}`
      : `Checkout | ${store.name}`;
  }, [custom]);
  return (
    <PageMain fillScreen className="mx-auto w-full max-w-6xl px-4 py-8 sm:px-6">
      <h1 className="mb-6 text-2xl font-bold sm:text-3xl">Checkout</h1>
      {custom ? <CustomOrderCheckout /> : <CatalogCheckout />}
    </PageMain>
  );
}

function CatalogCheckout() {
  const cart = useCart();
  const { discountCode } = useCartUi();
  const items = cart.data ?? [];
  const totals = useCartTotals(discountCode, items.length > 0);
  const { user } = useUser();
  const [step, setStep] = useState<'info' | 'payment'>('info');
  const [info, setInfo] = useState<CustomerInfo | null>(null);
  /** A captured payment waiting for corrected details (create-order answered 400). */
  const [kept, setKept] = useState<KeptPayment | null>(null);
  const stepHeading = useRef<HTMLHeadingElement>(null);
  const goTo = (next: 'info' | 'payment') => {
    setStep(next);
    // Move focus to the step's heading so keyboard and screen-reader users follow along.
    requestAnimationFrame(() => stepHeading.current?.focus());
  };
  const appliedCode = totals.data && !totals.data.discountError ? totals.data.discountCode : null;
  const payment = useCheckoutPayment({
    customer: info,
    discountCode: appliedCode,
    expectedTotal: totals.data?.total ?? 0,
    onFixDetails: (next) => {
      setKept(next);
      // The form focuses the first field in error; without one, the step heading.
      if (Object.keys(next.fieldErrors).length > 0) setStep('info');
      else goTo('info');
    },
  });

  const submitInfo = async (values: CustomerInfo) => {
    setInfo(values);
    if (!kept) {
      goTo('payment');
      return;
    }
    const outcome = await payment.retryOrder(kept.paymentOrderId, values);
    // Placed, refunded or failed otherwise: the kept payment is used up either way.
    if (outcome && outcome.kind !== 'order-details-invalid') setKept(null);
  };

  if (cart.isLoading) return <CheckoutSkeleton />;
  if (cart.isError) {
    return (
      <Card className="max-w-2xl">
        <CardContent className="space-y-3">
          <p role="alert">Failed to fetch cart</p>
          <Button type="button" variant="outline" onClick={() => void cart.refetch()}>
            Try Again
          </Button>
        </CardContent>
      </Card>
    );
  }
  if (items.length === 0) return <EmptyCart />;

  // Grid columns of minmax(0, 1fr) and children of min-width 0: a long word (a product
  // named "Clubmeisterschaftsanstecknadel 2026") wraps instead of widening the page past
  // a 360 px screen and pushing the form's fields and button off its edge.
  return (
    <div className="grid grid-cols-1 items-start gap-6 lg:grid-cols-2 lg:gap-8 [&>*]:min-w-0">
      <OrderSummary
        items={items}
        totals={totals.data}
        totalsLoading={totals.isLoading}
        discountCode={discountCode}
      />
      <Card>
        <CardHeader>
          <h2
            ref={stepHeading}
            tabIndex={-1}
            className="text-lg leading-none font-semibold outline-none"
          >
            {step === 'info' ? 'Customer Information' : 'Payment'}
          </h2>
          <p className="text-muted-foreground text-sm">
            {step === 'info'
              ? kept
                ? 'Your payment was received: correct your details to place the order.'
                : 'Step 1 of 2: where should we ship your order?'
              : 'Step 2 of 2: pay securely'}
          </p>
        </CardHeader>
        <CardContent>
          {step === 'info' || !info ? (
            <CustomerInfoForm
              initialValues={info}
              prefillEmail={user?.email ?? null}
              keptPayment={kept}
              processing={payment.processing}
              onSubmit={(values) => void submitInfo(values)}
            />
          ) : (
            <PaymentStep
              info={info}
              totals={totals.data}
              payment={payment}
              onEdit={() => goTo('info')}
            />
          )}
        </CardContent>
      </Card>
    </div>
  );
}

function PaymentStep({
  info,
  totals,
  payment,
  onEdit,
}: {
  info: CustomerInfo;
  totals: CartTotals | undefined;
  payment: CheckoutPayment;
  onEdit(): void;
}) {
  return (
    <div className="space-y-6">
      <CustomerInfoReview info={info} onEdit={onEdit} pending={payment.processing} />
      <div className="space-y-3 border-t pt-4">
        {totals ? (
          <p className="flex justify-between text-base font-semibold">
            <span>Amount to pay</span>
            <span>{formatDollars(totals.total)}</span>
          </p>
        ) : null}
        {totals ? (
          <PaymentOptions payment={payment} />
        ) : (
          <div role="status" aria-label="Loading totals">
            <Skeleton className="h-12 w-full" />
          </div>
        )}
      </div>
    </div>
  );
}

function EmptyCart() {
  return (
    <Card className="max-w-2xl">
      <CardContent className="flex flex-col items-center gap-4 py-6 text-center">
        <ShoppingCart aria-hidden="true" className="text-muted-foreground size-10" />
        <h2 className="text-lg font-semibold">Your cart is empty</h2>
        <p className="text-muted-foreground">
          Add some pins from the catalogue, then come back to check out.
        </p>
        <Button asChild>
          <Link to="/wholesale">Browse Pre-Made Pins</Link>
        </Button>
      </CardContent>
    </Card>
  );
}

function CheckoutSkeleton() {
  return (
    <div className="grid gap-6 lg:grid-cols-2 lg:gap-8" role="status" aria-label="Loading checkout">
      <Skeleton className="h-72 w-full rounded-xl" />
      <Skeleton className="h-96 w-full rounded-xl" />
    </div>
  );
}
