/**
 * PostgreSQL LISTEN/NOTIFY for in-process caches and cross-instance fan-out (NOTES.md:
 * LISTEN/NOTIFY works in-process on PGlite too). One mechanism for every channel: the
 * catalogue cache (catalog/service.ts) and the collaboration rooms (collaboration/hub.ts).
 *
 * On PGlite `pglite.listen` is used (one process, one database). On PostgreSQL the
 * listener holds one connection per channel of its own, outside the query pool (issue
 * 12: the pool's connections all serve requests); if it breaks, `onDown` runs and it
 * reconnects (1 s after a loss, 5 s after a failed start), then `onUp` runs again, so a
 * user of the channel knows when it may have missed notifications.
 */
import { sql } from 'drizzle-orm';
import pg from 'pg';
import type { Database, DbOrTx } from './client';

export interface ChannelHandlers {
  /** A notification's payload ('' when none was sent). */
  onMessage(payload: string): void;
  /** The listener is live (after start and after every reconnect). */
  onUp?(): void;
  /** The listener lost its connection; notifications may be missed until `onUp`. */
  onDown?(): void;
}

type Log = { warn(obj: unknown, msg?: string): void };

/** Channel names are SQL identifiers written into LISTEN: letters, digits, underscores only. */
const CHANNEL_NAME = /^[a-z_][a-z0-9_]{0,62}$/;

/**
 * Listens on `channel` until the returned function is called (it unsubscribes and
 * releases the connection). Resolves once the first attempt to listen has finished
 * (live, or failed and retrying in the background). Throws only for a bad channel name.
 */
export async function listenToChannel(
  database: Database,
  channel: string,
  handlers: ChannelHandlers,
  log: Log = console,
): Promise<() => Promise<void>> {
  if (!CHANNEL_NAME.test(channel)) throw new Error(`Invalid channel name: ${channel}`);
  if (database.pglite) {
    const unlisten = await database.pglite.listen(channel, (payload) =>
      handlers.onMessage(payload ?? ''),
    );
    handlers.onUp?.();
    return async () => {
      handlers.onDown?.();
      await unlisten();
    };
  }
  const pool = database.pool;
  if (!pool) return async () => {};
  let closed = false;
  let client: pg.Client | null = null;
  let retry: NodeJS.Timeout | null = null;
  let releaseClient: (() => void) | null = null;
  const connect = async (): Promise<void> => {
    try {
      // Same settings as the pool (URL, credentials, TLS), but not one of its connections.
      const c = new pg.Client(pool.options);
      c.on('error', () => {}); // replaced by onError below once connected
      try {
        await c.connect();
      } catch (err) {
        await c.end().catch(() => {});
        throw err;
      }
      if (closed) {
        await c.end().catch(() => {});
        return;
      }
      c.removeAllListeners('error');
      client = c;
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        c.removeListener('notification', onNotification);
        c.removeListener('error', onError);
        c.on('error', () => {});
        c.end().catch(() => {});
      };
      const onNotification = (msg: pg.Notification) => {
        if (msg.channel === channel) handlers.onMessage(msg.payload ?? '');
      };
      const onError = (err: Error) => {
        handlers.onDown?.();
        if (client === c) client = null;
        release();
        if (closed) return;
        log.warn({ err, channel }, 'notification listener lost its connection; reconnecting');
        retry = setTimeout(() => void connect(), 1000);
      };
      c.on('notification', onNotification);
      c.on('error', onError);
      releaseClient = release;
      await c.query(`LISTEN ${channel}`);
      handlers.onUp?.();
    } catch (err) {
      if (closed) return;
      log.warn({ err, channel }, 'notification listener could not start; retrying');
      retry = setTimeout(() => void connect(), 5000);
    }
  };
  await connect();
  return async () => {
    closed = true;
    handlers.onDown?.();
    if (retry) clearTimeout(retry);
    const c = client;
    client = null;
    if (!c) return;
    // Closing the connection ends the LISTEN; an error here leaves nothing to undo.
    await c.query(`UNLISTEN ${channel}`).catch(() => {});
    releaseClient?.();
  };
}

/**
 * Sends a notification on `channel` from `tx`: delivered to every listener (every app
 * instance) when the transaction commits, never when it rolls back. PostgreSQL limits
 * a payload to 8000 bytes: send ids, not rows.
 */
export async function notifyChannel(tx: DbOrTx, channel: string, payload: string): Promise<void> {
  await tx.execute(sql`select pg_notify(${channel}, ${payload})`);
}
