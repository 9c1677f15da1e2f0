/**
 * Test support: a local stand-in for the PayPal REST API (listens on 127.0.0.1, port 0),
 * reached by the real adapter through PAYPAL_API_BASE. It implements the five calls
 * the shop uses and CHECKS what it receives the way PayPal would:
 *
 * - POST /v1/oauth2/token: Basic auth of the configured client id/secret, form body
 *   grant_type=client_credentials; issues a Bearer token.
 * - POST /v2/checkout/orders: Bearer token, JSON body with intent CAPTURE, one purchase
 *   unit, amount {currency_code USD, value as a 2-decimal string}, PayPal-Request-Id.
 * - POST /v2/checkout/orders/{id}/capture, POST /v2/payments/captures/{id}/refund:
 *   Bearer token, PayPal-Request-Id; repeating a request id answers the stored result
 *   (no second order, capture or refund).
 * - GET /v2/checkout/orders/{id}.
 *
 * A captured order names its buyer as PayPal does, in `payment_source.paypal` and the
 * older top-level `payer` (`STUB_PAYER` unless the test sets another with `setPayer`);
 * an order not captured yet names nobody (PayPal names the payer once they approve).
 *
 * Every request is recorded in `requests`. Per order the test decides what the buyer
 * and the processor do at capture (`setOutcome`), and `failNext` injects transient
 * failures (an error status, a dropped connection, or a call that takes effect and whose
 * answer is lost) to exercise retries.
 */
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createPaypalProvider, type PaypalProviderOptions } from './paypal-provider';
import type { PaymentProvider } from './provider';

/**
 * What happens at capture: `success` (COMPLETED capture), `declined` (order COMPLETED
 * holding a DECLINED capture), `pending` (capture PENDING), `not-approved` (422
 * ORDER_NOT_APPROVED), `{ amountCents }` (COMPLETED capture of another amount), or
 * `{ status, issue }` (that error answer, every time).
 */
export type StubCaptureOutcome =
  | 'success'
  | 'declined'
  | 'pending'
  | 'not-approved'
  | { amountCents: number }
  | { status: number; issue?: string };

export interface StubRequest {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  body: unknown;
  rawBody: string;
  status: number;
}

interface StubCapture {
  id: string;
  status: string;
  amount: { currency_code: string; value: string };
  refundId: string | null;
}

/** The buyer a stub order names once captured, as PayPal spells it (snake_case JSON). */
export interface StubPayer {
  email_address?: string;
  name?: { given_name?: string; surname?: string };
}

/** The sandbox-style buyer every stub order names unless the test sets another. */
export const STUB_PAYER = {
  email_address: 'jane.doe@example.com',
  name: { given_name: 'Jane', surname: 'Doe' },
} as const satisfies StubPayer;

export interface StubOrder {
  id: string;
  status: string;
  amount: { currency_code: string; value: string };
  description?: string;
  outcome: StubCaptureOutcome;
  capture: StubCapture | null;
  /** Who pays (shown once captured); null: PayPal names nobody. */
  payer: StubPayer | null;
}

export interface PaypalStub {
  /** Base URL for PAYPAL_API_BASE, e.g. http://127.0.0.1:40123. */
  url: string;
  clientId: string;
  clientSecret: string;
  requests: StubRequest[];
  orders: Map<string, StubOrder>;
  /** Tokens handed out by the oauth endpoint. */
  tokens: Set<string>;
  /** Outcome for orders created from now on (default `success`). */
  setDefaultOutcome(outcome: StubCaptureOutcome): void;
  setOutcome(orderId: string, outcome: StubCaptureOutcome): void;
  /** The buyer `orderId` names once captured (null: none). */
  setPayer(orderId: string, payer: StubPayer | null): void;
  /**
   * The next `count` requests whose path matches answer `status`, or drop the connection
   * before doing anything (`drop`), or do what they ask and then drop the connection
   * without answering (`lostAnswer`: the call took effect, the caller never hears it).
   */
  failNext(count: number, opts: StubFailure): void;
  /** Recorded requests whose path matches. */
  calls(path: RegExp, method?: string): StubRequest[];
  reset(): void;
  close(): Promise<void>;
}

/** An injected failure (`failNext`). */
interface StubFailure {
  path?: RegExp;
  status?: number;
  drop?: boolean;
  lostAnswer?: boolean;
}

