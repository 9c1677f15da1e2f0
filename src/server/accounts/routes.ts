/**
 * Account calls (back-office spec section 7): POST /api/auth/register, POST
 * /api/auth/login, POST /api/auth/logout, GET /api/auth/user; beyond the spec POST
 * /api/auth/change-password (signed in) and the password reset below.
 *
 * Sign-in regenerates the session id. Limits (lib/rate-limit.ts, shared by every app
 * instance): login LOGIN_RATE_LIMIT per minute per client address + username and
 * LOGIN_ADDRESS_RATE_LIMIT per client address whatever the username (spraying), and per
 * account (whatever the address) an exponential backoff after LOGIN_ACCOUNT_FREE_FAILURES
 * failed tries, at most LOGIN_ACCOUNT_MAX_DELAY_SECONDS, forgotten an hour after the
 * last failure or at a successful sign-in (never a permanent lockout); registration
 * REGISTER_RATE_LIMIT per minute per client address. Signing in or registering claims
 * what this browser placed signed out, through its HttpOnly claim cookie only
 * (guest-claims.ts; the X-Session-Id header claims nothing).
 *
 * Password reset (password-reset.ts; docs/decisions.md "Security hardening"):
 * POST /api/auth/forgot-password {email} answers the same 200 message whether or not an
 * account uses the address (PASSWORD_RESET_RATE_LIMIT per 10 minutes per client address);
 * POST /api/auth/reset-password {token, password} sets the new password (the
 * registration's rules and the common-password list), ends every session of the account,
 * spends the link and answers 200; a bad, used or expired link answers 400
 * (PASSWORD_RESET_RATE_LIMIT per minute per client address). It signs no one in.
 *
 * Signed-in password change (password-change.ts; docs/decisions.md "My Account and
 * password change"): POST /api/auth/change-password {currentPassword, newPassword}
 * answers 401 signed out; 400 for a wrong current password or a new one the registration
 * would refuse (or the current one again); limited like login (LOGIN_RATE_LIMIT per
 * minute per client address + account, and the same per-account backoff as sign-in, on
 * the same key: guesses at one password count together whichever form they come
 * through); on success every other session of the account ends, this browser gets a new
 * session id, unused reset links die and 'Your password was changed' is mailed.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  AUTH_MESSAGES,
  CHANGE_PASSWORD_MESSAGES,
  ChangePasswordBody,
  ChangePasswordResponse,
  ForgotPasswordBody,
  LoginBody,
  LogoutResponse,
  PASSWORD_RESET_MESSAGES,
  PasswordResetResponse,
  RegisterBody,
  ResetPasswordBody,
  User,
} from '../../shared/schemas/auth';
import { apiErrors, badRequest, HttpError } from '../lib/errors';
import { backoffWaitMs, clientAddress, rateLimit, tooManyRequests } from '../lib/rate-limit';
import { requireUser, signIn, signOut } from '../lib/session';
import { claimGuestItems } from './guest-claims';
import { changePassword } from './password-change';
import { requestPasswordReset, resetPassword } from './password-reset';
import { assertUncommonPassword, authenticate, registerUser, usernameKey } from './service';

const MINUTE_MS = 60_000;
/** An account's failures are forgotten this long after the last one. */
const ACCOUNT_FAILURE_DECAY_MS = 60 * MINUTE_MS;
/** First backoff step after the free failures; doubles with each further failure. */
const ACCOUNT_BACKOFF_BASE_MS = 1000;

/**
 * The username a login body attempts as a counter key (usernameKey: trimmed, NFC,
 * case-folded, so "Ólafur" typed decomposed counts against the same account), '' when none.
 */
function attemptedUsername(request: FastifyRequest): string {
  const body = request.body as { username?: unknown } | undefined;
  return typeof body?.username === 'string' ? usernameKey(body.username).slice(0, 100) : '';
}

/** Rate-limit key of the per-account login backoff (counts unknown names too: no enumeration). */
export const accountLoginKey = (username: string) => `login-account|${username}`;

