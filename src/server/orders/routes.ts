/** HTTP routes of the orders module (placeholder until the module lands). */
import type { FastifyInstance } from 'fastify';

export async function ordersRoutes(_app: FastifyInstance): Promise<void> {}
