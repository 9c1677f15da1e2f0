/**
 * Server-side sessions: @fastify/session with a store in the `sessions` table.
 * Cookie `fp_sid`: HttpOnly, SameSite=Lax, Secure when the request came over HTTPS.
 * The id is regenerated at login (accounts service). Sessions last 30 days.
 *
 * `request.user` is resolved once per request from the session (null when signed out).
 * `requireUser` / `requireAdmin` are preHandlers that answer 401 / 403.
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

/** @fastify/session store backed by the `sessions` table. */
export class DbSessionStore {
  constructor(private readonly db: Db) {}

  set(sid: string, session: Session, callback: (err?: unknown) => void): void {
    const expiresAt = session.cookie?.expires ? new Date(session.cookie.expires) : new Date(Date.now() + SESSION_TTL_MS);
    const row = { sid, userId: session.userId ?? null, data: session as unknown as object, expiresAt };
    this.db
      .insert(sessions)
      .values(row)
      .onConflictDoUpdate({ target: sessions.sid, set: { userId: row.userId, data: row.data, expiresAt } })
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
    const gone = await this.db.delete(sessions).where(lt(sessions.expiresAt, new Date())).returning({ sid: sessions.sid });
    return gone.length;
  }
}

export interface SessionPluginOptions {
  db: Db;
  secret: string;
}

/** Registers cookies, sessions and `request.user`. */
export const sessionPlugin = fp(
  async (app: FastifyInstance, opts: SessionPluginOptions) => {
    await app.register(fastifyCookie);
    await app.register(fastifySession, {
      secret: opts.secret,
      cookieName: SESSION_COOKIE,
      store: new DbSessionStore(opts.db),
      saveUninitialized: false,
      cookie: { httpOnly: true, sameSite: 'lax', secure: 'auto', path: '/', maxAge: SESSION_TTL_MS },
    });
    app.decorateRequest('user', null);
    app.addHook('preHandler', async (request) => {
      const userId = request.session.get('userId');
      if (!userId) return;
      const [row] = await opts.db
        .select({ id: users.id, username: users.username, email: users.email, role: users.role })
        .from(users)
        .where(eq(users.id, userId));
      request.user = row ?? null;
    });
  },
  { name: 'session' },
);

/** preHandler: 401 unless signed in. */
export async function requireUser(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
  if (!request.user) throw unauthorized();
}

/** preHandler: 401 unless signed in, 403 unless admin (DECISIONS.md: every admin call checked on the server). */
export async function requireAdmin(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
  if (!request.user) throw unauthorized();
  if (request.user.role !== 'admin') throw forbidden();
}
