/**
 * PayPal Smart Buttons (PAYMENT_PROVIDER=paypal). Loads the SDK lazily, renders the
 * buttons once, and routes their callbacks to the checkout payment controller. A
 * script that fails to load shows the 'Payment Error' toast (back-office spec section 8).
 */
import { useEffect, useRef, useState } from 'react';
import { Skeleton } from '@/components/ui/skeleton';
import { loadPayPalSdk, type PayPalButtonsInstance } from '../paypal-sdk';
import type { PaymentControls } from '../use-checkout-payment';

export function PayPalButtons({
  clientId,
  payment,
}: {
  clientId: string;
  payment: PaymentControls;
}) {
  const container = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<'loading' | 'ready' | 'failed'>('loading');
  const handlers = payment.paypal;
  const reportLoadFailure = useRef(payment.reportLoadFailure);
  reportLoadFailure.current = payment.reportLoadFailure;

  useEffect(() => {
    let cancelled = false;
    let buttons: PayPalButtonsInstance | null = null;
    loadPayPalSdk(clientId)
      .then(async (paypal) => {
        if (cancelled || !container.current) return;
        buttons = paypal.Buttons({
          style: { layout: 'vertical', shape: 'rect', label: 'paypal' },
          createOrder: handlers.createOrder,
          onApprove: handlers.onApprove,
          onCancel: handlers.onCancel,
          onError: handlers.onError,
        });
        await buttons.render(container.current);
        if (!cancelled) setState('ready');
      })
      .catch((error: unknown) => {
        if (cancelled) return;
        console.warn('PayPal SDK failed', error);
        setState('failed');
        reportLoadFailure.current();
      });
    return () => {
      cancelled = true;
      void buttons?.close().catch(() => undefined);
    };
  }, [clientId, handlers]);

  return (
    <div className="space-y-2">
      {state === 'loading' ? (
        <div role="status" aria-label="Loading payment options">
          <Skeleton className="h-12 w-full" />
        </div>
      ) : null}
      {state === 'failed' ? (
        <p role="alert" className="text-destructive text-sm">
          The payment system could not be loaded. Please refresh the page and try again.
        </p>
      ) : null}
      <div
        ref={container}
        inert={payment.processing}
        aria-busy={payment.processing}
        className={payment.processing ? 'pointer-events-none opacity-50' : undefined}
      />
      {payment.processing ? (
        <p role="status" className="text-center text-sm font-medium">
          Processing...
        </p>
      ) : null}
    </div>
  );
}
