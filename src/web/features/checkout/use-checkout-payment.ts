/**
 * The checkout payment controller: runs a payment attempt (test provider or PayPal
 * buttons), turns its PaymentOutcome into toasts, cart updates and navigation
 * (checkout-flow.ts), and guards against double submission. Storefront spec sections
 * 4, 7 and 8; DECISIONS.md "Filling the gaps". When create-order refuses the customer
 * details (400) after a captured payment, `onFixDetails` sends the buyer back to the
 * form and `retryOrder` places the order with the same payment once they are corrected.
 */

import { centsToAmountString, dollarsToCents } from '@shared/money';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { cartQueryKey, useClearCart } from '@/features/cart/api';
import { useCartUi } from '@/features/cart/cart-state';
import { toast } from '@/lib/toast';
import { createPaymentOrder, paymentCalls } from './api';
import {
  clientErrorMessage,
  completeApprovedPayment,
  type OrderCustomer,
  type OutcomeEffects,
  outcomeEffects,
  type PaymentOutcome,
  placeOrderForPayment,
} from './checkout-flow';

/** A captured payment whose order still waits for corrected customer details. */
export type KeptPayment = NonNullable<OutcomeEffects['fixDetails']>;

export interface CheckoutPaymentInput {
  /** The entered customer info; null until the info form was submitted. */
  customer: OrderCustomer | null;
  /** The discount code the server applied to the shown totals; null when none applies. */
  discountCode: string | null;
  /** The total the buyer saw (dollars, from the server); the server answers 409 if it changed. */
  expectedTotal: number;
  /** create-order refused the details (400) after payment: show the form with these errors. */
  onFixDetails(kept: KeptPayment): void;
}

export interface CheckoutPayment {
  /** True while a payment attempt runs: buttons are disabled and show 'Processing...'. */
  processing: boolean;
  /** Test provider: create a payment order with the simulated outcome, capture it, place the order. */
  payWithTestProvider(outcome: 'approve' | 'decline'): Promise<void>;
  /** The buyer cancelled (test panel or PayPal window). */
  cancel(): void;
  /** Shows the 'Payment Error' toast for a payment system that failed to load. */
  reportLoadFailure(): void;
  /**
   * Places the order for an already captured payment with corrected details (no new
   * payment). Resolves to the outcome, or null when another attempt was running.
   */
  retryOrder(paymentOrderId: string, customer: OrderCustomer): Promise<PaymentOutcome | null>;
  /** Handlers for the PayPal Buttons (stable identities; they read the latest input). */
  paypal: {
    createOrder(): Promise<string>;
    onApprove(data: { orderID: string }): Promise<void>;
    onCancel(): void;
    onError(error: unknown): void;
  };
}

/** Wires the checkout payment flow to the page. `input` may change between renders. */
export function useCheckoutPayment(input: CheckoutPaymentInput): CheckoutPayment {
  const qc = useQueryClient();
  const navigate = useNavigate();
  const { setDiscountCode } = useCartUi();
  const clearCart = useClearCart();
  const [processing, setProcessing] = useState(false);
  const busy = useRef(false);
  /** Set when our own handler already reported a PayPal error, so onError stays quiet. */
  const errorReported = useRef(false);
  const latest = useRef(input);
  latest.current = input;

  const apply = useCallback(
    async (outcome: PaymentOutcome) => {
      if (outcome.kind !== 'placed' && outcome.kind !== 'order-failed-after-payment') {
        console.warn('Checkout payment outcome', outcome);
      }
      const fx = outcomeEffects(outcome);
      toast(fx.toast);
      if (fx.cartCleared) {
        setDiscountCode(null);
        qc.setQueryData(cartQueryKey, []);
        void qc.invalidateQueries({ queryKey: ['/api/orders'] });
      }
      if (fx.fixDetails) latest.current.onFixDetails(fx.fixDetails);
      if (fx.redirect) navigate(fx.redirect);
      if (fx.clearServerCart) {
        try {
          await clearCart.mutateAsync();
        } catch (error) {
          console.warn('Clearing the cart after payment failed', error);
        }
      }
      if (fx.cartCleared || fx.refetchCart) await qc.invalidateQueries({ queryKey: cartQueryKey });
    },
    [clearCart, navigate, qc, setDiscountCode],
  );

  /** Runs one payment attempt at a time: a second click while one runs does nothing. */
  const exclusive = useCallback(async (task: () => Promise<void>) => {
    if (busy.current) return;
    busy.current = true;
    setProcessing(true);
    try {
      await task();
    } finally {
      busy.current = false;
      setProcessing(false);
    }
  }, []);

  const createPayment = useCallback((testOutcome?: 'approve' | 'decline') => {
    const { discountCode, expectedTotal } = latest.current;
    return createPaymentOrder({
      amount: centsToAmountString(dollarsToCents(expectedTotal)),
      ...(discountCode ? { discountCode } : {}),
      ...(testOutcome ? { testOutcome } : {}),
    });
  }, []);

  const payWithTestProvider = useCallback(
    (testOutcome: 'approve' | 'decline') =>
      exclusive(async () => {
        const customer = latest.current.customer;
        if (!customer) return;
        let paymentOrderId: string;
        try {
          paymentOrderId = (await createPayment(testOutcome)).id;
        } catch (error) {
          await apply({ kind: 'payment-failed', message: clientErrorMessage(error) });
          return;
        }
        await apply(await completeApprovedPayment(paymentOrderId, customer, paymentCalls));
      }),
    [apply, createPayment, exclusive],
  );

  const retryOrder = useCallback(
    async (paymentOrderId: string, customer: OrderCustomer) => {
      let outcome: PaymentOutcome | null = null;
      await exclusive(async () => {
        outcome = await placeOrderForPayment(paymentOrderId, customer, paymentCalls);
        await apply(outcome);
      });
      return outcome;
    },
    [apply, exclusive],
  );

  const cancel = useCallback(() => {
    if (busy.current) return;
    void apply({ kind: 'cancelled' });
  }, [apply]);

  const reportLoadFailure = useCallback(() => {
    void apply({ kind: 'load-failed' });
  }, [apply]);

  const paypal = useRef<CheckoutPayment['paypal'] | null>(null);
  // The PayPal SDK keeps the first handlers it is given, so they must be stable and read refs.
  const applyRef = useRef(apply);
  applyRef.current = apply;
  const createPaymentRef = useRef(createPayment);
  createPaymentRef.current = createPayment;
  if (!paypal.current) {
    paypal.current = {
      async createOrder() {
        errorReported.current = false;
        if (busy.current) {
          errorReported.current = true;
          throw new Error('A payment is already in progress');
        }
        try {
          return (await createPaymentRef.current()).id;
        } catch (error) {
          errorReported.current = true;
          await applyRef.current({ kind: 'payment-failed', message: clientErrorMessage(error) });
          throw error;
        }
      },
      onApprove(data) {
        return exclusive(async () => {
          const customer = latest.current.customer;
          if (!customer) return;
          await applyRef.current(
            await completeApprovedPayment(data.orderID, customer, paymentCalls),
          );
        });
      },
      onCancel() {
        void applyRef.current({ kind: 'cancelled' });
      },
      onError(error) {
        if (errorReported.current) {
          errorReported.current = false;
          return;
        }
        console.warn('PayPal error', error);
        void applyRef.current({ kind: 'payment-failed', message: null });
      },
    };
  }

  return {
    processing,
    payWithTestProvider,
    cancel,
    reportLoadFailure,
    retryOrder,
    paypal: paypal.current,
  };
}
