/**
 * Admin mail template previews (issue 9): GET /api/mail-templates lists every mail with
 * its trigger and sample subject; GET /api/mail-templates/{kind} answers its sample HTML
 * (and `?format=text` the plain-text part). Admin only.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrors, notFound } from '../lib/errors';
import { requireAdmin } from '../lib/session';
import { mailPreviews } from './previews';

export async function mailPreviewRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const { config } = app.deps;
  app.get(
    '/api/mail-templates',
    {
      preValidation: requireAdmin,
      schema: {
        response: {
          200: z.array(
            z.object({
              kind: z.string(),
              trigger: z.string(),
              to: z.string(),
              subject: z.string(),
            }),
          ),
          ...apiErrors(401, 403),
        },
      },
    },
    async () =>
      mailPreviews(config).map(({ kind, trigger, to, subject }) => ({
        kind,
        trigger,
        to,
        subject,
      })),
  );
  app.get(
    '/api/mail-templates/:kind',
    {
      preValidation: requireAdmin,
      schema: {
        params: z.object({ kind: z.string().regex(/^[a-z_]{1,60}$/, 'Invalid template') }),
        querystring: z.object({ format: z.enum(['html', 'text']).default('html') }),
      },
    },
    async (request, reply) => {
      const preview = mailPreviews(config).find((p) => p.kind === request.params.kind);
      if (!preview) throw notFound('No such mail template');
      return request.query.format === 'text'
        ? reply.type('text/plain; charset=utf-8').send(preview.text)
        : reply.type('text/html; charset=utf-8').send(preview.html);
    },
  );
}
