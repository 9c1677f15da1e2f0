/**
 * Home content routes (issue 10). Public: GET /api/home (logos, testimonials,
 * bestsellers). Admin (401/403 first): GET /api/admin/home, POST/PUT/DELETE
 * /api/admin/home/logos[/{id}] and /api/admin/home/testimonials[/{id}]. Images are
 * uploaded through POST /api/product-images (checked by content) and linked here.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { IdParam } from '../../shared/schemas/common';
import {
  HomeContent,
  HomeLogo,
  HomeLogoInput,
  HomeTestimonial,
  HomeTestimonialInput,
} from '../../shared/schemas/home';
import { apiErrors } from '../lib/errors';
import { requireAdmin } from '../lib/session';
import {
  deleteLogo,
  deleteTestimonial,
  getHomeContent,
  listHomeEntries,
  saveLogo,
  saveTestimonial,
} from './service';

const errors = apiErrors(400, 401, 403, 404);
const Deleted = z.object({ message: z.string() });

export async function homeRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps;

  app.get('/api/home', { schema: { response: { 200: HomeContent } } }, async (_req, reply) => {
    reply.header('cache-control', 'no-cache');
    return getHomeContent(db);
  });

  app.get(
    '/api/admin/home',
    {
      preValidation: requireAdmin,
      schema: {
        response: {
          200: z.object({ logos: z.array(HomeLogo), testimonials: z.array(HomeTestimonial) }),
          ...errors,
        },
      },
    },
    async (_req, reply) => {
      reply.header('cache-control', 'no-store');
      return listHomeEntries(db);
    },
  );

  app.post(
    '/api/admin/home/logos',
    {
      preValidation: requireAdmin,
      schema: { body: HomeLogoInput, response: { 201: HomeLogo, ...errors } },
    },
    async (request, reply) => reply.status(201).send(await saveLogo(db, null, request.body)),
  );
  app.put(
    '/api/admin/home/logos/:id',
    {
      preValidation: requireAdmin,
      schema: { params: IdParam, body: HomeLogoInput, response: { 200: HomeLogo, ...errors } },
    },
    async (request) => saveLogo(db, request.params.id, request.body),
  );
  app.delete(
    '/api/admin/home/logos/:id',
    {
      preValidation: requireAdmin,
      schema: { params: IdParam, response: { 200: Deleted, ...errors } },
    },
    async (request) => {
      await deleteLogo(db, request.params.id);
      return { message: 'Logo deleted' };
    },
  );

  app.post(
    '/api/admin/home/testimonials',
    {
      preValidation: requireAdmin,
      schema: { body: HomeTestimonialInput, response: { 201: HomeTestimonial, ...errors } },
    },
    async (request, reply) => reply.status(201).send(await saveTestimonial(db, null, request.body)),
  );
  app.put(
    '/api/admin/home/testimonials/:id',
    {
      preValidation: requireAdmin,
      schema: {
        params: IdParam,
        body: HomeTestimonialInput,
        response: { 200: HomeTestimonial, ...errors },
      },
    },
    async (request) => saveTestimonial(db, request.params.id, request.body),
  );
  app.delete(
    '/api/admin/home/testimonials/:id',
    {
      preValidation: requireAdmin,
      schema: { params: IdParam, response: { 200: Deleted, ...errors } },
    },
    async (request) => {
      await deleteTestimonial(db, request.params.id);
      return { message: 'Testimonial deleted' };
    },
  );
}
