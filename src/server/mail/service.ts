/**
 * Outgoing mail (DECISIONS.md "E-mail: SMTP_URL, MAIL_FROM. Unset: mails are kept in the
 * database outbox and listed in the admin area, never lost" and "All outgoing mail goes
 * through a durable job queue with retries").
 *
 * The `mail_outbox` row IS the durable record of a mail. `enqueueMail` writes it inside
 * the caller's transaction, so a rolled-back order leaves no mail behind.
 * - SMTP_URL unset: the row is stored as 'held' and never sent; it stays for the admin.
 * - SMTP_URL set: the row is stored as 'queued'. After the commit the caller calls
 *   `mail.flush()`, which hands the 'queued' rows not handed over yet (`handed_at`) to
 *   the pg-boss queue (job id derived from the row, so a row never gets two live jobs;
 *   a password reset, which its reader waits for, goes before the rest). The same sweep
 *   runs at start and every MAIL_SWEEP_SECONDS, so a crash between commit and flush
 *   loses nothing. The worker takes the next job as soon as one is delivered.
 *   The worker sends over SMTP (campaigns/smtp.ts, nodemailer's SMTPConnection and
 *   MailComposer) and marks the row 'sent' (sent_at) just before the final "." of DATA,
 *   under its attempt number; a refusal records `last_error` and lets pg-boss retry;
 *   after the last retry the row is 'failed'. `attempts` counts delivery attempts. A
 *   retried or restarted job never sends a mail twice (a crash in the microseconds
 *   between the mark and the "." loses that mail instead). Message-ID is stable per row.
 */
import { and, asc, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type PgBoss from 'pg-boss';
import { composeMessage, fromAddress, GatedSmtpSender, type SendOutcome } from '../campaigns/smtp';
import { mailLinkSecret } from '../campaigns/suppression';
import type { AppConfig } from '../config';
import type { Database, DbOrTx } from '../db/client';
import { type MailHtmlSource, mailOutbox } from '../db/schema';
import { type HtmlConfig, htmlOf } from './html-later';
import { type MailQueue, startMailQueue } from './queue';

export type OutboxRow = typeof mailOutbox.$inferSelect;

/** What a caller wants to send; bodies are final text (templates.ts builds them). */
export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  /** HTML part; every user value in it must already be escaped. */
  html?: string;
  /** Instead of `html`: what the HTML part is rendered from at delivery (html-later.ts). */
  htmlSource?: MailHtmlSource;
  /** What the mail is, for the admin list, e.g. 'order_confirmation'. */
  kind: string;
  /** Extra headers, e.g. List-Unsubscribe on marketing mail. */
  headers?: Record<string, string>;
}

/**
 * Inserts the outbox row for one mail with `db` (pass the transaction to tie the mail
 * to the caller's commit). `hold` true (no SMTP configured) stores it as 'held', else
 * 'queued'. Returns the row. Nothing is sent until `MailService.flush()` after commit.
 */
export async function enqueueMail(
  db: DbOrTx,
  mail: OutgoingMail,
  opts: { hold: boolean },
): Promise<OutboxRow> {
  const [row] = await db.insert(mailOutbox).values(outboxValues(mail, opts)).returning();
  return row!;
}

/** A new outbox row's values. */
export type NewOutboxRow = typeof mailOutbox.$inferInsert;

/**
 * The outbox row `enqueueMail` inserts for `mail` ('held' when `hold`, else 'queued'),
 * for a caller that writes it in a statement of its own (events.ts `publishRows`).
 */
export function outboxValues(mail: OutgoingMail, opts: { hold: boolean }): NewOutboxRow {
  return {
    toAddress: mail.to,
    subject: mail.subject,
    textBody: mail.text,
    htmlBody: mail.html ?? null,
    htmlSource: mail.htmlSource ?? null,
    kind: mail.kind,
    headers: mail.headers ?? null,
    status: opts.hold ? 'held' : 'queued',
  };
}

