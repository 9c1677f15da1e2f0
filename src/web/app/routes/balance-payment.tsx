/**
 * /balance-payment/{token} (back-office spec sections 2, 4, 8, 9): loading first; an
 * unknown or expired link shows 'Payment Link Not Found'; a paid balance (or one just
 * paid) shows 'Payment Complete!'; otherwise the order summary (quantity, size, plating,
 * design image), the payment summary (total, minus deposit, remaining balance), the
 * payment button for the remaining balance in USD (purpose `custom_balance`: the server
 * sets the amount), what happens next, and the support contact. The token is the only
 * way in: no sign-in, and the page shows no customer data.
 */
import { platingText, sizeText } from '@shared/custom-pins';
import { formatDollars } from '@shared/money';
import type { BalancePaymentInfo } from '@shared/schemas/custom-orders';
import { CheckCircle2, Mail } from 'lucide-react';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { DocumentTitle } from '@/components/layout/document-title';
import { PageMain } from '@/components/layout/page-main';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { Separator } from '@/components/ui/separator';
import { Skeleton } from '@/components/ui/skeleton';
import { store } from '@/config/store';
import { PAYMENT_TEXTS } from '@/features/checkout/checkout-flow';
import { PaymentOptions } from '@/features/checkout/components/payment-options';
import { usePurposePayment } from '@/features/checkout/use-purpose-payment';
import { completeBalancePayment, useBalanceInfo } from '@/features/custom-order/api';
import { ApiRequestError } from '@/lib/api';
import { toast } from '@/lib/toast';

export function Component() {
  const { token = '' } = useParams();
  const info = useBalanceInfo(token);
  const [justPaid, setJustPaid] = useState(false);
  return (
    <PageMain fillScreen className="bg-slate-50">
      <DocumentTitle>{`Pay Your Balance | ${store.name}`}</DocumentTitle>
      <div className="mx-auto w-full max-w-4xl px-4 py-8 sm:px-6">
        <h1 className="mb-6 text-2xl font-bold sm:text-3xl">Balance Payment</h1>
        {info.isLoading ? (
          <div role="status" aria-label="Loading your payment" className="space-y-4">
            <Skeleton className="h-40 w-full rounded-xl" />
            <Skeleton className="h-56 w-full rounded-xl" />
          </div>
        ) : info.isError || !info.data ? (
          info.error instanceof ApiRequestError && [404, 410].includes(info.error.status) ? (
            <LinkNotFound />
          ) : (
            <Card className="max-w-xl">
              <CardContent className="space-y-3">
                <p role="alert">We could not load this payment. Please try again.</p>
                <Button type="button" variant="outline" onClick={() => void info.refetch()}>
                  Try Again
                </Button>
              </CardContent>
            </Card>
          )
        ) : info.data.paid || justPaid ? (
          <PaymentComplete info={info.data} />
        ) : (
          <PayBalance
            token={token}
            info={info.data}
            onPaid={() => setJustPaid(true)}
            onRefused={() => void info.refetch()}
          />
        )}
      </div>
    </PageMain>
  );
}

function LinkNotFound() {
  return (
    <Card className="max-w-xl">
      <CardHeader>
        <h2 className="text-xl leading-none font-semibold">Payment Link Not Found</h2>
      </CardHeader>
      <CardContent className="space-y-3">
        <p>
          This payment link may have expired or is invalid. Please contact support for assistance.
        </p>
        <SupportContact />
      </CardContent>
    </Card>
  );
}

