/** HTTP routes of the payments module (placeholder until the module lands). */
import type { FastifyInstance } from 'fastify';

export async function paymentRoutes(_app: FastifyInstance): Promise<void> {}