/** Mail as the app uses it (`app.deps.mail`). */
export interface MailService {
  /** True when SMTP_URL is set and queued mail is delivered; false: mail is held. */
  readonly sending: boolean;
  /** `enqueueMail` with this configuration's hold/queue choice. */
  enqueue(db: DbOrTx, mail: OutgoingMail): Promise<OutboxRow>;
  /**
   * Hands every 'queued' outbox row to the job queue (idempotent). Call after the commit
   * that enqueued; a no-op returning 0 when not sending or not started. Returns rows handed over.
   */
  flush(): Promise<number>;
  /** Starts pg-boss, the worker and the periodic sweep (only when sending). */
  start(): Promise<void>;
  /** Stops them; safe to call twice or without start. */
  stop(): Promise<void>;
  /** The started queue's pg-boss (campaign jobs share it); null when not sending or not started. */
  boss(): PgBoss | null;
  /** The shop's secret for links in mail (campaigns/suppression `mailLinkSecret`; cached). */
  linkSecret(): Promise<Buffer>;
}

export interface MailServiceOptions {
  database: Database;
  config: Pick<
    AppConfig,
    | 'SMTP_URL'
    | 'MAIL_FROM'
    | 'MAIL_RETRY_LIMIT'
    | 'MAIL_RETRY_DELAY_SECONDS'
    | 'MAIL_POLL_SECONDS'
    | 'MAIL_SWEEP_SECONDS'
  > &
    HtmlConfig;
  log: FastifyBaseLogger;
}

const SWEEP_BATCH = 500;
/** A row still 'queued' this long after it was handed over is handed over again. */
const REHAND_AFTER_MS = 60 * 60_000;

