/** HTTP routes of the cart module (placeholder until the module lands). */
import type { FastifyInstance } from 'fastify';

export async function cartRoutes(_app: FastifyInstance): Promise<void> {}
