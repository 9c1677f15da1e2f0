/**
 * The catalogue checkout's payment flow as plain functions (no React, no fetch), so the
 * decisions are unit-testable. Storefront spec sections 4, 7 and 8; DECISIONS.md
 * "Filling the gaps" (payment errors and cancellations show toasts).
 *
 * Flow: create a payment order (server computes the amount) -> buyer approves ->
 * capture -> only when the capture status is COMPLETED -> POST /api/create-order.
 * A 400 from create-order (e.g. 'Invalid characters in input' naming a field) comes
 * before the server touches the payment: the capture stays unused on the server, so the
 * buyer corrects the details and the same payment id is sent again (placeOrderForPayment),
 * without a second payment.
 */
import {
  type CapturePaymentResponse,
  COUNTRY_NAMES,
  type CreateOrderBody,
  type CustomerInfo,
  formatPostalCode,
  SHIPPING_ADDRESS_MESSAGE,
  type ShippingCountry,
} from '@shared/schemas/checkout';
import type { Order } from '@shared/schemas/orders';
import { endSentence } from '@shared/sentence';

/** The address part of the checkout customer info (storefront spec section 3, plus the country). */
export interface AddressParts {
  address: string;
  city: string;
  state: string;
  zipCode: string;
  /** Where the order ships; absent means the United States. */
  country?: ShippingCountry;
}

/**
 * Joins the address fields into the single `shippingAddress` string create-order takes:
 * "12 Main St, Springfield, IL 62701" in the USA (written as at home: no country, as
 * every earlier order), "1 Rue Principale, Granby, QC J2G 1A1, Canada" in Canada (the
 * postal code upper case with its space). Parts are trimmed; empty parts are left out.
 * Returns null when every part is empty.
 */
export function joinShippingAddress(parts: AddressParts): string | null {
  const country = parts.country ?? 'US';
  const address = parts.address.trim();
  const city = parts.city.trim();
  const zipCode = formatPostalCode(country, parts.zipCode);
  const stateZip = [parts.state.trim(), zipCode].filter(Boolean).join(' ');
  const joined = [address, city, stateZip].filter(Boolean).join(', ');
  if (!joined) return null;
  return country === 'US' ? joined : `${joined}, ${COUNTRY_NAMES[country]}`;
}

/** What happened to one payment attempt. */
export type PaymentOutcome =
  /** Paid and the order exists. */
  | { kind: 'placed'; orderId: number }
  /** The capture did not complete (declined, pending...): no order. `message`: the server's reason. */
  | { kind: 'not-completed'; message: string | null }
  /** Paid, but the server refused the order (409: stock ran out) and refunded the payment. */
  | { kind: 'order-rejected'; message: string }
  /**
   * Paid, but create-order answered 400 (bad customer details) without using the
   * payment: the buyer corrects `fieldErrors` and the order is retried with the same
   * `paymentOrderId`.
   */
  | {
      kind: 'order-details-invalid';
      paymentOrderId: string;
      message: string;
      fieldErrors: CustomerFieldErrors;
    }
  /** Paid, but creating the order failed otherwise (spec: the 'Payment Successful!' path). */
  | { kind: 'order-failed-after-payment' }
  /** Creating or capturing the payment failed; `message` is the server's, when it sent one. */
  | { kind: 'payment-failed'; message: string | null }
  /** The buyer cancelled. */
  | { kind: 'cancelled' }
  /** The payment system (PayPal script) could not be loaded or initialised. */
  | { kind: 'load-failed' };

/** The calls completeApprovedPayment needs (injected so tests need no network). */
export interface PaymentCalls {
  capture(paymentOrderId: string): Promise<Pick<CapturePaymentResponse, 'status' | 'message'>>;
  createOrder(body: CreateOrderBody): Promise<{ order: Pick<Order, 'id'> }>;
}

/** Customer details sent with the order. */
export interface OrderCustomer extends AddressParts {
  name: string;
  email: string;
}

/** Per-field messages for the checkout form's fields. */
export type CustomerFieldErrors = Partial<Record<keyof CustomerInfo, string>>;

/** HTTP status of an API error (ApiRequestError has `.status`), else null (network error...). */
export function errorStatus(error: unknown): number | null {
  if (error && typeof error === 'object' && 'status' in error && typeof error.status === 'number') {
    return error.status;
  }
  return null;
}

/** The server's message of a 4xx API error; null for network errors and 5xx. */
export function clientErrorMessage(error: unknown): string | null {
  const status = errorStatus(error);
  if (status === null || status >= 500) return null;
  return error instanceof Error && error.message ? error.message : null;
}

