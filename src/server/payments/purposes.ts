/**
 * What a payment can pay for, and who decides its amount (DECISIONS.md "One payment route
 * for everything paid"). `POST /paypal/order` looks the body's `purpose` up here; each
 * domain module registers its own handler when its routes are registered:
 *
 * - `cart`            payments/cart-purpose.ts   (the caller's cart)
 * - `custom_deposit`  custom orders              (a prepared custom order's deposit)
 * - `custom_balance`  custom orders              (the balance of the order behind a token)
 * - `invoice`         invoices                   (a manual invoice by number)
 *
 * A purpose nobody registered answers 400 naming `purpose`.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { CreatePaymentOrderBody, PaymentPurpose } from '../../shared/schemas/checkout';
import type { payments } from '../db/schema';
import type { AppDeps } from '../deps';

type PaymentRow = typeof payments.$inferSelect;

/** Who asks to pay: the cart session (X-Session-Id, when sent) and the signed-in account. */
export interface PaymentCaller {
  sessionId: string | null;
  userId: number | null;
  email: string | null;
}

/** The server's price of what the body asks to pay for. */
export interface PricedPayment {
  /** Stored as `payments.reference`: cart session, prepared order id, custom order id, invoice number. */
  reference: string;
  /** The amount the provider must capture, integer cents (USD). */
  expectedCents: number;
  /** Discount code counted when the payment is consumed (cart), if any. */
  discountCode?: string | null;
  /**
   * Checks run after the amount check and before the provider order is created (e.g.
   * stock and per-customer limits for a cart). Throws HttpError (409) to refuse.
   */
  check?: () => Promise<void>;
}

export interface PaymentPurposeHandler {
  /**
   * Prices the body's request from the server's own data. Throws HttpError: 400 for a
   * malformed reference, 404 when it does not exist, 409/410 when it cannot be paid now.
   */
  price(deps: AppDeps, caller: PaymentCaller, body: CreatePaymentOrderBody): Promise<PricedPayment>;
  /**
   * Optional: called once by the request whose capture made the row `captured` (COMPLETED,
   * right amount). Use it for purposes that are settled by the capture itself (an invoice
   * becomes paid). Must be idempotent; never throw for a business refusal (refund and
   * record an incident instead). Purposes settled by a later call (create-order, custom
   * order, balance completion) leave it out. Returns, after a refusal, the sentence the
   * buyer reads in the capture's answer instead of the generic refund message.
   */
  onCaptured?(deps: AppDeps, row: PaymentRow, log: FastifyBaseLogger): Promise<string | undefined>;
}

/** The registry on `app.deps.paymentPurposes`. */
export type PaymentPurposes = Map<PaymentPurpose, PaymentPurposeHandler>;

/** Registers `handler` for `purpose`; throws when one is registered already (a wiring mistake). */
export function registerPaymentPurpose(
  deps: Pick<AppDeps, 'paymentPurposes'>,
  purpose: PaymentPurpose,
  handler: PaymentPurposeHandler,
): void {
  if (deps.paymentPurposes.has(purpose)) {
    throw new Error(`Payment purpose '${purpose}' is registered twice`);
  }
  deps.paymentPurposes.set(purpose, handler);
}
