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
import { useCallback, useRef } from 'react';
import { useNavigate } from 'react-router';
import { cartQueryKey, useClearCart } from '@/features/cart/api';
import { useCartUi } from '@/features/cart/cart-state';
import { rotateSessionId } from '@/lib/session-id';
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
import { paypalHandlers } from './paypal-handlers';
import { clearCheckoutDetails } from './saved-details';
import { useExclusive } from './use-exclusive';

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

/**
 * What the provider components (PaymentOptions, TestPaymentPanel, PayPalButtons) need:
 * the checkout's controller satisfies it, and so can any other payment page (invoices).
 */
export type PaymentControls = Pick<
  CheckoutPayment,
  'processing' | 'payWithTestProvider' | 'cancel' | 'reportLoadFailure' | 'paypal'
>;

/** Wires the checkout payment flow to the page. `input` may change between renders. */
export function useCheckoutPayment(input: CheckoutPaymentInput): CheckoutPayment {
  const qc = useQueryClient();
  const navigate = useNavigate();
  const { setDiscountCode } = useCartUi();
  const clearCart = useClearCart();
  const { processing, busy, exclusive } = useExclusive();
  const latest = useRef(input);
  latest.current = input;

  const apply = useCallback(
    async (outcome: PaymentOutcome) => {
      if (outcome.kind !== 'placed' && outcome.kind !== 'order-failed-after-payment') {
        console.warn('Checkout payment outcome', outcome);
      }
      const fx = outcomeEffects(outcome);
      // A toast that comes with a redirect (the confirmation) belongs to that page.
      toast({ ...fx.toast, forNextPage: Boolean(fx.redirect) });
      if (fx.cartCleared) {
        setDiscountCode(null);
        clearCheckoutDetails();
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
      // After the old cart is done with: a new cart session id for this browser.
      if (fx.newCartSession) rotateSessionId();
      if (fx.cartCleared || fx.refetchCart) await qc.invalidateQueries({ queryKey: cartQueryKey });
    },
    [clearCart, navigate, qc, setDiscountCode],
  );

  const createPayment = useCallback((testOutcome?: 'approve' | 'decline') => {
    const { discountCode, expectedTotal, customer } = latest.current;
    return createPaymentOrder({
      amount: centsToAmountString(dollarsToCents(expectedTotal)),
      ...(discountCode ? { discountCode } : {}),
      // Per-customer limits count this e-mail's past orders before the buyer pays.
      ...(customer?.email ? { customerEmail: customer.email } : {}),
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
  }, [apply, busy.current]);

  const reportLoadFailure = useCallback(() => {
    void apply({ kind: 'load-failed' });
  }, [apply]);

  const paypal = useRef<CheckoutPayment['paypal'] | null>(null);
  // The PayPal SDK keeps the first handlers it is given, so they must be stable and read refs.
  const applyRef = useRef(apply);
  applyRef.current = apply;
  const createPaymentRef = useRef(createPayment);
  createPaymentRef.current = createPayment;
  paypal.current ??= paypalHandlers({
    isBusy: () => busy.current,
    createOrder: () => createPaymentRef.current(),
    onCreateFailed: (error) =>
      applyRef.current({ kind: 'payment-failed', message: clientErrorMessage(error) }),
    onApprove: (orderId) =>
      exclusive(async () => {
        const customer = latest.current.customer;
        if (!customer) return;
        await applyRef.current(await completeApprovedPayment(orderId, customer, paymentCalls));
      }),
    onCancel: () => void applyRef.current({ kind: 'cancelled' }),
    onFailed: (error) => {
      console.warn('PayPal error', error);
      void applyRef.current({ kind: 'payment-failed', message: null });
    },
  });

  return {
    processing,
    payWithTestProvider,
    cancel,
    reportLoadFailure,
    retryOrder,
    paypal: paypal.current,
  };
}
