/**
 * Payment HTTP routes, registered under both `/paypal` (storefront spec section 7) and
 * `/api/paypal` (back-office spec section 7):
 *
 * - GET  {prefix}/setup              -> PaymentSetup {provider, clientId, clientToken, currency}
 * - POST {prefix}/order              {purpose, ...} -> 201 {id, amount, currency}; the amount is
 *                                    priced by the purpose's handler (purposes.ts); 409 price
 *                                    changed / cart empty / discount / stock / limit
 *                                    (with `discountCode`: counted by the shared
 *                                    discount-code limiter, 429); at most
 *                                    PAYMENT_ORDER_RATE_LIMIT per 10 minutes per client
 *                                    address and per cart session / account (429)
 * - POST {prefix}/order/{id}/capture -> 200 {id, status, captureId, amount, message?};
 *                                    status COMPLETED is the only success; 404 unknown
 *                                    payment or not created by this cart session /
 *                                    account; 409 not approved yet; 502 provider down
 *
 * Both calls need the X-Session-Id header or a signed-in user: the payment row records
 * them as its creator, and only that creator may capture it.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CapturePaymentResponse,
  CheckoutConflict,
  CreatePaymentOrderBody,
  CreatePaymentOrderResponse,
  PaymentSetup,
} from '../../shared/schemas/checkout';
import { limitDiscountCheck } from '../discounts/limit';
import { apiErrors } from '../lib/errors';
import { clientAddress, type LimitRule, rateLimit } from '../lib/rate-limit';
import { optionalCartSession } from '../lib/session';
import { registerPaymentPurpose } from './purposes';
import { capturePayment, cartPurpose, createPayment, paymentSetup } from './service';

const errors = { ...apiErrors(400, 404, 429, 502), 409: CheckoutConflict };
const OrderIdParam = z.object({ id: z.string().min(1).max(200) });
const TEN_MINUTES_MS = 10 * 60_000;

/**
 * The limits of POST /paypal/order: `max` payment orders per 10 minutes per client
 * address, and as many per cart session (X-Session-Id) or signed-in account. Each
 * created order is a provider call and a payment row, so the route is not free to repeat.
 */
export function paymentOrderRules(max: number): LimitRule[] {
  return [
    { name: 'payment-address', max, windowMs: TEN_MINUTES_MS, by: clientAddress },
    {
      name: 'payment-buyer',
      max,
      windowMs: TEN_MINUTES_MS,
      by: (request) => (request.user ? `user:${request.user.id}` : optionalCartSession(request)),
    },
  ];
}

async function paypalRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const deps = app.deps;

  // An empty `application/json` body (clients send one on capture) is no body: app.ts.
  app.get('/setup', { schema: { response: { 200: PaymentSetup } } }, async () =>
    paymentSetup(deps),
  );

  app.post(
    '/order',
    {
      preValidation: rateLimit(...paymentOrderRules(deps.config.PAYMENT_ORDER_RATE_LIMIT)),
      schema: {
        body: CreatePaymentOrderBody,
        response: { 201: CreatePaymentOrderResponse, ...errors },
      },
    },
    async (request, reply) => {
      if (request.body.discountCode) await limitDiscountCheck(request);
      // The e-mail entered at checkout (else the account's), so past orders matched by
      // e-mail count for the per-customer limits before the buyer pays, as create-order
      // counts them after (a guest's earlier order is known only by its e-mail).
      const answer = await createPayment(
        deps,
        {
          sessionId: optionalCartSession(request),
          userId: request.user?.id ?? null,
          email: request.body.customerEmail || request.user?.email || null,
        },
        request.body,
        request.log,
      );
      return reply.status(201).send(answer);
    },
  );

  app.post(
    '/order/:id/capture',
    { schema: { params: OrderIdParam, response: { 200: CapturePaymentResponse, ...errors } } },
    async (request) =>
      capturePayment(
        deps,
        request.params.id,
        { sessionId: optionalCartSession(request), userId: request.user?.id ?? null },
        request.log,
      ),
  );
}

/** Registers the payment routes at /paypal and /api/paypal. */
export async function paymentRoutes(app: FastifyInstance): Promise<void> {
  registerPaymentPurpose(app.deps, 'cart', cartPurpose);
  await app.register(paypalRoutes, { prefix: '/paypal' });
  await app.register(paypalRoutes, { prefix: '/api/paypal' });
}
