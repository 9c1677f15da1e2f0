/**
 * Server-side sessions (DECISIONS.md "Security beyond the spec"; issue 11): @fastify/session
 * with a store in the `sessions` table. Cookie `fp_sid` (`__Host-fp_sid` when PUBLIC_URL
 * is https): HttpOnly, SameSite=Lax, Path=/, Secure over HTTPS (behind a proxy only with
 * TRUST_PROXY). The id is regenerated at sign-in (`signIn`).
 *
 * Lifetime: a session ends SESSION_IDLE_HOURS (customers, default 7 days) or
 * ADMIN_SESSION_IDLE_HOURS (admins, default 12 hours) after its last use, and
 * SESSION_MAX_DAYS (default 30) after sign-in whatever the use. Use renews it: at most
 * once a minute the session's `seenAt` and expiry move forward (one store write), never
 * past the absolute end. When a password changes, a database trigger deletes every
 * session of that user (migration 0007), whichever code changed it. Expired rows are
 * pruned hourly.
 *
 * `request.user` is resolved once per request from the session (null when signed out)
 * in a preValidation hook. `requireUser` / `requireAdmin` answer 401 / 403; use them as
 * `preValidation` (checked before the input is validated) or `preHandler`.
 *
 * Cost on the hot read path (issue 12): a request without the session cookie gets no
 * session object at all (nothing to sign or hash; `signIn` creates one when needed), and
 * a route marked `config: { session: 'lazy' }` (public catalogue and cart reads) reads
 * no session and no user unless its handler calls `loadUser(request)`: no database
 * round trips for a signed-in shopper's catalogue reads. A lazy route does not renew
 * the session (any other request does).
 */
import { createHash } from 'node:crypto';
import fastifyCookie from '@fastify/cookie';
import { type FastifySessionOptions, fastifySession } from '@fastify/session';
import { eq, lt } from 'drizzle-orm';
import type {
  FastifyInstance,
  FastifyPluginCallback,
  FastifyReply,
  FastifyRequest,
  onRequestHookHandler,
  onSendHookHandler,
  preValidationHookHandler,
  Session,
} from 'fastify';
import type { User } from '../../shared/schemas/auth';
import { SessionIdHeader } from '../../shared/schemas/common';
import type { AppConfig } from '../config';
import type { Db } from '../db/client';
import { sessions, users } from '../db/schema';
import { badRequest, forbidden, unauthorized } from './errors';

declare module 'fastify' {
  interface Session {
    userId?: number;
    /** Sign-in time, epoch ms: the absolute lifetime counts from here. */
    signedInAt?: number;
    /** Last renewal, epoch ms: the idle timeout counts from here. */
    seenAt?: number;
    /**
     * `passwordStamp` of the password hash the sign-in checked: the session ends when the
     * account's hash is no longer that one (`resolveUser`).
     */
    pw?: string;
  }
  interface FastifyRequest {
    /** The signed-in user, or null. */
    user: User | null;
    /** Loads this request's session on demand, parsing the cookie when needed (lib/session.ts). */
    sessionLoader: (request: FastifyRequest) => Promise<void>;
    /** True once `request.user` reflects the session (resolved or known to be absent). */
    userResolved: boolean;
  }
  interface FastifyContextConfig {
    /**
     * 'lazy': the route needs no user (public reads); no session is read unless the
     * handler calls `loadUser(request)` (lib/session.ts).
     */
    session?: 'lazy';
  }
}

/** Name of a cookie the shop sets: `__Host-<name>` when served over HTTPS (PUBLIC_URL https). */
export function cookieName(config: Pick<AppConfig, 'https'>, name: string): string {
  return config.https ? `__Host-${name}` : name;
}

/** Base name of the session cookie (see `cookieName`). */
export const SESSION_COOKIE = 'fp_sid';
const HOUR_MS = 60 * 60 * 1000;
const PRUNE_INTERVAL_MS = HOUR_MS;
/** A used session is renewed (one store write) at most this often. */
export const SESSION_RENEW_AFTER_MS = 60_000;

type SessionConfig = Pick<
  AppConfig,
  'https' | 'SESSION_IDLE_HOURS' | 'ADMIN_SESSION_IDLE_HOURS' | 'SESSION_MAX_DAYS'
>;

/** Idle timeout for a role, ms. */
function idleMs(config: SessionConfig, role: User['role']): number {
  return (role === 'admin' ? config.ADMIN_SESSION_IDLE_HOURS : config.SESSION_IDLE_HOURS) * HOUR_MS;
}

