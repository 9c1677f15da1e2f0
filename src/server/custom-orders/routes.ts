/**
 * Custom order HTTP routes (storefront spec section 7; back-office spec section 7;
 * DECISIONS.md "Security": every admin call checked on the server, 401/403; a customer
 * sees only their own orders, others answer 404).
 *
 * Customer (public unless said):
 * - POST /api/custom-orders/prepare       multipart: logo (file) + orderData (JSON text)
 *   -> 201 PreparedCustomOrder; 400 field errors; 409 price changed / promo / rush full;
 *   413 logo over 10 MB; 415 not PNG/JPG/GIF/SVG/PDF by content; 429 past
 *   CUSTOM_ORDER_RATE_LIMIT per 10 minutes per client address
 * - GET  /api/custom-orders/prepared/{id} -> PreparedCustomOrder (checkout's summary, with this
 *   browser's captured but unused deposit payment, if any); 404
 * - GET  /api/custom-orders/rush-slots    -> RushSlots (the honest rush banner)
 * - POST /api/custom-orders               {orderData, depositPaymentId, customer...}
 *   -> 201 {id, order} / 200 the same on replay; 404; 409 (payments/settle.ts)
 * - GET  /api/custom-orders/user-orders   (signed in) -> own CustomOrder[]
 * - GET  /api/custom-orders/{id}          (owner, admin, or the claim cookie of the browser that
 *   placed it signed out) -> CustomOrder; 404 otherwise
 * - GET  /api/balance-payment/{token}     -> BalancePaymentInfo; 404 / 410
 * - POST /api/balance-payment/{token}/complete {balancePaymentId} -> {orderId, status, paid}
 * Admin:
 * - GET    /api/custom-orders                        -> CustomOrder[]
 * - PATCH  /api/custom-orders/{id}/status {status}   -> CustomOrder
 * - DELETE /api/custom-orders/{id}                   -> {message}
 * - POST   /api/custom-orders/{id}/generate-balance-link -> {balancePaymentUrl, expiresAt, order}; 409
 * - GET    /api/custom-orders/{id}/export?format=csv|html -> the order as CSV / a printable page
 * - POST   /api/send-production-email {orderId, estimatedWeeks} -> {message}; 409 unless in production
 * - POST   /api/admin/order-email {type, orderId, subject, message} -> {message}
 * - GET    /api/admin/order-history?type&status&q&page&pageSize -> OrderHistoryPage
 *
 * Registers the `custom_deposit` and `custom_balance` payment purposes, and sweeps
 * expired prepared orders at start and hourly.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CheckoutConflict } from '../../shared/schemas/checkout';
import { IdParam } from '../../shared/schemas/common';
import {
  AdminOrderEmailBody,
  BalanceLinkResponse,
  BalancePaymentInfo,
  CompleteBalanceBody,
  CompleteBalanceResponse,
  CreateCustomOrderBody,
  CreateCustomOrderResponse,
  CUSTOM_LOGO_MAX_BYTES,
  CUSTOM_MESSAGES,
  CustomOrder,
  CustomOrderDraft,
  OrderHistoryPage,
  OrderHistoryQuery,
  PreparedCustomOrder,
  ProductionEmailBody,
  RushSlots,
  UpdateCustomOrderStatusBody,
} from '../../shared/schemas/custom-orders';
import { claimByMailedLink, claimedIds, startGuestClaim } from '../accounts/guest-claims';
import { limitDiscountCheck } from '../discounts/limit';
import { apiErrors, badRequest, HttpError } from '../lib/errors';
import { readMultipart, registerMultipart } from '../lib/multipart';
import { clientAddress, rateLimit } from '../lib/rate-limit';
import { optionalCartSession, requireAdmin, requireUser } from '../lib/session';
import { TrackKeyQuery, verifyTrackKey } from '../orders/track-link';
import { registerPaymentPurpose } from '../payments/purposes';
import {
  deleteCustomOrder,
  exportCsv,
  exportHtml,
  orderHistory,
  sendOrderEmail,
  sendProductionEmail,
  updateCustomOrderStatus,
} from './admin';
import { completeBalancePayment, generateBalanceLink, getBalanceInfo } from './balance';
import { type CustomLogo, checkCustomLogo } from './logo';
import { customBalancePurpose, customDepositPurpose } from './purposes';
import { rushSlots } from './rush';
import {
  createCustomOrderFromDeposit,
  findCustomOrder,
  getCustomOrder,
  getPreparedOrder,
  listAllCustomOrders,
  listUserCustomOrders,
  prepareCustomOrder,
  sweepExpiredPreparedOrders,
  unsettledDepositPayment,
} from './service';

const TEN_MINUTES_MS = 10 * 60_000;
const SWEEP_INTERVAL_MS = 60 * 60_000;
const errors = apiErrors(400, 401, 403, 404, 409, 410);
const Message = z.object({ message: z.string() });
const TokenParam = z.object({ token: z.string().max(200) });
const PreparedParam = z.object({ id: z.string().max(100) });
const ExportQuery = z.object({ format: z.enum(['csv', 'html']).default('csv') });

/** A 400 from a zod error, naming each field (the first message as `message`). */
function fieldErrors(issues: readonly z.core.$ZodIssue[]): HttpError {
  const errs: Record<string, string> = {};
  for (const issue of issues) errs[issue.path.map(String).join('.') || '_'] ??= issue.message;
  return badRequest(Object.values(errs)[0] ?? 'Invalid input', errs);
}

