/**
 * Incidents screen routes (admin only, 401/403; issue 8 "Money owed and mail held"):
 *
 * - GET  /api/admin/incidents                      -> IncidentsOverview
 * - POST /api/admin/payments/{id}/refund           -> refund owed / capture without order: retry or refund now
 * - POST /api/admin/payments/{id}/resolve {note}   -> refunded by hand / settled otherwise
 * - POST /api/admin/incidents/{id}/resolve {note}  -> an open incident resolved
 * - POST /api/admin/outbox/release-held            -> every held mail queued (409 without SMTP)
 * - POST /api/admin/outbox/{id}/release            -> one held mail queued
 * - POST /api/admin/outbox/{id}/resend             -> a failed mail sent again
 *
 * Also starts the refund retry sweep (refund-retry.ts) and the check of captures whose
 * answer never came (capture-check.ts), each every REFUND_RETRY_SECONDS (0: neither).
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { IdParam } from '../../shared/schemas/common';
import {
  ActionResult,
  IncidentsOverview,
  RefundResult,
  ResolveBody,
} from '../../shared/schemas/incidents';
import { apiErrors } from '../lib/errors';
import { requireAdmin } from '../lib/session';
import { releaseHeldMail, resendFailedMail } from '../mail/outbox-admin';
import { startCaptureCheck } from './capture-check';
import { startRefundRetry } from './refund-retry';
import { adminRefund, incidentsOverview, resolveIncident, resolvePayment } from './service';

const errors = apiErrors(400, 401, 403, 404, 409);

export async function incidentsRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const deps = app.deps;

  let stops: (() => Promise<void>)[] = [];
  app.addHook('onReady', async () => {
    stops = [
      startRefundRetry(deps, app.log, deps.config.REFUND_RETRY_SECONDS),
      startCaptureCheck(deps, app.log, deps.config.REFUND_RETRY_SECONDS),
    ];
  });
  app.addHook('onClose', async () => {
    await Promise.all(stops.map((stop) => stop()));
  });

  const admin = { preValidation: requireAdmin };
  const ok = { 200: ActionResult, ...errors };

  app.get(
    '/api/admin/incidents',
    { ...admin, schema: { response: { 200: IncidentsOverview, ...errors } } },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return incidentsOverview(deps);
    },
  );

  app.post(
    '/api/admin/payments/:id/refund',
    { ...admin, schema: { params: IdParam, response: { 200: RefundResult, ...errors } } },
    async (request) =>
      (await adminRefund(deps, request.params.id, request.log))
        ? { message: 'The refund went through.', refunded: true }
        : {
            message:
              'The payment provider did not refund it this time; it stays under Refunds owed and is retried automatically.',
            refunded: false,
          },
  );

  app.post(
    '/api/admin/payments/:id/resolve',
    { ...admin, schema: { params: IdParam, body: ResolveBody, response: ok } },
    async (request) => {
      await resolvePayment(deps.db, request.params.id, request.body.note);
      return { message: 'Marked as resolved.' };
    },
  );

  app.post(
    '/api/admin/incidents/:id/resolve',
    { ...admin, schema: { params: IdParam, body: ResolveBody, response: ok } },
    async (request) => {
      await resolveIncident(deps.db, request.params.id, request.body.note);
      return { message: 'Marked as resolved.' };
    },
  );

  app.post(
    '/api/admin/outbox/release-held',
    { ...admin, schema: { response: ok } },
    async (request) => {
      const n = await releaseHeldMail(deps, request.log);
      return { message: `${n} held ${n === 1 ? 'mail' : 'mails'} released for sending.` };
    },
  );

  app.post(
    '/api/admin/outbox/:id/release',
    { ...admin, schema: { params: IdParam, response: ok } },
    async (request) => {
      await releaseHeldMail(deps, request.log, request.params.id);
      return { message: 'Mail released for sending.' };
    },
  );

  app.post(
    '/api/admin/outbox/:id/resend',
    { ...admin, schema: { params: IdParam, response: ok } },
    async (request) => {
      await resendFailedMail(deps, request.log, request.params.id);
      return { message: 'Mail queued to be sent again.' };
    },
  );
}
