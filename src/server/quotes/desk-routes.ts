/**
 * The admin's quote desk calls (back-office spec section 7; issue 7), registered inside
 * the quotes plugin (which owns multipart):
 * - GET /api/quote-requests?status=&page=&pageSize= (admin): newest first, one page.
 * - GET /api/quote-requests/{id}: the admin sees any quote (with its links); a client with
 *   `Authorization: Bearer <collaboration token>` sees the token's quote only (401 for a
 *   bad, expired or deactivated token, 403 for another quote).
 * - PATCH /api/quote-requests/{id} {quotedAmount, quotedNotes, status} (admin).
 * - DELETE /api/quote-requests/{id} (admin).
 * - POST /api/quote-requests/{id}/revisions (admin, multipart: file `mockup`, `notes`,
 *   `changes`): the next mockup revision, checked by content like the logo.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { IdParam } from '../../shared/schemas/common';
import {
  QUOTE_DESK_MESSAGES,
  QuoteDetail,
  QuoteList,
  QuoteListQuery,
  QuoteRequestView,
  RevisionView,
  UpdateQuoteBody,
} from '../../shared/schemas/quote-desk';
import { QUOTE_LOGO_MAX_BYTES } from '../../shared/schemas/quotes';
import { findActiveSession } from '../collaboration/service';
import { compressLargeReply } from '../lib/compress-large';
import { apiErrors, badRequest, forbidden, unauthorized } from '../lib/errors';
import { readMultipart } from '../lib/multipart';
import { requireAdmin } from '../lib/session';
import { addRevision, deleteQuote, getQuoteDetail, listQuotes, updateQuote } from './desk';
import { serializeQuote } from './serialize';
import { checkLogo, logoTooLarge } from './service';

const errors = apiErrors(400, 401, 403, 404, 409, 413, 415);
const RevisionFields = z.object({
  notes: z
    .string()
    .trim()
    .max(5000, 'Notes must be at most 5000 characters')
    .optional()
    .transform((v) => v || null),
  changes: z
    .string()
    .trim()
    .max(500, 'Changes must be at most 500 characters')
    .optional()
    .transform((v) => v || null),
});

/** The bearer token of `Authorization: Bearer <token>`, or null. */
function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  const match = header ? /^Bearer\s+(\S+)\s*$/i.exec(header) : null;
  return match?.[1] ?? null;
}

export async function registerQuoteDeskRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const { db, config, mail } = app.deps;
  const flush = (request: FastifyRequest) =>
    mail.flush().catch((err) => request.log.error({ err }, 'mail flush failed'));

  app.get(
    '/api/quote-requests',
    {
      preValidation: requireAdmin,
      schema: { querystring: QuoteListQuery, response: { 200: QuoteList, ...errors } },
      onSend: compressLargeReply,
    },
    async (request, reply) => {
      const q = request.query;
      const list = await listQuotes(db, {
        status: q.status as never,
        page: q.page,
        pageSize: q.pageSize,
      });
      return reply.header('cache-control', 'no-store').send(list);
    },
  );

  app.get(
    '/api/quote-requests/:id',
    { schema: { params: IdParam, response: { 200: QuoteDetail, ...errors } } },
    async (request, reply) => {
      const { id } = request.params;
      const token = bearerToken(request);
      let isAdmin = false;
      if (token !== null) {
        const session = await findActiveSession(db, token);
        if (!session) throw unauthorized(QUOTE_DESK_MESSAGES.sessionNotFound);
        if (session.quoteId !== id) throw forbidden('This collaboration link is for another quote');
      } else {
        await requireAdmin(request, reply);
        isAdmin = true;
      }
      const detail = await getQuoteDetail({ db, config }, id, isAdmin);
      return reply.header('cache-control', 'no-store').send(detail);
    },
  );

  app.patch(
    '/api/quote-requests/:id',
    {
      preValidation: requireAdmin,
      schema: {
        params: IdParam,
        body: UpdateQuoteBody,
        response: { 200: QuoteRequestView, ...errors },
      },
    },
    async (request) => {
      const row = await updateQuote({ db, mail, config }, request.params.id, request.body);
      flush(request);
      return serializeQuote(row);
    },
  );

  app.delete(
    '/api/quote-requests/:id',
    {
      preValidation: requireAdmin,
      schema: { params: IdParam, response: { 200: z.object({ message: z.string() }), ...errors } },
    },
    async (request) => {
      await deleteQuote(db, request.params.id);
      return { message: `Quote request #${request.params.id} deleted` };
    },
  );

  app.post(
    '/api/quote-requests/:id/revisions',
    {
      preValidation: requireAdmin,
      schema: { params: IdParam, response: { 201: RevisionView, ...errors } },
    },
    async (request, reply) => {
      const form = await readMultipart(request, {
        files: ['mockup'],
        fields: ['notes', 'changes'],
        maxFileBytes: QUOTE_LOGO_MAX_BYTES,
        maxFields: 5,
        fileTooLarge: logoTooLarge,
      });
      const fields = form.fields;
      const upload = form.files[0];
      // Checked by content like the quote logo: PNG/JPEG/GIF by signature, SVG sanitised.
      const file = upload ? await checkLogo(upload.data, upload.filename) : null;
      if (!file)
        throw badRequest('Please choose a mockup image', {
          mockup: 'Please choose a mockup image',
        });
      const parsed = RevisionFields.safeParse(fields);
      if (!parsed.success) {
        const issue = parsed.error.issues[0];
        const key = issue?.path.map(String).join('.') || '_';
        throw badRequest(issue?.message ?? 'Invalid input', {
          [key]: issue?.message ?? 'Invalid input',
        });
      }
      const revision = await addRevision({ db, mail, config }, request.params.id, {
        mockup: file,
        notes: parsed.data.notes,
        changes: parsed.data.changes,
        authorName: request.user?.username ?? 'admin',
      });
      flush(request);
      return reply.status(201).send(revision);
    },
  );
}
