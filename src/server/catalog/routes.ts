/**
 * Catalogue HTTP routes (storefront spec section 7; back-office section 7 product calls).
 * GET /api/products and GET /api/products/{id} are public (active products only);
 * writes and `?includeInactive=true` are admin-only (401/403, DECISIONS.md "Security").
 * DELETE deactivates instead when an order names the product (issue 8), saying so.
 * PUT answers 409 when the edit was made from an older copy (`expectedEditVersion`,
 * `expectedStockQuantity`; a concurrency audit).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CreateProductBody,
  Product,
  ProductListQuery,
  UpdateProductBody,
  UpdateStockBody,
} from '../../shared/schemas/catalog';
import { ApiError, ID_TEXT_PATTERN, IdParam, INT4_MAX } from '../../shared/schemas/common';
import { sendCached } from '../lib/cached-response';
import { apiErrors } from '../lib/errors';
import { loadUser, requireAdmin } from '../lib/session';
import {
  cachedActiveProduct,
  catalogCache,
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

const errors = apiErrors(400, 401, 403, 404);
const PRODUCT_PREFIX = '/api/products/';
/**
 * The writes that may find the product changed since the admin loaded it: 409 with the
 * message, and `currentStockQuantity` when it was the stock (service.ts updateProduct).
 */
const writeErrors = { ...errors, 409: ApiError.loose() };

/**
 * `sending` (which sends `reply`) resolved to the reply: Fastify then waits for the reply
 * (a thenable) instead of answering undefined a second time. Typed as a handler's void.
 */
function untilSent(sending: Promise<unknown>, reply: FastifyReply): Promise<void> {
  return sending.then(() => reply) as unknown as Promise<void>;
}

/**
 * The public catalogue reads, GET /api/products and GET /api/products/{id} (and their
 * HEAD routes), plus the catalogue change listener. Registered OUTSIDE the session scope
 * (app.ts, issue 12): only the app-wide hooks run on them (security headers, input
 * guard); the admin-only variants read the session on demand with `loadUser`.
 */
export async function publicCatalogRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const { db, database } = app.deps;

  const stopListening = await listenForCatalogChanges(database, app.log);
  app.addHook('onClose', async () => stopListening());
  const cache = catalogCache(db);

  // The same answers before Fastify's router (lib/front-cache.ts): the exact URLs these
  // routes answer from a live cache entry, spelled as their validation accepts them.
  // Every other URL is told apart by its text alone, before the cache is asked.
  app.deps.frontCache.serve((url) => {
    if (url === '/api/products') return cache.peek()?.list ?? null;
    if (!url.startsWith(PRODUCT_PREFIX)) return null;
    const idText = url.slice(PRODUCT_PREFIX.length);
    if (!ID_TEXT_PATTERN.test(idText)) return null;
    const id = Number(idText);
    return id <= INT4_MAX ? (cache.peek()?.one(id) ?? null) : null;
  });

  /** `?includeInactive=true`: every product, admins only. */
  async function adminList(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    await loadUser(request);
    await requireAdmin(request, reply);
    reply.header('cache-control', 'no-store').send(await loadProducts(db, true));
  }

  /** A product the warm cache does not hold: cold cache, inactive (admins) or unknown. */
  async function productFromDatabase(
    request: FastifyRequest,
    reply: FastifyReply,
    id: number,
  ): Promise<void> {
    const cached = await cachedActiveProduct(db, id);
    if (cached) {
      sendCached(request, reply, cached);
      return;
    }
    // Not cached (inactive, unknown, or the cache is down): admins also see inactive ones.
    const user = await loadUser(request);
    reply.send(
      user?.role === 'admin' ? await getProduct(db, id, true) : await getActiveProduct(db, id),
    );
  }

  app.get(
    '/api/products',
    {
      // Public read: no session unless the admin-only variant is asked for (loadUser).
      schema: { querystring: ProductListQuery, response: { 200: z.array(Product), ...errors } },
    },
    (request, reply) => {
      // A promise resolves to the reply (a thenable Fastify waits on), as async handlers
      // that send must: one that resolved to undefined could be answered twice. A reply
      // sent synchronously returns nothing.
      if (request.query.includeInactive) return untilSent(adminList(request, reply), reply);
      // Pre-serialised (and pre-compressed) from the cache, with ETag -> 304; a Buffer
      // bypasses the serializer. A warm cache answers without a promise.
      const hit = cache.peek();
      if (hit) {
        sendCached(request, reply, hit.list);
        return;
      }
      return untilSent(
        listActiveProducts(db).then((cached) => sendCached(request, reply, cached.list)),
        reply,
      );
    },
  );

  app.get(
    '/api/products/:id',
    {
      schema: { params: IdParam, response: { 200: Product, ...errors } },
    },
    (request, reply) => {
      // An active product is the same for everyone: from the cache, no user needed; a
      // warm cache answers without a promise.
      const hit = cache.peek()?.one(request.params.id);
      if (hit) {
        sendCached(request, reply, hit);
        return;
      }
      return untilSent(productFromDatabase(request, reply, request.params.id), reply);
    },
  );
}

/** Catalogue writes (admin only), inside the session scope (app.ts). */
export async function catalogRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps;

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
      schema: {
        params: IdParam,
        body: UpdateProductBody,
        response: { 200: Product, ...writeErrors },
      },
    },
    async (request) => updateProduct(db, request.params.id, request.body),
  );

  app.put(
    '/api/products/:id/stock',
    {
      preValidation: requireAdmin,
      schema: {
        params: IdParam,
        body: UpdateStockBody,
        response: { 200: Product, ...writeErrors },
      },
    },
    async (request) =>
      setStock(
        db,
        request.params.id,
        request.body.stockQuantity,
        request.body.expectedStockQuantity,
      ),
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
