/**
 * The admin's actions on problem mail (issue 8 "Money owed and mail held"), on the
 * `mail_outbox` table only, handing work to the sender with `mail.flush()`:
 *
 * - release held mail: `held` rows (stored while SMTP_URL was unset, DECISIONS.md) become
 *   `queued` and are flushed; only while mail is being sent (SMTP configured), else 409.
 * - resend a failed mail: the `failed` row is replaced, in one transaction, by a fresh
 *   `queued` copy (same recipient, subject, bodies, kind), which gets its own queue job
 *   (the failed row's job is finished in the queue and cannot run again); 409 unless
 *   sending, 404 when the row is not a failed mail.
 */
import { and, asc, count, eq, inArray } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { DbOrTx } from '../db/client';
import { mailOutbox } from '../db/schema';
import type { AppDeps } from '../deps';
import { conflict, notFound } from '../lib/errors';

type Deps = Pick<AppDeps, 'db' | 'mail'>;
export type OutboxRow = typeof mailOutbox.$inferSelect;

export const MAIL_NOT_CONFIGURED =
  'Mail is not being sent: set SMTP_URL (and restart the shop) before releasing or resending mail.';

/** Held and failed outbox rows, oldest first (at most `limit`). */
export async function listProblemMail(db: DbOrTx, limit = 200): Promise<OutboxRow[]> {
  return db
    .select()
    .from(mailOutbox)
    .where(inArray(mailOutbox.status, ['held', 'failed']))
    .orderBy(asc(mailOutbox.id))
    .limit(limit);
}

/** How many rows are held and failed. */
export async function countProblemMail(db: DbOrTx): Promise<{ held: number; failed: number }> {
  const rows = await db
    .select({ status: mailOutbox.status, n: count() })
    .from(mailOutbox)
    .where(inArray(mailOutbox.status, ['held', 'failed']))
    .groupBy(mailOutbox.status);
  const of = (s: string) => Number(rows.find((r) => r.status === s)?.n ?? 0);
  return { held: of('held'), failed: of('failed') };
}

async function flush(deps: Deps, log: FastifyBaseLogger) {
  await deps.mail.flush().catch((err) => log.error({ err }, 'mail flush failed'));
}

/**
 * Releases held mail: one row (`id`) or all held rows. Returns how many were released.
 * Throws 409 MAIL_NOT_CONFIGURED unless sending, 404 when `id` is not a held mail.
 */
export async function releaseHeldMail(
  deps: Deps,
  log: FastifyBaseLogger,
  id?: number,
): Promise<number> {
  if (!deps.mail.sending) throw conflict(MAIL_NOT_CONFIGURED);
  const released = await deps.db
    .update(mailOutbox)
    .set({ status: 'queued' })
    .where(
      id === undefined
        ? eq(mailOutbox.status, 'held')
        : and(eq(mailOutbox.id, id), eq(mailOutbox.status, 'held')),
    )
    .returning({ id: mailOutbox.id });
  if (id !== undefined && released.length === 0) throw notFound('Held mail not found');
  await flush(deps, log);
  return released.length;
}

/**
 * Resends a failed mail as a fresh queued copy (see module doc); returns the new row.
 * Throws 409 MAIL_NOT_CONFIGURED unless sending, 404 when `id` is not a failed mail.
 */
export async function resendFailedMail(
  deps: Deps,
  log: FastifyBaseLogger,
  id: number,
): Promise<OutboxRow> {
  if (!deps.mail.sending) throw conflict(MAIL_NOT_CONFIGURED);
  const copy = await deps.db.transaction(async (tx) => {
    const [failed] = await tx
      .delete(mailOutbox)
      .where(and(eq(mailOutbox.id, id), eq(mailOutbox.status, 'failed')))
      .returning();
    if (!failed) throw notFound('Failed mail not found');
    const [row] = await tx
      .insert(mailOutbox)
      .values({
        toAddress: failed.toAddress,
        subject: failed.subject,
        textBody: failed.textBody,
        htmlBody: failed.htmlBody,
        htmlSource: failed.htmlSource,
        kind: failed.kind,
        // Reply-To, List-Unsubscribe: the copy is the same mail.
        headers: failed.headers,
        status: 'queued',
        lastError: `Resent by the admin after: ${failed.lastError ?? 'unknown error'}`.slice(
          0,
          2000,
        ),
      })
      .returning();
    return row!;
  });
  await flush(deps, log);
  return copy;
}
