/** HTTP routes of the catalog module (placeholder until the module lands). */
import type { FastifyInstance } from 'fastify';

export async function catalogRoutes(_app: FastifyInstance): Promise<void> {}
