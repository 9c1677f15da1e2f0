/**
 * The custom-order branch of /checkout (storefront spec sections 2 "Checkout", 3, 4, 7,
 * 8): reads `orderData` (base64 JSON of the prepared order), shows the server's prepared
 * order in a summary card (quantity, size as chosen, plating, per-pin price, total,
 * deposit, balance), then the customer info form and the payment step for the deposit
 * (purpose `custom_deposit`; the server sets the amount). After a COMPLETED capture,
 * POST /api/custom-orders creates the order and the buyer goes to
 * /track-order?id=&type=custom&fromCheckout=true. Composes the checkout and custom-order
 * features (this module is app-level, not a route of its own).
 *
 * A wizard order keeps the wizard's saved progress (`customPinProgress`) until its deposit
 * is placed, and 'Edit Order' goes back to /custom, which restores it; a payment refused
 * before it is taken (rush fully booked, the promo code no longer valid) stays on the page
 * with that way back (docs/decisions.md "The wizard keeps the order until the deposit is
 * paid").
 */
import { PACKAGING_LABELS, platingText, pricePerPinText, sizeText } from '@shared/custom-pins';
import { formatDollars } from '@shared/money';
import type { PinPackaging } from '@shared/pricing';
import type { CustomerInfo } from '@shared/schemas/checkout';
import { CUSTOM_MESSAGES, type PreparedCustomOrder } from '@shared/schemas/custom-orders';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { Separator } from '@/components/ui/separator';
import { Skeleton } from '@/components/ui/skeleton';
import { store } from '@/config/store';
import { useUser } from '@/features/auth/api';
import { joinShippingAddress, PAYMENT_TEXTS } from '@/features/checkout/checkout-flow';
import { CustomerInfoForm } from '@/features/checkout/components/customer-info-form';
import { CustomerInfoReview } from '@/features/checkout/components/customer-info-review';
import { PaymentOptions } from '@/features/checkout/components/payment-options';
import { clearCheckoutDetails } from '@/features/checkout/saved-details';
import { usePurposePayment } from '@/features/checkout/use-purpose-payment';
import { createCustomOrder, usePreparedOrder } from '@/features/custom-order/api';
import { decodeOrderData } from '@/features/custom-order/order-data';
import { PROGRESS_KEY } from '@/features/custom-order/wizard-state';
import { ApiRequestError } from '@/lib/api';
import { toast } from '@/lib/toast';
import { cn } from '@/lib/utils';

export function CustomOrderCheckout() {
  const [params] = useSearchParams();
  const preparedId = decodeOrderData(params.get('orderData'));
  const customOrderId = params.get('customOrderId');
  const prepared = usePreparedOrder(preparedId);
  // A wizard order found paid (its tab closed between the order and clearing the saved
  // progress): the wizard starts afresh rather than offer the paid order again.
  const paidWizardOrder = prepared.data?.paid === true && prepared.data.source === 'wizard';
  useEffect(() => {
    if (paidWizardOrder) clearWizardProgress();
  }, [paidWizardOrder]);

  if (!preparedId) {
    return (
      <Notice title={customOrderId ? 'This order is already placed' : 'Order details missing'}>
        {customOrderId ? (
          <Button asChild>
            <Link to={`/track-order?id=${encodeURIComponent(customOrderId)}&type=custom`}>
              Track Order
            </Link>
          </Button>
        ) : (
          <Button asChild>
            <Link to="/custom">Design Your Pin</Link>
          </Button>
        )}
      </Notice>
    );
  }
  if (prepared.isLoading) {
    return (
      <div className="grid gap-6 lg:grid-cols-2" role="status" aria-label="Loading your order">
        <Skeleton className="h-72 w-full rounded-xl" />
        <Skeleton className="h-96 w-full rounded-xl" />
      </div>
    );
  }
  if (prepared.isError || !prepared.data) {
    const notFound = prepared.error instanceof ApiRequestError && prepared.error.status === 404;
    return (
      <Notice title={notFound ? 'This order could not be found' : 'We could not load your order'}>
        {notFound ? (
          <Button asChild>
            <Link to="/custom">Start Again</Link>
          </Button>
        ) : (
          <Button type="button" variant="outline" onClick={() => void prepared.refetch()}>
            Try Again
          </Button>
        )}
      </Notice>
    );
  }
  const order = prepared.data;
  if (order.paid) {
    return (
      <Notice title="Your deposit is paid">
        <Button asChild>
          <Link to={`/track-order?id=${order.customOrderId ?? ''}&type=custom`}>Track Order</Link>
        </Button>
      </Notice>
    );
  }
  if (new Date(order.expiresAt).getTime() <= Date.now()) {
    return (
      <Notice title="This order has expired">
        <p className="text-sm">Prepared orders can be paid for 24 hours. Please start again.</p>
        <Button asChild>
          <Link to="/custom">Start Again</Link>
        </Button>
      </Notice>
    );
  }
  return <DepositCheckout order={order} />;
}

