/**
 * The `paypal` payment provider: PayPal Orders v2 and Payments v2 through the official
 * `@paypal/paypal-server-sdk` (DECISIONS.md "Payments"; NOTES.md "PayPal").
 *
 * - createOrder: intent CAPTURE, one purchase unit, USD amount as a 2-decimal string,
 *   `PayPal-Request-Id` = the caller's request id (same id -> same PayPal order).
 * - captureOrder: `PayPal-Request-Id` = the caller's stable id. What counts is the
 *   capture's own status and amount inside `purchase_units[].payments.captures[]`
 *   (a COMPLETED order can hold a DECLINED capture); the caller compares them.
 * - getOrder: reads an order (GET), its status and capture; changes nothing.
 * - Both capture and getOrder report the payer PayPal names on the order (`payerOf`).
 * - refundCapture: full refund of one capture.
 *
 * The SDK's own retries are off and only cover GET/PUT, so create, capture and refund
 * are retried here on network errors and 5xx/429 answers, at most `maxRetries` times,
 * always with the same request id (PayPal answers a repeated id with the stored result).
 *
 * The SDK fixes its hosts (api-m.sandbox.paypal.com / api-m.paypal.com). `apiBase`
 * (PAYPAL_API_BASE) re-points every connection at another host through a custom
 * `httpsAgent`: TLS to an `https:` base, plain TCP to an `http:` base — the latter is
 * accepted only for loopback addresses (a local stub in tests), so credentials never
 * travel unencrypted over a network.
 */
import https from 'node:https';
import net from 'node:net';
import tls from 'node:tls';
import {
  ApiError,
  CheckoutPaymentIntent,
  Client,
  Environment,
  type Order,
  OrdersController,
  PaymentsController,
} from '@paypal/paypal-server-sdk';
import { centsToAmountString, dollarsToCents } from '../../shared/money';
import {
  type CreatePaymentOrderInput,
  cleanPayer,
  type PaymentProvider,
  PaymentProviderError,
  type ProviderCapture,
  type ProviderOrder,
  type ProviderPayer,
  type ProviderRefund,
} from './provider';

export interface PaypalProviderOptions {
  clientId: string;
  clientSecret: string;
  environment: 'sandbox' | 'live';
  /** PAYPAL_API_BASE: e.g. `http://127.0.0.1:4010` for a local stub. */
  apiBase?: string;
  /** Per-request timeout in ms (default 20 s). */
  timeoutMs?: number;
  /** Retries after the first attempt on network errors / 5xx / 429 (default 2). */
  maxRetries?: number;
  /** Base delay between retries in ms, doubled each time (default 300). */
  retryDelayMs?: number;
}

const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '::1', '[::1]']);

/**
 * An https.Agent that opens every connection to `base` instead of the SDK's fixed host.
 * Throws when `base` is plain http on a non-loopback host.
 */
export function createApiBaseAgent(base: string): https.Agent {
  const url = new URL(base);
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (url.protocol === 'http:') {
    if (!LOOPBACK_HOSTS.has(url.hostname)) {
      throw new Error(
        'PAYPAL_API_BASE may use plain http only on a loopback address (a local stub)',
      );
    }
    const port = Number(url.port || 80);
    return new (class extends https.Agent {
      override createConnection(): net.Socket {
        return net.connect({ host, port });
      }
    })({ keepAlive: true });
  }
  if (url.protocol !== 'https:') throw new Error(`PAYPAL_API_BASE must be http(s): ${base}`);
  const port = Number(url.port || 443);
  return new (class extends https.Agent {
    override createConnection(options: tls.ConnectionOptions): net.Socket {
      return tls.connect({ ...options, host, port, servername: host });
    }
  })({ keepAlive: true });
}

