/**
 * POST /api/import-customers (admin; back-office spec section 7): runs the customer
 * import (import.ts) and answers `{result: {imported, skipped, duplicates, invalid, found}}`
 * as the spec's `result.imported, skipped, duplicates`. 401 anonymous, 403 customer.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrors } from '../lib/errors';
import { requireAdmin } from '../lib/session';
import { importCustomers } from './import';

export const ImportCustomersResponse = z.object({
  result: z.object({
    imported: z.number().int(),
    skipped: z.number().int(),
    duplicates: z.number().int(),
    invalid: z.number().int(),
    found: z.number().int(),
  }),
});

export async function customerImportRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps;
  app.post(
    '/api/import-customers',
    {
      preValidation: requireAdmin,
      schema: { response: { 200: ImportCustomersResponse, ...apiErrors(401, 403) } },
    },
    async () => ({ result: await importCustomers(db) }),
  );
}