function Notice({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Card className="max-w-2xl">
      <CardHeader>
        <h2 className="text-lg leading-none font-semibold">{title}</h2>
      </CardHeader>
      <CardContent className="space-y-3">{children}</CardContent>
    </Card>
  );
}

/** Where 'Edit Order' goes: the wizard, which restores the saved progress. */
const EDIT_ORDER_PATH = '/custom';

/** Forgets the wizard's saved progress (its order is placed); storage may be blocked. */
function clearWizardProgress(): void {
  try {
    localStorage.removeItem(PROGRESS_KEY);
  } catch {
    // Blocked storage kept nothing.
  }
}

function DepositCheckout({ order }: { order: PreparedCustomOrder }) {
  const { user } = useUser();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const [step, setStep] = useState<'info' | 'payment'>('info');
  const [info, setInfo] = useState<CustomerInfo | null>(null);
  /** The last refusal's message (a new object each time, so a repeat takes the focus again). */
  const [refusal, setRefusal] = useState<{ message: string } | null>(null);
  const refusalBox = useRef<HTMLDivElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const wizardOrder = order.source === 'wizard';
  // A refusal takes the focus, so the next Tab reaches its 'Edit Order'.
  useEffect(() => {
    if (refusal) refusalBox.current?.focus();
  }, [refusal]);
  const goTo = (next: 'info' | 'payment') => {
    setStep(next);
    requestAnimationFrame(() => heading.current?.focus());
  };
  const payment = usePurposePayment({
    order: { purpose: 'custom_deposit', preparedOrderId: order.preparedOrderId },
    expectedAmount: order.depositAmount,
    failedAfterPayment: CUSTOM_MESSAGES.orderFailedAfterPayment,
    // Paid in a tab that closed before the order was placed: completed with that payment.
    unsettledPaymentId: order.unsettledDepositPaymentId ?? null,
    // Paid or expired meanwhile (another tab): the page shows what is true now. Still
    // payable (rush fully booked, the code no longer valid): the reason stays on the page.
    onRefused: (message) => {
      setRefusal({ message });
      void qc.invalidateQueries({
        queryKey: ['/api/custom-orders/prepared', order.preparedOrderId],
      });
    },
    async complete(paymentOrderId) {
      if (!info) throw new Error('Customer details missing');
      const placed = await createCustomOrder({
        orderData: { preparedOrderId: order.preparedOrderId },
        depositPaymentId: paymentOrderId,
        customerName: info.name.trim(),
        customerEmail: info.email.trim(),
        shippingAddress: joinShippingAddress(info),
      });
      toast({
        title: PAYMENT_TEXTS.successTitle,
        description: `Thank you! Your deposit was received and custom order #${placed.id} has been placed.`,
        forNextPage: true,
      });
      void qc.invalidateQueries({ queryKey: ['/api/orders'] });
      clearCheckoutDetails();
      // The deposit is placed: the wizard starts afresh (kept until now for 'Edit Order').
      if (wizardOrder) clearWizardProgress();
      navigate(`/track-order?id=${placed.id}&type=custom&fromCheckout=true`);
    },
  });
  // 'Edit Order' only while nothing is paid: not while a payment is processing, nor when one
  // was taken but its order not yet placed ('Complete Order'), since a changed order would
  // be paid again while that payment waits.
  const editable = wizardOrder && !payment.processing && !payment.unsettledPaymentId;
  return (
    <div className="grid items-start gap-6 lg:grid-cols-2 lg:gap-8">
      <CustomOrderSummary order={order} editable={editable} />
      <Card>
        <CardHeader>
          <h2
            ref={heading}
            tabIndex={-1}
            className="text-lg leading-none font-semibold outline-none"
          >
            {step === 'info' ? 'Customer Information' : 'Payment'}
          </h2>
          <p className="text-muted-foreground text-sm">
            {step === 'info'
              ? 'Step 1 of 2: where should we ship your pins?'
              : 'Step 2 of 2: pay your 10% deposit securely'}
          </p>
        </CardHeader>
        <CardContent>
          {step === 'info' || !info ? (
            <CustomerInfoForm
              initialValues={
                info ?? {
                  name: order.customerName,
                  email: order.customerEmail,
                  address: '',
                  city: '',
                  state: '',
                  zipCode: '',
                }
              }
              prefillEmail={user?.email ?? null}
              processing={payment.processing}
              elsewhere={
                <>
                  Shipping somewhere else? Write to{' '}
                  <a
                    href={`mailto:${store.email}`}
                    className="text-primary underline underline-offset-4"
                  >
                    {store.email}
                  </a>{' '}
                  before you pay: we send an invoice that includes delivery abroad.
                </>
              }
              onSubmit={(values) => {
                setInfo(values);
                goTo('payment');
              }}
            />
          ) : (
            <div className="space-y-6">
              <CustomerInfoReview
                info={info}
                onEdit={() => goTo('info')}
                pending={payment.processing}
              />
              <div className="space-y-3 border-t pt-4">
                <p className="flex justify-between text-base font-semibold">
                  <span>Deposit to pay now</span>
                  <span>{formatDollars(order.depositAmount)}</span>
                </p>
                {payment.unsettledPaymentId ? (
                  <div className="space-y-2 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm">
                    <p>Your payment was received but your order is not recorded yet.</p>
                    <Button
                      type="button"
                      pending={payment.processing}
                      onClick={() => void payment.retryComplete()}
                    >
                      {payment.processing ? 'Processing...' : 'Complete Order'}
                    </Button>
                  </div>
                ) : (
                  <>
                    {refusal ? (
                      <div
                        ref={refusalBox}
                        tabIndex={-1}
                        data-testid="deposit-refused"
                        className="space-y-2 rounded-lg border border-red-300 bg-red-50 p-3 text-sm text-red-950 outline-none focus-visible:ring-2 focus-visible:ring-red-400"
                      >
                        <p className="font-semibold">{refusal.message}</p>
                        {editable ? (
                          <>
                            <p>Your choices are kept: edit your order, then pay the deposit.</p>
                            <Button asChild variant="outline" size="sm">
                              <Link to={EDIT_ORDER_PATH}>Edit Order</Link>
                            </Button>
                          </>
                        ) : null}
                      </div>
                    ) : null}
                    <PaymentOptions payment={payment} />
                  </>
                )}
              </div>
            </div>
          )}
        </CardContent>
      </Card>
    </div>
  );
}

