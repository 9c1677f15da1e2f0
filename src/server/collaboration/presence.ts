/**
 * Who is in a collaboration room, across every app instance on the database
 * (`quote_collaboration_presence`, one row per open WebSocket; issue 7: presence
 * across instances).
 *
 * - join / leave run under a transaction-scoped advisory lock per quote, so "first
 *   connection of this person" (user_joined) and "last connection gone" (user_left) are
 *   decided once even when tabs of one person come and go on different instances.
 * - Each instance refreshes `last_seen` of its own rows (re-creating any that were
 *   swept meanwhile); rows older than the TTL belong to an instance that died or lost
 *   its database, and any live instance deletes them (`sweepStale`) and announces the
 *   people who thereby left. So a dead instance's users leave within the TTL.
 */
import { and, asc, eq, inArray, lt, sql } from 'drizzle-orm';
import type { ActiveUser, AuthorType } from '../../shared/schemas/quote-desk';
import type { Db, DbOrTx } from '../db/client';
import { quoteCollaborationPresence as presence } from '../db/schema';
import { notifyRoom } from './room-events';

/** Advisory lock namespace of collaboration rooms (first key of the two-key form). */
const ROOM_LOCK_NAMESPACE = 7007;

async function lockRoom(tx: DbOrTx, quoteId: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${ROOM_LOCK_NAMESPACE}, ${quoteId})`);
}

export interface PresenceEntry {
  connectionId: string;
  instanceId: string;
  quoteId: number;
  sessionId: number | null;
  user: ActiveUser;
}

function rowOf(entry: PresenceEntry): typeof presence.$inferInsert {
  return {
    id: entry.connectionId,
    instanceId: entry.instanceId,
    quoteId: entry.quoteId,
    sessionId: entry.sessionId,
    userKey: entry.user.id,
    userName: entry.user.name,
    authorType: entry.user.authorType,
  };
}

function cutoff(ttlMs: number) {
  return sql`now() - make_interval(secs => ${ttlMs / 1000})`;
}

/** The people in a room (fresh rows only), in the order they arrived. */
export async function activeUsers(
  db: DbOrTx,
  quoteId: number,
  ttlMs: number,
): Promise<ActiveUser[]> {
  const rows = await db
    .select({
      id: presence.userKey,
      name: sql<string>`min(${presence.userName})`,
      authorType: sql<string>`min(${presence.authorType})`,
      since: sql`min(${presence.joinedAt})`,
    })
    .from(presence)
    .where(and(eq(presence.quoteId, quoteId), sql`${presence.lastSeen} > ${cutoff(ttlMs)}`))
    .groupBy(presence.userKey)
    .orderBy(asc(sql`min(${presence.joinedAt})`), asc(presence.userKey));
  return rows.map((r) => ({ id: r.id, name: r.name, authorType: r.authorType as AuthorType }));
}

async function othersOf(tx: DbOrTx, quoteId: number, userKey: string): Promise<number> {
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(presence)
    .where(and(eq(presence.quoteId, quoteId), eq(presence.userKey, userKey)));
  return row?.n ?? 0;
}

/**
 * Records a connection in its room; when it is the person's first, tells every
 * instance (`joined`). Returns the room's people afterwards.
 */
export async function joinRoom(db: Db, entry: PresenceEntry, ttlMs: number): Promise<ActiveUser[]> {
  await db.transaction(async (tx) => {
    await lockRoom(tx, entry.quoteId);
    const others = await othersOf(tx, entry.quoteId, entry.user.id);
    await tx.insert(presence).values(rowOf(entry));
    if (others === 0)
      await notifyRoom(tx, { k: 'joined', q: entry.quoteId, u: entry.user, c: entry.connectionId });
  });
  return activeUsers(db, entry.quoteId, ttlMs);
}

/** Removes a connection; when it was the person's last, tells every instance (`left`). */
export async function leaveRoom(db: Db, connectionId: string, quoteId: number): Promise<void> {
  await db.transaction(async (tx) => {
    await lockRoom(tx, quoteId);
    const [gone] = await tx.delete(presence).where(eq(presence.id, connectionId)).returning();
    if (!gone) return;
    if ((await othersOf(tx, quoteId, gone.userKey)) === 0)
      await notifyRoom(tx, { k: 'left', q: quoteId, u: userOf(gone) });
  });
}

function userOf(row: typeof presence.$inferSelect): ActiveUser {
  return { id: row.userKey, name: row.userName, authorType: row.authorType as AuthorType };
}

/**
 * Refreshes `last_seen` of this instance's connections. A row that a sweep removed
 * meanwhile (this instance could not reach the database for a TTL) is written again
 * and, if that person was gone from the room, announced as joined again.
 */
export async function refreshPresence(db: Db, entries: PresenceEntry[]): Promise<void> {
  if (entries.length === 0) return;
  const ids = entries.map((e) => e.connectionId);
  const touched = await db
    .update(presence)
    .set({ lastSeen: sql`now()` })
    .where(inArray(presence.id, ids))
    .returning({ id: presence.id });
  const present = new Set(touched.map((r) => r.id));
  for (const entry of entries) {
    if (present.has(entry.connectionId)) continue;
    await db.transaction(async (tx) => {
      await lockRoom(tx, entry.quoteId);
      const others = await othersOf(tx, entry.quoteId, entry.user.id);
      const inserted = await tx
        .insert(presence)
        .values(rowOf(entry))
        .onConflictDoNothing()
        .returning({ id: presence.id });
      if (inserted.length > 0 && others === 0)
        await notifyRoom(tx, { k: 'joined', q: entry.quoteId, u: entry.user, c: '' });
    });
  }
}

/**
 * Deletes presence rows not refreshed within the TTL (their instance died or lost the
 * database) and announces each person who thereby left a room. Safe to run on every
 * instance at once: a row is deleted, and its departure announced, once. Returns how
 * many rows were removed.
 */
export async function sweepStale(db: Db, ttlMs: number): Promise<number> {
  const stale = await db
    .selectDistinct({ quoteId: presence.quoteId })
    .from(presence)
    .where(lt(presence.lastSeen, cutoff(ttlMs)));
  if (stale.length === 0) return 0;
  const quoteIds = stale.map((s) => s.quoteId).sort((a, b) => a - b);
  return db.transaction(async (tx) => {
    for (const q of quoteIds) await lockRoom(tx, q);
    const gone = await tx
      .delete(presence)
      .where(and(inArray(presence.quoteId, quoteIds), lt(presence.lastSeen, cutoff(ttlMs))))
      .returning();
    const people = new Map<string, typeof presence.$inferSelect>();
    for (const row of gone) people.set(`${row.quoteId}|${row.userKey}`, row);
    for (const row of people.values()) {
      if ((await othersOf(tx, row.quoteId, row.userKey)) === 0)
        await notifyRoom(tx, { k: 'left', q: row.quoteId, u: userOf(row) });
    }
    return gone.length;
  });
}
