/**
 * Regular-order calls (back-office spec section 7): GET /api/orders and
 * GET /api/orders/{id} for the signed-in owner or an admin; PUT /api/orders/{id}/status,
 * PUT /api/orders/{id}/tracking and DELETE /api/orders/{id} for admins only
 * (DECISIONS.md: every admin call checked on the server, 401 / 403).
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { IdParam } from '../../shared/schemas/common';
import {
  DeleteOrderResponse,
  Order,
  OrderConfirmation,
  UpdateOrderStatusBody,
  UpdateTrackingBody,
} from '../../shared/schemas/orders';
import { claimByMailedLink, claimedIds } from '../accounts/guest-claims';
import { compressLargeReply } from '../lib/compress-large';
import { apiErrors } from '../lib/errors';
import { requireAdmin, requireUser } from '../lib/session';
import {
  deleteOrder,
  getOrder,
  getOrderConfirmation,
  listOrders,
  updateOrderStatus,
  updateOrderTracking,
} from './service';
import { TrackKeyQuery, verifyTrackKey } from './track-link';

const errors = apiErrors(400, 401, 403, 404);

export async function ordersRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db, config, mail } = app.deps;
  const deps = { config, mail };
  const flush = (request: { log: { error(o: object, m: string): void } }) =>
    mail.flush().catch((err) => request.log.error({ err }, 'mail flush failed'));

  r.get(
    '/api/orders',
    {
      preValidation: requireUser,
      schema: { response: { 200: z.array(Order), ...apiErrors(401) } },
      onSend: compressLargeReply,
    },
    async (request) => listOrders(db, request.user!),
  );

  r.get(
    '/api/orders/:id',
    {
      preValidation: requireUser,
      schema: { params: IdParam, response: { 200: Order, ...errors } },
    },
    async (request) => getOrder(db, request.user!, request.params.id),
  );

  // The confirmation page: the owner, an admin, the browser that placed it signed out
  // (its claim cookie), or a guest's mailed link (`key`, orders/track-link.ts; opened
  // signed in with the order's e-mail, it also adds the order to the account); 404 for
  // anyone else.
  r.get(
    '/api/orders/:id/confirmation',
    {
      schema: {
        params: IdParam,
        querystring: TrackKeyQuery,
        response: { 200: OrderConfirmation, ...errors },
      },
    },
    async (request, reply) => {
      const claimed = await claimedIds(db, request, 'order');
      const { id } = request.params;
      if (verifyTrackKey(await deps.mail.linkSecret(), 'order', id, request.query.key)) {
        claimed.push(id);
        if (request.user) await claimByMailedLink(db, 'order', id, request.user);
      }
      reply.header('cache-control', 'no-store');
      return getOrderConfirmation(db, request.user ?? null, claimed, id, config.STORE_TIME_ZONE);
    },
  );

  r.put(
    '/api/orders/:id/status',
    {
      preValidation: requireAdmin,
      schema: { params: IdParam, body: UpdateOrderStatusBody, response: { 200: Order, ...errors } },
    },
    async (request) => {
      const order = await updateOrderStatus(db, deps, request.params.id, request.body.status);
      flush(request);
      return order;
    },
  );

  r.put(
    '/api/orders/:id/tracking',
    {
      preValidation: requireAdmin,
      schema: { params: IdParam, body: UpdateTrackingBody, response: { 200: Order, ...errors } },
    },
    async (request) => {
      const order = await updateOrderTracking(db, deps, request.params.id, {
        trackingNumber: request.body.trackingNumber,
        trackingUrl: request.body.trackingUrl ?? null,
      });
      flush(request);
      return order;
    },
  );

  r.delete(
    '/api/orders/:id',
    {
      preValidation: requireAdmin,
      schema: { params: IdParam, response: { 200: DeleteOrderResponse, ...errors } },
    },
    async (request) => {
      await deleteOrder(db, request.params.id);
      return { message: 'Order deleted' };
    },
  );
}
