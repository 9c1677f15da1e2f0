/**
 * Collaboration links and annotations (back-office spec sections 2
 * "/quote-collaboration/{token}", 3, 5, 7; DECISIONS.md "Security": collaboration tokens
 * are 32 random bytes, base64url, with expiry; issue 7: proofs, pins, approval).
 */
import { randomBytes } from 'node:crypto';
import { and, desc, eq, gt, max, sql } from 'drizzle-orm';
import { formatUsd } from '../../shared/money';
import type { PreparedCustomOrder } from '../../shared/schemas/custom-orders';
import {
  type AnnotationInput,
  type AnnotationView,
  QUOTE_DESK_MESSAGES,
} from '../../shared/schemas/quote-desk';
import { prepareCustomOrderFromQuote } from '../custom-orders/service';
import type { DbOrTx } from '../db/client';
import {
  quoteAnnotations,
  quoteCollaborationSessions,
  quoteRequests,
  quoteRevisionHistory,
} from '../db/schema';
import type { AppDeps } from '../deps';
import { type CollaborationSessionRow, publish } from '../events/events';
import { conflict, databaseErrorCode, notFound } from '../lib/errors';
import { findQuote, quoteNotFound } from '../quotes/desk';
import { collaborationUrl, serializeAnnotation } from '../quotes/serialize';
import { notifyRoom } from './room-events';

type Deps = Pick<AppDeps, 'db' | 'mail' | 'config'>;

/** A refusal inside the room: sent to the socket as `{"type":"error","message":...}`. */
export class RoomError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RoomError';
  }
}

const sessionGone = () => new RoomError(QUOTE_DESK_MESSAGES.sessionNotFound);

/** A new collaboration token: 32 random bytes, base64url (43 characters). */
export function newCollaborationToken(): string {
  return randomBytes(32).toString('base64url');
}

/**
 * Creates a collaboration link for a quote (POST /api/collaboration/session), valid
 * COLLAB_LINK_DAYS days, and publishes `quote.collaboration_link_created` (the client's
 * mail). Throws 404 for an unknown quote.
 */
export async function createCollaborationSession(
  deps: Deps,
  input: { quoteId: number; clientName: string; clientEmail: string },
): Promise<CollaborationSessionRow> {
  return deps.db.transaction(async (tx) => {
    const quote = await findQuote(tx, input.quoteId);
    if (!quote) throw quoteNotFound();
    const [session] = await tx
      .insert(quoteCollaborationSessions)
      .values({
        quoteId: input.quoteId,
        sessionToken: newCollaborationToken(),
        clientName: input.clientName,
        clientEmail: input.clientEmail,
        expiresAt: new Date(Date.now() + deps.config.COLLAB_LINK_DAYS * 86_400_000),
      })
      .returning();
    await publish(deps, tx, {
      type: 'quote.collaboration_link_created',
      quote,
      session: session!,
      url: collaborationUrl(deps.config, session!.sessionToken),
    });
    return session!;
  });
}

/** The active, unexpired session of `token`, or null (unknown, expired or deactivated). */
export async function findActiveSession(
  db: DbOrTx,
  token: string,
): Promise<CollaborationSessionRow | null> {
  if (!/^[A-Za-z0-9_-]{43}$/.test(token)) return null;
  const [row] = await db
    .select()
    .from(quoteCollaborationSessions)
    .where(
      and(
        eq(quoteCollaborationSessions.sessionToken, token),
        eq(quoteCollaborationSessions.isActive, true),
        gt(quoteCollaborationSessions.expiresAt, sql`now()`),
      ),
    );
  return row ?? null;
}

/**
 * Deactivates a collaboration link (admin): its token stops working at once and its
 * open connections leave the room on every instance. Returns the updated row.
 * Throws 404 for an unknown id.
 */
export async function deactivateSession(db: DbOrTx, id: number): Promise<CollaborationSessionRow> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(quoteCollaborationSessions)
      .set({ isActive: false })
      .where(eq(quoteCollaborationSessions.id, id))
      .returning();
    if (!row) throw notFound('Collaboration session not found');
    await notifyRoom(tx, { k: 'revoked', q: row.quoteId, s: row.id });
    return row;
  });
}

