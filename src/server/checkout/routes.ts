/**
 * Checkout HTTP routes (storefront spec section 7 POST /api/create-order):
 *
 * - POST /api/create-order (X-Session-Id; CreateOrderBody) -> 201 {order} the first
 *   time, 200 {order} for a replay of the same payment; 404 'Payment not found';
 *   409 'Payment not completed' / refunded reasons; 500 when the order could not be
 *   stored after payment (the client then shows the spec's 'Payment Successful!' path).
 *   Signed out, the 201 sets the HttpOnly claim cookie (accounts/guest-claims.ts) that
 *   lets the account signed in next in this browser claim the order.
 *
 * POST /api/clear-cart lives in the cart module.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  CheckoutConflict,
  CreateOrderBody,
  CreateOrderResponse,
} from '../../shared/schemas/checkout';
import { startGuestClaim } from '../accounts/guest-claims';
import { apiErrors } from '../lib/errors';
import { requireCartSession } from '../lib/session';
import { placeCatalogOrder } from './service';

const errors = { ...apiErrors(400, 404, 500), 409: CheckoutConflict };

export async function checkoutRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const deps = app.deps;

  app.post(
    '/api/create-order',
    {
      onRequest: async (request) => {
        requireCartSession(request);
      },
      schema: {
        body: CreateOrderBody,
        response: { 200: CreateOrderResponse, 201: CreateOrderResponse, ...errors },
      },
    },
    async (request, reply) => {
      // Signed out: the new order can be claimed later only with this response's cookie.
      const claim = request.user ? null : startGuestClaim(request);
      const result = await placeCatalogOrder(
        deps,
        {
          sessionId: requireCartSession(request),
          userId: request.user?.id ?? null,
          body: request.body,
          claim,
        },
        request.log,
      );
      if (result.created) claim?.setCookie(reply);
      return reply.status(result.created ? 201 : 200).send({ order: result.order });
    },
  );
}
