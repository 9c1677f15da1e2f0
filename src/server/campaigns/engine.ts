/**
 * The campaign engine (issue 9: "A campaign is a job"; "a campaign is never sent twice to
 * the same address"; "a retried job never sends a mail twice").
 *
 * - `createCampaign` writes the campaign and one `email_campaigns` row per address
 *   (unique per campaign + address) in one transaction; addresses already suppressed
 *   (unsubscribed, bounced) are stored as 'skipped'.
 * - A job `campaign-send` in the same pg-boss queue as the mail outbox sends it. The job
 *   claims pending recipients in batches (`FOR UPDATE SKIP LOCKED`, a fresh claim token),
 *   re-checks suppression, and sends each over one of CAMPAIGN_CONCURRENCY SMTP connections
 *   (smtp.ts). A recipient becomes 'sent' by a conditional update on its claim just
 *   before the final "." of DATA, so a killed or retried job never sends it again.
 * - A temporary SMTP refusal (4xx, network) puts the recipient back to pending with
 *   backoff (MAIL_RETRY_LIMIT retries from MAIL_RETRY_DELAY_SECONDS, doubling); a
 *   permanent one (5xx) fails it, and a 5xx to RCPT TO (a bounce) suppresses the address
 *   for every later campaign.
 * - Liveness: the job refreshes `campaigns.heartbeat_at`. The sweep (at start and every
 *   few seconds) takes over any campaign whose heartbeat is older than
 *   CAMPAIGN_STALE_SECONDS (its worker died): recipients left 'sending' go back to
 *   'pending' (their "." was never sent) and a new job (generation + 1) carries on.
 * - Message-ID is stable per recipient: `<campaign-{id}-{recipientId}@domain>`.
 */
