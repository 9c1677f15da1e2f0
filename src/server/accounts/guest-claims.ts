/**
 * Claiming what a signed-out browser placed (DECISIONS.md "Security beyond the spec": an
 * order placed signed out belongs to the account that signs in or registers next in
 * the same browser; issue 11: the claim needs something only that browser holds).
 *
 * When a signed-out buyer places an order (or a custom order), the server sets the
 * claim cookie `fp_claim` (`__Host-fp_claim` over HTTPS): HttpOnly, SameSite=Lax,
 * Path=/, expiring 24 hours later, holding 32 random bytes (base64url). The
 * `guest_claims` table keeps only its SHA-256, one row per placed item, each expiring
 * 24 hours after it was placed. A second order in the same browser mints a new token
 * and carries the earlier unexpired items over, so the cookie always names everything
 * this browser placed in the last day. Signing in or registering claims those items
 * for the account once (rows deleted, cookie cleared): single use. The X-Session-Id
 * header, which script can read, claims nothing.
 *
 * Use from a module that creates something a guest should own later:
 *
 * ```ts
 * // route: before the service call
 * const claim = request.user ? null : startGuestClaim(request);
 * // service: inside the transaction that inserts the row
 * await claim?.add(tx, 'custom_order', row.id);
 * // route: after the transaction committed
 * claim?.setCookie(reply);
 * ```
 *
 * Reading back "what this browser just placed" (e.g. a signed-out order confirmation
 * page): `readGuestClaim(db, request)` lists the unexpired items of the cookie without
 * using it up. Only show what the cookie names; never accept an id from the URL alone.
 */
import { and, eq, gt, inArray, isNull, lt, type Placeholder, type SQL, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppConfig } from '../config';
import type { DbOrTx } from '../db/client';
import type { OrPlaceholders } from '../db/commit';
import { customOrders, guestClaims, orders } from '../db/schema';
import { isSecretTokenShape, newSecretToken, secretTokenHash } from '../lib/secret-token';
import { cookieName } from '../lib/session';

/** Base name of the claim cookie (see `cookieName`). */
export const CLAIM_COOKIE = 'fp_claim';
/** How long a placed item stays claimable, and the cookie's lifetime. */
export const CLAIM_TTL_MS = 24 * 60 * 60 * 1000;

export type ClaimKind = (typeof guestClaims.$inferSelect)['kind'];
export interface ClaimItem {
  kind: ClaimKind;
  id: number;
}

function claimCookieName(request: FastifyRequest): string {
  return cookieName(request.server.deps.config, CLAIM_COOKIE);
}

/** The hash of the request's claim cookie token, or null when absent or malformed. */
function presentedHash(request: FastifyRequest): string | null {
  const token = request.cookies?.[claimCookieName(request)];
  return token && isSecretTokenShape(token) ? secretTokenHash(token) : null;
}

function cookieOptions(config: Pick<AppConfig, 'https'>) {
  return {
    httpOnly: true,
    sameSite: 'lax' as const,
    path: '/',
    // As the session cookie: Secure over HTTPS (a `__Host-` cookie is refused without it).
    secure: config.https ? true : ('auto' as const),
  };
}

/** One write of a claim, built not run: awaiting runs it, `getSQL()` embeds it elsewhere. */
export type ClaimWrite = PromiseLike<unknown> & { getSQL(): SQL };

/** A claim this request grants: `add` inside the transaction, `setCookie` after commit. */
export interface GuestClaimGrant {
  /** Records `kind`/`id` under the new token and carries this browser's earlier items over. */
  add(tx: DbOrTx, kind: ClaimKind, id: number): Promise<void>;
  /**
   * What `add` writes, as values: for a caller that sends the writes (`claimWrites`)
   * inside one statement of its own (checkout's order statement, issue 12).
   */
  values(kind: ClaimKind, id: number): ClaimValues;
  /** Sets the claim cookie on `reply` (call only once the transaction committed). */
  setCookie(reply: FastifyReply): void;
}

/**
 * A claim's writes: `previousHash` (the browser's earlier claim, not null) carried over to
 * the new token, then the item under `tokenHash`.
 */
export interface ClaimValues {
  tokenHash: string;
  /** The claim this browser presented, when it is to be carried over; else null. */
  previousHash: string | null;
  kind: ClaimKind;
  refId: number;
  expiresAt: Date;
}

/**
 * The writes of claim `c`, built not run (in order): the carry-over update when
 * `c.previousHash` is not null, then the insert. Any value may be a placeholder (a
 * statement built once: checkout, issue 12); a null `previousHash` means no carry-over.
 */
export function claimWrites(
  tx: DbOrTx,
  c: OrPlaceholders<Omit<ClaimValues, 'previousHash'>> & {
    previousHash: string | Placeholder | null;
  },
): ClaimWrite[] {
  const carried =
    c.previousHash !== null
      ? [
          tx
            .update(guestClaims)
            // A parameter bound to its column, also when a placeholder.
            .set({ tokenHash: sql`${sql.param(c.tokenHash, guestClaims.tokenHash)}` })
            .where(
              and(eq(guestClaims.tokenHash, c.previousHash), gt(guestClaims.expiresAt, sql`now()`)),
            ),
        ]
      : [];
  return [
    ...carried,
    tx
      .insert(guestClaims)
      .values({ tokenHash: c.tokenHash, kind: c.kind, refId: c.refId, expiresAt: c.expiresAt })
      .onConflictDoNothing(),
  ];
}

