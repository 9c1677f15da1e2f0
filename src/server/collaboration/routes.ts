/**
 * Collaboration calls (back-office spec section 7; issue 7):
 * - POST /api/collaboration/session {quoteId, clientName, clientEmail} (admin): 201 with
 *   `collaborationUrl` (PUBLIC_URL/quote-collaboration/{token}); the client gets it by mail.
 * - GET /api/collaboration/session/{token}: `{quoteId, clientName, expiresAt}`, 404
 *   'Session not found or expired' for an unknown, expired or deactivated token.
 * - POST /api/collaboration/session/{token}/deposit: once the quote is approved, the
 *   holder of the link gets the prepared custom order (201) to pay its 10% deposit at
 *   /checkout?orderData=... (the wizard's deposit path); 409 before approval.
 * - POST /api/collaboration/session/{id}/deactivate (admin): the link stops working and
 *   its open connections leave the room.
 * - WebSocket /ws: the room (hub.ts). A client joins with its token; the admin joins with
 *   quoteId alone and the admin session cookie (only when the upgrade request came from
 *   this site: its Origin is this host or PUBLIC_URL).
 */
import websocket from '@fastify/websocket';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { IdParam } from '../../shared/schemas/common';
import { PreparedCustomOrder } from '../../shared/schemas/custom-orders';
import {
  CollaborationSessionInfo,
  CollaborationSessionView,
  CreateCollaborationSessionBody,
  QUOTE_DESK_MESSAGES,
} from '../../shared/schemas/quote-desk';
import { apiErrors, notFound } from '../lib/errors';
import { requireAdmin } from '../lib/session';
import { serializeSession } from '../quotes/serialize';
import { CollaborationHub, WS_HARD_MAX_BYTES } from './hub';
import {
  createCollaborationSession,
  deactivateSession,
  findActiveSession,
  prepareApprovedQuoteDeposit,
} from './service';

const errors = apiErrors(400, 401, 403, 404);

/** True when a browser upgrade request comes from this site (or is not from a browser page). */
function fromThisSite(request: FastifyRequest, publicUrl: string): boolean {
  const origin = request.headers.origin;
  if (!origin) return true;
  try {
    const url = new URL(origin);
    return url.host === request.headers.host || url.origin === new URL(publicUrl).origin;
  } catch {
    return false;
  }
}

export async function collaborationRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const { db, config, mail } = app.deps;

  const hub = new CollaborationHub(app.deps, app.log);
  await hub.start();
  await app.register(websocket, {
    options: { maxPayload: WS_HARD_MAX_BYTES },
    // Leave every room (telling other instances) before the server closes the sockets.
    preClose: async function (this: FastifyInstance) {
      await hub.stop();
      for (const client of this.websocketServer.clients) client.terminate();
    },
  });

  app.post(
    '/api/collaboration/session',
    {
      preValidation: requireAdmin,
      schema: {
        body: CreateCollaborationSessionBody,
        response: { 201: CollaborationSessionView, ...errors },
      },
    },
    async (request, reply) => {
      const session = await createCollaborationSession({ db, mail, config }, request.body);
      mail.flush().catch((err) => request.log.error({ err }, 'mail flush failed'));
      return reply.status(201).send(serializeSession(session, config));
    },
  );

  app.get(
    '/api/collaboration/session/:token',
    {
      schema: {
        params: z.object({ token: z.string().max(200) }),
        response: { 200: CollaborationSessionInfo, ...errors },
      },
    },
    async (request, reply) => {
      const session = await findActiveSession(db, request.params.token);
      if (!session) throw notFound(QUOTE_DESK_MESSAGES.sessionNotFound);
      return reply.header('cache-control', 'no-store').send({
        quoteId: session.quoteId,
        clientName: session.clientName,
        expiresAt: session.expiresAt.toISOString(),
      });
    },
  );

  app.post(
    '/api/collaboration/session/:token/deposit',
    {
      schema: {
        params: z.object({ token: z.string().max(200) }),
        response: { 201: PreparedCustomOrder, ...errors, ...apiErrors(409) },
      },
    },
    async (request, reply) => {
      const prepared = await prepareApprovedQuoteDeposit({ db, config }, request.params.token);
      return reply.status(201).header('cache-control', 'no-store').send(prepared);
    },
  );

  app.post(
    '/api/collaboration/session/:id/deactivate',
    {
      preValidation: requireAdmin,
      schema: { params: IdParam, response: { 200: CollaborationSessionView, ...errors } },
    },
    async (request) => serializeSession(await deactivateSession(db, request.params.id), config),
  );

  app.get('/ws', { websocket: true }, (socket, request) => {
    const user = request.user;
    const sid = request.session?.sessionId;
    const admin =
      user?.role === 'admin' && sid && fromThisSite(request, config.publicUrl)
        ? { id: user.id, username: user.username, email: user.email, sid }
        : null;
    hub.accept(socket, { admin, ip: request.ip });
  });
}
