/**
 * GET /api/admin/dashboard?days=7|30|90 (admin only, 401/403; 400 for another period):
 * the dashboard figures (service.ts).
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { Dashboard, DashboardQuery } from '../../shared/schemas/dashboard';
import { apiErrors } from '../lib/errors';
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
        response: { 200: Dashboard, ...apiErrors(400, 401, 403) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return dashboardFigures(app.deps, request.query.days);
    },
  );
}