/** Creates the PayPal provider. Throws on an unusable `apiBase`. */
export function createPaypalProvider(options: PaypalProviderOptions): PaymentProvider {
  const maxRetries = options.maxRetries ?? 2;
  const retryDelayMs = options.retryDelayMs ?? 300;
  const httpsAgent = options.apiBase ? createApiBaseAgent(options.apiBase) : undefined;

  const buildControllers = () => {
    const client = new Client({
      clientCredentialsAuthCredentials: {
        oAuthClientId: options.clientId,
        oAuthClientSecret: options.clientSecret,
      },
      environment: options.environment === 'live' ? Environment.Production : Environment.Sandbox,
      timeout: options.timeoutMs ?? 20_000,
      httpClientOptions: {
        timeout: options.timeoutMs ?? 20_000,
        ...(httpsAgent ? { httpsAgent } : {}),
      },
    });
    return { orders: new OrdersController(client), payments: new PaymentsController(client) };
  };
  let controllers: ReturnType<typeof buildControllers> | null = null;
  const sdk = () => {
    controllers ??= buildControllers();
    return controllers;
  };

  /** Runs one SDK call with retries; converts failures to PaymentProviderError. */
  async function call<T>(
    what: string,
    fn: (c: ReturnType<typeof buildControllers>) => Promise<T>,
  ): Promise<T> {
    for (let attempt = 0; ; attempt++) {
      try {
        return await fn(sdk());
      } catch (err) {
        // The SDK keeps a failed token request as a rejected promise for good: start
        // afresh after any failure that did not come from the called endpoint itself.
        if (!(err instanceof ApiError) || err.request?.url?.includes('/v1/oauth2/token')) {
          controllers = null;
        }
        if (attempt < maxRetries && isRetryable(err)) {
          await new Promise((r) => setTimeout(r, retryDelayMs * 2 ** attempt));
          continue;
        }
        throw toProviderError(what, err);
      }
    }
  }

  /** Reads the capture of an order response (first purchase unit's first capture). */
  function toCapture(order: Order): ProviderCapture {
    const captures = (order.purchaseUnits ?? []).flatMap((pu) => pu.payments?.captures ?? []);
    const capture = captures[0];
    let amountCents: number | null = null;
    if (capture?.amount?.value !== undefined) {
      try {
        amountCents = dollarsToCents(capture.amount.value);
      } catch {
        amountCents = null;
      }
    }
    return {
      orderStatus: order.status ?? 'UNKNOWN',
      captureId: capture?.id ?? null,
      captureStatus: capture?.status ?? null,
      amountCents,
      currency: capture?.amount?.currencyCode ?? null,
      payer: payerOf(order),
    };
  }

  /** GET the order: its status and its capture, if one was made. */
  async function getOrder(orderId: string): Promise<ProviderCapture> {
    const { result } = await call('get order', ({ orders }) => orders.getOrder({ id: orderId }));
    return toCapture(result);
  }

  return {
    name: 'paypal',

    async createOrder(input: CreatePaymentOrderInput): Promise<ProviderOrder> {
      const { result } = await call('create order', ({ orders }) =>
        orders.createOrder({
          paypalRequestId: input.requestId,
          prefer: 'return=minimal',
          body: {
            intent: CheckoutPaymentIntent.Capture,
            purchaseUnits: [
              {
                amount: {
                  currencyCode: input.currency,
                  value: centsToAmountString(input.amountCents),
                },
                ...(input.description ? { description: input.description.slice(0, 127) } : {}),
              },
            ],
          },
        }),
      );
      if (!result.id) throw new PaymentProviderError('PayPal create order answered without an id');
      return { id: result.id, status: result.status ?? 'CREATED' };
    },

    async captureOrder(orderId: string, requestId: string): Promise<ProviderCapture> {
      try {
        const { result } = await call('capture order', ({ orders }) =>
          orders.captureOrder({
            id: orderId,
            paypalRequestId: requestId,
            prefer: 'return=representation',
          }),
        );
        return toCapture(result);
      } catch (err) {
        // Captured earlier under another (or an expired) request id: read the order.
        if (err instanceof PaymentProviderError && err.issue === 'ORDER_ALREADY_CAPTURED') {
          return getOrder(orderId);
        }
        throw err;
      }
    },

    getOrder,

    async refundCapture(captureId: string, requestId: string): Promise<ProviderRefund> {
      const { result } = await call('refund capture', ({ payments }) =>
        payments.refundCapturedPayment({
          captureId,
          paypalRequestId: requestId,
          prefer: 'return=minimal',
        }),
      );
      if (!result.id) throw new PaymentProviderError('PayPal refund answered without an id');
      return { refundId: result.id, status: result.status ?? 'COMPLETED' };
    },

    async setup() {
      // The PayPal JS SDK needs only the client id for the buttons used at checkout.
      return { clientId: options.clientId, clientToken: null };
    },
  };
}

/**
 * The buyer of an order answer (capture or GET): the PayPal wallet that approved it
 * (`payment_source.paypal`), else the deprecated top-level `payer` PayPal still sends;
 * cleaned (`cleanPayer`). Null when PayPal names nobody (e.g. an order not approved).
 */
export function payerOf(order: Order): ProviderPayer | null {
  const wallet = order.paymentSource?.paypal;
  const payer = order.payer;
  const name = wallet?.name ?? payer?.name;
  return cleanPayer({
    email: wallet?.emailAddress ?? payer?.emailAddress,
    name: [name?.givenName, name?.surname].filter((part) => typeof part === 'string').join(' '),
  });
}

function isRetryable(err: unknown): boolean {
  if (err instanceof ApiError) return err.statusCode >= 500 || err.statusCode === 429;
  // No HTTP answer at all: connection refused/reset, timeout, DNS.
  return true;
}

interface PaypalErrorBody {
  name?: string;
  message?: string;
  error?: string;
  error_description?: string;
  details?: { issue?: string; description?: string }[];
}

function toProviderError(what: string, err: unknown): PaymentProviderError {
  if (err instanceof ApiError) {
    const body = (err.result ?? {}) as PaypalErrorBody;
    const issue = body.details?.[0]?.issue ?? body.name ?? body.error;
    const text =
      body.details?.[0]?.description ?? body.message ?? body.error_description ?? err.message;
    return new PaymentProviderError(
      `PayPal ${what} failed (${err.statusCode}${issue ? ` ${issue}` : ''}): ${text}`,
      err.statusCode,
      issue,
    );
  }
  const message = err instanceof Error ? err.message : String(err);
  return new PaymentProviderError(`PayPal ${what} failed: ${message}`);
}
