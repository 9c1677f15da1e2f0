/**
 * Account calls (back-office spec section 7): POST /api/auth/register, POST
 * /api/auth/login, POST /api/auth/logout, GET /api/auth/user.
 *
 * Sign-in regenerates the session id; login and register are rate-limited per client
 * address (login also per username), limits from LOGIN_RATE_LIMIT / REGISTER_RATE_LIMIT
 * per minute. Signing in or registering claims the signed-out orders of the caller's
 * cart session (X-Session-Id header), as DECISIONS.md settles.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  AUTH_MESSAGES,
  LoginBody,
  LogoutResponse,
  RegisterBody,
  User,
} from '../../shared/schemas/auth';
import { ApiError, SessionIdHeader } from '../../shared/schemas/common';
import { HttpError } from '../lib/errors';
import { signIn, signOut } from '../lib/session';
import { authenticate, claimSessionOrders, registerUser } from './service';

const MINUTE_MS = 60_000;

/** The cart session id of the request's X-Session-Id header, or null when absent or malformed. */
function cartSessionOf(request: FastifyRequest): string | null {
  const parsed = SessionIdHeader.safeParse(request.headers['x-session-id']);
  return parsed.success ? parsed.data : null;
}

/** Rate-limit key for login: client address plus the (case-folded) username attempted. */
function loginKey(request: FastifyRequest): string {
  const body = request.body as { username?: unknown } | undefined;
  const username = typeof body?.username === 'string' ? body.username.trim().toLowerCase() : '';
  return `login|${request.ip}|${username.slice(0, 100)}`;
}

export async function accountsRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db, config } = app.deps;

  r.post(
    '/api/auth/register',
    {
      schema: {
        body: RegisterBody,
        response: { 201: User, 400: ApiError, 409: ApiError, 429: ApiError },
      },
      config: {
        rateLimit: {
          max: config.REGISTER_RATE_LIMIT,
          timeWindow: MINUTE_MS,
          keyGenerator: (request) => `register|${request.ip}`,
        },
      },
    },
    async (request, reply) => {
      const user = await registerUser(db, request.body);
      await signIn(request, user);
      const cartSessionId = cartSessionOf(request);
      if (cartSessionId) await claimSessionOrders(db, user.id, cartSessionId);
      return reply.status(201).send(user);
    },
  );

  r.post(
    '/api/auth/login',
    {
      schema: {
        body: LoginBody,
        response: { 200: User, 400: ApiError, 401: ApiError, 429: ApiError },
      },
      config: {
        rateLimit: {
          max: config.LOGIN_RATE_LIMIT,
          timeWindow: MINUTE_MS,
          // After parsing, before validation: the key needs the username, and invalid
          // bodies count against the limit too.
          hook: 'preValidation',
          keyGenerator: loginKey,
        },
      },
    },
    async (request) => {
      const user = await authenticate(db, request.body.username, request.body.password);
      if (!user) throw new HttpError(401, AUTH_MESSAGES.invalidCredentials);
      await signIn(request, user);
      const cartSessionId = cartSessionOf(request);
      if (cartSessionId) await claimSessionOrders(db, user.id, cartSessionId);
      return user;
    },
  );

  r.post(
    '/api/auth/logout',
    { schema: { response: { 200: LogoutResponse } } },
    async (request, reply) => {
      await signOut(request, reply);
      return { message: AUTH_MESSAGES.loggedOut };
    },
  );

  r.get(
    '/api/auth/user',
    { schema: { response: { 200: User, 401: ApiError } } },
    async (request) => {
      if (!request.user) throw new HttpError(401, AUTH_MESSAGES.notSignedIn);
      return request.user;
    },
  );
}
