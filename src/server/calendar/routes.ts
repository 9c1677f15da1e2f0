/**
 * GET /api/calendar (public): the shop's today and time zone (StoreCalendar), so the
 * browser counts days from the same day the server does (docs/decisions.md issue 8
 * entry 15). Not cached: the day turns at the zone's midnight.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { StoreCalendar } from '../../shared/schemas/calendar';
import { storeDayOf } from '../lib/store-time';

export async function calendarRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const timeZone = app.deps.config.STORE_TIME_ZONE;
  app.get(
    '/api/calendar',
    { schema: { response: { 200: StoreCalendar } } },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return { today: storeDayOf(new Date(), timeZone), timeZone };
    },
  );
}
