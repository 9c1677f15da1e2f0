/**
 * Server-side sessions (DECISIONS.md "Security beyond the spec"): @fastify/session with
 * a store in the `sessions` table. Cookie `fp_sid`: HttpOnly, SameSite=Lax, Secure when
 * the request came over HTTPS (behind a proxy only with TRUST_PROXY). The id is
 * regenerated at sign-in (`signIn`). Sessions last 30 days from sign-in (not rolling,
 * so a signed-in page view costs no session write); expired rows are pruned hourly.
 *
 * `request.user` is resolved once per request from the session (null when signed out).
 * (in a preValidation hook). `requireUser` / `requireAdmin` answer 401 / 403; use them as
 * `preValidation` (checked before the input is validated) or `preHandler`.
 */
import fastifyCookie from '@fastify/cookie';
import fastifySession from '@fastify/session';
import { eq, lt } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest, Session } from 'fastify';
import fp from 'fastify-plugin';
import type { User } from '../../shared/schemas/auth';
import type { Db } from '../db/client';
import { sessions, users } from '../db/schema';
import { forbidden, unauthorized } from './errors';

declare module 'fastify' {
  interface Session {
    userId?: number;
  }
  interface FastifyRequest {
    /** The signed-in user, or null. */
    user: User | null;
  }
}

export const SESSION_COOKIE = 'fp_sid';
const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;
const PRUNE_INTERVAL_MS = 60 * 60 * 1000;

/** @fastify/session store backed by the `sessions` table. */
export class DbSessionStore {
  constructor(private readonly db: Db) {}

  set(sid: string, session: Session, callback: (err?: unknown) => void): void {
    const expiresAt = session.cookie?.expires
      ? new Date(session.cookie.expires)
      : new Date(Date.now() + SESSION_TTL_MS);
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
}

/** Registers cookies, sessions and `request.user`; prunes expired sessions hourly. */
export const sessionPlugin = fp(
  async (app: FastifyInstance, opts: SessionPluginOptions) => {
    const store = new DbSessionStore(opts.db);
    await app.register(fastifyCookie);
    await app.register(fastifySession, {
      secret: opts.secret,
      cookieName: SESSION_COOKIE,
      store,
      saveUninitialized: false,
      rolling: false,
      cookie: {
        httpOnly: true,
        sameSite: 'lax',
        secure: 'auto',
        path: '/',
        maxAge: SESSION_TTL_MS,
      },
    });
    app.decorateRequest('user', null);
    // preValidation (before the body is validated), so routes can reject anonymous callers
    // with 401/403 before answering 400 for their input.
    app.addHook('preValidation', async (request) => {
      const userId = request.session?.get('userId');
      if (!userId) return;
      const [row] = await opts.db
        .select({ id: users.id, username: users.username, email: users.email, role: users.role })
        .from(users)
        .where(eq(users.id, userId));
      request.user = row ?? null;
    });

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
  },
  { name: 'session' },
);

/**
 * Signs `userId` in on this request: a new session id is issued (the old session is
 * destroyed, against session fixation) and the user is set for the rest of the request.
 */
export async function signIn(request: FastifyRequest, user: User): Promise<void> {
  await request.session.regenerate();
  request.session.set('userId', user.id);
  request.user = user;
}

/** Ends the session (store row deleted) and clears the cookie; harmless when signed out. */
export async function signOut(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  if (request.session) await request.session.destroy();
  request.user = null;
  reply.clearCookie(SESSION_COOKIE, { path: '/' });
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
