/**
 * GET /api/files/{id}: serves a stored file with its content type, a one-year immutable
 * cache, `X-Content-Type-Options: nosniff`, and a Content-Security-Policy that forbids
 * script (SVG may carry style only), so stored files cannot run script (DECISIONS.md
 * "Security": uploaded files are served so they cannot run script).
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../lib/errors';
import { readFile } from './service';

const FileParams = z.object({ id: z.string().max(128) });

/** CSP for served files: nothing may run or load from anywhere; inline styles and data: images (embedded art) only. */
export const FILE_CSP = "default-src 'none'; style-src 'unsafe-inline'; img-src data:";

export async function filesRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps;

  app.get('/api/files/:id', { schema: { params: FileParams } }, async (request, reply) => {
    const { id } = request.params;
    const file = /^[A-Za-z0-9_-]{8,128}$/.test(id) ? await readFile(db, id) : null;
    if (!file) throw notFound('File not found');
    return (
      reply
        .header('content-type', file.contentType)
        .header('content-length', file.data.length)
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', FILE_CSP)
        .header('cross-origin-resource-policy', 'same-origin')
        // Only images display inline; anything else (a PDF logo) is downloaded, never rendered.
        .header(
          'content-disposition',
          file.contentType.startsWith('image/') ? 'inline' : 'attachment',
        )
        .send(file.data)
    );
  });
}