/**
 * Marks a client's session as used now; false when it is no longer active or has
 * expired (then the client must not write).
 */
export async function touchSession(db: DbOrTx, sessionId: number): Promise<boolean> {
  const rows = await db
    .update(quoteCollaborationSessions)
    .set({ lastActivity: new Date() })
    .where(
      and(
        eq(quoteCollaborationSessions.id, sessionId),
        eq(quoteCollaborationSessions.isActive, true),
        gt(quoteCollaborationSessions.expiresAt, sql`now()`),
      ),
    )
    .returning({ id: quoteCollaborationSessions.id });
  return rows.length > 0;
}

/** A quote's annotations, newest first (the room's list order: new ones go to the front). */
export async function listAnnotations(db: DbOrTx, quoteId: number): Promise<AnnotationView[]> {
  const rows = await db
    .select()
    .from(quoteAnnotations)
    .where(eq(quoteAnnotations.quoteId, quoteId))
    .orderBy(desc(quoteAnnotations.createdAt), desc(quoteAnnotations.id));
  return rows.map(serializeAnnotation);
}

/** One annotation, or null. */
export async function getAnnotation(db: DbOrTx, id: number): Promise<AnnotationView | null> {
  const [row] = await db.select().from(quoteAnnotations).where(eq(quoteAnnotations.id, id));
  return row ? serializeAnnotation(row) : null;
}

/** The newest revision number of a quote, or null when no mockup exists yet. */
async function latestRevision(db: DbOrTx, quoteId: number): Promise<number | null> {
  const [row] = await db
    .select({ n: max(quoteRevisionHistory.revisionNumber) })
    .from(quoteRevisionHistory)
    .where(eq(quoteRevisionHistory.quoteId, quoteId));
  return row?.n ?? null;
}

/**
 * Stores an annotation posted in the room (already validated with `AnnotationInput`),
 * in one transaction:
 * - a client's session must still be active (else 'Session not found or expired');
 * - a pin or approval names an existing revision; a reply's parent is in the same quote
 *   (replies are one level deep: a reply to a reply joins the first one's thread);
 * - `revision_request` is refused once approved; `approval` only by the client, only for
 *   a quoted (not yet approved) quote, only for the latest revision and only at the
 *   quoted amount the client was shown (`quotedAmount`, dollars), and it marks the
 *   quote approved (`quote.approved`: the shop's mail). The quote row is locked for
 *   both, so a new mockup and an approval cannot cross; a unique index allows one
 *   approval per quote whatever happens.
 * Tells the room (`annotation`, and `quote` after an approval). Throws RoomError.
 */
