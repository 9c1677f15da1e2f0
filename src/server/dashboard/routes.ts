/**
 * GET /api/admin/dashboard?days=7|30|90 (admin only, 401/403; 400 for another period):
 * the dashboard figures (service.ts).
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ApiError } from '../../shared/schemas/common';
import { Dashboard, DashboardQuery } from '../../shared/schemas/dashboard';
import { requireAdmin } from '../lib/session';
import { dashboardFigures } from './service';

export async function dashboardRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/api/admin/dashboard',
    {
      preValidation: requireAdmin,
      schema: {
        querystring: DashboardQuery,
        response: { 200: Dashboard, 400: ApiError, 401: ApiError, 403: ApiError },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return dashboardFigures(app.deps, request.query.days);
    },
  );
}