/**
 * Reads the prepare request's multipart body: the `logo` file checked by content (413 /
 * 415 first, before any text field is judged) and the `orderData` JSON text validated
 * with the shared draft schema (400 naming fields). Throws 400 when either is missing.
 */
async function readPrepareForm(request: FastifyRequest) {
  const form = await readMultipart(request, {
    files: ['logo'],
    fields: ['orderData'],
    maxFileBytes: CUSTOM_LOGO_MAX_BYTES,
    maxFields: 5,
    fileTooLarge: () => new HttpError(413, CUSTOM_MESSAGES.fileTooLarge),
  });
  const upload = form.files.find((f) => f.data.length > 0 || f.filename);
  let logo: CustomLogo | null = null;
  if (upload) {
    logo = await checkCustomLogo(upload.data, upload.filename);
    if (!logo) throw new HttpError(415, CUSTOM_MESSAGES.invalidFile);
  }
  const orderData = form.fields.orderData ?? null;
  if (!logo) throw badRequest(CUSTOM_MESSAGES.logoRequired, { logo: CUSTOM_MESSAGES.logoRequired });
  if (orderData === null)
    throw badRequest('orderData is required', { orderData: 'orderData is required' });
  let json: unknown;
  try {
    json = JSON.parse(orderData);
  } catch {
    throw badRequest('orderData must be JSON', { orderData: 'orderData must be JSON' });
  }
  const parsed = CustomOrderDraft.safeParse(json);
  if (!parsed.success) throw fieldErrors(parsed.error.issues);
  return { logo, draft: parsed.data };
}

