/** HTTP routes of the checkout module (placeholder until the module lands). */
import type { FastifyInstance } from 'fastify';

export async function checkoutRoutes(_app: FastifyInstance): Promise<void> {}