/** Builds the mail service for the app; nothing runs until `start()`. */
export function createMailService({ database, config, log }: MailServiceOptions): MailService {
  const db = database.db;
  const smtpUrl = config.SMTP_URL?.trim() || undefined;
  let queue: MailQueue | null = null;
  let sweep: NodeJS.Timeout | null = null;
  let transportOpen = false;

  const envelopeFrom = fromAddress(config.MAIL_FROM);
  const domain = envelopeFrom.split('@')[1] ?? 'localhost';
  /** Idle SMTP connections; a delivery takes one (or opens one) and gives it back. */
  const idle: GatedSmtpSender[] = [];

  /**
   * One delivery attempt of an outbox row (the pg-boss job handler). The row is marked
   * 'sent' under its attempt number just before the final "." of DATA (campaigns/smtp.ts),
   * so a retried or restarted job never sends it twice; a refusal puts it back to
   * 'queued' (or 'failed' on the last attempt) and throws for pg-boss to retry.
   */
  async function deliver(outboxId: number, final: boolean): Promise<void> {
    const [row] = await db
      .update(mailOutbox)
      .set({ attempts: sql`${mailOutbox.attempts} + 1` })
      .where(and(eq(mailOutbox.id, outboxId), eq(mailOutbox.status, 'queued')))
      .returning();
    if (!row) return; // already sent, failed or held: nothing to do
    const raw = await composeMessage({
      from: config.MAIL_FROM,
      to: row.toAddress,
      subject: row.subject,
      text: row.textBody,
      html: htmlOf(row, config),
      headers: row.headers,
      messageId: `<outbox-${row.id}-${row.createdAt.getTime()}@${domain}>`,
    });
    const sender = idle.pop() ?? new GatedSmtpSender(smtpUrl!);
    let result: SendOutcome;
    try {
      result = await sender.send(envelopeFrom, row.toAddress, raw, async () => {
        const marked = await db
          .update(mailOutbox)
          .set({ status: 'sent', sentAt: new Date(), lastError: null })
          .where(
            and(
              eq(mailOutbox.id, outboxId),
              eq(mailOutbox.status, 'queued'),
              eq(mailOutbox.attempts, row.attempts),
            ),
          )
          .returning({ id: mailOutbox.id });
        return marked.length === 1;
      });
    } finally {
      if (transportOpen) idle.push(sender);
      else sender.close();
    }
    if (result.kind === 'sent' || result.kind === 'abandoned') return;
    if (result.kind === 'unconfirmed') {
      await db
        .update(mailOutbox)
        .set({
          lastError: `No answer after the message (not sent again): ${result.error}`.slice(0, 2000),
        })
        .where(eq(mailOutbox.id, outboxId));
      return;
    }
    await db
      .update(mailOutbox)
      .set({
        lastError: result.error.slice(0, 2000),
        status: final ? 'failed' : 'queued',
        sentAt: null,
      })
      .where(and(eq(mailOutbox.id, outboxId), eq(mailOutbox.attempts, row.attempts)));
    log.warn(
      { outboxId, attempts: row.attempts, final, err: result.error },
      final ? 'mail failed, giving up' : 'mail failed, will retry',
    );
    throw new Error(result.error);
  }

  const service: MailService = {
    sending: smtpUrl !== undefined,
    enqueue: (tx, mail) => enqueueMail(tx, mail, { hold: smtpUrl === undefined }),
    // Read with the pool, not the caller's transaction: cached per database after once.
    linkSecret: () => mailLinkSecret(db),

    async flush() {
      const q = queue;
      if (!q) return 0;
      // Rows never handed over, and (a safety net) rows still queued long after they
      // were: a flush after a large backlog hands over the new rows only, not the oldest
      // SWEEP_BATCH again (their jobs exist; the job id makes a repeat a no-op anyway).
      const stale = new Date(Date.now() - REHAND_AFTER_MS);
      const rows = await db
        .select({ id: mailOutbox.id, createdAt: mailOutbox.createdAt, kind: mailOutbox.kind })
        .from(mailOutbox)
        .where(
          and(
            eq(mailOutbox.status, 'queued'),
            or(isNull(mailOutbox.handedAt), lt(mailOutbox.handedAt, stale)),
          ),
        )
        .orderBy(asc(mailOutbox.id))
        .limit(SWEEP_BATCH);
      if (rows.length === 0) return 0;
      // One at a time: PGlite runs one query at a time anyway. Marked after its job
      // exists, so a crash in between only hands a row over twice (a no-op).
      for (const row of rows) await q.send(row);
      await db
        .update(mailOutbox)
        .set({ handedAt: new Date() })
        .where(
          inArray(
            mailOutbox.id,
            rows.map((r) => r.id),
          ),
        );
      // New mail goes out now, not at the worker's next poll.
      q.wake();
      return rows.length;
    },

    async start() {
      if (!smtpUrl || queue) return;
      transportOpen = true;
      queue = await startMailQueue(
        database,
        {
          retryLimit: config.MAIL_RETRY_LIMIT,
          retryDelaySeconds: config.MAIL_RETRY_DELAY_SECONDS,
          pollSeconds: config.MAIL_POLL_SECONDS,
        },
        deliver,
        log,
      );
      // Rows left 'queued' by an earlier run (crash between commit and flush).
      await service.flush();
      sweep = setInterval(() => {
        service.flush().catch((err) => log.error({ err }, 'mail outbox sweep failed'));
      }, config.MAIL_SWEEP_SECONDS * 1000);
      sweep.unref();
    },

    boss: () => queue?.boss ?? null,

    async stop() {
      if (sweep) clearInterval(sweep);
      sweep = null;
      const q = queue;
      queue = null;
      if (q) await q.stop();
      transportOpen = false;
      for (const s of idle.splice(0)) s.close();
    },
  };
  return service;
}

/** Outbox rows for the admin list, newest first (all statuses, or one). */
export async function listOutbox(
  db: DbOrTx,
  opts: { status?: OutboxRow['status']; limit?: number } = {},
): Promise<OutboxRow[]> {
  const q = db.select().from(mailOutbox);
  return (opts.status ? q.where(eq(mailOutbox.status, opts.status)) : q)
    .orderBy(sql`${mailOutbox.id} desc`)
    .limit(opts.limit ?? 100);
}
