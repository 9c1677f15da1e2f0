/**
 * The admin's quote desk (back-office spec section 2 "Quote Requests", sections 4, 5,
 * 7; issue 7): list with status filter and pages, one quote with its revisions and
 * links, the quote amount (stored in cents, sets status quoted and mails the customer
 * through `quote.quoted`), delete (annotations, sessions, revisions and stored files go
 * with it), and mockup revisions (`quote.mockup_uploaded`). Every change is told to the
 * collaboration room (room-events.ts) in its transaction.
 */
import { and, count, desc, eq, gt, inArray, max } from 'drizzle-orm';
import { dollarsToCents } from '../../shared/money';
import type {
  QuoteDetail,
  QuoteList,
  QuoteListQuery,
  QuoteStatus,
} from '../../shared/schemas/quote-desk';
import { notifyRoom } from '../collaboration/room-events';
import type { AppConfig } from '../config';
import type { DbOrTx } from '../db/client';
import {
  customOrders,
  files,
  quoteCollaborationSessions,
  quoteRequests,
  quoteRevisionHistory,
} from '../db/schema';
import type { AppDeps } from '../deps';
import { publish, type QuoteRow } from '../events/events';
import { saveFile } from '../files/service';
import { conflict, notFound } from '../lib/errors';
import { collaborationUrl, serializeQuote, serializeRevision, serializeSession } from './serialize';
import type { CheckedLogo } from './service';

type Deps = Pick<AppDeps, 'db' | 'mail' | 'config'>;

export const quoteNotFound = () => notFound('Quote request not found');

/** The newest active, unexpired collaboration link of a quote, or null (issue 9: the quote mails carry it). */
async function activeCollaborationUrl(
  tx: DbOrTx,
  config: Pick<AppConfig, 'publicUrl'>,
  quoteId: number,
): Promise<string | null> {
  const [link] = await tx
    .select({ token: quoteCollaborationSessions.sessionToken })
    .from(quoteCollaborationSessions)
    .where(
      and(
        eq(quoteCollaborationSessions.quoteId, quoteId),
        eq(quoteCollaborationSessions.isActive, true),
        gt(quoteCollaborationSessions.expiresAt, new Date()),
      ),
    )
    .orderBy(desc(quoteCollaborationSessions.id))
    .limit(1);
  return link ? collaborationUrl(config, link.token) : null;
}

/** Quote requests, newest first, optionally of one status; one page. */
export async function listQuotes(db: DbOrTx, query: Required<QuoteListQuery>): Promise<QuoteList> {
  const page = Number(query.page);
  const pageSize = Number(query.pageSize);
  const where = query.status ? eq(quoteRequests.status, query.status) : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(quoteRequests)
      .where(where)
      .orderBy(desc(quoteRequests.createdAt), desc(quoteRequests.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ n: count() }).from(quoteRequests).where(where),
  ]);
  return { items: rows.map(serializeQuote), total: total?.n ?? 0, page, pageSize };
}

/** The quote row, or null. `lock` takes a row lock (FOR UPDATE) in the caller's transaction. */
export async function findQuote(db: DbOrTx, id: number, lock = false): Promise<QuoteRow | null> {
  const q = db.select().from(quoteRequests).where(eq(quoteRequests.id, id));
  const [row] = lock ? await q.for('update') : await q;
  return row ?? null;
}

/**
 * One quote with its revisions (oldest first); with `includeSessions` (admin) also its
 * collaboration links, newest first. Throws 404 'Quote request not found'.
 */
export async function getQuoteDetail(
  deps: Pick<AppDeps, 'db' | 'config'>,
  id: number,
  includeSessions: boolean,
): Promise<QuoteDetail> {
  const quote = await findQuote(deps.db, id);
  if (!quote) throw quoteNotFound();
  const [revisions, sessions] = await Promise.all([
    deps.db
      .select()
      .from(quoteRevisionHistory)
      .where(eq(quoteRevisionHistory.quoteId, id))
      .orderBy(quoteRevisionHistory.revisionNumber),
    includeSessions
      ? deps.db
          .select()
          .from(quoteCollaborationSessions)
          .where(eq(quoteCollaborationSessions.quoteId, id))
          .orderBy(desc(quoteCollaborationSessions.id))
      : Promise.resolve(null),
  ]);
  return {
    ...serializeQuote(quote),
    revisions: revisions.map(serializeRevision),
    ...(sessions ? { sessions: sessions.map((s) => serializeSession(s, deps.config)) } : {}),
  };
}

/** Status moves the admin may make without an amount (spec section 4 shows none; the obvious one). */
const STATUS_ONLY_MOVES: Partial<Record<QuoteStatus, QuoteStatus[]>> = {
  approved: ['completed'],
};

/**
 * PATCH /api/quote-requests/{id}: a quotedAmount (dollars) is stored in cents with the
 * notes and sets status 'quoted' (spec section 4), publishing `quote.quoted` (the
 * customer's mail); refused with 409 once the client approved. `status` alone may only
 * move approved -> completed (409 otherwise). Returns the updated quote.
 * Throws 404 for an unknown quote.
 */