export async function postAnnotation(
  deps: Deps,
  ctx: { quoteId: number; sessionId: number | null },
  input: Required<Pick<AnnotationInput, 'annotationType' | 'authorType'>> &
    Omit<AnnotationInput, 'annotationType' | 'authorType'>,
): Promise<AnnotationView> {
  return deps.db.transaction(async (tx) => {
    if (ctx.sessionId !== null && !(await touchSession(tx, ctx.sessionId))) throw sessionGone();
    const decisive = input.annotationType !== 'comment';
    const quote = await findQuote(tx, ctx.quoteId, decisive);
    if (!quote) throw sessionGone();
    const latest =
      input.revisionNumber !== undefined || decisive ? await latestRevision(tx, quote.id) : null;
    if (input.revisionNumber !== undefined && (latest === null || input.revisionNumber > latest))
      throw new RoomError('That proof does not exist');
    let parentId: number | null = null;
    if (input.parentId !== undefined) {
      const [parent] = await tx
        .select({ id: quoteAnnotations.id, parentId: quoteAnnotations.parentId })
        .from(quoteAnnotations)
        .where(
          and(eq(quoteAnnotations.id, input.parentId), eq(quoteAnnotations.quoteId, quote.id)),
        );
      if (!parent) throw new RoomError('The comment you replied to no longer exists');
      parentId = parent.parentId ?? parent.id;
    }
    const approved = quote.status === 'approved' || quote.status === 'completed';
    if (input.annotationType === 'revision_request' && approved)
      throw new RoomError('This proof is already approved');
    if (input.annotationType === 'approval') {
      if (input.authorType !== 'client')
        throw new RoomError('Only the client can approve the proof');
      if (approved) throw new RoomError('This proof is already approved');
      if (quote.status !== 'quoted' || quote.quotedAmountCents === null)
        throw new RoomError('The shop has not sent a quote amount yet');
      if (latest === null) throw new RoomError('There is no proof to approve yet');
      if (input.revisionNumber !== latest)
        throw new RoomError(`This proof is out of date: revision ${latest} is the latest`);
      // The client approves a price as well as a design: one changed since they read it
      // is not what they agreed to (issue 7 entry 10).
      if (
        input.quotedAmount === undefined ||
        Math.round(input.quotedAmount * 100) !== quote.quotedAmountCents
      )
        throw new RoomError(
          `The quoted amount is now ${formatUsd(quote.quotedAmountCents)}: please check it before approving`,
        );
    }
    const [row] = await tx
      .insert(quoteAnnotations)
      .values({
        quoteId: quote.id,
        authorName: input.authorName,
        authorEmail: input.authorEmail,
        authorType: input.authorType,
        content: input.content,
        positionX: input.positionX ?? null,
        positionY: input.positionY ?? null,
        revisionNumber: input.revisionNumber ?? null,
        annotationType: input.annotationType,
        parentId,
      })
      .returning();
    if (input.annotationType === 'approval') {
      const [updated] = await tx
        .update(quoteRequests)
        .set({
          status: 'approved',
          approvedAt: new Date(),
          approvedRevision: input.revisionNumber ?? null,
          updatedAt: new Date(),
        })
        .where(eq(quoteRequests.id, quote.id))
        .returning();
      await publish(deps, tx, {
        type: 'quote.approved',
        quote: updated!,
        approvedBy: input.authorName,
      });
      await notifyRoom(tx, { k: 'quote', q: quote.id });
    }
    await notifyRoom(tx, { k: 'annotation', q: quote.id, id: row!.id });
    return serializeAnnotation(row!);
  });
}

/** True when `err` is PostgreSQL's unique violation (a second approval that raced the first). */
export function isUniqueViolation(err: unknown): boolean {
  return databaseErrorCode(err, (code) => code === '23505') !== null;
}

/**
 * 'Pay deposit' after approval (issue 7: "offers the customer 'Pay deposit' for the quoted
 * amount, which becomes a custom order through the same deposit path as the wizard"):
 * for the holder of an active collaboration `token` whose quote is approved, prepares the
 * custom order from the quote (priced at its quoted amount, 10% deposit; the approved
 * proof as its pin design) and returns it; the client then pays at
 * `/checkout?orderData=...` like a wizard order. Idempotent while that prepared order is
 * unpaid. Throws 404 'Session not found or expired', 409 'The proof is not approved yet.',
 * 409 when the quote already became a custom order.
 */
export async function prepareApprovedQuoteDeposit(
  deps: Pick<AppDeps, 'db' | 'config'>,
  token: string,
): Promise<PreparedCustomOrder> {
  const session = await findActiveSession(deps.db, token);
  if (!session) throw notFound(QUOTE_DESK_MESSAGES.sessionNotFound);
  const quote = await findQuote(deps.db, session.quoteId);
  if (!quote) throw quoteNotFound();
  if (quote.status !== 'approved' && quote.status !== 'completed')
    throw conflict(QUOTE_DESK_MESSAGES.notApproved);
  const [proof] = await deps.db
    .select()
    .from(quoteRevisionHistory)
    .where(
      and(
        eq(quoteRevisionHistory.quoteId, quote.id),
        quote.approvedRevision === null
          ? sql`true`
          : eq(quoteRevisionHistory.revisionNumber, quote.approvedRevision),
      ),
    )
    .orderBy(desc(quoteRevisionHistory.revisionNumber))
    .limit(1);
  return prepareCustomOrderFromQuote(deps, {
    quoteId: quote.id,
    pinDesigns: proof
      ? [
          {
            name: `Approved proof, revision ${proof.revisionNumber}`,
            quantity: quote.quantity,
            description: proof.changes,
            imageUrl: proof.mockupUrl,
          },
        ]
      : [],
  });
}
