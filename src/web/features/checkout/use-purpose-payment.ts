/**
 * A payment for something other than the cart (a custom order's deposit, its balance):
 * POST /paypal/order with the purpose and its reference (the server sets the amount;
 * the amount the buyer saw is sent and a different one answers 409) -> buyer approves
 * (test panel or PayPal buttons) -> capture -> only when COMPLETED, `complete` settles it
 * on the server. Toasts as the catalogue checkout (DECISIONS.md "Filling the gaps":
 * 'Payment Error', 'Payment Cancelled'). When `complete` fails after the capture, the
 * payment id is kept and `retryComplete` settles it again (no second payment).
 */
import { centsToAmountString, dollarsToCents } from '@shared/money';
import type { CreatePaymentOrderBody } from '@shared/schemas/checkout';
import { useCallback, useEffect, useRef, useState } from 'react';
import { toast } from '@/lib/toast';
import { capturePaymentOrder, createPaymentOrder } from './api';
import { clientErrorMessage, errorStatus, PAYMENT_TEXTS } from './checkout-flow';
import { paypalHandlers } from './paypal-handlers';
import type { PaymentControls } from './use-checkout-payment';
import { useExclusive } from './use-exclusive';

export interface PurposePaymentInput {
  /** The purpose and its reference, e.g. `{purpose: 'custom_balance', balanceToken}`. */
  order: Pick<CreatePaymentOrderBody, 'purpose'> & Partial<CreatePaymentOrderBody>;
  /** The amount the buyer saw, dollars (the server's). */
  expectedAmount: number;
  /** Settles a COMPLETED capture on the server; throws ApiRequestError when it cannot. */
  complete(paymentOrderId: string): Promise<void>;
  /** Shown when `complete` failed for a reason other than a refusal (the money was taken). */
  failedAfterPayment: string;
  /** Title of the toast when `complete` fails (default 'Payment Error'). */
  completeFailedTitle?: string;
  /**
   * A captured payment the server says still waits to be settled (the tab closed after
   * paying): offered as `retryComplete` instead of a new payment.
   */
  unsettledPaymentId?: string | null;
  /**
   * Called when the server refused to take or settle a payment (404, 409, 410: paid in
   * another tab, expired; a custom deposit's rush slot or promo code gone), with the
   * message the buyer was shown in the toast: the page reads its state again and shows
   * what is true now, and may keep the message on the page with a way out.
   */
  onRefused?(message: string): void;
}

export interface PurposePayment extends PaymentControls {
  /** A captured payment that still waits to be settled (complete failed), or null. */
  unsettledPaymentId: string | null;
  /** Calls `complete` again for the unsettled payment. */
  retryComplete(): Promise<void>;
}

const error = (description: string) =>
  toast({ title: PAYMENT_TEXTS.errorTitle, description, variant: 'destructive' });

/** The payment controller; `input` may change between renders (handlers read the latest). */
export function usePurposePayment(input: PurposePaymentInput): PurposePayment {
  const { processing, busy, exclusive } = useExclusive();
  const [unsettled, setUnsettled] = useState<string | null>(input.unsettledPaymentId ?? null);
  const latest = useRef(input);
  latest.current = input;
  // The server names one later (the page's data reloaded): offer it.
  const named = input.unsettledPaymentId ?? null;
  useEffect(() => {
    if (named) setUnsettled(named);
  }, [named]);
  const refused = useCallback((err: unknown) => {
    const status = errorStatus(err);
    if (status === 404 || status === 409 || status === 410)
      latest.current.onRefused?.(clientErrorMessage(err) ?? PAYMENT_TEXTS.genericError);
  }, []);

  const settle = useCallback(async (paymentOrderId: string) => {
    const failed = (description: string) =>
      toast({
        title: latest.current.completeFailedTitle ?? PAYMENT_TEXTS.errorTitle,
        description,
        variant: 'destructive',
      });
    try {
      await latest.current.complete(paymentOrderId);
      setUnsettled(null);
    } catch (err) {
      const status = errorStatus(err);
      if (status === 409 || status === 404 || status === 410) {
        // Refused (and refunded when money was taken): the server says why.
        setUnsettled(null);
        const message = clientErrorMessage(err) ?? PAYMENT_TEXTS.genericError;
        failed(message);
        latest.current.onRefused?.(message);
        return;
      }
      setUnsettled(paymentOrderId);
      failed(clientErrorMessage(err) ?? latest.current.failedAfterPayment);
    }
  }, []);

  const capture = useCallback(
    async (paymentOrderId: string) => {
      let status: string;
      let message: string | undefined;
      try {
        ({ status, message } = await capturePaymentOrder(paymentOrderId));
      } catch (err) {
        error(clientErrorMessage(err) ?? PAYMENT_TEXTS.genericError);
        return;
      }
      if (status !== 'COMPLETED') {
        const shown = message?.trim() || PAYMENT_TEXTS.notCompleted;
        error(shown);
        // Taken and given back: the capture itself was refused (a balance paid in another
        // tab meanwhile), so the page reads what is true now.
        if (status === 'REFUNDED' || status === 'REFUND_PENDING') latest.current.onRefused?.(shown);
        return;
      }
      await settle(paymentOrderId);
    },
    [settle],
  );

  const create = useCallback((testOutcome?: 'approve' | 'decline') => {
    const { order, expectedAmount } = latest.current;
    return createPaymentOrder({
      ...order,
      amount: centsToAmountString(dollarsToCents(expectedAmount)),
      ...(testOutcome ? { testOutcome } : {}),
    });
  }, []);

  const payWithTestProvider = useCallback(
    (testOutcome: 'approve' | 'decline') =>
      exclusive(async () => {
        let id: string;
        try {
          id = (await create(testOutcome)).id;
        } catch (err) {
          error(clientErrorMessage(err) ?? PAYMENT_TEXTS.genericError);
          refused(err);
          return;
        }
        await capture(id);
      }),
    [capture, create, exclusive, refused],
  );

  const cancel = useCallback(() => {
    if (busy.current) return;
    toast({ title: PAYMENT_TEXTS.cancelledTitle, description: PAYMENT_TEXTS.cancelled });
  }, [busy.current]);

  const reportLoadFailure = useCallback(() => error(PAYMENT_TEXTS.loadFailed), []);

  const retryComplete = useCallback(async () => {
    const id = unsettled;
    if (id) await exclusive(() => settle(id));
  }, [exclusive, settle, unsettled]);

  // The PayPal SDK keeps the first handlers it is given: stable, reading refs.
  const paypal = useRef<PaymentControls['paypal'] | null>(null);
  const captureRef = useRef(capture);
  captureRef.current = capture;
  const createRef = useRef(create);
  createRef.current = create;
  const refusedRef = useRef(refused);
  refusedRef.current = refused;
  paypal.current ??= paypalHandlers({
    isBusy: () => busy.current,
    createOrder: () => createRef.current(),
    onCreateFailed: (err) => {
      error(clientErrorMessage(err) ?? PAYMENT_TEXTS.genericError);
      refusedRef.current(err);
    },
    onApprove: (orderId) => exclusive(() => captureRef.current(orderId)),
    onCancel: () =>
      toast({ title: PAYMENT_TEXTS.cancelledTitle, description: PAYMENT_TEXTS.cancelled }),
    onFailed: (err) => {
      console.warn('PayPal error', err);
      error(PAYMENT_TEXTS.genericError);
    },
  });

  return {
    processing,
    payWithTestProvider,
    cancel,
    reportLoadFailure,
    paypal: paypal.current,
    unsettledPaymentId: unsettled,
    retryComplete,
  };
}
