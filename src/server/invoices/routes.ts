/**
 * Manual invoice HTTP routes (back-office spec section 7) and the `invoice` payment
 * purpose registration:
 *
 * - POST   /api/send-invoice              (admin) SendInvoiceBody -> 201 AdminInvoice & {sending}; mails the pay link
 *                                         (`sending` false: no SMTP, the mail waits in the outbox)
 * - GET    /api/manual-invoices           (admin) -> AdminInvoice[] (not cancelled, newest first)
 * - DELETE /api/manual-invoices/{id}      (admin) -> {message}; 409 for a paid invoice
 * - GET    /api/pay-invoice/{number}?key= (public, rate-limited) -> PublicInvoice;
 *                                         404 'Invalid Payment Link', 410 expired link; `?amount=` is ignored
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { IdParam } from '../../shared/schemas/common';
import {
  AdminInvoice,
  PayInvoiceParams,
  PayInvoiceQuery,
  PublicInvoice,
  SendInvoiceBody,
  SentInvoice,
} from '../../shared/schemas/invoices';
import { apiErrors } from '../lib/errors';
import { clientAddress, rateLimit } from '../lib/rate-limit';
import { requireAdmin } from '../lib/session';
import { registerPaymentPurpose } from '../payments/purposes';
import {
  cancelInvoice,
  createInvoice,
  findPayableInvoice,
  invoicePurpose,
  listInvoices,
  toAdminInvoice,
  toPublicInvoice,
} from './service';

const errors = apiErrors(400, 401, 403, 404, 409, 410);

/** Pay-page lookups per client address per minute (shared store, lib/rate-limit.ts). */
export const PAY_INVOICE_RATE_LIMIT = {
  name: 'pay-invoice',
  max: 60,
  windowMs: 60_000,
  by: clientAddress,
};

export async function invoicesRoutes(instance: FastifyInstance): Promise<void> {
  registerPaymentPurpose(instance.deps, 'invoice', invoicePurpose);
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const { db, config } = app.deps;

  app.post(
    '/api/send-invoice',
    {
      preValidation: requireAdmin,
      schema: { body: SendInvoiceBody, response: { 201: SentInvoice, ...errors } },
    },
    async (request, reply) => {
      const row = await createInvoice(app.deps, request.body, request.log);
      return reply
        .status(201)
        .send({ ...toAdminInvoice(config, row), sending: app.deps.mail.sending });
    },
  );

  app.get(
    '/api/manual-invoices',
    {
      preValidation: requireAdmin,
      schema: { response: { 200: z.array(AdminInvoice), ...errors } },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return (await listInvoices(db)).map((row) => toAdminInvoice(config, row));
    },
  );

  app.delete(
    '/api/manual-invoices/:id',
    {
      preValidation: requireAdmin,
      schema: { params: IdParam, response: { 200: z.object({ message: z.string() }), ...errors } },
    },
    async (request) => {
      const row = await cancelInvoice(db, request.params.id);
      return { message: `Invoice ${row.invoiceNumber} deleted` };
    },
  );

  app.get(
    '/api/pay-invoice/:invoiceNumber',
    {
      preValidation: rateLimit(PAY_INVOICE_RATE_LIMIT),
      schema: {
        params: PayInvoiceParams,
        querystring: PayInvoiceQuery,
        response: { 200: PublicInvoice, ...errors, ...apiErrors(429) },
      },
    },
    async (request, reply) => {
      const row = await findPayableInvoice(
        db,
        request.params.invoiceNumber,
        request.query.key,
        config.STORE_TIME_ZONE,
      );
      reply.header('cache-control', 'no-store');
      return toPublicInvoice(row, config.STORE_TIME_ZONE);
    },
  );
}
