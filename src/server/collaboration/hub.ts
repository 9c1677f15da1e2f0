/**
 * The collaboration rooms of one app instance: the WebSocket side of
 * /quote-collaboration/{token} (back-office spec sections 2, 4, 7; DECISIONS.md
 * "Runtime conventions": one JSON object per message, `{"type": ...}` with the fields at
 * the top level, `{"type":"error","message":...}` for anything refused, the connection
 * stays open).
 *
 * - Each connection is throttled (token bucket, COLLAB_MESSAGE_RATE_LIMIT per 10 s),
 *   text frames only, at most WS_MESSAGE_MAX_BYTES (larger frames up to the socket's
 *   hard limit are refused with an error; past that ws closes the socket with 1009).
 * - Every message is validated with zod (shared/schemas/quote-desk.ts) and handled in
 *   order per connection.
 * - Nothing is sent to other sockets directly: writes NOTIFY the room channel in their
 *   transaction (room-events.ts) and every instance, this one included, turns the
 *   notification into messages for its own sockets. So a browser on instance B sees what
 *   was posted through instance A, and the embedded database works the same way in one
 *   process.
 * - Presence lives in the database (presence.ts); a timer refreshes this instance's rows
 *   and sweeps rows of dead instances every third of the TTL. Browsers that vanish
 *   without closing are found by WebSocket pings.
 */