/** The per-field messages of a 400 API error (ApiRequestError has `.fieldErrors`), else {}. */
function errorFieldErrors(error: unknown): Record<string, string> {
  if (error && typeof error === 'object' && 'fieldErrors' in error) {
    const fields = error.fieldErrors;
    if (fields && typeof fields === 'object') {
      return Object.fromEntries(
        Object.entries(fields).filter((e): e is [string, string] => typeof e[1] === 'string'),
      );
    }
  }
  return {};
}

/**
 * Maps create-order's field names (CreateOrderBody) to the checkout form's fields.
 * `shippingAddress` is joined from several fields: a postal code the shop does not ship
 * to goes on the ZIP field; any other message goes on Address and names them all.
 */
export function toCustomerFieldErrors(serverErrors: Record<string, string>): CustomerFieldErrors {
  const fields: CustomerFieldErrors = {};
  if (serverErrors.customerName) fields.name = serverErrors.customerName;
  if (serverErrors.customerEmail) fields.email = serverErrors.customerEmail;
  if (serverErrors.shippingAddress === SHIPPING_ADDRESS_MESSAGE) {
    fields.zipCode = serverErrors.shippingAddress;
  } else if (serverErrors.shippingAddress) {
    fields.address = `${serverErrors.shippingAddress} (address, city, state or ZIP code)`;
  }
  return fields;
}

/**
 * Creates the order for a payment that is already captured (first try, or a retry with
 * corrected details after a 400). Calls only create-order, never the provider again.
 * Never throws: 'placed', 'order-details-invalid' (400), 'order-rejected' (409,
 * refunded) or 'order-failed-after-payment'.
 */
export async function placeOrderForPayment(
  paymentOrderId: string,
  customer: OrderCustomer,
  calls: Pick<PaymentCalls, 'createOrder'>,
): Promise<PaymentOutcome> {
  try {
    const { order } = await calls.createOrder({
      paypalOrderId: paymentOrderId,
      customerEmail: customer.email.trim(),
      customerName: customer.name.trim(),
      shippingAddress: joinShippingAddress(customer),
    });
    return { kind: 'placed', orderId: order.id };
  } catch (error) {
    const status = errorStatus(error);
    if (status === 400) {
      return {
        kind: 'order-details-invalid',
        paymentOrderId,
        message: clientErrorMessage(error) ?? 'Some of your details could not be accepted.',
        fieldErrors: toCustomerFieldErrors(errorFieldErrors(error)),
      };
    }
    if (status === 409) {
      return {
        kind: 'order-rejected',
        message:
          clientErrorMessage(error) ??
          'Some items are no longer available. Your payment has been refunded.',
      };
    }
    return { kind: 'order-failed-after-payment' };
  }
}

/**
 * Waits before the second and third capture of the same payment order when the first
 * got no answer (a network error or a 5xx), ms. A capture is idempotent at the provider
 * (the same request id), so asking again is safe, and a buyer told to 'try again' would
 * otherwise start a new payment while the first may have gone through (a failure audit;
 * docs/decisions.md "When the parts around the shop fail" 3).
 */
export const CAPTURE_RETRY_DELAYS_MS = [1500, 4000] as const;

/**
 * Captures an approved payment order (again after `retryDelaysMs` while it gets no
 * answer) and, when the capture is COMPLETED, creates the order (placeOrderForPayment).
 * Never throws: every result is a PaymentOutcome.
 */
export async function completeApprovedPayment(
  paymentOrderId: string,
  customer: OrderCustomer,
  calls: PaymentCalls,
  retryDelaysMs: readonly number[] = CAPTURE_RETRY_DELAYS_MS,
): Promise<PaymentOutcome> {
  let capture: Pick<CapturePaymentResponse, 'status' | 'message'>;
  for (let attempt = 0; ; attempt++) {
    try {
      capture = await calls.capture(paymentOrderId);
      break;
    } catch (error) {
      const status = errorStatus(error);
      const unanswered = status === null || status === 0 || status >= 500;
      if (!unanswered || attempt >= retryDelaysMs.length) {
        return { kind: 'payment-failed', message: clientErrorMessage(error) };
      }
      await new Promise((resolve) => setTimeout(resolve, retryDelaysMs[attempt]));
    }
  }
  if (capture.status !== 'COMPLETED') {
    return { kind: 'not-completed', message: capture.message?.trim() || null };
  }
  return placeOrderForPayment(paymentOrderId, customer, calls);
}