import { createHash, randomUUID } from 'node:crypto';
import { and, desc, eq, gt, inArray, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type PgBoss from 'pg-boss';
import type { AppConfig } from '../config';
import type { Database, Db, DbOrTx } from '../db/client';
import { campaigns, emailCampaigns, mailSuppressions } from '../db/schema';
import { conflict } from '../lib/errors';
import type { MailService } from '../mail/service';
import { type CampaignContent, personalise, type Recipient } from './content';
import {
  composeMessage,
  fromAddress,
  GatedSmtpSender,
  type GatedSmtpSender as Sender,
} from './smtp';
import { campaignMailHeaders, mailLinkSecret, suppress, unsubscribeUrl } from './suppression';

export const CAMPAIGN_QUEUE = 'campaign-send';

export type CampaignRow = typeof campaigns.$inferSelect;
export type CampaignKind = CampaignRow['kind'];

/** Live progress of a campaign, as the admin reads it. */
export interface CampaignProgress {
  id: number;
  kind: CampaignKind;
  subject: string;
  status: CampaignRow['status'];
  total: number;
  sent: number;
  failed: number;
  skipped: number;
  /** Not yet done (pending or being sent). */
  pending: number;
  createdAt: string;
  finishedAt: string | null;
}

const INSERT_CHUNK = 1000;

/** How long after an identical campaign started the same one is refused (ms). */
export const REPEAT_CAMPAIGN_WINDOW_MS = 10 * 60_000;

/**
 * Creates a campaign for `recipients` (addresses trimmed and lower-cased; duplicates and
 * empty addresses dropped) in one transaction. Suppressed addresses are stored 'skipped'.
 * Returns the campaign's progress. Call `engine.kick(id)` after it to start sending.
 * Throws 409 when the same e-mail (kind, content, code) to the same recipients is still
 * going out or started less than REPEAT_CAMPAIGN_WINDOW_MS ago: a confirmation sent twice
 * (a double click, two tabs) must not mail everyone twice. Decided under a transaction
 * advisory lock on the campaign's fingerprint, so simultaneous requests make one campaign
 * (a concurrency audit).
 */
export async function createCampaign(
  db: Db,
  input: {
    kind: CampaignKind;
    content: CampaignContent;
    discountCode?: string | null;
    discountPercent?: number | null;
    recipients: Recipient[];
    createdBy?: number | null;
  },
): Promise<CampaignProgress> {
  const seen = new Set<string>();
  const rows: Recipient[] = [];
  for (const r of input.recipients) {
    const email = r.email.trim().toLowerCase();
    if (!email || seen.has(email)) continue;
    seen.add(email);
    rows.push({ ...r, email });
  }
  const fingerprint = createHash('sha256')
    .update(
      JSON.stringify([
        input.kind,
        input.content.subject,
        input.content.text,
        input.content.html,
        input.discountCode ?? null,
        input.discountPercent ?? null,
        rows.map((r) => r.email).sort(),
      ]),
    )
    .digest('hex');
  const id = await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${fingerprint}, 0))`);
    const since = new Date(Date.now() - REPEAT_CAMPAIGN_WINDOW_MS);
    const [same] = await tx
      .select({ id: campaigns.id, status: campaigns.status })
      .from(campaigns)
      .where(
        and(
          eq(campaigns.fingerprint, fingerprint),
          or(eq(campaigns.status, 'sending'), gt(campaigns.createdAt, since)),
        ),
      )
      .orderBy(desc(campaigns.id))
      .limit(1);
    if (same) {
      throw conflict(
        same.status === 'sending'
          ? `This e-mail is already going out to the same recipients (campaign #${same.id}).`
          : `This e-mail went out to the same recipients a few minutes ago (campaign #${same.id}). To send it again, wait 10 minutes.`,
      );
    }
    const [campaign] = await tx
      .insert(campaigns)
      .values({
        fingerprint,
        kind: input.kind,
        subject: input.content.subject,
        html: input.content.html,
        text: input.content.text,
        discountCode: input.discountCode ?? null,
        discountPercent: input.discountPercent ?? null,
        total: rows.length,
        // No worker yet: the next sweep (or `kick`) takes it at once.
        heartbeatAt: new Date(0),
        createdBy: input.createdBy ?? null,
      })
      .returning({ id: campaigns.id });
    for (let i = 0; i < rows.length; i += INSERT_CHUNK) {
      await tx
        .insert(emailCampaigns)
        .values(
          rows.slice(i, i + INSERT_CHUNK).map((r) => ({
            campaignId: campaign!.id,
            customerEmail: r.email,
            customerName: r.name,
            organization: r.organization,
            discountCode: input.discountCode ?? null,
            campaignType: input.kind,
            status: 'pending' as const,
          })),
        )
        .onConflictDoNothing();
    }
    await skipSuppressed(tx, campaign!.id);
    return campaign!.id;
  });
  return (await campaignProgress(db, id))!;
}

/** Marks the campaign's pending recipients that are suppressed now as 'skipped'. */
async function skipSuppressed(db: DbOrTx, campaignId: number): Promise<void> {
  await db
    .update(emailCampaigns)
    .set({
      status: 'skipped',
      lastError: sql`(SELECT ${mailSuppressions.reason} FROM ${mailSuppressions} WHERE ${mailSuppressions.email} = ${emailCampaigns.customerEmail})`,
    })
    .where(
      and(
        eq(emailCampaigns.campaignId, campaignId),
        eq(emailCampaigns.status, 'pending'),
        sql`${emailCampaigns.customerEmail} IN (SELECT ${mailSuppressions.email} FROM ${mailSuppressions})`,
      ),
    );
}

/**
 * The counts of `rows` (recipient statuses per campaign) in one grouped query, so a list
 * of campaigns costs two queries, not two per campaign.
 */
async function withCounts(db: DbOrTx, rows: CampaignRow[]): Promise<CampaignProgress[]> {
  if (rows.length === 0) return [];
  const counts = await db
    .select({
      campaignId: emailCampaigns.campaignId,
      status: emailCampaigns.status,
      n: sql<number>`count(*)::int`,
    })
    .from(emailCampaigns)
    .where(
      inArray(
        emailCampaigns.campaignId,
        rows.map((c) => c.id),
      ),
    )
    .groupBy(emailCampaigns.campaignId, emailCampaigns.status);
  return rows.map((c) => {
    const by = (s: string) => counts.find((r) => r.campaignId === c.id && r.status === s)?.n ?? 0;
    return {
      id: c.id,
      kind: c.kind,
      subject: c.subject,
      status: c.status,
      total: c.total,
      sent: by('sent'),
      failed: by('failed'),
      skipped: by('skipped'),
      pending: by('pending') + by('sending'),
      createdAt: c.createdAt.toISOString(),
      finishedAt: c.finishedAt?.toISOString() ?? null,
    };
  });
}

