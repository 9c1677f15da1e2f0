/** HTTP routes of the accounts module (placeholder until the module lands). */
import type { FastifyInstance } from 'fastify';

export async function accountsRoutes(_app: FastifyInstance): Promise<void> {}
