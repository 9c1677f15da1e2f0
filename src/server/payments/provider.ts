/**
 * The payment provider contract. Two implementations: `paypal` (PayPal Orders v2
 * through the official server SDK) and `test` (offline, kept in the database).
 * Amounts are integer cents; currency is USD.
 *
 * A payment counts only when `capture()` reports a capture whose own status is
 * COMPLETED and whose amount and currency equal what the server expected
 * (DECISIONS.md "Money and pricing"; NOTES.md "PayPal").
 */

import { z } from '../../shared/schemas/zod';
import { cleanText } from '../lib/input-guard';

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
  /**
   * Who paid, as the provider reports it on the capture answer or the order (PayPal: the
   * approving buyer's `payment_source.paypal`, else the older `payer`); null when the
   * provider names nobody (the test provider never does, and an order nobody approved
   * has no payer). Outside input: cleaned by `cleanPayer` (one line, bounded lengths).
   */
  payer: ProviderPayer | null;
}

/** The buyer who paid, as the provider names them; either part may be unknown. */
export interface ProviderPayer {
  /** The payer's e-mail address at the provider (at most PAYER_EMAIL_MAX characters). */
  email: string | null;
  /** Given name and surname, one line (at most PAYER_NAME_MAX characters). */
  name: string | null;
}

/** Longest payer e-mail kept (RFC 5321's 254); a longer one is not a usable address. */
export const PAYER_EMAIL_MAX = 254;
/** Longest payer name kept (PayPal allows 140 each for given name and surname); cut beyond. */
export const PAYER_NAME_MAX = 200;

// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point.
const CONTROLS = /[\u0000-\u001F\u007F-\u009F]/g;
/** Bidirectional overrides and isolates: a name must not reorder the text shown after it. */
const BIDI = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/g;
/** The e-mail check every form of the shop uses (zod's). */
const EMAIL = z.email();

/**
 * One line of provider text: controls become spaces, then what else the input guard
 * refuses is made storable (`cleanText`: a lone surrogate becomes U+FFFD), bidi marks
 * out, spaces collapsed, trimmed; null when empty.
 */
function oneLine(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const text = cleanText(value.replace(CONTROLS, ' '))
    .replace(BIDI, '')
    .replace(/\s+/g, ' ')
    .trim();
  return text === '' ? null : text;
}

/**
 * The payer as it may be stored and shown, from what a provider reported (outside
 * input): each part one trimmed line; an e-mail that the shop's e-mail check (zod's)
 * refuses or longer than PAYER_EMAIL_MAX dropped (not an address to write to); a name cut to
 * PAYER_NAME_MAX characters (whole code points). Null when neither part is left.
 * Idempotent, so the adapter and the database writer may both apply it.
 */
export function cleanPayer(
  raw: { email?: unknown; name?: unknown } | null | undefined,
): ProviderPayer | null {
  if (!raw) return null;
  const mail = oneLine(raw.email);
  const email =
    mail && mail.length <= PAYER_EMAIL_MAX && EMAIL.safeParse(mail).success ? mail : null;
  const full = oneLine(raw.name);
  const name = full ? Array.from(full).slice(0, PAYER_NAME_MAX).join('').trim() : null;
  return email === null && name === null ? null : { email, name };
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