const id = (n = 17) => randomBytes(n).toString('hex').slice(0, n).toUpperCase();
const AMOUNT = /^\d{1,10}\.\d{2}$/;

/**
 * The real PayPal adapter pointed at `stub`, with its credentials and short retry delays;
 * `over` replaces any option (a wrong `clientSecret`, a timeout).
 */
export function paypalAgainst(
  stub: PaypalStub,
  over: Partial<PaypalProviderOptions> = {},
): PaymentProvider {
  return createPaypalProvider({
    clientId: stub.clientId,
    clientSecret: stub.clientSecret,
    environment: 'sandbox',
    apiBase: stub.url,
    retryDelayMs: 5,
    ...over,
  });
}

/** Starts the stub on 127.0.0.1 with a random port. */
export async function startPaypalStub(
  opts: { clientId?: string; clientSecret?: string } = {},
): Promise<PaypalStub> {
  const clientId = opts.clientId ?? 'stub-client-id';
  const clientSecret = opts.clientSecret ?? 'stub-client-secret';
  const requests: StubRequest[] = [];
  const orders = new Map<string, StubOrder>();
  const tokens = new Set<string>();
  /** `${scope}|${requestId}` -> stored answer. */
  const idempotent = new Map<string, { status: number; body: unknown }>();
  let defaultOutcome: StubCaptureOutcome = 'success';
  let failures: (StubFailure & { count: number })[] = [];

  const error = (status: number, name: string, issue: string, description = issue) => ({
    status,
    body: { name, message: description, debug_id: id(12), details: [{ issue, description }] },
  });

  const payerId = id(13);
  const orderJson = (o: StubOrder) => ({
    id: o.id,
    intent: 'CAPTURE',
    status: o.status,
    // PayPal names the buyer once they approved; the stub's orders are approved at capture.
    ...(o.status !== 'CREATED' && o.payer
      ? {
          payment_source: {
            paypal: {
              ...(o.payer.email_address ? { email_address: o.payer.email_address } : {}),
              account_id: payerId,
              account_status: 'VERIFIED',
              ...(o.payer.name ? { name: o.payer.name } : {}),
              address: { country_code: 'US' },
            },
          },
          payer: {
            ...(o.payer.name ? { name: o.payer.name } : {}),
            ...(o.payer.email_address ? { email_address: o.payer.email_address } : {}),
            payer_id: payerId,
            address: { country_code: 'US' },
          },
        }
      : {}),
    purchase_units: [
      {
        reference_id: 'default',
        amount: o.amount,
        ...(o.description ? { description: o.description } : {}),
        ...(o.capture
          ? {
              payments: {
                captures: [
                  {
                    id: o.capture.id,
                    status: o.capture.status,
                    amount: o.capture.amount,
                    final_capture: true,
                    ...(o.capture.status === 'PENDING'
                      ? { status_details: { reason: 'PENDING_REVIEW' } }
                      : {}),
                    create_time: new Date().toISOString(),
                  },
                ],
              },
            }
          : {}),
      },
    ],
    links: [
      {
        href: `https://api.sandbox.paypal.com/v2/checkout/orders/${o.id}`,
        rel: 'self',
        method: 'GET',
      },
    ],
  });

  function handle(method: string, path: string, headers: http.IncomingHttpHeaders, raw: string) {
    if (method === 'POST' && path === '/v1/oauth2/token') {
      const expected = `Basic ${Buffer.from(`${clientId}:${clientSecret}`).toString('base64')}`;
      if (headers.authorization !== expected) {
        return {
          status: 401,
          body: { error: 'invalid_client', error_description: 'Client Authentication failed' },
        };
      }
      const form = new URLSearchParams(raw);
      if (
        !String(headers['content-type']).startsWith('application/x-www-form-urlencoded') ||
        form.get('grant_type') !== 'client_credentials'
      ) {
        return {
          status: 400,
          body: { error: 'unsupported_grant_type', error_description: 'Grant Type is NULL' },
        };
      }
      const token = `A21AA${id(40)}`;
      tokens.add(token);
      return {
        status: 200,
        body: {
          scope: 'https://uri.paypal.com/services/payments/payment',
          access_token: token,
          token_type: 'Bearer',
          app_id: 'APP-STUB',
          expires_in: 32400,
          nonce: id(20),
        },
      };
    }

    const auth = headers.authorization ?? '';
    if (!auth.startsWith('Bearer ') || !tokens.has(auth.slice(7))) {
      return {
        status: 401,
        body: { error: 'invalid_token', error_description: 'Token signature verification failed' },
      };
    }

    let body: unknown;
    if (method === 'POST' && raw.length > 0) {
      if (!String(headers['content-type']).startsWith('application/json')) {
        return error(415, 'UNSUPPORTED_MEDIA_TYPE', 'UNSUPPORTED_MEDIA_TYPE');
      }
      try {
        body = JSON.parse(raw);
      } catch {
        return error(400, 'INVALID_REQUEST', 'MALFORMED_REQUEST_JSON');
      }
    }
    const requestId = headers['paypal-request-id'];
    const needRequestId = () =>
      typeof requestId === 'string' && requestId.length > 0 && requestId.length <= 108
        ? null
        : error(
            400,
            'INVALID_REQUEST',
            'MISSING_REQUEST_ID',
            'PayPal-Request-Id is required by the shop adapter',
          );

    const getMatch = /^\/v2\/checkout\/orders\/([^/]+)$/.exec(path);
    const captureMatch = /^\/v2\/checkout\/orders\/([^/]+)\/capture$/.exec(path);
    const refundMatch = /^\/v2\/payments\/captures\/([^/]+)\/refund$/.exec(path);
    if (method === 'POST' && path === '/v2/checkout/orders') {
      const missing = needRequestId();
      if (missing) return missing;
      const stored = idempotent.get(`create|${requestId}`);
      if (stored) return stored;
      const b = body as
        | {
            intent?: unknown;
            purchase_units?: {
              amount?: { currency_code?: unknown; value?: unknown };
              description?: string;
            }[];
          }
        | undefined;
      if (b?.intent !== 'CAPTURE')
        return error(400, 'INVALID_REQUEST', 'INVALID_PARAMETER_VALUE', 'intent must be CAPTURE');
      if (!Array.isArray(b.purchase_units) || b.purchase_units.length !== 1) {
        return error(
          400,
          'INVALID_REQUEST',
          'INVALID_ARRAY_MAX_ITEMS',
          'exactly one purchase unit expected',
        );
      }
      const amount = b.purchase_units[0].amount;
      if (amount?.currency_code !== 'USD')
        return error(422, 'UNPROCESSABLE_ENTITY', 'CURRENCY_NOT_SUPPORTED');
      if (
        typeof amount.value !== 'string' ||
        !AMOUNT.test(amount.value) ||
        Number(amount.value) <= 0
      ) {
        return error(
          400,
          'INVALID_REQUEST',
          'INVALID_PARAMETER_SYNTAX',
          'amount.value must be a 2-decimal string above 0',
        );
      }
      const order: StubOrder = {
        id: id(),
        status: 'CREATED',
        amount: { currency_code: 'USD', value: amount.value },
        description: b.purchase_units[0].description,
        outcome: defaultOutcome,
        capture: null,
        payer: { ...STUB_PAYER, name: { ...STUB_PAYER.name } },
      };
      orders.set(order.id, order);
      const answer = {
        status: 201,
        body: { id: order.id, status: order.status, links: orderJson(order).links },
      };
      idempotent.set(`create|${requestId}`, answer);
      return answer;
    }

    if (method === 'GET' && getMatch) {
      const order = orders.get(getMatch[1]);
      if (!order) return error(404, 'RESOURCE_NOT_FOUND', 'INVALID_RESOURCE_ID');
      return { status: 200, body: orderJson(order) };
    }

    if (method === 'POST' && captureMatch) {
      const missing = needRequestId();
      if (missing) return missing;
      const key = `capture|${captureMatch[1]}|${requestId}`;
      const stored = idempotent.get(key);
      if (stored) return stored;
      const order = orders.get(captureMatch[1]);
      if (!order) return error(404, 'RESOURCE_NOT_FOUND', 'INVALID_RESOURCE_ID');
      if (order.capture) return error(422, 'UNPROCESSABLE_ENTITY', 'ORDER_ALREADY_CAPTURED');
      const outcome = order.outcome;
      let answer: { status: number; body: unknown };
      if (outcome === 'not-approved') {
        answer = error(
          422,
          'UNPROCESSABLE_ENTITY',
          'ORDER_NOT_APPROVED',
          'Payer has not yet approved the Order for payment.',
        );
      } else if (typeof outcome === 'object' && 'status' in outcome) {
        answer = error(
          outcome.status,
          outcome.status >= 500 ? 'INTERNAL_SERVER_ERROR' : 'UNPROCESSABLE_ENTITY',
          outcome.issue ?? 'INTERNAL_SERVICE_ERROR',
        );
      } else {
        const value =
          typeof outcome === 'object'
            ? `${Math.floor(outcome.amountCents / 100)}.${String(outcome.amountCents % 100).padStart(2, '0')}`
            : order.amount.value;
        order.capture = {
          id: id(),
          status:
            outcome === 'declined' ? 'DECLINED' : outcome === 'pending' ? 'PENDING' : 'COMPLETED',
          amount: { currency_code: order.amount.currency_code, value },
          refundId: null,
        };
        order.status = 'COMPLETED';
        answer = { status: 201, body: orderJson(order) };
      }
      // 5xx answers are not kept: the caller is meant to retry them with the same id.
      if (answer.status < 500) idempotent.set(key, answer);
      return answer;
    }

    if (method === 'POST' && refundMatch) {
      const missing = needRequestId();
      if (missing) return missing;
      const key = `refund|${refundMatch[1]}|${requestId}`;
      const stored = idempotent.get(key);
      if (stored) return stored;
      const captureId = refundMatch[1];
      const order = [...orders.values()].find((o) => o.capture?.id === captureId);
      if (!order?.capture) return error(404, 'RESOURCE_NOT_FOUND', 'INVALID_RESOURCE_ID');
      if (order.capture.refundId)
        return error(422, 'UNPROCESSABLE_ENTITY', 'CAPTURE_FULLY_REFUNDED');
      if (order.capture.status !== 'COMPLETED')
        return error(422, 'UNPROCESSABLE_ENTITY', 'REFUND_NOT_ALLOWED');
      if (
        body !== undefined &&
        (typeof body !== 'object' || body === null || Array.isArray(body))
      ) {
        return error(400, 'INVALID_REQUEST', 'MALFORMED_REQUEST_JSON');
      }
      const refundId = id();
      order.capture.refundId = refundId;
      order.capture.status = 'REFUNDED';
      const answer = {
        status: 201,
        body: { id: refundId, status: 'COMPLETED', amount: order.capture.amount },
      };
      idempotent.set(key, answer);
      return answer;
    }

    return error(404, 'NOT_FOUND', 'NOT_FOUND');
  }

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      const method = req.method ?? 'GET';
      const path = (req.url ?? '/').split('?')[0];
      const record: StubRequest = {
        method,
        path,
        headers: req.headers,
        body: undefined,
        rawBody: raw,
        status: 0,
      };
      try {
        record.body =
          raw && String(req.headers['content-type']).includes('json')
            ? JSON.parse(raw)
            : raw || undefined;
      } catch {
        record.body = raw;
      }
      requests.push(record);

      const failure = failures.find((f) => f.count > 0 && (!f.path || f.path.test(path)));
      if (failure) {
        failure.count--;
        failures = failures.filter((f) => f.count > 0);
        if (failure.drop || failure.lostAnswer) {
          if (failure.lostAnswer) handle(method, path, req.headers, raw);
          record.status = -1;
          req.socket.destroy();
          return;
        }
        const status = failure.status ?? 503;
        record.status = status;
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(
          JSON.stringify({
            name: 'SERVICE_UNAVAILABLE',
            message: 'Injected failure',
            debug_id: id(12),
          }),
        );
        return;
      }

      const answer = handle(method, path, req.headers, raw);
      record.status = answer.status;
      res.writeHead(answer.status, {
        'content-type': 'application/json',
        'paypal-debug-id': id(12),
      });
      res.end(JSON.stringify(answer.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    clientId,
    clientSecret,
    requests,
    orders,
    tokens,
    setDefaultOutcome(outcome) {
      defaultOutcome = outcome;
    },
    setOutcome(orderId, outcome) {
      const order = orders.get(orderId);
      if (!order) throw new Error(`stub: unknown order ${orderId}`);
      order.outcome = outcome;
    },
    setPayer(orderId, payer) {
      const order = orders.get(orderId);
      if (!order) throw new Error(`stub: unknown order ${orderId}`);
      order.payer = payer;
    },
    failNext(count, o) {
      failures.push({ count, ...o });
    },
    calls(path, method) {
      return requests.filter((r) => path.test(r.path) && (!method || r.method === method));
    },
    reset() {
      requests.length = 0;
      orders.clear();
      tokens.clear();
      idempotent.clear();
      failures = [];
      defaultOutcome = 'success';
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