/**
 * The prepared order's summary card (every amount the server's); `editable` (a wizard
 * order) adds 'Edit Order', back to the wizard with the saved choices.
 */
function CustomOrderSummary({
  order,
  editable,
}: {
  order: PreparedCustomOrder;
  editable: boolean;
}) {
  const rows: [string, string, boolean?][] = [
    ['Quantity', `${order.quantity} pins`],
    ['Size', sizeText(order.size)],
    ['Plating', platingText(order.plating)],
    ['Packaging', order.packaging.map((p) => PACKAGING_LABELS[p as PinPackaging] ?? p).join(', ')],
    ['Delivery', order.rushOrder ? 'Rush (2-3 weeks)' : 'Standard (3-4 weeks)'],
    ['Price per pin', pricePerPinText(order, formatDollars)],
  ];
  if (order.rushOrderFee > 0) rows.push(['Rush fee', formatDollars(order.rushOrderFee)]);
  if (order.discountAmount > 0)
    rows.push([
      `Discount (${order.discountCode ?? ''})`,
      `-${formatDollars(order.discountAmount)}`,
    ]);
  return (
    <Card>
      <CardHeader>
        <h2 className="text-lg leading-none font-semibold">Custom Pin Order</h2>
        <p className="text-muted-foreground text-sm">For {order.customerName}</p>
      </CardHeader>
      <CardContent className="space-y-4">
        <dl className="space-y-1.5 text-sm">
          {rows.map(([term, value]) => (
            <SummaryRow key={term} term={term} value={value} />
          ))}
        </dl>
        <Separator />
        <dl className="space-y-1.5 text-sm">
          <SummaryRow term="Total" value={formatDollars(order.totalPrice)} strong />
          <SummaryRow
            term="Deposit (10%), due now"
            value={formatDollars(order.depositAmount)}
            strong
          />
          <SummaryRow
            term={
              // An order from a quote is paid for after its proof was approved.
              order.source === 'quote'
                ? 'Balance, due before production'
                : 'Balance, due after design approval'
            }
            value={formatDollars(order.remainingBalance)}
          />
        </dl>
        {order.logoFileName ? (
          <p className="text-muted-foreground text-sm break-all">Logo: {order.logoFileName}</p>
        ) : null}
        {editable ? (
          <div className="flex flex-wrap items-center justify-between gap-2 border-t pt-4">
            <p className="text-sm text-slate-700">Need a change? Your choices are kept.</p>
            <Button asChild variant="outline" size="sm">
              <Link to={EDIT_ORDER_PATH}>Edit Order</Link>
            </Button>
          </div>
        ) : null}
      </CardContent>
    </Card>
  );
}

function SummaryRow({
  term,
  value,
  strong = false,
}: {
  term: string;
  value: string;
  strong?: boolean;
}) {
  return (
    <div className={cn('flex justify-between gap-4', strong && 'text-base font-semibold')}>
      <dt>{term}</dt>
      <dd className="text-right">{value}</dd>
    </div>
  );
}
