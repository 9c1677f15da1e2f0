/**
 * POST /api/quote-requests (storefront spec section 7): multipart form with the quote
 * fields (text, omitted when empty) and an optional file field `logo`.
 *
 * - 201 `{id}`; 400 with per-field `errors` (spec section 5 messages);
 *   413 'Please upload a file smaller than 10MB.' (logo over 10 MB);
 *   415 'Please upload a PNG, JPG, GIF, or SVG file.' (logo not PNG/JPEG/GIF/SVG by content);
 *   429 past QUOTE_RATE_LIMIT requests per 10 minutes per client address
 *   (DECISIONS.md: public forms are rate-limited).
 * The body is read with the shared `readMultipart` (lib/multipart.ts: one file of 10 MB,
 * 20 text fields of 64 KiB; malformed or truncated bodies answer 400, never 500);
 * multipart is registered inside this plugin only, so no other route accepts it.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { QUOTE_LOGO_MAX_BYTES, QuoteRequestBody } from '../../shared/schemas/quotes';
import { badRequest } from '../lib/errors';
import { readMultipart, registerMultipart } from '../lib/multipart';
import { clientAddress, rateLimit } from '../lib/rate-limit';
import { registerQuoteDeskRoutes } from './desk-routes';
import { type CheckedLogo, checkLogo, createQuoteRequest, logoTooLarge } from './service';

const TEN_MINUTES_MS = 10 * 60_000;
const TEXT_FIELDS = [
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
] as const;

export async function quotesRoutes(instance: FastifyInstance): Promise<void> {
  await registerMultipart(instance);
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const { db, config, mail } = app.deps;

  app.post(
    '/api/quote-requests',
    {
      preValidation: rateLimit({
        name: 'quote',
        max: config.QUOTE_RATE_LIMIT,
        windowMs: TEN_MINUTES_MS,
        by: clientAddress,
      }),
    },
    async (request, reply) => {
      const form = await readMultipart(request, {
        files: ['logo'],
        fields: [...TEXT_FIELDS],
        maxFileBytes: QUOTE_LOGO_MAX_BYTES,
        maxFields: 20,
        fileTooLarge: logoTooLarge,
      });
      const fields = form.fields;
      const upload = form.files[0];
      const logo: CheckedLogo | null = upload
        ? await checkLogo(upload.data, upload.filename)
        : null;

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

  await registerQuoteDeskRoutes(app);
}
