/**
 * Blog HTTP routes (back-office spec section 7; issue 10).
 * Public: GET /api/blog (published posts, newest first; the client filters by category),
 * GET /api/blog/{slug} (one published post, view counted; 404 'Blog post not found').
 * Admin (401/403 first): GET/POST /api/admin/blog, PUT/DELETE /api/admin/blog/{id}; PUT
 * with `expectedUpdatedAt` answers 409 when the post was saved since (a concurrency audit).
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  BlogPost,
  BlogPostInput,
  BlogPostSummary,
  BlogSlugParam,
  UpdateBlogPostInput,
} from '../../shared/schemas/blog';
import { IdParam } from '../../shared/schemas/common';
import { compressLargeReply } from '../lib/compress-large';
import { apiErrors, notFound } from '../lib/errors';
import { clientAddress } from '../lib/rate-limit';
import { requireAdmin } from '../lib/session';
import {
  BLOG_NOT_FOUND,
  countView,
  createPost,
  deletePost,
  findPublishedPost,
  listAllPosts,
  listPublishedPosts,
  serializePost,
  updatePost,
} from './service';

const errors = apiErrors(400, 401, 403, 404);

export async function blogRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps;
  /** The shop's calendar: posts' `publishedDay` and the views-per-day count. */
  const timeZone = app.deps.config.STORE_TIME_ZONE;

  app.get(
    '/api/blog',
    { schema: { response: { 200: z.array(BlogPostSummary) } } },
    async (_req, reply) => {
      reply.header('cache-control', 'no-cache');
      return listPublishedPosts(db, timeZone);
    },
  );

  app.get(
    '/api/blog/:slug',
    { schema: { params: BlogSlugParam, response: { 200: BlogPost, ...errors } } },
    async (request, reply) => {
      const row = await findPublishedPost(db, request.params.slug);
      if (!row) throw notFound(BLOG_NOT_FOUND);
      const viewCount = await countView(
        db,
        row,
        {
          address: clientAddress(request),
          userAgent: request.headers['user-agent'],
        },
        timeZone,
      );
      reply.header('cache-control', 'no-cache');
      return { ...serializePost(row, timeZone), viewCount };
    },
  );

  app.get(
    '/api/admin/blog',
    {
      preValidation: requireAdmin,
      schema: { response: { 200: z.array(BlogPost), ...errors } },
      onSend: compressLargeReply,
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return listAllPosts(db, timeZone);
    },
  );

  app.post(
    '/api/admin/blog',
    {
      preValidation: requireAdmin,
      schema: { body: BlogPostInput, response: { 201: BlogPost, ...errors } },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await createPost(db, request.body, request.user?.id ?? null, timeZone)),
  );

  app.put(
    '/api/admin/blog/:id',
    {
      preValidation: requireAdmin,
      schema: {
        params: IdParam,
        body: UpdateBlogPostInput,
        response: { 200: BlogPost, ...errors, ...apiErrors(409) },
      },
    },
    async (request) => updatePost(db, request.params.id, request.body, timeZone),
  );

  app.delete(
    '/api/admin/blog/:id',
    {
      preValidation: requireAdmin,
      schema: { params: IdParam, response: { 200: z.object({ message: z.string() }), ...errors } },
    },
    async (request) => {
      await deletePost(db, request.params.id);
      return { message: 'Post deleted' };
    },
  );
}
