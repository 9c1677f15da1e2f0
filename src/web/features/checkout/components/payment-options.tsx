/**
 * The payment step's provider area: asks GET /paypal/setup which provider the server
 * uses, then shows the test panel or the PayPal buttons. A setup failure is the
 * spec's 'Payment Error' for a payment system that cannot initialise.
 */
import { useEffect, useRef } from 'react';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { usePaymentSetup } from '../api';
import type { PaymentControls } from '../use-checkout-payment';
import { PayPalButtons } from './paypal-buttons';
import { TestPaymentPanel } from './test-payment-panel';

export function PaymentOptions({ payment }: { payment: PaymentControls }) {
  const setup = usePaymentSetup();
  const reported = useRef(false);
  const { reportLoadFailure } = payment;

  useEffect(() => {
    if (setup.isError && !reported.current) {
      reported.current = true;
      reportLoadFailure();
    }
    if (!setup.isError) reported.current = false;
  }, [setup.isError, reportLoadFailure]);

  if (setup.isLoading) {
    return (
      <div role="status" aria-label="Loading payment options" className="space-y-2">
        <Skeleton className="h-12 w-full" />
        <Skeleton className="h-8 w-2/3" />
      </div>
    );
  }
  if (setup.isError || !setup.data) {
    return (
      <div className="space-y-3">
        <p role="alert" className="text-destructive text-sm">
          The payment system could not be loaded. Please try again.
        </p>
        <Button type="button" variant="outline" onClick={() => void setup.refetch()}>
          Try Again
        </Button>
      </div>
    );
  }
  if (setup.data.provider === 'test') return <TestPaymentPanel payment={payment} />;
  if (!setup.data.clientId) {
    return (
      <p role="alert" className="text-destructive text-sm">
        Online payment is not configured. Please contact us to complete your order.
      </p>
    );
  }
  return <PayPalButtons clientId={setup.data.clientId} payment={payment} />;
}
