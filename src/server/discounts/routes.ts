/**
 * Discount code HTTP routes (storefront spec sections 5 and 7; back-office "Discount
 * Codes"). POST /api/discount-codes/validate is public and counted by the shared
 * discount-code limiter (limit.ts: DISCOUNT_RATE_LIMIT per minute per client address and
 * per cart session, across every path that checks a code); an unknown or inapplicable
 * code is a 200 validation answer with one message for every code that does not apply
 * now (only the minimum-order text differs).
 * The admin list, create, activate/deactivate and delete are admin-only (401/403).
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { centsToDollars, dollarsToCents } from '../../shared/money';
import {
  AdminDiscountCode,
  CreateDiscountCodeBody,
  UpdateDiscountCodeBody,
  ValidateDiscountBody,
  ValidateDiscountResponse,
} from '../../shared/schemas/cart';
import { IdParam } from '../../shared/schemas/common';
import { priceCart } from '../cart/service';
import { compressLargeReply } from '../lib/compress-large';
import { apiErrors } from '../lib/errors';
import { optionalCartSession, requireAdmin } from '../lib/session';
import { limitDiscountCheck } from './limit';
import {
  CODE_DEACTIVATED_MESSAGE,
  checkCode,
  createDiscountCode,
  deleteDiscountCode,
  listDiscountCodes,
  setDiscountCodeActive,
  toAdminDiscountCode,
} from './service';

const errors = apiErrors(400, 401, 403, 404, 409, 429);

export async function discountRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps;

  app.post(
    '/api/discount-codes/validate',
    {
      preValidation: limitDiscountCheck,
      schema: {
        body: ValidateDiscountBody,
        response: { 200: ValidateDiscountResponse, ...errors },
      },
    },
    async (request) => {
      const { code, orderAmount, purpose } = request.body;
      // The server's own cart subtotal wins over the client's amount (DECISIONS.md "Money").
      let subtotalCents = dollarsToCents(orderAmount);
      const sessionId = purpose === 'cart' ? optionalCartSession(request) : null;
      if (sessionId) {
        const cart = await priceCart(db, sessionId);
        if (cart.lines.length > 0) subtotalCents = cart.subtotalCents;
      }
      const check = await checkCode(db, code, subtotalCents);
      if (!check.valid)
        return { valid: false, discountAmount: 0, error: check.error, discountCode: null };
      const row = check.row;
      return {
        valid: true,
        discountAmount: centsToDollars(check.discountCents),
        error: null,
        discountCode: {
          code: row.code,
          discountType: row.discountType,
          discountValue:
            row.discountType === 'fixed' ? centsToDollars(row.discountValue) : row.discountValue,
          minimumOrderAmount: centsToDollars(row.minimumOrderCents),
        },
      };
    },
  );

  app.get(
    '/api/discount-codes',
    {
      preValidation: requireAdmin,
      schema: { response: { 200: z.array(AdminDiscountCode), ...errors } },
      onSend: compressLargeReply,
    },
    async () => {
      const zone = app.deps.config.STORE_TIME_ZONE;
      return (await listDiscountCodes(db)).map((row) => toAdminDiscountCode(row, zone));
    },
  );

  app.post(
    '/api/discount-codes',
    {
      preValidation: requireAdmin,
      schema: { body: CreateDiscountCodeBody, response: { 201: AdminDiscountCode, ...errors } },
    },
    async (request, reply) => {
      const zone = app.deps.config.STORE_TIME_ZONE;
      const row = await createDiscountCode(db, request.body, zone);
      return reply.status(201).send(toAdminDiscountCode(row, zone));
    },
  );

  app.patch(
    '/api/discount-codes/:id',
    {
      preValidation: requireAdmin,
      schema: {
        params: IdParam,
        body: UpdateDiscountCodeBody,
        response: { 200: AdminDiscountCode, ...errors },
      },
    },
    async (request) =>
      toAdminDiscountCode(
        await setDiscountCodeActive(db, request.params.id, request.body.isActive),
        app.deps.config.STORE_TIME_ZONE,
      ),
  );

  app.delete(
    '/api/discount-codes/:id',
    {
      preValidation: requireAdmin,
      schema: {
        params: IdParam,
        response: { 200: z.object({ message: z.string(), deactivated: z.boolean() }), ...errors },
      },
    },
    async (request) => {
      const { deactivated } = await deleteDiscountCode(db, request.params.id);
      return {
        message: deactivated ? CODE_DEACTIVATED_MESSAGE : 'Discount code deleted',
        deactivated,
      };
    },
  );
}