/** Starts a claim for a signed-out request (mints the new token; nothing is written yet). */
export function startGuestClaim(request: FastifyRequest): GuestClaimGrant {
  const token = newSecretToken();
  const tokenHash = secretTokenHash(token);
  const previousHash = presentedHash(request);
  const expiresAt = new Date(Date.now() + CLAIM_TTL_MS);
  const name = claimCookieName(request);
  const config = request.server.deps.config;
  return {
    async add(tx, kind, id) {
      for (const write of claimWrites(tx, this.values(kind, id))) await write;
    },
    values(kind, id) {
      return {
        tokenHash,
        previousHash: previousHash && previousHash !== tokenHash ? previousHash : null,
        kind,
        refId: id,
        expiresAt,
      };
    },
    setCookie(reply) {
      reply.setCookie(name, token, { ...cookieOptions(config), expires: expiresAt });
    },
  };
}

/** The unexpired items this request's claim cookie names (nothing is used up). */
export async function readGuestClaim(db: DbOrTx, request: FastifyRequest): Promise<ClaimItem[]> {
  const hash = presentedHash(request);
  if (!hash) return [];
  const rows = await db
    .select({ kind: guestClaims.kind, id: guestClaims.refId })
    .from(guestClaims)
    .where(and(eq(guestClaims.tokenHash, hash), gt(guestClaims.expiresAt, sql`now()`)))
    .orderBy(guestClaims.id);
  return rows;
}

/** The ids of one kind this request's claim cookie names (a thank-you page's "this browser placed it"). */
export async function claimedIds(
  db: DbOrTx,
  request: FastifyRequest,
  kind: ClaimKind,
): Promise<number[]> {
  return (await readGuestClaim(db, request)).filter((i) => i.kind === kind).map((i) => i.id);
}

/**
 * Gives `userId` every unexpired, still unowned order and custom order the request's
 * claim cookie names, once: the claim rows are deleted (a second use claims nothing) and
 * the cookie is cleared on `reply`. Returns the counts claimed. Without a valid cookie
 * it claims nothing.
 */
export async function claimGuestItems(
  db: DbOrTx,
  request: FastifyRequest,
  reply: FastifyReply,
  userId: number,
): Promise<{ orders: number; customOrders: number }> {
  const hash = presentedHash(request);
  if (request.cookies?.[claimCookieName(request)] !== undefined) {
    reply.clearCookie(claimCookieName(request), cookieOptions(request.server.deps.config));
  }
  if (!hash) return { orders: 0, customOrders: 0 };
  return db.transaction(async (tx) => {
    const items = await tx
      .delete(guestClaims)
      .where(and(eq(guestClaims.tokenHash, hash), gt(guestClaims.expiresAt, sql`now()`)))
      .returning({ kind: guestClaims.kind, id: guestClaims.refId });
    const orderIds = items.filter((i) => i.kind === 'order').map((i) => i.id);
    const customIds = items.filter((i) => i.kind === 'custom_order').map((i) => i.id);
    const claimedOrders = orderIds.length
      ? await tx
          .update(orders)
          .set({ userId })
          .where(and(inArray(orders.id, orderIds), isNull(orders.userId)))
          .returning({ id: orders.id })
      : [];
    const claimedCustom = customIds.length
      ? await tx
          .update(customOrders)
          .set({ userId })
          .where(and(inArray(customOrders.id, customIds), isNull(customOrders.userId)))
          .returning({ id: customOrders.id })
      : [];
    return { orders: claimedOrders.length, customOrders: claimedCustom.length };
  });
}

/**
 * A mailed track link (orders/track-link.ts, already verified for `kind` and `id`) opened
 * while signed in: the order becomes `user`'s when no account owns it yet and its
 * e-mail is the account's (case aside). The key shows its holder got the order's mail
 * and the session that they hold the account, so a guest who registers on another
 * device gets the order into Order History by opening the link from the mail
 * (docs/decisions.md "Security hardening" 15). Returns true when it was claimed now.
 */
export async function claimByMailedLink(
  db: DbOrTx,
  kind: ClaimKind,
  id: number,
  user: { id: number; email: string },
): Promise<boolean> {
  const table = kind === 'order' ? orders : customOrders;
  const claimed = await db
    .update(table)
    .set({ userId: user.id })
    .where(
      and(
        eq(table.id, id),
        isNull(table.userId),
        sql`lower(${table.customerEmail}) = ${user.email.toLowerCase()}`,
      ),
    )
    .returning({ id: table.id });
  return claimed.length > 0;
}

/** Deletes expired claim rows; returns how many. */
export async function pruneGuestClaims(db: DbOrTx): Promise<number> {
  const gone = await db
    .delete(guestClaims)
    .where(lt(guestClaims.expiresAt, sql`now()`))
    .returning({ id: guestClaims.id });
  return gone.length;
}
