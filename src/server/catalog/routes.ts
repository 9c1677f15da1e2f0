/**
 * Catalogue HTTP routes (storefront spec section 7; back-office section 7 product calls).
 * GET /api/products and GET /api/products/{id} are public (active products only);
 * writes and `?includeInactive=true` are admin-only (401/403, DECISIONS.md "Security").
 * DELETE deactivates instead when an order names the product (issue 8), saying so.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CreateProductBody,
  Product,
  ProductListQuery,
  UpdateProductBody,
  UpdateStockBody,
} from '../../shared/schemas/catalog';
import { ApiError, IdParam } from '../../shared/schemas/common';
import { sendCached } from '../lib/cached-response';
import { loadUser, requireAdmin } from '../lib/session';
import {
  cachedActiveProduct,
  createProduct,
  deleteProduct,
  getActiveProduct,
  getProduct,
  listActiveProducts,
  listenForCatalogChanges,
  loadProducts,
  PRODUCT_DEACTIVATED_MESSAGE,
  setStock,
  updateProduct,
} from './service';

const errors = { 400: ApiError, 401: ApiError, 403: ApiError, 404: ApiError };

export async function catalogRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const { db, database } = app.deps;

  const stopListening = await listenForCatalogChanges(database, app.log);
  app.addHook('onClose', async () => stopListening());

  app.get(
    '/api/products',
    {
      // Public read: no session unless the admin-only variant is asked for (lib/session.ts).
      config: { session: 'lazy' },
      schema: { querystring: ProductListQuery, response: { 200: z.array(Product), ...errors } },
    },
    async (request, reply) => {
      if (request.query.includeInactive) {
        await loadUser(request);
        await requireAdmin(request, reply);
        return reply.header('cache-control', 'no-store').send(await loadProducts(db, true));
      }
      // Pre-serialised (and pre-compressed) from the cache, with ETag -> 304; a Buffer
      // bypasses the serializer.
      return sendCached(request, reply, (await listActiveProducts(db)).list);
    },
  );

  app.get(
    '/api/products/:id',
    {
      config: { session: 'lazy' },
      schema: { params: IdParam, response: { 200: Product, ...errors } },
    },
    async (request, reply) => {
      // An active product is the same for everyone: from the cache, no user needed.
      const cached = await cachedActiveProduct(db, request.params.id);
      if (cached) return sendCached(request, reply, cached);
      // Not cached (inactive, unknown, or the cache is down): admins also see inactive ones.
      const user = await loadUser(request);
      return user?.role === 'admin'
        ? getProduct(db, request.params.id, true)
        : getActiveProduct(db, request.params.id);
    },
  );

  app.post(
    '/api/products',
    {
      preValidation: requireAdmin,
      schema: { body: CreateProductBody, response: { 201: Product, ...errors } },
    },
    async (request, reply) => reply.status(201).send(await createProduct(db, request.body)),
  );

  app.put(
    '/api/products/:id',
    {
      preValidation: requireAdmin,
      schema: { params: IdParam, body: UpdateProductBody, response: { 200: Product, ...errors } },
    },
    async (request) => updateProduct(db, request.params.id, request.body),
  );

  app.put(
    '/api/products/:id/stock',
    {
      preValidation: requireAdmin,
      schema: { params: IdParam, body: UpdateStockBody, response: { 200: Product, ...errors } },
    },
    async (request) => setStock(db, request.params.id, request.body.stockQuantity),
  );

  app.delete(
    '/api/products/:id',
    {
      preValidation: requireAdmin,
      schema: {
        params: IdParam,
        response: {
          200: z.object({ message: z.string(), deactivated: z.boolean() }),
          ...errors,
        },
      },
    },
    async (request) => {
      const { deactivated } = await deleteProduct(db, request.params.id);
      return {
        message: deactivated ? PRODUCT_DEACTIVATED_MESSAGE : 'Product deleted',
        deactivated,
      };
    },
  );
}
