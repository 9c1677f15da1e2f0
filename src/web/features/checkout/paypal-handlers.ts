/**
 * The PayPal Buttons callbacks of a payment flow (catalogue checkout, deposit, balance).
 * The SDK keeps the first handlers it is given, so they are made once and call the
 * flow's latest functions through the getters passed here. A failure the flow already
 * reported (creating the order failed, or a payment was running) is not reported again
 * by the SDK's `onError`. When the server hands back an earlier payment that is already
 * captured, the flow finishes with it (`onApprove`) and the SDK's window is closed
 * (createOrder rejects; that rejection is not reported as an error).
 */
import type { PaymentControls } from './use-checkout-payment';

export interface PayPalFlow {
  /** True while a payment attempt runs. */
  isBusy(): boolean;
  /**
   * Creates the provider order; resolves with its id, and `captured` when the server
   * handed back an earlier payment already captured (then nothing is approved in the
   * PayPal window: the flow goes on as `onApprove`).
   */
  createOrder(): Promise<{ id: string; captured?: boolean }>;
  /** Reports a failed `createOrder` (the error is rethrown to the SDK afterwards). */
  onCreateFailed(error: unknown): void | Promise<void>;
  /** The buyer approved: capture and settle. */
  onApprove(orderId: string): Promise<void>;
  onCancel(): void;
  /** Any other SDK error. */
  onFailed(error: unknown): void;
}

/** Stable PayPal handlers for `flow` (create once per flow, e.g. in a ref). */
export function paypalHandlers(flow: PayPalFlow): PaymentControls['paypal'] {
  let errorReported = false;
  return {
    async createOrder() {
      errorReported = false;
      if (flow.isBusy()) {
        errorReported = true;
        throw new Error('A payment is already in progress');
      }
      let created: { id: string; captured?: boolean };
      try {
        created = await flow.createOrder();
      } catch (error) {
        errorReported = true;
        await flow.onCreateFailed(error);
        throw error;
      }
      if (!created.captured) return created.id;
      // Paid already (an earlier capture whose answer was lost): finish with that payment
      // and close the PayPal window without asking the buyer to approve anything.
      errorReported = true;
      await flow.onApprove(created.id);
      throw new Error('This payment was already captured');
    },
    onApprove: (data) => flow.onApprove(data.orderID),
    onCancel: () => flow.onCancel(),
    onError(error) {
      if (errorReported) {
        errorReported = false;
        return;
      }
      flow.onFailed(error);
    },
  };
}