export async function customOrdersRoutes(instance: FastifyInstance): Promise<void> {
  registerPaymentPurpose(instance.deps, 'custom_deposit', customDepositPurpose);
  registerPaymentPurpose(instance.deps, 'custom_balance', customBalancePurpose);
  await registerMultipart(instance);
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const deps = app.deps;
  const { db, config } = deps;
  const caller = (request: FastifyRequest) => ({
    userId: request.user?.id ?? null,
    sessionId: optionalCartSession(request),
  });
  const flushMail = (request: FastifyRequest) =>
    deps.mail.flush().catch((err) => request.log.error({ err }, 'mail flush failed'));

  // Expired prepared orders and their logos go away (at start, then hourly).
  let sweepTimer: NodeJS.Timeout | undefined;
  const sweep = () =>
    sweepExpiredPreparedOrders(db).catch((err) =>
      app.log.warn({ err }, 'sweeping expired prepared custom orders failed'),
    );
  app.addHook('onReady', async () => {
    await sweep();
    sweepTimer = setInterval(sweep, SWEEP_INTERVAL_MS);
    sweepTimer.unref();
  });
  app.addHook('onClose', async () => {
    if (sweepTimer) clearInterval(sweepTimer);
  });

  // --- customer ---------------------------------------------------------------

  app.post(
    '/api/custom-orders/prepare',
    {
      preValidation: rateLimit({
        name: 'custom-prepare',
        max: config.CUSTOM_ORDER_RATE_LIMIT,
        windowMs: TEN_MINUTES_MS,
        by: clientAddress,
      }),
      schema: { response: { 201: PreparedCustomOrder } },
    },
    async (request, reply) => {
      const { logo, draft } = await readPrepareForm(request);
      // A promo code sent with the draft counts in the one discount-code limiter (issue 11).
      if (draft.promoCode) await limitDiscountCheck(request);
      const prepared = await prepareCustomOrder(deps, { draft, logo, caller: caller(request) });
      return reply.status(201).send(prepared);
    },
  );

  app.get(
    '/api/custom-orders/prepared/:id',
    { schema: { params: PreparedParam, response: { 200: PreparedCustomOrder, ...errors } } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const prepared = await getPreparedOrder(db, request.params.id);
      const unsettled = await unsettledDepositPayment(db, request.params.id, caller(request));
      return { ...prepared, unsettledDepositPaymentId: unsettled };
    },
  );

  app.get(
    '/api/custom-orders/rush-slots',
    { schema: { response: { 200: RushSlots } } },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return rushSlots(db, config);
    },
  );

  app.post(
    '/api/custom-orders',
    {
      schema: {
        body: CreateCustomOrderBody,
        response: {
          200: CreateCustomOrderResponse,
          201: CreateCustomOrderResponse,
          ...errors,
          409: CheckoutConflict,
          ...apiErrors(500),
        },
      },
    },
    async (request, reply) => {
      // Signed out: the new order can be claimed later only with this response's cookie.
      const claim = request.user ? null : startGuestClaim(request);
      const result = await createCustomOrderFromDeposit(
        deps,
        { body: request.body, caller: { ...caller(request), claim } },
        request.log,
      );
      if (result.created) claim?.setCookie(reply);
      return reply
        .status(result.created ? 201 : 200)
        .send({ id: result.order.id, order: result.order });
    },
  );

  app.get(
    '/api/custom-orders/user-orders',
    {
      preValidation: requireUser,
      schema: { response: { 200: z.array(CustomOrder), ...apiErrors(401) } },
    },
    async (request) => listUserCustomOrders(db, request.user!.id),
  );

  // The owner, an admin, the browser that placed it signed out (its claim cookie), or a
  // guest's mailed link (`key`, orders/track-link.ts; opened signed in with the order's
  // e-mail, it also adds the order to the account).
  app.get(
    '/api/custom-orders/:id',
    {
      schema: {
        params: IdParam,
        querystring: TrackKeyQuery,
        response: { 200: CustomOrder, ...errors },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const claimed = request.user ? [] : await claimedIds(db, request, 'custom_order');
      if (verifyTrackKey(await app.deps.mail.linkSecret(), 'custom_order', id, request.query.key)) {
        claimed.push(id);
        if (request.user) await claimByMailedLink(db, 'custom_order', id, request.user);
      }
      reply.header('cache-control', 'no-store');
      return getCustomOrder(db, request.user ?? null, claimed, id);
    },
  );

  app.get(
    '/api/balance-payment/:token',
    { schema: { params: TokenParam, response: { 200: BalancePaymentInfo, ...errors } } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return getBalanceInfo(db, request.params.token);
    },
  );

  app.post(
    '/api/balance-payment/:token/complete',
    {
      schema: {
        params: TokenParam,
        body: CompleteBalanceBody,
        response: {
          200: CompleteBalanceResponse,
          ...errors,
          409: CheckoutConflict,
          ...apiErrors(500),
        },
      },
    },
    async (request) =>
      completeBalancePayment(
        deps,
        { token: request.params.token, balancePaymentId: request.body.balancePaymentId },
        request.log,
      ),
  );

  // --- admin ------------------------------------------------------------------

  app.get(
    '/api/custom-orders',
    {
      preValidation: requireAdmin,
      schema: { response: { 200: z.array(CustomOrder), ...errors } },
    },
    async () => listAllCustomOrders(db),
  );

  app.patch(
    '/api/custom-orders/:id/status',
    {
      preValidation: requireAdmin,
      schema: {
        params: IdParam,
        body: UpdateCustomOrderStatusBody,
        response: { 200: CustomOrder, ...errors },
      },
    },
    async (request) => {
      const order = await updateCustomOrderStatus(deps, request.params.id, request.body.status);
      await flushMail(request);
      return order;
    },
  );

  app.delete(
    '/api/custom-orders/:id',
    {
      preValidation: requireAdmin,
      schema: { params: IdParam, response: { 200: Message, ...errors } },
    },
    async (request) => {
      await deleteCustomOrder(db, request.params.id);
      return { message: 'Order deleted' };
    },
  );

  app.post(
    '/api/custom-orders/:id/generate-balance-link',
    {
      preValidation: requireAdmin,
      schema: { params: IdParam, response: { 200: BalanceLinkResponse, ...errors } },
    },
    async (request) => {
      const link = await generateBalanceLink(deps, request.params.id);
      await flushMail(request);
      return link;
    },
  );

  app.get(
    '/api/custom-orders/:id/export',
    { preValidation: requireAdmin, schema: { params: IdParam, querystring: ExportQuery } },
    async (request, reply) => {
      const order = await findCustomOrder(db, request.params.id);
      if (!order) throw new HttpError(404, 'Custom order not found');
      reply.header('cache-control', 'no-store').header('x-content-type-options', 'nosniff');
      if (request.query.format === 'html') {
        return reply
          .type('text/html; charset=utf-8')
          .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'")
          .send(exportHtml(order, config.STORE_NAME));
      }
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="Order-${order.id}.csv"`)
        .send(exportCsv(order));
    },
  );

  app.post(
    '/api/send-production-email',
    {
      preValidation: requireAdmin,
      schema: { body: ProductionEmailBody, response: { 200: Message, ...errors } },
    },
    async (request) => {
      await sendProductionEmail(deps, request.body.orderId, request.body.estimatedWeeks);
      await flushMail(request);
      return { message: 'Production status email sent successfully!' };
    },
  );

  app.post(
    '/api/admin/order-email',
    {
      preValidation: requireAdmin,
      schema: { body: AdminOrderEmailBody, response: { 200: Message, ...errors } },
    },
    async (request) => {
      await sendOrderEmail(deps, request.body);
      await flushMail(request);
      return { message: 'Email sent' };
    },
  );

  app.get(
    '/api/admin/order-history',
    {
      preValidation: requireAdmin,
      schema: { querystring: OrderHistoryQuery, response: { 200: OrderHistoryPage, ...errors } },
    },
    async (request) => orderHistory(db, request.query),
  );
}
