/**
 * POST /api/client-errors (issue 10; back-office spec "error screen"): the web app's
 * error screen reports what broke. Validated (zod), size-limited (16 KB, 413 above),
 * rate-limited per client address (CLIENT_ERROR_RATE_LIMIT per minute, 429), and written
 * to the server log as a warning with the request id. Nothing is stored. Answers 204.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { CLIENT_ERROR_MAX_BYTES, ClientErrorReport } from '../../shared/schemas/client-errors';
import { clientAddress, rateLimit } from '../lib/rate-limit';

export async function clientErrorRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const { config } = app.deps;
  app.post(
    '/api/client-errors',
    {
      bodyLimit: CLIENT_ERROR_MAX_BYTES,
      preValidation: rateLimit({
        name: 'client-errors',
        max: config.CLIENT_ERROR_RATE_LIMIT,
        windowMs: 60_000,
        by: clientAddress,
      }),
      schema: { body: ClientErrorReport },
    },
    async (request, reply) => {
      const report = request.body;
      request.log.warn(
        {
          clientError: {
            message: report.message,
            stack: report.stack ?? undefined,
            url: report.url,
            source: report.source,
            userAgent: request.headers['user-agent']?.slice(0, 300),
          },
        },
        'client error reported',
      );
      return reply.status(204).send();
    },
  );
}
