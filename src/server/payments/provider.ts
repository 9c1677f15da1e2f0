/**
 * The payment provider contract. Two implementations: `paypal` (PayPal Orders v2
 * through the official server SDK) and `test` (offline, kept in the database).
 * Amounts are integer cents; currency is USD.
 *
 * A payment counts only when `capture()` reports a capture whose own status is
 * COMPLETED and whose amount and currency equal what the server expected
 * (DECISIONS.md "Money and pricing"; NOTES.md "PayPal").
 */

export interface CreatePaymentOrderInput {
  amountCents: number;
  currency: 'USD';
  /** Idempotency key (PayPal-Request-Id): the same key never creates two orders. */
  requestId: string;
  /** Shown on the provider's side, e.g. "Fairway Pin Co. order". */
  description?: string;
  /** Test provider only: what the simulated buyer does at capture. Ignored by PayPal. */
  testOutcome?: 'approve' | 'decline' | 'pending';
}

export interface ProviderOrder {
  /** The provider's order id (PayPal order id / test order id). */
  id: string;
  /** Provider order status, e.g. CREATED, APPROVED, COMPLETED. */
  status: string;
}

export interface ProviderCapture {
  /** Provider order status after the capture call. */
  orderStatus: string;
  /** The capture's own id and status; null when no capture was made. */
  captureId: string | null;
  captureStatus: string | null;
  /** Captured amount in cents and its currency, as the provider reports them. */
  amountCents: number | null;
  currency: string | null;
}

export interface ProviderRefund {
  refundId: string;
  status: string;
}

export interface PaymentProvider {
  readonly name: 'test' | 'paypal';
  /** Creates a provider order with intent CAPTURE for the amount. */
  createOrder(input: CreatePaymentOrderInput): Promise<ProviderOrder>;
  /** Captures an approved order. `requestId` makes retries safe. Throws PaymentProviderError on provider failure. */
  captureOrder(orderId: string, requestId: string): Promise<ProviderCapture>;
  /**
   * Reads an order without changing it: its status and its capture, if one was made
   * (`captureId` null when none). Throws PaymentProviderError on provider failure (404
   * for an order the provider does not know).
   */
  getOrder(orderId: string): Promise<ProviderCapture>;
  /** Refunds a capture in full. */
  refundCapture(captureId: string, requestId: string): Promise<ProviderRefund>;
  /** Values for GET /paypal/setup. */
  setup(): Promise<{ clientId: string | null; clientToken: string | null }>;
}

/** A provider call failed (network, 4xx/5xx from the provider, unprocessable). */
export class PaymentProviderError extends Error {
  constructor(
    message: string,
    readonly providerStatus?: number,
    readonly issue?: string,
  ) {
    super(message);
    this.name = 'PaymentProviderError';
  }
}
