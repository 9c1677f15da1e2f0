/**
 * Cart HTTP routes (storefront spec sections 2 "Cart drawer", 5 "Add to cart", 7), and
 * GET /api/cart/allowance (what the per-customer limit still allows, for the product page).
 * Every call needs a valid X-Session-Id header (400 'Missing or invalid session id')
 * and acts only on that session's items, DELETE included (DECISIONS.md "Security").
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { centsToDollars } from '../../shared/money';
import {
  AddToCartBody,
  CartAllowance,
  CartAllowanceQuery,
  CartItem,
  CartTotals,
  CartTotalsQuery,
  UpdateCartItemBody,
} from '../../shared/schemas/cart';
import { ApiError, IdParam } from '../../shared/schemas/common';
import { limitDiscountCheck } from '../discounts/limit';
import { apiErrors, notFound } from '../lib/errors';
import { requireCartSession } from '../lib/session';
import {
  addToCart,
  type CartViewLine,
  clearCart,
  priceCart,
  purchaseAllowance,
  removeCartItem,
  type Shopper,
  updateCartItem,
  viewCart,
} from './service';

function shopperOf(request: FastifyRequest): Shopper {
  return {
    sessionId: requireCartSession(request),
    userId: request.user?.id ?? null,
    email: request.user?.email ?? null,
  };
}

/** A priced cart line as the API shows it (dollars), with the product's stock and per-customer limit. */
export function toCartItem(line: CartViewLine): CartItem {
  return {
    id: line.cartItemId,
    productId: line.productId,
    quantity: line.quantity,
    unitPrice: centsToDollars(line.unitPriceCents),
    percentOff: line.percentOff,
    lineTotal: centsToDollars(line.lineTotalCents),
    product: {
      id: line.productId,
      name: line.name,
      price: centsToDollars(line.basePriceCents),
      imageUrl: line.imageUrl,
      stockQuantity: line.stockQuantity,
      purchaseLimit: line.purchaseLimit,
    },
  };
}

/** 409 bodies carry details besides the message (e.g. `available`, `limit`, `remaining`). */
const errors = { ...apiErrors(400, 404, 429), 409: ApiError.loose() };
const Message = z.object({ message: z.string() });

export async function cartRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const { db, hooks } = app.deps;

  // Checked before body validation so a missing session is reported as such.
  app.addHook('onRequest', (request, _reply, done) => {
    try {
      requireCartSession(request);
    } catch (err) {
      return done(err as Error);
    }
    done();
  });

  async function lineView(sessionId: string, cartItemId: number): Promise<CartItem> {
    const line = (await viewCart(db, sessionId)).find((l) => l.cartItemId === cartItemId);
    if (!line) throw notFound('Cart item not found');
    return toCartItem(line);
  }

  app.get(
    '/api/cart',
    {
      // The cart read needs no user (issue 12: no session lookup on the hot read path).
      config: { session: 'lazy' },
      schema: { response: { 200: z.array(CartItem), ...errors } },
    },
    async (request, reply) => {
      // The plugin's onRequest hook above checked X-Session-Id for every cart route.
      const lines = await viewCart(db, request.headers['x-session-id'] as string);
      const items: CartItem[] = lines.map(toCartItem);
      // Built by the typed toCartItem: serialised directly (no response re-validation).
      return reply
        .header('cache-control', 'no-store')
        .type('application/json; charset=utf-8')
        .send(JSON.stringify(items) as unknown as CartItem[]);
    },
  );

  app.get(
    '/api/cart/totals',
    { schema: { querystring: CartTotalsQuery, response: { 200: CartTotals, ...errors } } },
    async (request) => {
      // Checking a code counts against the shared discount-code limiter; plain totals do not.
      if (request.query.discountCode?.trim()) await limitDiscountCheck(request);
      const cart = await priceCart(db, requireCartSession(request), request.query.discountCode);
      return {
        itemCount: cart.lines.reduce((sum, l) => sum + l.quantity, 0),
        subtotal: centsToDollars(cart.subtotalCents),
        discountCode: cart.discount?.code ?? null,
        discountAmount: centsToDollars(cart.discount?.discountCents ?? 0),
        discountError: cart.discountError,
        shipping: centsToDollars(cart.shippingCents),
        total: centsToDollars(cart.totalCents),
      };
    },
  );

  // What the per-customer limit still lets this shopper add of one product (the product
  // page's quantity cap); the add itself still checks. Needs the user (signed-in counts).
  app.get(
    '/api/cart/allowance',
    {
      schema: { querystring: CartAllowanceQuery, response: { 200: CartAllowance, ...errors } },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return purchaseAllowance(db, shopperOf(request), request.query.productId);
    },
  );

  app.post(
    '/api/cart',
    { schema: { body: AddToCartBody, response: { 201: CartItem, ...errors } } },
    async (request, reply) => {
      const shopper = shopperOf(request);
      const { productId, quantity } = request.body;
      const id = await addToCart(db, shopper, productId, quantity, hooks);
      return reply.status(201).send(await lineView(shopper.sessionId, id));
    },
  );

  app.patch(
    '/api/cart/:id',
    {
      schema: { params: IdParam, body: UpdateCartItemBody, response: { 200: CartItem, ...errors } },
    },
    async (request) => {
      const shopper = shopperOf(request);
      const id = await updateCartItem(db, shopper, request.params.id, request.body.quantity);
      return lineView(shopper.sessionId, id);
    },
  );

  app.delete(
    '/api/cart/:id',
    { schema: { params: IdParam, response: { 200: Message, ...errors } } },
    async (request) => {
      await removeCartItem(db, requireCartSession(request), request.params.id);
      return { message: 'Item removed from cart' };
    },
  );

  app.post(
    '/api/clear-cart',
    { schema: { response: { 200: Message, ...errors } } },
    async (request) => {
      await clearCart(db, requireCartSession(request));
      return { message: 'Cart cleared' };
    },
  );
}
