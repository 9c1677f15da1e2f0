/**
 * Pays an invoice (back-office "/pay-invoice/{invoiceNumber}"): the shop's payment
 * options (test panel or PayPal buttons, features/checkout) wired to the `invoice`
 * purpose. Success only when the capture is COMPLETED (spec section 4 "Payment pages");
 * otherwise 'Payment Failed' with the server's message; cancelling shows 'Payment
 * Cancelled'; a payment system that fails to load shows 'Payment Error' (spec section 8).
 */
import type { PublicInvoice } from '@shared/schemas/invoices';
import { useCallback, useMemo, useRef, useState } from 'react';
import { PaymentOptions } from '@/features/checkout/components/payment-options';
import type { PaymentControls } from '@/features/checkout/use-checkout-payment';
import { toast } from '@/lib/toast';
import { capturePaymentOrder, createInvoicePayment } from '../api';

const fail = (message: string) =>
  toast({ title: 'Payment Failed', description: message, variant: 'destructive' });

export function InvoicePayment({
  invoice,
  payKey,
  onPaid,
  onNotPaid,
}: {
  invoice: PublicInvoice;
  payKey: string;
  onPaid(): void;
  /** A capture that did not count (declined, refunded...): refresh the invoice. */
  onNotPaid(): void;
}) {
  const [processing, setProcessing] = useState(false);
  const busy = useRef(false);
  const latest = useRef({ invoice, payKey, onPaid, onNotPaid });
  latest.current = { invoice, payKey, onPaid, onNotPaid };

  const finish = useCallback(async (orderId: string) => {
    const capture = await capturePaymentOrder(orderId);
    if (capture.status === 'COMPLETED') latest.current.onPaid();
    else {
      fail(capture.message ?? 'Payment processing failed');
      latest.current.onNotPaid();
    }
  }, []);

  const exclusive = useCallback(async (task: () => Promise<void>) => {
    if (busy.current) return;
    busy.current = true;
    setProcessing(true);
    try {
      await task();
    } catch (error) {
      fail(error instanceof Error ? error.message : 'Payment processing failed');
      latest.current.onNotPaid();
    } finally {
      busy.current = false;
      setProcessing(false);
    }
  }, []);

  const controls = useMemo<Omit<PaymentControls, 'processing'>>(
    () => ({
      payWithTestProvider: (outcome) =>
        exclusive(async () => {
          const { invoice: inv, payKey: key } = latest.current;
          const order = await createInvoicePayment(inv, key, outcome);
          await finish(order.id);
        }),
      cancel: () =>
        toast({ title: 'Payment Cancelled', description: 'You cancelled the payment process.' }),
      reportLoadFailure: () =>
        toast({
          title: 'Payment Error',
          description: 'The payment system could not be loaded. Please try again.',
          variant: 'destructive',
        }),
      paypal: {
        createOrder: async () => {
          const { invoice: inv, payKey: key } = latest.current;
          try {
            return (await createInvoicePayment(inv, key)).id;
          } catch (error) {
            fail(error instanceof Error ? error.message : 'Payment processing failed');
            throw error;
          }
        },
        onApprove: (data) => exclusive(() => finish(data.orderID)),
        onCancel: () =>
          toast({ title: 'Payment Cancelled', description: 'You cancelled the payment process.' }),
        onError: () =>
          toast({
            title: 'Payment Error',
            description: 'Something went wrong with the payment. Please try again.',
            variant: 'destructive',
          }),
      },
    }),
    [exclusive, finish],
  );
  return <PaymentOptions payment={{ ...controls, processing }} />;
}
