/**
 * What happens in a quote's collaboration room, told to every app instance through
 * PostgreSQL NOTIFY on one channel (db/listen.ts). A payload carries ids only (NOTIFY
 * payloads are limited to 8000 bytes); each instance with sockets in that room reads
 * the row and sends the WebSocket message (collaboration/hub.ts). Sent inside the
 * transaction that makes the fact true, so a rolled-back write tells nobody.
 */
import type { ActiveUser } from '../../shared/schemas/quote-desk';
import type { DbOrTx } from '../db/client';
import { notifyChannel } from '../db/listen';

export const ROOM_CHANNEL = 'quote_collaboration';

export type RoomEvent =
  /** An annotation was stored. */
  | { k: 'annotation'; q: number; id: number }
  /** A mockup revision was uploaded. */
  | { k: 'revision'; q: number; id: number }
  /** The quote changed (amount, status, approval). */
  | { k: 'quote'; q: number }
  /** The quote was deleted: its room closes. */
  | { k: 'deleted'; q: number }
  /** A collaboration link was deactivated: its connections leave. */
  | { k: 'revoked'; q: number; s: number }
  /** A person's first connection joined (`c` is that connection, which already knows). */
  | { k: 'joined'; q: number; u: ActiveUser; c: string }
  /** A person's last connection left. */
  | { k: 'left'; q: number; u: ActiveUser };

/** Tells every instance about `event` when `tx` commits. */
export function notifyRoom(tx: DbOrTx, event: RoomEvent): Promise<void> {
  return notifyChannel(tx, ROOM_CHANNEL, JSON.stringify(event));
}

/** The event in a notification payload, or null when it is not one of ours. */
export function parseRoomEvent(payload: string): RoomEvent | null {
  try {
    const value = JSON.parse(payload) as RoomEvent;
    return value && typeof value === 'object' && typeof value.q === 'number' ? value : null;
  } catch {
    return null;
  }
}