export async function updateQuote(
  deps: Deps,
  id: number,
  body: { quotedAmount?: number; quotedNotes: string | null; status?: QuoteStatus },
): Promise<QuoteRow> {
  return deps.db.transaction(async (tx) => {
    const quote = await findQuote(tx, id, true);
    if (!quote) throw quoteNotFound();
    let next: Partial<QuoteRow>;
    if (body.quotedAmount !== undefined) {
      if (body.status && body.status !== 'quoted')
        throw conflict('A quote amount always sets the status to quoted');
      if (quote.status === 'approved' || quote.status === 'completed')
        throw conflict('This quote is approved; its amount can no longer change');
      next = {
        quotedAmountCents: dollarsToCents(body.quotedAmount),
        quotedNotes: body.quotedNotes,
        status: 'quoted',
      };
    } else {
      const to = body.status as QuoteStatus;
      if (to !== quote.status && !STATUS_ONLY_MOVES[quote.status as QuoteStatus]?.includes(to))
        throw conflict(`A ${quote.status} quote cannot be marked ${to}`);
      next = { status: to };
    }
    const [row] = await tx
      .update(quoteRequests)
      .set({ ...next, updatedAt: new Date() })
      .where(eq(quoteRequests.id, id))
      .returning();
    if (body.quotedAmount !== undefined)
      await publish(deps, tx, {
        type: 'quote.quoted',
        quote: row!,
        url: await activeCollaborationUrl(tx, deps.config, id),
      });
    await notifyRoom(tx, { k: 'quote', q: id });
    return row!;
  });
}

/** The `/api/files/{id}` id of a stored file link, or null for other links. */
function fileIdOf(url: string | null): string | null {
  const match = url ? /^\/api\/files\/([A-Za-z0-9_-]+)$/.exec(url) : null;
  return match?.[1] ?? null;
}

/**
 * Deletes a quote request; its annotations, collaboration sessions, presence and
 * revisions go with it (foreign keys ON DELETE CASCADE), and so do its stored logo and
 * mockup files, except those a custom order made from the quote still shows: its logo and its pin designs' images stay (back-office spec section 2: custom
 * orders show their designs). Its room is closed on every instance. Throws 404 for an
 * unknown quote.
 */
export async function deleteQuote(db: DbOrTx, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const quote = await findQuote(tx, id, true);
    if (!quote) throw quoteNotFound();
    const mockups = await tx
      .select({ url: quoteRevisionHistory.mockupUrl })
      .from(quoteRevisionHistory)
      .where(eq(quoteRevisionHistory.quoteId, id));
    // Prepared orders of the quote go with it (ON DELETE CASCADE); its custom orders stay.
    const ordered = await tx
      .select({ logoUrl: customOrders.logoUrl, pinDesigns: customOrders.pinDesigns })
      .from(customOrders)
      .where(eq(customOrders.quoteRequestId, id));
    const keep = new Set(
      ordered
        .flatMap((o) => [o.logoUrl, ...(o.pinDesigns ?? []).map((d) => d.imageUrl)])
        .map(fileIdOf),
    );
    const fileIds = [quote.logoUrl, ...mockups.map((m) => m.url)]
      .map(fileIdOf)
      .filter((f): f is string => f !== null && !keep.has(f));
    await tx.delete(quoteRequests).where(eq(quoteRequests.id, id));
    if (fileIds.length > 0) await tx.delete(files).where(inArray(files.id, fileIds));
    await notifyRoom(tx, { k: 'deleted', q: id });
  });
}

/**
 * Stores an uploaded mockup (already checked by content) as the quote's next revision
 * (`quote_revision_history`, numbers 1, 2, ...), publishes `quote.mockup_uploaded`
 * with the newest working collaboration link, and tells the room. Throws 404 for an
 * unknown quote, 409 once the proof is approved.
 */
export async function addRevision(
  deps: Deps,
  quoteId: number,
  input: { mockup: CheckedLogo; notes: string | null; changes: string | null; authorName: string },
) {
  return deps.db.transaction(async (tx) => {
    const quote = await findQuote(tx, quoteId, true);
    if (!quote) throw quoteNotFound();
    if (quote.status === 'approved' || quote.status === 'completed')
      throw conflict('This proof is already approved');
    const [last] = await tx
      .select({ n: max(quoteRevisionHistory.revisionNumber) })
      .from(quoteRevisionHistory)
      .where(eq(quoteRevisionHistory.quoteId, quoteId));
    const revisionNumber = (last?.n ?? 0) + 1;
    const stored = await saveFile(tx, input.mockup);
    const [revision] = await tx
      .insert(quoteRevisionHistory)
      .values({
        quoteId,
        revisionNumber,
        changes:
          input.changes ??
          (revisionNumber === 1 ? 'First mockup' : `Mockup revision ${revisionNumber}`),
        authorName: input.authorName,
        authorType: 'admin',
        mockupUrl: stored.url,
        notes: input.notes,
      })
      .returning();
    await publish(deps, tx, {
      type: 'quote.mockup_uploaded',
      quote,
      revision: revision!,
      url: await activeCollaborationUrl(tx, deps.config, quoteId),
    });
    await notifyRoom(tx, { k: 'revision', q: quoteId, id: revision!.id });
    return serializeRevision(revision!);
  });
}