import { randomUUID } from 'node:crypto';
import { and, eq, gt, inArray, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { WebSocket } from 'ws';
import type { z } from 'zod';
import {
  type ActiveUser,
  AnnotationInput,
  ClientMessage,
  QUOTE_DESK_MESSAGES,
  type ServerMessage,
  WS_MESSAGE_MAX_BYTES,
} from '../../shared/schemas/quote-desk';
import { listenToChannel } from '../db/listen';
import { quoteRevisionHistory, sessions, users } from '../db/schema';
import type { AppDeps } from '../deps';
import { findInvalidText, INVALID_CHARACTERS } from '../lib/input-guard';
import { findQuote } from '../quotes/desk';
import { serializeQuote, serializeRevision } from '../quotes/serialize';
import {
  activeUsers,
  joinRoom,
  leaveRoom,
  type PresenceEntry,
  refreshPresence,
  sweepStale,
} from './presence';
import { parseRoomEvent, ROOM_CHANNEL, type RoomEvent } from './room-events';
import {
  findActiveSession,
  getAnnotation,
  isUniqueViolation,
  listAnnotations,
  postAnnotation,
  RoomError,
} from './service';

/**
 * Hard frame limit of the socket (ws closes with 1009 above it), as large as the HTTP
 * body limit: every message up to it gets an answer (above 8 KB the 'too large' error,
 * DECISIONS.md "anything refused answers an error and the connection stays open").
 */
export const WS_HARD_MAX_BYTES = 1024 * 1024;
const PING_INTERVAL_MS = 30_000;
const SERVER_FAULT = 'Something went wrong on our side. Please try again.';

/** Who opened the socket, from the upgrade request. */
export interface SocketPrincipal {
  /**
   * The signed-in admin's id, name and session id (`sid`) when the request came with an
   * admin session from this site. The session is checked again before every admin action
   * and on every presence tick: signing out ends the socket's admin rights.
   */
  admin: { id: number; username: string; email: string; sid: string } | null;
  ip: string;
}

interface Joined {
  quoteId: number;
  sessionId: number | null;
  user: ActiveUser;
  email: string;
  adminId: number | null;
  /** When the client's collaboration link expires (null for the admin). */
  linkExpiresAt: Date | null;
}

interface Connection {
  id: string;
  socket: WebSocket;
  principal: SocketPrincipal;
  tokens: number;
  refilledAt: number;
  joined: Joined | null;
  /** While a join is being answered, room messages wait here (then follow session_joined). */
  held: ServerMessage[] | null;
  queue: Promise<void>;
  alive: boolean;
  closed: boolean;
}

type HubDeps = Pick<AppDeps, 'db' | 'database' | 'mail' | 'config'>;

export class CollaborationHub {
  readonly instanceId = randomUUID();
  private readonly rooms = new Map<number, Set<Connection>>();
  private readonly connections = new Set<Connection>();
  private readonly ttlMs: number;
  private readonly ratePerMs: number;
  private readonly burst: number;
  private events: Promise<void> = Promise.resolve();
  private timers: NodeJS.Timeout[] = [];
  private unlisten: (() => Promise<void>) | null = null;
  private listenerWasUp = false;
  private stopping = false;

  constructor(
    private readonly deps: HubDeps,
    private readonly log: FastifyBaseLogger,
  ) {
    this.ttlMs = deps.config.COLLAB_PRESENCE_TTL_SECONDS * 1000;
    this.burst = deps.config.COLLAB_MESSAGE_RATE_LIMIT;
    this.ratePerMs = this.burst / 10_000;
  }

  /** Starts listening to the room channel and the presence timer. */
  async start(): Promise<void> {
    this.unlisten = await listenToChannel(
      this.deps.database,
      ROOM_CHANNEL,
      {
        onMessage: (payload) => {
          const event = parseRoomEvent(payload);
          if (event) this.enqueueEvent(event);
        },
        onUp: () => {
          // After a reconnect notifications may have been missed: resend every room's state.
          if (this.listenerWasUp) this.enqueue(() => this.resyncAll());
          this.listenerWasUp = true;
        },
      },
      this.log,
    );
    const tick = Math.max(100, Math.floor(this.ttlMs / 3));
    const presenceTimer = setInterval(() => void this.maintainPresence(), tick);
    const pingTimer = setInterval(() => this.ping(), PING_INTERVAL_MS);
    presenceTimer.unref();
    pingTimer.unref();
    this.timers = [presenceTimer, pingTimer];
    void this.maintainPresence();
  }

  /** Leaves every room (telling the other instances), closes every socket, stops listening. */
  async stop(): Promise<void> {
    this.stopping = true;
    for (const t of this.timers) clearInterval(t);
    this.timers = [];
    await Promise.allSettled(
      [...this.connections].map(async (conn) => {
        conn.closed = true;
        await conn.queue;
        await this.leave(conn);
        conn.socket.close(1001, 'Server shutting down');
      }),
    );
    this.connections.clear();
    await this.events.catch(() => {});
    await this.unlisten?.();
  }

  /** Number of open sockets on this instance (tests, logs). */
  get size(): number {
    return this.connections.size;
  }

  /** Takes a new socket from the /ws route. */
  accept(socket: WebSocket, principal: SocketPrincipal): void {
    const conn: Connection = {
      id: randomUUID(),
      socket,
      principal,
      tokens: this.burst,
      refilledAt: Date.now(),
      joined: null,
      held: null,
      queue: Promise.resolve(),
      alive: true,
      closed: false,
    };
    if (this.stopping) {
      socket.close(1001, 'Server shutting down');
      return;
    }
    this.connections.add(conn);
    socket.on('pong', () => {
      conn.alive = true;
    });
    socket.on('message', (data, isBinary) => this.onFrame(conn, data as Buffer, isBinary));
    socket.on('close', () => {
      conn.closed = true;
      this.connections.delete(conn);
      conn.queue = conn.queue.then(() => this.leave(conn));
    });
    socket.on('error', (err) => this.log.debug({ err }, 'collaboration socket error'));
  }

  // --- incoming ----------------------------------------------------------------------

  private takeToken(conn: Connection): boolean {
    const now = Date.now();
    conn.tokens = Math.min(this.burst, conn.tokens + (now - conn.refilledAt) * this.ratePerMs);
    conn.refilledAt = now;
    if (conn.tokens < 1) return false;
    conn.tokens -= 1;
    return true;
  }

  private onFrame(
    conn: Connection,
    data: Buffer | Buffer[] | ArrayBuffer,
    isBinary: boolean,
  ): void {
    const bytes = Array.isArray(data)
      ? Buffer.concat(data)
      : data instanceof ArrayBuffer
        ? Buffer.from(data)
        : data;
    if (!this.takeToken(conn)) {
      this.send(conn, {
        type: 'error',
        message: 'Too many messages. Please slow down.',
        ...clientMessageIdOf(isBinary ? null : bytes),
      });
      return;
    }
    if (isBinary) {
      this.send(conn, { type: 'error', message: 'Messages must be JSON text' });
      return;
    }
    if (bytes.length === 0) {
      this.send(conn, { type: 'error', message: 'Empty message' });
      return;
    }
    if (bytes.length > WS_MESSAGE_MAX_BYTES) {
      this.send(conn, {
        type: 'error',
        message: `Message is too large (at most ${WS_MESSAGE_MAX_BYTES / 1024} KB)`,
      });
      return;
    }
    let raw: unknown;
    try {
      raw = JSON.parse(bytes.toString('utf8'));
    } catch {
      this.send(conn, { type: 'error', message: 'Messages must be JSON objects' });
      return;
    }
    const named = clientMessageIdOf(raw);
    if (findInvalidText(raw) !== null) {
      this.send(conn, { type: 'error', message: INVALID_CHARACTERS, ...named });
      return;
    }
    const parsed = ClientMessage.safeParse(raw);
    if (!parsed.success) {
      this.send(conn, { type: 'error', message: firstIssue(parsed.error), ...named });
      return;
    }
    const message = parsed.data;
    conn.queue = conn.queue
      .then(() =>
        message.type === 'session_join' ? this.join(conn, message) : this.annotate(conn, message),
      )
      .catch((err) => this.refuse(conn, err, named));
  }

  private refuse(conn: Connection, err: unknown, named: { clientMessageId?: string }): void {
    if (err instanceof RoomError) {
      this.send(conn, { type: 'error', message: err.message, ...named });
      return;
    }
    if (isUniqueViolation(err)) {
      this.send(conn, { type: 'error', message: 'This proof is already approved', ...named });
      return;
    }
    this.log.error({ err }, 'collaboration message failed');
    this.send(conn, { type: 'error', message: SERVER_FAULT, ...named });
  }

  private async join(
    conn: Connection,
    message: Extract<ClientMessage, { type: 'session_join' }>,
  ): Promise<void> {
    const { db } = this.deps;
    let joined: Joined;
    if (message.sessionToken) {
      const session = await findActiveSession(db, message.sessionToken);
      if (!session) throw new RoomError(QUOTE_DESK_MESSAGES.sessionNotFound);
      if (session.quoteId !== message.quoteId)
        throw new RoomError('This collaboration link is for another quote');
      const name = (message.authorName ?? '').trim() || session.clientName;
      if (name.length > 80) throw new RoomError('Author name must be at most 80 characters');
      joined = {
        quoteId: session.quoteId,
        sessionId: session.id,
        user: { id: `c${session.id}:${name.toLowerCase()}`, name, authorType: 'client' },
        email: session.clientEmail,
        adminId: null,
        linkExpiresAt: session.expiresAt,
      };
    } else if (conn.principal.admin) {
      const admin = conn.principal.admin;
      if ((await this.signedInAdmins([admin.sid])).size === 0) {
        this.endAdminSocket(conn);
        return;
      }
      if (!(await findQuote(db, message.quoteId)))
        throw new RoomError(QUOTE_DESK_MESSAGES.sessionNotFound);
      joined = {
        quoteId: message.quoteId,
        sessionId: null,
        user: { id: `a${admin.id}`, name: admin.username, authorType: 'admin' },
        // The shop's address: admin accounts may carry a placeholder e-mail.
        email: this.deps.config.STORE_EMAIL,
        adminId: admin.id,
        linkExpiresAt: null,
      };
    } else {
      throw new RoomError(QUOTE_DESK_MESSAGES.invalidLink);
    }
    if (conn.closed) return;
    await this.leave(conn);
    conn.joined = joined;
    conn.held = [];
    this.roomOf(joined.quoteId, true).add(conn);
    try {
      const people = await joinRoom(db, this.entryOf(conn, joined), this.ttlMs);
      const snapshot = await this.snapshot(joined.quoteId);
      if (!snapshot) throw new RoomError(QUOTE_DESK_MESSAGES.sessionNotFound);
      const held = conn.held ?? [];
      conn.held = null;
      this.send(conn, {
        type: 'session_joined',
        ...snapshot,
        activeUsers: people,
        you: joined.user,
      });
      for (const m of held) this.send(conn, m);
    } catch (err) {
      conn.held = null;
      await this.leave(conn);
      throw err;
    }
  }

  private async snapshot(quoteId: number) {
    const { db } = this.deps;
    const [quote, revisions, annotations] = await Promise.all([
      findQuote(db, quoteId),
      db
        .select()
        .from(quoteRevisionHistory)
        .where(eq(quoteRevisionHistory.quoteId, quoteId))
        .orderBy(quoteRevisionHistory.revisionNumber),
      listAnnotations(db, quoteId),
    ]);
    if (!quote) return null;
    return {
      quote: serializeQuote(quote),
      revisions: revisions.map(serializeRevision),
      annotations,
    };
  }

  private async annotate(
    conn: Connection,
    message: Extract<ClientMessage, { type: 'annotation' }>,
  ): Promise<void> {
    const joined = conn.joined;
    if (!joined) throw new RoomError('Join the session before sending comments');
    const admin = conn.principal.admin;
    if (joined.adminId !== null && admin) {
      if ((await this.signedInAdmins([admin.sid])).size === 0) {
        await this.leave(conn);
        this.endAdminSocket(conn);
        return;
      }
    }
    const parsed = AnnotationInput.safeParse({
      content: message.content,
      authorName: joined.user.name,
      authorEmail: joined.email,
      authorType: joined.user.authorType,
      annotationType: message.annotationType,
      positionX: message.positionX,
      positionY: message.positionY,
      revisionNumber: message.revisionNumber,
      quotedAmount: message.quotedAmount,
      parentId: message.parentId,
    });
    if (!parsed.success) throw new RoomError(firstIssue(parsed.error));
    try {
      const annotation = await postAnnotation(
        this.deps,
        { quoteId: joined.quoteId, sessionId: joined.sessionId },
        parsed.data,
      );
      if (message.clientMessageId !== undefined)
        this.send(conn, {
          type: 'annotation_saved',
          clientMessageId: message.clientMessageId,
          annotation,
        });
    } catch (err) {
      if (err instanceof RoomError && err.message === QUOTE_DESK_MESSAGES.sessionNotFound)
        await this.leave(conn);
      throw err;
    }
    this.deps.mail.flush().catch((err) => this.log.error({ err }, 'mail flush failed'));
  }

  // --- rooms -------------------------------------------------------------------------

  private roomOf(quoteId: number, create: true): Set<Connection>;
  private roomOf(quoteId: number, create?: false): Set<Connection> | undefined;
  private roomOf(quoteId: number, create = false): Set<Connection> | undefined {
    let room = this.rooms.get(quoteId);
    if (!room && create) {
      room = new Set();
      this.rooms.set(quoteId, room);
    }
    return room;
  }

  private entryOf(conn: Connection, joined: Joined): PresenceEntry {
    return {
      connectionId: conn.id,
      instanceId: this.instanceId,
      quoteId: joined.quoteId,
      sessionId: joined.sessionId,
      user: joined.user,
    };
  }

  /** Takes a connection out of its room (and the presence table). Never throws. */
  private async leave(conn: Connection): Promise<void> {
    const joined = conn.joined;
    if (!joined) return;
    conn.joined = null;
    const room = this.rooms.get(joined.quoteId);
    room?.delete(conn);
    if (room && room.size === 0) this.rooms.delete(joined.quoteId);
    try {
      await leaveRoom(this.deps.db, conn.id, joined.quoteId);
    } catch (err) {
      // The row stays until a sweep removes it (within the TTL).
      this.log.warn({ err }, 'could not record a collaboration departure');
    }
  }

  /**
   * Of the admin sessions `sids`, those still signed in: the session row exists, has not
   * expired (idle or absolute lifetime) and belongs to a user who is still an admin.
   */
  private async signedInAdmins(sids: string[]): Promise<Set<string>> {
    if (sids.length === 0) return new Set();
    const rows = await this.deps.db
      .select({ sid: sessions.sid })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(
        and(
          inArray(sessions.sid, sids),
          gt(sessions.expiresAt, sql`now()`),
          eq(users.role, 'admin'),
        ),
      );
    return new Set(rows.map((r) => r.sid));
  }

  /**
   * An admin socket whose session ended (signed out, expired, no longer an admin): it is
   * told the session is gone and closed, so nothing more reaches it.
   */
  private endAdminSocket(conn: Connection): void {
    this.send(conn, { type: 'error', message: QUOTE_DESK_MESSAGES.sessionNotFound });
    conn.closed = true;
    conn.socket.close(1008, 'Session ended');
  }

  /**
   * Takes out of their rooms the clients whose link has expired (as if revoked) and ends
   * the admin sockets whose session has ended; both stop receiving the room at once.
   */
  private async endLapsedConnections(): Promise<void> {
    const now = Date.now();
    const admins: Connection[] = [];
    for (const conn of this.connections) {
      const expiresAt = conn.joined?.linkExpiresAt;
      if (expiresAt && expiresAt.getTime() <= now)
        conn.queue = conn.queue.then(async () => {
          if (conn.joined?.linkExpiresAt !== expiresAt) return;
          this.send(conn, { type: 'error', message: QUOTE_DESK_MESSAGES.sessionNotFound });
          await this.leave(conn);
        });
      if (conn.principal.admin && !conn.closed) admins.push(conn);
    }
    const valid = await this.signedInAdmins(admins.map((c) => c.principal.admin!.sid));
    for (const conn of admins) {
      if (valid.has(conn.principal.admin!.sid)) continue;
      conn.queue = conn.queue.then(async () => {
        await this.leave(conn);
        this.endAdminSocket(conn);
      });
    }
  }

  private async maintainPresence(): Promise<void> {
    if (this.stopping) return;
    try {
      await this.endLapsedConnections();
    } catch (err) {
      this.log.warn({ err }, 'collaboration session check failed');
    }
    const entries: PresenceEntry[] = [];
    for (const conn of this.connections)
      if (conn.joined && conn.held === null) entries.push(this.entryOf(conn, conn.joined));
    try {
      await refreshPresence(this.deps.db, entries);
      await sweepStale(this.deps.db, this.ttlMs);
    } catch (err) {
      this.log.warn({ err }, 'collaboration presence upkeep failed');
    }
  }

  private ping(): void {
    for (const conn of this.connections) {
      if (!conn.alive) {
        conn.socket.terminate();
        continue;
      }
      conn.alive = false;
      conn.socket.ping();
    }
  }

  // --- outgoing ------------------------------------------------------------------------

  private send(conn: Connection, message: ServerMessage): void {
    if (conn.closed || conn.socket.readyState !== conn.socket.OPEN) return;
    conn.socket.send(JSON.stringify(message));
  }

  /** Sends to every joined socket of a room here (held while a socket's join is answered). */
  private broadcast(quoteId: number, message: ServerMessage, except?: string): void {
    const room = this.rooms.get(quoteId);
    if (!room) return;
    for (const conn of room) {
      if (conn.id === except) continue;
      if (conn.held) conn.held.push(message);
      else this.send(conn, message);
    }
  }

  private enqueue(task: () => Promise<void>): void {
    this.events = this.events.then(task).catch((err) => {
      this.log.error({ err }, 'collaboration room event failed');
    });
  }

  /** Room events are handled one at a time, in the order they arrived. */
  private enqueueEvent(event: RoomEvent): void {
    if (!this.rooms.has(event.q)) return;
    this.enqueue(() => this.handleEvent(event));
  }

  private async handleEvent(event: RoomEvent): Promise<void> {
    const { db } = this.deps;
    if (!this.rooms.has(event.q)) return;
    switch (event.k) {
      case 'annotation': {
        const annotation = await getAnnotation(db, event.id);
        if (annotation) this.broadcast(event.q, { type: 'new_annotation', annotation });
        return;
      }
      case 'revision': {
        const [row] = await db
          .select()
          .from(quoteRevisionHistory)
          .where(eq(quoteRevisionHistory.id, event.id));
        if (row)
          this.broadcast(event.q, { type: 'new_revision', revision: serializeRevision(row) });
        return;
      }
      case 'quote': {
        const quote = await findQuote(db, event.q);
        if (quote) this.broadcast(event.q, { type: 'quote_updated', quote: serializeQuote(quote) });
        return;
      }
      case 'deleted':
      case 'revoked': {
        const room = this.rooms.get(event.q);
        for (const conn of [...(room ?? [])]) {
          if (event.k === 'revoked' && conn.joined?.sessionId !== event.s) continue;
          this.send(conn, { type: 'error', message: QUOTE_DESK_MESSAGES.sessionNotFound });
          conn.held = null;
          await this.leave(conn);
        }
        return;
      }
      case 'joined':
      case 'left': {
        const people = await activeUsers(db, event.q, this.ttlMs);
        this.broadcast(
          event.q,
          event.k === 'joined'
            ? { type: 'user_joined', user: event.u, activeUsers: people }
            : { type: 'user_left', user: event.u, activeUsers: people },
          event.k === 'joined' ? event.c : undefined,
        );
        return;
      }
    }
  }

  /** Sends every joined socket a fresh session_joined (after the listener reconnected). */
  private async resyncAll(): Promise<void> {
    for (const [quoteId, room] of this.rooms) {
      const snapshot = await this.snapshot(quoteId);
      const people = await activeUsers(this.deps.db, quoteId, this.ttlMs);
      for (const conn of room) {
        if (!conn.joined || conn.held) continue;
        if (!snapshot) {
          this.send(conn, { type: 'error', message: QUOTE_DESK_MESSAGES.sessionNotFound });
          continue;
        }
        this.send(conn, {
          type: 'session_joined',
          ...snapshot,
          activeUsers: people,
          you: conn.joined.user,
        });
      }
    }
  }
}

/**
 * `{clientMessageId}` of a message (parsed JSON, or the raw bytes of a refused frame)
 * when it names one (a string of at most 64 characters), else `{}`: an error answering
 * that message then names it.
 */
function clientMessageIdOf(message: unknown): { clientMessageId?: string } {
  let value = message;
  if (Buffer.isBuffer(value)) {
    if (value.length > WS_MESSAGE_MAX_BYTES) return {};
    try {
      value = JSON.parse(value.toString('utf8'));
    } catch {
      return {};
    }
  }
  if (value === null || typeof value !== 'object') return {};
  const id = (value as { clientMessageId?: unknown }).clientMessageId;
  return typeof id === 'string' && id.length <= 64 ? { clientMessageId: id } : {};
}

/** The first validation message of a zod error, for the error message. */
function firstIssue(error: z.ZodError): string {
  return error.issues[0]?.message ?? 'Invalid message';
}