/** Progress of one campaign, or null when it does not exist. */
export async function campaignProgress(db: DbOrTx, id: number): Promise<CampaignProgress | null> {
  const rows = await db.select().from(campaigns).where(eq(campaigns.id, id));
  const [progress] = await withCounts(db, rows);
  return progress ?? null;
}

/** The newest `limit` campaigns' progress, newest first (admin list; two queries). */
export async function recentCampaigns(db: DbOrTx, limit = 20): Promise<CampaignProgress[]> {
  const rows = await db.select().from(campaigns).orderBy(sql`${campaigns.id} desc`).limit(limit);
  return withCounts(db, rows);
}

/** The job id of a campaign's generation: a UUID, so one generation never gets two jobs. */
export function campaignJobId(campaignId: number, generation: number): string {
  const h = createHash('sha256').update(`campaign:${campaignId}:${generation}`).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-8${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

/** The address part of MAIL_FROM (smtp.ts). */
export { fromAddress };

export interface CampaignEngine {
  /** Starts the campaign worker and sweep on the mail queue's pg-boss (only when sending). */
  start(): Promise<void>;
  /** Stops them; a campaign in progress is taken up again by the next start. */
  stop(): Promise<void>;
  /** Hands `campaignId` to the queue now if no live worker has it (after creating it). */
  kick(campaignId: number): Promise<void>;
  /** Takes over every campaign without a live worker; returns how many. */
  sweep(): Promise<number>;
}

export interface CampaignEngineOptions {
  database: Database;
  config: Pick<
    AppConfig,
    | 'SMTP_URL'
    | 'MAIL_FROM'
    | 'MAIL_RETRY_LIMIT'
    | 'MAIL_RETRY_DELAY_SECONDS'
    | 'MAIL_POLL_SECONDS'
    | 'CAMPAIGN_CONCURRENCY'
    | 'CAMPAIGN_STALE_SECONDS'
    | 'STORE_EMAIL'
    | 'publicUrl'
  >;
  mail: MailService;
  log: FastifyBaseLogger;
}

type RecipientRow = typeof emailCampaigns.$inferSelect;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Builds the engine; nothing runs until `start()`. */
export function createCampaignEngine({
  database,
  config,
  mail,
  log,
}: CampaignEngineOptions): CampaignEngine {
  const db = database.db;
  const smtpUrl = config.SMTP_URL?.trim() || undefined;
  const from = config.MAIL_FROM;
  const envelopeFrom = fromAddress(from);
  const domain = envelopeFrom.split('@')[1] ?? 'localhost';
  const staleMs = config.CAMPAIGN_STALE_SECONDS * 1000;
  let boss: PgBoss | null = null;
  let sweepTimer: NodeJS.Timeout | null = null;
  let stopping = false;
  const running = new Set<Promise<void>>();

  async function heartbeat(campaignId: number): Promise<void> {
    await db.update(campaigns).set({ heartbeatAt: new Date() }).where(eq(campaigns.id, campaignId));
  }

  /** Recipients left 'sending' by a dead worker ("." never sent) go back to pending. */
  async function releaseStale(campaignId: number): Promise<void> {
    await db
      .update(emailCampaigns)
      .set({ status: 'pending', claimToken: null })
      .where(
        and(
          eq(emailCampaigns.campaignId, campaignId),
          eq(emailCampaigns.status, 'sending'),
          sql`${emailCampaigns.claimedAt} < now() - make_interval(secs => ${config.CAMPAIGN_STALE_SECONDS})`,
        ),
      );
  }

  async function claim(campaignId: number, token: string, n: number): Promise<RecipientRow[]> {
    return db
      .update(emailCampaigns)
      .set({
        status: 'sending',
        claimToken: token,
        claimedAt: sql`now()`,
        attempts: sql`${emailCampaigns.attempts} + 1`,
      })
      .where(
        inArray(
          emailCampaigns.id,
          sql`(SELECT ${emailCampaigns.id} FROM ${emailCampaigns}
               WHERE ${emailCampaigns.campaignId} = ${campaignId} AND ${emailCampaigns.status} = 'pending'
                 AND (${emailCampaigns.nextAttemptAt} IS NULL OR ${emailCampaigns.nextAttemptAt} <= now())
               ORDER BY ${emailCampaigns.id} LIMIT ${n} FOR UPDATE SKIP LOCKED)`,
        ),
      )
      .returning();
  }

  /** The outcome of one recipient's attempt, written under its claim. */
  async function settle(
    row: RecipientRow,
    token: string,
    result: Awaited<ReturnType<Sender['send']>>,
  ): Promise<void> {
    const mine = and(eq(emailCampaigns.id, row.id), eq(emailCampaigns.claimToken, token));
    if (result.kind === 'sent' || result.kind === 'abandoned') return;
    if (result.kind === 'unconfirmed') {
      await db
        .update(emailCampaigns)
        .set({
          lastError: `No answer after the message (not sent again): ${result.error}`.slice(0, 2000),
        })
        .where(mine);
      return;
    }
    const permanent = result.code !== null && result.code >= 500;
    const retriesLeft = row.attempts <= config.MAIL_RETRY_LIMIT;
    const retry = !permanent && retriesLeft;
    const delaySeconds = config.MAIL_RETRY_DELAY_SECONDS * 2 ** Math.max(0, row.attempts - 1);
    await db
      .update(emailCampaigns)
      .set({
        status: retry ? 'pending' : 'failed',
        claimToken: null,
        sentAt: null,
        lastError: result.error.slice(0, 2000),
        nextAttemptAt: retry ? new Date(Date.now() + delaySeconds * 1000) : null,
      })
      .where(mine);
    if (permanent && result.atRecipient) {
      await suppress(db, row.customerEmail, 'bounced', result.error);
    }
  }

  async function sendOne(
    campaign: CampaignRow,
    row: RecipientRow,
    token: string,
    sender: GatedSmtpSender,
    secret: Buffer,
  ): Promise<void> {
    const unsubscribe = unsubscribeUrl(config.publicUrl, secret, row.customerEmail);
    const content = personalise(
      campaign,
      { email: row.customerEmail, name: row.customerName, organization: row.organization },
      unsubscribe,
    );
    const messageId = `<campaign-${campaign.id}-${row.id}@${domain}>`;
    const raw = await composeMessage({
      from,
      to: row.customerEmail,
      ...content,
      messageId,
      headers: campaignMailHeaders(unsubscribe, config.STORE_EMAIL),
    });
    const result = await sender.send(envelopeFrom, row.customerEmail, raw, async () => {
      const marked = await db
        .update(emailCampaigns)
        .set({ status: 'sent', sentAt: new Date(), messageId, lastError: null })
        .where(
          and(
            eq(emailCampaigns.id, row.id),
            eq(emailCampaigns.claimToken, token),
            eq(emailCampaigns.status, 'sending'),
          ),
        )
        .returning({ id: emailCampaigns.id });
      return marked.length === 1;
    });
    await settle(row, token, result);
  }

  /** The job: sends campaign `campaignId` until nothing is left (or the engine stops). */
  async function run(campaignId: number): Promise<void> {
    const [campaign] = await db.select().from(campaigns).where(eq(campaigns.id, campaignId));
    if (!campaign || campaign.status === 'done') return;
    const secret = await mailLinkSecret(db);
    const senders = Array.from(
      { length: config.CAMPAIGN_CONCURRENCY },
      () => new GatedSmtpSender(smtpUrl!),
    );
    const token = randomUUID();
    try {
      while (!stopping) {
        await heartbeat(campaignId);
        await releaseStale(campaignId);
        await skipSuppressed(db, campaignId);
        const batch = await claim(campaignId, token, config.CAMPAIGN_CONCURRENCY * 25);
        if (batch.length === 0) {
          const [left] = await db
            .select({
              n: sql<number>`count(*)::int`,
              next: sql<Date | null>`min(${emailCampaigns.nextAttemptAt})`,
            })
            .from(emailCampaigns)
            .where(
              and(
                eq(emailCampaigns.campaignId, campaignId),
                inArray(emailCampaigns.status, ['pending', 'sending']),
              ),
            );
          if (!left || left.n === 0) {
            await db
              .update(campaigns)
              .set({ status: 'done', finishedAt: new Date() })
              .where(and(eq(campaigns.id, campaignId), eq(campaigns.status, 'sending')));
            log.info({ campaignId }, 'campaign finished');
            return;
          }
          const wait = left.next ? new Date(left.next).getTime() - Date.now() : 1000;
          await sleep(Math.min(Math.max(wait, 50), 1000));
          continue;
        }
        let next = 0;
        await Promise.all(
          senders.map(async (sender) => {
            while (next < batch.length) {
              const row = batch[next++]!;
              if (stopping) return;
              await sendOne(campaign, row, token, sender, secret);
            }
          }),
        );
      }
    } finally {
      for (const s of senders) s.close();
      if (stopping) {
        // Stopped on purpose: let the next start take it over at once.
        await db
          .update(campaigns)
          .set({ heartbeatAt: new Date(0) })
          .where(and(eq(campaigns.id, campaignId), eq(campaigns.status, 'sending')))
          .catch(() => {});
      }
    }
  }

  const engine: CampaignEngine = {
    async start() {
      if (!smtpUrl || boss) return;
      const b = mail.boss();
      if (!b) return;
      stopping = false;
      boss = b;
      await b.createQueue(CAMPAIGN_QUEUE, {
        name: CAMPAIGN_QUEUE,
        retryLimit: 3,
        retryDelay: 5,
        expireInSeconds: 4 * 3600,
      });
      await b.work<{ campaignId: number }>(
        CAMPAIGN_QUEUE,
        { batchSize: 1, pollingIntervalSeconds: config.MAIL_POLL_SECONDS },
        async (jobs) => {
          for (const job of jobs) {
            const p = run(job.data.campaignId);
            running.add(p);
            try {
              await p;
            } finally {
              running.delete(p);
            }
          }
        },
      );
      await engine.sweep();
      const every = Math.max(1000, Math.min(staleMs / 2, 15_000));
      sweepTimer = setInterval(() => {
        engine.sweep().catch((err) => log.error({ err }, 'campaign sweep failed'));
      }, every);
      sweepTimer.unref();
    },

    async stop() {
      if (sweepTimer) clearInterval(sweepTimer);
      sweepTimer = null;
      stopping = true;
      await Promise.allSettled([...running]);
      if (boss) await boss.offWork(CAMPAIGN_QUEUE).catch(() => {});
      boss = null;
    },

    async kick(campaignId) {
      if (!boss) return;
      await takeOver(sql`${campaigns.id} = ${campaignId}`);
    },

    async sweep() {
      if (!boss) return 0;
      return takeOver(sql`true`);
    },
  };

  /** Claims campaigns matching `where` whose heartbeat is stale and queues a job for each. */
  async function takeOver(where: ReturnType<typeof sql>): Promise<number> {
    const taken = await db
      .update(campaigns)
      .set({ generation: sql`${campaigns.generation} + 1`, heartbeatAt: new Date() })
      .where(
        and(
          eq(campaigns.status, 'sending'),
          sql`${campaigns.heartbeatAt} < now() - make_interval(secs => ${config.CAMPAIGN_STALE_SECONDS})`,
          where,
        ),
      )
      .returning({ id: campaigns.id, generation: campaigns.generation });
    for (const c of taken) {
      await boss!.send(
        CAMPAIGN_QUEUE,
        { campaignId: c.id },
        { id: campaignJobId(c.id, c.generation), retryLimit: 3, retryDelay: 5 },
      );
    }
    return taken.length;
  }

  return engine;
}