function PaymentComplete({ info }: { info: BalancePaymentInfo }) {
  return (
    <Card className="max-w-xl border-green-300">
      <CardContent className="flex gap-3">
        <CheckCircle2 aria-hidden="true" className="mt-1 size-6 shrink-0 text-green-700" />
        <div className="space-y-3">
          <h2 className="text-xl font-semibold">Payment Complete!</h2>
          <p role="status">
            Thank you! The balance of custom order #{info.orderId} is paid in full. Your pins go
            into production now; expect delivery in 2-3 weeks.
          </p>
          <Button asChild variant="outline">
            <Link to={`/track-order?id=${info.orderId}&type=custom`}>Track Order</Link>
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}

function PayBalance({
  token,
  info,
  onPaid,
  onRefused,
}: {
  token: string;
  info: BalancePaymentInfo;
  onPaid(): void;
  /** The server refused the payment (paid in another tab, expired): read the link again. */
  onRefused(): void;
}) {
  const payment = usePurposePayment({
    order: { purpose: 'custom_balance', balanceToken: token },
    expectedAmount: info.remainingBalance,
    failedAfterPayment:
      'Your payment was received, but we could not record it yet. Please try again or contact support.',
    // Back-office spec section 8: a refused balance completion is 'Payment Failed' with the server's message.
    completeFailedTitle: 'Payment Failed',
    onRefused,
    async complete(paymentOrderId) {
      await completeBalancePayment(token, paymentOrderId);
      toast({
        title: PAYMENT_TEXTS.successTitle,
        description: `Custom order #${info.orderId} is paid in full.`,
      });
      onPaid();
    },
  });
  return (
    <div className="grid items-start gap-6 lg:grid-cols-2">
      <div className="space-y-6">
        <Card>
          <CardHeader>
            <h2 className="text-lg leading-none font-semibold">Order Summary</h2>
            <p className="text-muted-foreground text-sm">Custom order #{info.orderId}</p>
          </CardHeader>
          <CardContent className="flex flex-wrap gap-4">
            {info.designImageUrl ? (
              <img
                src={info.designImageUrl}
                alt={`Design of custom order #${info.orderId}`}
                className="size-28 rounded border bg-white object-contain"
              />
            ) : null}
            <dl className="space-y-1 text-sm">
              <div>
                <dt className="inline text-slate-700">Quantity: </dt>
                <dd className="inline font-medium">{info.quantity} pins</dd>
              </div>
              <div>
                <dt className="inline text-slate-700">Size: </dt>
                <dd className="inline font-medium">{sizeText(info.size)}</dd>
              </div>
              <div>
                <dt className="inline text-slate-700">Plating: </dt>
                <dd className="inline font-medium">{platingText(info.plating)}</dd>
              </div>
            </dl>
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <h2 className="text-lg leading-none font-semibold">What Happens Next</h2>
          </CardHeader>
          <CardContent>
            <ol className="list-decimal space-y-1 pl-5 text-sm">
              <li>Your payment is confirmed at once and you receive an e-mail receipt.</li>
              <li>Your pins go into production.</li>
              <li>Estimated delivery: 2-3 weeks.</li>
            </ol>
          </CardContent>
        </Card>
      </div>
      <Card>
        <CardHeader>
          <h2 className="text-lg leading-none font-semibold">Payment Summary</h2>
        </CardHeader>
        <CardContent className="space-y-4">
          <dl className="space-y-1.5 text-sm">
            <div className="flex justify-between">
              <dt>Order total</dt>
              <dd>{formatDollars(info.totalPrice)}</dd>
            </div>
            <div className="flex justify-between">
              <dt>Deposit paid</dt>
              <dd>-{formatDollars(info.depositAmount)}</dd>
            </div>
            <div className="mt-2 flex justify-between border-t pt-2 text-base font-semibold">
              <dt>Remaining balance (USD)</dt>
              <dd>{formatDollars(info.remainingBalance)}</dd>
            </div>
          </dl>
          {payment.unsettledPaymentId ? (
            <div className="space-y-2 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm">
              <p>Your payment was received but is not recorded yet.</p>
              <Button
                type="button"
                pending={payment.processing}
                onClick={() => void payment.retryComplete()}
              >
                {payment.processing ? 'Processing...' : 'Try Again'}
              </Button>
            </div>
          ) : (
            <PaymentOptions payment={payment} />
          )}
          <Separator />
          <SupportContact />
        </CardContent>
      </Card>
    </div>
  );
}

function SupportContact() {
  return (
    <p className="flex items-center gap-2 text-sm">
      <Mail aria-hidden="true" className="size-4" />
      <span>
        Questions? E-mail us at{' '}
        <a className="text-primary underline" href={`mailto:${store.email}`}>
          {store.email}
        </a>
        .
      </span>
    </p>
  );
}
