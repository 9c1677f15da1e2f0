/**
 * POST /api/quote-requests (storefront spec section 7): multipart form with the quote
 * fields (text, omitted when empty) and an optional file field `logo`.
 *
 * - 201 `{id}`; 400 with per-field `errors` (spec section 5 messages);
 *   413 'Please upload a file smaller than 10MB.' (logo over 10 MB);
 *   415 'Please upload a PNG, JPG, GIF, or SVG file.' (logo not PNG/JPEG/GIF/SVG by content);
 *   429 past QUOTE_RATE_LIMIT requests per 10 minutes per client address
 *   (DECISIONS.md: public forms are rate-limited).
 * @fastify/multipart is registered inside this plugin only (limits: one file of 10 MB,
 * small text fields), so no other route accepts multipart.
 */
import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { QUOTE_LOGO_MAX_BYTES, QuoteRequestBody } from '../../shared/schemas/quotes';
import { badRequest, HttpError } from '../lib/errors';
import { findInvalidText, INVALID_CHARACTERS } from '../lib/input-guard';
import { type CheckedLogo, checkLogo, createQuoteRequest, logoTooLarge } from './service';

const TEN_MINUTES_MS = 10 * 60_000;
const TEXT_FIELDS = new Set([
  'customerName',
  'customerEmail',
  'customerPhone',
  'companyName',
  'projectDescription',
  'quantity',
  'pinType',
  'preferredSize',
  'deadlineDate',
  'additionalNotes',
]);

export async function quotesRoutes(instance: FastifyInstance): Promise<void> {
  await instance.register(multipart, {
    limits: {
      fileSize: QUOTE_LOGO_MAX_BYTES,
      files: 1,
      fields: 20,
      parts: 25,
      fieldSize: 64 * 1024,
      fieldNameSize: 100,
    },
  });
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const { db, config, mail } = app.deps;

  app.post(
    '/api/quote-requests',
    {
      config: {
        rateLimit: {
          max: config.QUOTE_RATE_LIMIT,
          timeWindow: TEN_MINUTES_MS,
          keyGenerator: (request) => `quote|${request.ip}`,
        },
      },
    },
    async (request, reply) => {
      if (!request.isMultipart())
        throw new HttpError(415, 'Please send the form as multipart/form-data');
      const fields: Record<string, string> = {};
      let logo: CheckedLogo | null = null;
      try {
        for await (const part of request.parts()) {
          if (part.type === 'file') {
            const data = await part.toBuffer();
            if (part.fieldname !== 'logo') continue;
            if (data.length === 0 && !part.filename) continue; // empty file input
            logo = await checkLogo(data, part.filename);
          } else if (TEXT_FIELDS.has(part.fieldname) && typeof part.value === 'string') {
            fields[part.fieldname] = part.value;
          }
        }
      } catch (err) {
        const code = (err as { code?: string }).code;
        if (code === 'FST_REQ_FILE_TOO_LARGE') throw logoTooLarge();
        throw err;
      }

      const invalid = findInvalidText(fields);
      if (invalid !== null) {
        throw badRequest(INVALID_CHARACTERS, {
          [invalid]: 'Contains characters that are not allowed',
        });
      }
      const parsed = QuoteRequestBody.safeParse(fields);
      if (!parsed.success) {
        const errors: Record<string, string> = {};
        for (const issue of parsed.error.issues) {
          const key = issue.path.map(String).join('.') || '_';
          errors[key] ??= issue.message;
        }
        throw badRequest(Object.values(errors)[0] ?? 'Invalid input', errors);
      }

      const created = await createQuoteRequest({ db, mail, config }, parsed.data, logo);
      mail
        .flush()
        .catch((err) => request.log.error({ err, quoteId: created.id }, 'mail flush failed'));
      return reply.status(201).send(created);
    },
  );
}