export async function accountsRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db, config, limits, mail } = app.deps;
  const backoff = {
    freeFailures: config.LOGIN_ACCOUNT_FREE_FAILURES,
    baseMs: ACCOUNT_BACKOFF_BASE_MS,
    maxMs: config.LOGIN_ACCOUNT_MAX_DELAY_SECONDS * 1000,
  };

  r.post(
    '/api/auth/register',
    {
      preValidation: rateLimit({
        name: 'register',
        max: config.REGISTER_RATE_LIMIT,
        windowMs: MINUTE_MS,
        by: clientAddress,
      }),
      schema: {
        body: RegisterBody,
        response: { 201: User, ...apiErrors(400, 409, 429) },
      },
    },
    async (request, reply) => {
      const { user, stamp } = await registerUser(db, request.body);
      await signIn(request, user, stamp);
      await claimGuestItems(db, request, reply, user.id);
      return reply.status(201).send(user);
    },
  );

  r.post(
    '/api/auth/login',
    {
      // After parsing, before validation: the key needs the username, and invalid
      // bodies count against the limit too.
      preValidation: rateLimit(
        {
          name: 'login',
          max: config.LOGIN_RATE_LIMIT,
          windowMs: MINUTE_MS,
          by: (request) => `${clientAddress(request)}|${attemptedUsername(request)}`,
        },
        {
          name: 'login-address',
          max: config.LOGIN_ADDRESS_RATE_LIMIT,
          windowMs: MINUTE_MS,
          by: clientAddress,
        },
      ),
      schema: {
        body: LoginBody,
        response: { 200: User, ...apiErrors(400, 401, 429) },
      },
    },
    async (request, reply) => {
      const username = usernameKey(request.body.username);
      const accountKey = accountLoginKey(username);
      // The attempt is counted before the password is checked (so simultaneous tries
      // cannot all pass) and forgotten again when it succeeds.
      const attempt = await limits.takeBackoffSlot(accountKey, backoff, ACCOUNT_FAILURE_DECAY_MS);
      if (attempt === null) {
        const wait = backoffWaitMs(await limits.failures(accountKey), backoff);
        request.log.warn(
          { username, address: clientAddress(request), waitMs: wait },
          'sign-in refused: this account is backing off after repeated failures',
        );
        throw tooManyRequests(Math.max(1, Math.ceil(wait / 1000)));
      }

      const found = await authenticate(db, request.body.username, request.body.password);
      if (!found) {
        if (attempt >= backoff.freeFailures) {
          request.log.warn(
            { username, failures: attempt, address: clientAddress(request) },
            'repeated failed sign-ins for one account: backing off',
          );
        }
        throw new HttpError(401, AUTH_MESSAGES.invalidCredentials);
      }
      await limits.clear(accountKey);
      const { user, stamp } = found;
      await signIn(request, user, stamp);
      await claimGuestItems(db, request, reply, user.id);
      return user;
    },
  );

  r.post(
    '/api/auth/forgot-password',
    {
      preValidation: rateLimit({
        name: 'forgot-password',
        max: config.PASSWORD_RESET_RATE_LIMIT,
        windowMs: 10 * MINUTE_MS,
        by: clientAddress,
      }),
      schema: {
        body: ForgotPasswordBody,
        response: { 200: PasswordResetResponse, ...apiErrors(400, 429) },
      },
    },
    async (request) => {
      const outcome = await requestPasswordReset(db, { config, mail }, request.body.email);
      request.log.info({ outcome }, 'password reset requested');
      mail.flush().catch((err) => request.log.error({ err }, 'mail flush failed'));
      return { message: PASSWORD_RESET_MESSAGES.requested };
    },
  );

  r.post(
    '/api/auth/reset-password',
    {
      preValidation: rateLimit({
        name: 'reset-password',
        max: config.PASSWORD_RESET_RATE_LIMIT,
        windowMs: MINUTE_MS,
        by: clientAddress,
      }),
      schema: {
        body: ResetPasswordBody,
        response: { 200: PasswordResetResponse, ...apiErrors(400, 429) },
      },
    },
    async (request) => {
      const user = await resetPassword(
        db,
        { config, mail },
        request.body.token,
        request.body.password,
      );
      if (!user) {
        throw badRequest(PASSWORD_RESET_MESSAGES.invalidLink, {
          token: PASSWORD_RESET_MESSAGES.invalidLink,
        });
      }
      // The owner proved the mailbox: a sign-in backoff left by someone guessing ends.
      await limits.clear(accountLoginKey(usernameKey(user.username)));
      request.log.info({ userId: user.id }, 'password reset from a mailed link');
      mail.flush().catch((err) => request.log.error({ err }, 'mail flush failed'));
      return { message: PASSWORD_RESET_MESSAGES.done };
    },
  );

  r.post(
    '/api/auth/change-password',
    {
      // Signed out: 401 before anything is counted or validated. Then counted per client
      // address + account before validation, as login counts per address + username.
      preValidation: [
        requireUser,
        rateLimit({
          name: 'change-password',
          max: config.LOGIN_RATE_LIMIT,
          windowMs: MINUTE_MS,
          by: (request) => (request.user ? `${clientAddress(request)}|${request.user.id}` : null),
        }),
      ],
      schema: {
        body: ChangePasswordBody,
        response: { 200: ChangePasswordResponse, ...apiErrors(400, 401, 429) },
      },
    },
    async (request) => {
      const signedIn = request.user!;
      const { currentPassword, newPassword } = request.body;
      // A common new password is refused before the current one is tried: no slot taken.
      await assertUncommonPassword(newPassword, 'newPassword');
      const username = usernameKey(signedIn.username);
      const accountKey = accountLoginKey(username);
      const attempt = await limits.takeBackoffSlot(accountKey, backoff, ACCOUNT_FAILURE_DECAY_MS);
      if (attempt === null) {
        const wait = backoffWaitMs(await limits.failures(accountKey), backoff);
        request.log.warn(
          { userId: signedIn.id, address: clientAddress(request), waitMs: wait },
          'password change refused: this account is backing off after repeated failures',
        );
        throw tooManyRequests(Math.max(1, Math.ceil(wait / 1000)));
      }
      const changed = await changePassword(
        db,
        { config, mail },
        signedIn.id,
        currentPassword,
        newPassword,
      );
      if (!changed) {
        if (attempt >= backoff.freeFailures) {
          request.log.warn(
            { userId: signedIn.id, failures: attempt, address: clientAddress(request) },
            'repeated wrong current passwords for one account: backing off',
          );
        }
        throw badRequest(CHANGE_PASSWORD_MESSAGES.wrongCurrent, {
          currentPassword: CHANGE_PASSWORD_MESSAGES.wrongCurrent,
        });
      }
      await limits.clear(accountKey);
      // Every session of the account ended with the change (the trigger): this browser
      // stays signed in under a new session id, as at sign-in.
      const { user, stamp } = changed;
      await signIn(request, user, stamp);
      request.log.info({ userId: user.id }, 'password changed while signed in');
      mail.flush().catch((err) => request.log.error({ err }, 'mail flush failed'));
      return { message: CHANGE_PASSWORD_MESSAGES.done };
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
    // Signed out is an answer, not an error (issue 10: no console error on every
    // anonymous page load): 200 with null.
    { schema: { response: { 200: User.nullable() } } },
    async (request) => request.user ?? null,
  );
}