/**
 * A short fingerprint of a stored password hash (SHA-256, 16 base64url characters; argon2
 * hashes are salted, so every password set gets its own). A session keeps the one of the
 * hash its sign-in checked (`signIn`), and `resolveUser` ends a session whose fingerprint
 * is no longer the account's. The password change's trigger (migration 0008) deletes the
 * sessions rows, but a request that loaded its session before saved it again afterwards,
 * and a sign-in that checked the old password just before the change saved its new
 * session just after (a security review): neither survives this check.
 */
export function passwordStamp(passwordHash: string): string {
  return createHash('sha256').update(passwordHash).digest('base64url').slice(0, 16);
}

/** When a session signed in at `signedInAt` and used at `now` ends unless used again. */
function sessionDeadline(
  config: SessionConfig,
  role: User['role'],
  signedInAt: number,
  now: number,
) {
  return new Date(
    Math.min(now + idleMs(config, role), signedInAt + config.SESSION_MAX_DAYS * 24 * HOUR_MS),
  );
}

/** @fastify/session store backed by the `sessions` table. */
export class DbSessionStore {
  constructor(private readonly db: Db) {}

  set(sid: string, session: Session, callback: (err?: unknown) => void): void {
    // Only signed-in sessions are kept (a regenerated, still empty session is not).
    if (!session.userId) {
      callback();
      return;
    }
    // The deadline set by signIn / renewal; a session without one lives an hour at most.
    const expiresAt = session.cookie?.expires
      ? new Date(session.cookie.expires)
      : new Date(Date.now() + HOUR_MS);
    const row = {
      sid,
      userId: session.userId ?? null,
      data: session as unknown as object,
      expiresAt,
    };
    this.db
      .insert(sessions)
      .values(row)
      .onConflictDoUpdate({
        target: sessions.sid,
        set: { userId: row.userId, data: row.data, expiresAt },
      })
      .then(() => callback(), callback);
  }

  get(sid: string, callback: (err: unknown, result?: Session | null) => void): void {
    this.db
      .select()
      .from(sessions)
      .where(eq(sessions.sid, sid))
      .then(([row]) => {
        if (!row || row.expiresAt.getTime() < Date.now()) return callback(null, null);
        callback(null, row.data as Session);
      }, callback);
  }

  destroy(sid: string, callback: (err?: unknown) => void): void {
    this.db
      .delete(sessions)
      .where(eq(sessions.sid, sid))
      .then(() => callback(), callback);
  }

  /** Deletes expired sessions; returns how many. */
  async prune(): Promise<number> {
    const gone = await this.db
      .delete(sessions)
      .where(lt(sessions.expiresAt, new Date()))
      .returning({ sid: sessions.sid });
    return gone.length;
  }
}

export interface SessionPluginOptions {
  db: Db;
  secret: string;
  config: SessionConfig;
}

type AnyHook = (...args: never[]) => unknown;

/**
 * Installs the session's per-request hooks on `scope` and every route registered in it
 * (cookie parsing, session load and user resolution, cookie writer, session save).
 */
export type InstallSessionHooks = (scope: FastifyInstance) => void;

/**
 * Sets up cookies, sessions and `request.user` on `app` (call it on the root instance,
 * not through `register`): the decorators (`request.cookies`, `request.session`,
 * `request.user`, `reply.setCookie`, ...) are the root's, so every route can use them
 * and `loadUser`; the expired-session prune runs hourly. The per-request hooks are NOT
 * installed here: the returned function installs them on the scope whose routes use
 * sessions (issue 12: the public catalogue reads, outside that scope, run none of them;
 * a route outside it that calls `loadUser` parses the cookie and reads the session on
 * demand, read-only: no renewal and no cookie written, like a `lazy` route).
 */
