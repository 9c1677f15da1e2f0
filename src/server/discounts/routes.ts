/** HTTP routes of the discounts module (placeholder until the module lands). */
import type { FastifyInstance } from 'fastify';

export async function discountRoutes(_app: FastifyInstance): Promise<void> {}