/** `/track-order` link after checkout: with the order when there is one (storefront spec section 2). */
export function trackOrderUrl(orderId?: number | null): string {
  if (orderId == null) return '/track-order?fromCheckout=true';
  return `/track-order?id=${orderId}&type=regular&fromCheckout=true`;
}

/** What the page does after an outcome. */
export interface OutcomeEffects {
  toast: { title: string; description: string; variant: 'default' | 'destructive' };
  /** Where to go next; null = stay on checkout. */
  redirect: string | null;
  /** The cart is gone (order placed, or paid): drop the cached cart and the applied code. */
  cartCleared: boolean;
  /** Also ask the server to clear the cart (the order-failed-after-payment path). */
  clearServerCart: boolean;
  /**
   * Paid: replace the cart session id (issue 11) once the server cart is cleared, so
   * this browser's next cart, and whoever uses it next, starts from a new id.
   */
  newCartSession: boolean;
  /** Reload the cart and totals from the server (stock or prices may have changed). */
  refetchCart: boolean;
  /**
   * Back to the customer info form with these field errors, keeping the captured
   * payment so the next submit retries the order with it; null otherwise.
   */
  fixDetails: { paymentOrderId: string; fieldErrors: CustomerFieldErrors } | null;
}

export const PAYMENT_TEXTS = {
  successTitle: 'Payment Successful!',
  errorTitle: 'Payment Error',
  cancelledTitle: 'Payment Cancelled',
  cancelled: 'You cancelled the payment process.',
  notCompleted: 'Your payment was not completed. No order was placed.',
  genericError: 'Something went wrong with your payment. No order was placed. Please try again.',
  loadFailed: 'Failed to load the payment system. Please refresh the page and try again.',
  paidNoOrder:
    "Your payment was processed. If you don't receive a confirmation email, please contact support.",
  detailsRejected: 'Please correct your details; your payment is kept.',
} as const;

/** Maps an outcome to its toast, redirect and cart effects (storefront spec section 8). */
export function outcomeEffects(outcome: PaymentOutcome): OutcomeEffects {
  const stay = {
    redirect: null,
    cartCleared: false,
    clearServerCart: false,
    newCartSession: false,
    refetchCart: false,
    fixDetails: null,
  };
  const error = (description: string) =>
    ({ title: PAYMENT_TEXTS.errorTitle, description, variant: 'destructive' }) as const;
  switch (outcome.kind) {
    case 'placed':
      return {
        toast: {
          title: PAYMENT_TEXTS.successTitle,
          description: `Thank you! Your order #${outcome.orderId} has been placed.`,
          variant: 'default',
        },
        redirect: trackOrderUrl(outcome.orderId),
        cartCleared: true,
        clearServerCart: false,
        newCartSession: true,
        refetchCart: false,
        fixDetails: null,
      };
    case 'order-failed-after-payment':
      return {
        toast: {
          title: PAYMENT_TEXTS.successTitle,
          description: PAYMENT_TEXTS.paidNoOrder,
          variant: 'default',
        },
        redirect: trackOrderUrl(null),
        cartCleared: true,
        clearServerCart: true,
        newCartSession: true,
        refetchCart: false,
        fixDetails: null,
      };
    case 'order-details-invalid':
      return {
        ...stay,
        toast: error(`${endSentence(outcome.message)} ${PAYMENT_TEXTS.detailsRejected}`),
        fixDetails: { paymentOrderId: outcome.paymentOrderId, fieldErrors: outcome.fieldErrors },
      };
    case 'order-rejected':
      return { ...stay, toast: error(outcome.message), refetchCart: true };
    case 'not-completed':
      return {
        ...stay,
        // The server's reason is a full customer sentence (e.g. 'Your payment was declined. ...').
        toast: error(outcome.message ?? PAYMENT_TEXTS.notCompleted),
      };
    case 'payment-failed':
      // A 409 here means the cart, the code or a price changed: show the server's words and reload.
      return {
        ...stay,
        toast: error(outcome.message ?? PAYMENT_TEXTS.genericError),
        refetchCart: true,
      };
    case 'load-failed':
      return { ...stay, toast: error(PAYMENT_TEXTS.loadFailed) };
    case 'cancelled':
      return {
        ...stay,
        toast: {
          title: PAYMENT_TEXTS.cancelledTitle,
          description: PAYMENT_TEXTS.cancelled,
          variant: 'default',
        },
      };
  }
}

/** True when the checkout URL carries the custom-order branch's parameters (storefront spec section 2). */
export function isCustomOrderCheckout(params: URLSearchParams): boolean {
  return params.has('customOrderId') || params.has('orderData');
}