export async function setupSessions(
  app: FastifyInstance,
  opts: SessionPluginOptions,
): Promise<InstallSessionHooks> {
  const store = new DbSessionStore(opts.db);
  const { config } = opts;
  const sessionCookie = cookieName(config, SESSION_COOKIE);
  // @fastify/cookie's and @fastify/session's hooks are captured (in the order the plugins
  // add them) instead of installed on `app`; their decorators go to `app`. @fastify/session's
  // onRequest hook (it loads or creates `request.session`) is kept apart and run by ours
  // below only when there is a session to load.
  const captured: { name: string; hook: AnyHook }[] = [];
  let loadSessionHook: onRequestHookHandler | null = null;
  let capturingSession = false;
  const capturing: FastifyInstance = new Proxy(app, {
    get(target, prop) {
      if (prop === 'addHook') {
        return (name: string, hook: AnyHook) => {
          if (name === 'onReady' || name === 'onClose') {
            (target.addHook as (n: string, h: unknown) => unknown)(name, hook);
          } else if (capturingSession && name === 'onRequest') {
            loadSessionHook = hook as onRequestHookHandler;
          } else {
            captured.push({ name, hook });
          }
          return capturing;
        };
      }
      const value = Reflect.get(target, prop, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
  await (fastifyCookie as unknown as (app: FastifyInstance, opts: object) => Promise<void>)(
    capturing,
    {},
  );
  capturingSession = true;
  await new Promise<void>((resolve, reject) =>
    (fastifySession as FastifyPluginCallback<FastifySessionOptions>)(
      capturing,
      {
        secret: opts.secret,
        cookieName: sessionCookie,
        store,
        saveUninitialized: false,
        // Renewal is ours (below): at most one write a minute, never past the absolute end.
        rolling: false,
        cookie: {
          httpOnly: true,
          sameSite: 'lax',
          // Secure whenever the request came over HTTPS (behind a proxy: TRUST_PROXY). A
          // `__Host-` cookie without Secure is refused by browsers, so it never exists
          // insecurely; plain-HTTP callers of an https shop (tests, health checks) still work.
          secure: 'auto',
          path: '/',
        },
      },
      (err?: Error) => (err ? reject(err) : resolve()),
    ),
  );
  const hook = loadSessionHook as onRequestHookHandler | null;
  if (!hook) throw new Error('@fastify/session registered no onRequest hook');
  const expected = ['onRequest', 'onSend', 'onSend'];
  if (captured.map((c) => c.name).join() !== expected.join()) {
    throw new Error(`unexpected cookie/session hooks: ${captured.map((c) => c.name).join()}`);
  }
  /** Loads the request's session (parsing the cookie first when no hook did). */
  const loadSession = (request: FastifyRequest): Promise<void> => {
    if (request.cookies == null) {
      const header = request.headers.cookie;
      request.cookies = header ? app.parseCookie(header) : {};
    }
    return new Promise((resolve, reject) => {
      (hook as (r: FastifyRequest, reply: unknown, done: (err?: Error) => void) => void).call(
        app,
        request,
        null,
        (err?: Error) => (err ? reject(err) : resolve()),
      );
    });
  };

  app.decorateRequest('user', null);
  app.decorateRequest('sessionLoader', loadSession);
  app.decorateRequest('userResolved', false);

  const onRequest: onRequestHookHandler = (request, _reply, done) => {
    // No cookie: nothing to load (a fresh session would never be saved); lazy routes
    // load on demand.
    if (!request.cookies[sessionCookie] || request.routeOptions.config?.session === 'lazy') {
      done();
      return;
    }
    loadSession(request).then(() => done(), done);
  };
  // preValidation (before the body is validated), so routes can reject anonymous callers
  // with 401/403 before answering 400 for their input.
  const preValidation: preValidationHookHandler = (request, _reply, done) => {
    // Nothing to resolve (lazy route, or no session): no promise on the hot path.
    if (request.routeOptions.config?.session === 'lazy') return done();
    if (!request.session) {
      request.userResolved = true; // no cookie: signed out
      return done();
    }
    resolveUser(request, opts.db, config).then(() => done(), done);
  };

  let timer: NodeJS.Timeout | undefined;
  const prune = () =>
    store.prune().catch((err) => app.log.warn({ err }, 'pruning expired sessions failed'));
  app.addHook('onReady', async () => {
    await prune();
    timer = setInterval(prune, PRUNE_INTERVAL_MS);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    if (timer) clearInterval(timer);
  });

  // onRequest: cookie parsing, then ours; onSend: cookie writer, then the session save
  // (the same order as when the plugins install them).
  const [cookieOnRequest, cookieOnSend, sessionOnSend] = captured.map((c) => c.hook);
  return (scope) => {
    scope.addHook('onRequest', cookieOnRequest as onRequestHookHandler);
    scope.addHook('onRequest', onRequest);
    scope.addHook('preValidation', preValidation);
    scope.addHook('onSend', cookieOnSend as onSendHookHandler);
    scope.addHook('onSend', sessionOnSend as onSendHookHandler);
  };
}

/**
 * Sets `request.user` from the loaded session (once per request): the user row when the
 * session is signed in and within its idle and absolute lifetime, else null. An ended
 * session is replaced by a fresh empty one (the row goes; the cookie is cleared on the
 * way out). Renews a used session at most once a minute.
 */
async function resolveUser(request: FastifyRequest, db: Db, config: SessionConfig): Promise<void> {
  if (request.userResolved) return;
  request.userResolved = true;
  const session = request.session;
  const userId = session?.get('userId');
  if (!userId) return;
  const [found] = await db
    .select({
      id: users.id,
      username: users.username,
      email: users.email,
      role: users.role,
      passwordHash: users.passwordHash,
    })
    .from(users)
    .where(eq(users.id, userId));
  const now = Date.now();
  const signedInAt = session.get('signedInAt') ?? 0;
  const seenAt = session.get('seenAt') ?? signedInAt;
  const { passwordHash, ...row } = found ?? { passwordHash: '' };
  if (
    !found ||
    passwordStamp(passwordHash) !== session.get('pw') ||
    now - seenAt > idleMs(config, found.role) ||
    now - signedInAt > config.SESSION_MAX_DAYS * 24 * HOUR_MS
  ) {
    // Ended: the row goes, the request continues signed out with a fresh empty
    // session (so a sign-in in this very request still works); the plugin clears
    // the old cookie on the way out.
    await session.regenerate();
    request.user = null;
    return;
  }
  request.user = row as User;
  if (now - seenAt >= SESSION_RENEW_AFTER_MS) {
    session.set('seenAt', now);
    session.cookie.expires = sessionDeadline(config, found.role, signedInAt, now);
  }
}

/** True when the request's session has been loaded (or there was none to load). */
function sessionLoaded(request: FastifyRequest): boolean {
  if (request.session != null) return true;
  // Cookies not parsed: a route outside the session scope (`setupSessions`).
  if (request.cookies == null) return false;
  return !request.cookies[cookieName(request.server.deps.config, SESSION_COOKIE)];
}

/**
 * For `config: { session: 'lazy' }` routes: loads the session and resolves
 * `request.user` now (no-op when already done). Returns the user or null.
 */
export async function loadUser(request: FastifyRequest): Promise<User | null> {
  if (!sessionLoaded(request)) await request.sessionLoader(request);
  await resolveUser(request, request.server.deps.db, request.server.deps.config);
  return request.user;
}

/**
 * Signs `user` in on this request: a new session id is issued (the old session is
 * destroyed, against session fixation), its lifetime starts (idle timeout by role,
 * absolute SESSION_MAX_DAYS), and the user is set for the rest of the request. `stamp` is
 * `passwordStamp` of the password hash this sign-in checked (or just set): the session
 * lasts only while the account keeps that password.
 */
export async function signIn(request: FastifyRequest, user: User, stamp: string): Promise<void> {
  // A request that came without a session cookie has no session object yet.
  if (!request.session) await request.sessionLoader(request);
  await request.session.regenerate();
  const now = Date.now();
  request.session.set('userId', user.id);
  request.session.set('pw', stamp);
  request.session.set('signedInAt', now);
  request.session.set('seenAt', now);
  request.session.cookie.expires = sessionDeadline(request.server.deps.config, user.role, now, now);
  request.user = user;
}

/** Ends the session (store row deleted) and clears the cookie; harmless when signed out. */
export async function signOut(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  if (request.session?.sessionId) await request.session.destroy();
  request.user = null;
  reply.clearCookie(cookieName(request.server.deps.config, SESSION_COOKIE), {
    path: '/',
    ...(request.server.deps.config.https ? { secure: true } : {}),
  });
}

/** preValidation/preHandler: 401 unless signed in. */
export async function requireUser(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
  if (!request.user) throw unauthorized();
}

/** preValidation/preHandler: 401 unless signed in, 403 unless admin (DECISIONS.md: every admin call checked on the server). */
export async function requireAdmin(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
  if (!request.user) throw unauthorized();
  if (request.user.role !== 'admin') throw forbidden();
}

export const SESSION_ID_ERROR = 'Missing or invalid session id';

/**
 * The caller's cart session id from X-Session-Id; throws 400 'Missing or invalid
 * session id' with `errors: {'x-session-id': ...}`.
 */
export function requireCartSession(request: FastifyRequest): string {
  const parsed = SessionIdHeader.safeParse(request.headers['x-session-id']);
  if (!parsed.success) throw badRequest(SESSION_ID_ERROR, { 'x-session-id': SESSION_ID_ERROR });
  return parsed.data;
}

/** The caller's cart session id when a valid X-Session-Id was sent, else null. */
export function optionalCartSession(request: FastifyRequest): string | null {
  const parsed = SessionIdHeader.safeParse(request.headers['x-session-id']);
  return parsed.success ? parsed.data : null;
}
