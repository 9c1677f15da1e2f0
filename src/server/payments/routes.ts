/**
 * Payment HTTP routes, registered under both `/paypal` (storefront spec section 7) and
 * `/api/paypal` (back-office spec section 7):
 *
 * - GET  {prefix}/setup              -> PaymentSetup {provider, clientId, clientToken, currency}
 * - POST {prefix}/order              (X-Session-Id) -> 201 {id, amount, currency}; 409 cart
 *                                    empty / discount / price changed / stock / limit
 * - POST {prefix}/order/{id}/capture -> 200 {id, status, captureId, amount, message?};
 *                                    status COMPLETED is the only success; 404 unknown
 *                                    payment; 409 not approved yet; 502 provider down
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
import { ApiError } from '../../shared/schemas/common';
import { requireCartSession } from '../cart/routes';
import { capturePayment, createCartPayment, paymentSetup } from './service';

const errors = { 400: ApiError, 404: ApiError, 409: CheckoutConflict, 502: ApiError };
const OrderIdParam = z.object({ id: z.string().min(1).max(200) });

async function paypalRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const deps = app.deps;

  // Clients may send `Content-Type: application/json` with no body on capture.
  const json = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = body.toString();
    if (text === '') return done(null, undefined);
    return json(request, text, done);
  });

  app.get('/setup', { schema: { response: { 200: PaymentSetup } } }, async () =>
    paymentSetup(deps),
  );

  app.post(
    '/order',
    {
      // The session is checked before the body so a missing one is reported as such.
      onRequest: async (request) => {
        requireCartSession(request);
      },
      schema: {
        body: CreatePaymentOrderBody,
        response: { 201: CreatePaymentOrderResponse, ...errors },
      },
    },
    async (request, reply) => {
      const sessionId = requireCartSession(request);
      // The account's e-mail too, so its past orders matched by e-mail count for limits.
      const answer = await createCartPayment(
        deps,
        { sessionId, userId: request.user?.id ?? null, email: request.user?.email ?? null },
        request.body,
      );
      return reply.status(201).send(answer);
    },
  );

  app.post(
    '/order/:id/capture',
    { schema: { params: OrderIdParam, response: { 200: CapturePaymentResponse, ...errors } } },
    async (request) => capturePayment(deps, request.params.id, request.log),
  );
}

/** Registers the payment routes at /paypal and /api/paypal. */
export async function paymentRoutes(app: FastifyInstance): Promise<void> {
  await app.register(paypalRoutes, { prefix: '/paypal' });
  await app.register(paypalRoutes, { prefix: '/api/paypal' });
}
