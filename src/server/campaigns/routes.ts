/**
 * Campaign routes (back-office spec section 7; issue 9). Admin only (401/403) except the
 * unsubscribe link. Every "send" creates a campaign (engine.ts) and answers at once with
 * its id and counts so far; the admin follows it with GET /api/campaigns/{id}.
 *
 * | route | what |
 * | --- | --- |
 * | POST /api/upload-tournament-csv (multipart `csvFile`, optional `list`=tournament/vip) | parse + keep the contacts; answers `count`, preview rows with invalid ones flagged |
 * | POST /api/send-tournament-campaign | {emailSubject, promoCode, discountPercent, uploadId?} |
 * | GET /api/export-tournament-contacts, GET /api/tournament-email-template | CSV / HTML preview |
 * | POST /api/send-marketing-email, POST /api/test-marketing-email, GET /api/export-customers-csv | |
 * | POST /api/vip-campaign, /api/vip-email, /api/test-vip-email | |
 * | POST /api/send-mass-discount-email | {discountCode}: the code's offer to every customer and subscriber |
 * | GET /api/campaigns, GET /api/campaigns/{id} | live progress |
 * | GET /api/campaign-audience | how many customers, confirmed subscribers and suppressed addresses |
 * | GET/POST /api/unsubscribe?e=&t= | the one-click unsubscribe (RFC 8058 POST; GET shows a confirm page) |
 */

import { and, desc, eq, sql } from 'drizzle-orm';
import escapeHtml from 'escape-html';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { formatUsd } from '../../shared/money';
import {
  CampaignProgress,
  CampaignStarted,
  CSV_INVALID_TEXT,
  CsvUploadResponse,
  MarketingEmailBody,
  MarketingTestBody,
  MassDiscountEmailBody,
  TOURNAMENT_DEFAULT_CODE,
  TOURNAMENT_DEFAULT_PERCENT,
  TournamentCampaignBody,
  VipCampaignBody,
  VipEmailBody,
} from '../../shared/schemas/campaigns';
import { IdParam } from '../../shared/schemas/common';
import { endSentence } from '../../shared/sentence';
import type { Db } from '../db/client';
import {
  campaigns,
  campaignUploads,
  customers,
  discountCodes,
  emailCampaigns,
  mailSuppressions,
  newsletterSubscribers,
} from '../db/schema';
import { checkCodeRow, type DiscountCodeRow } from '../discounts/service';
import { apiErrors, conflict, HttpError, notFound } from '../lib/errors';
import { acceptLinkPageForms, simpleHtmlPage } from '../lib/html-page';
import { readMultipart, registerMultipart } from '../lib/multipart';
import { requireAdmin } from '../lib/session';
import type { OutgoingMail } from '../mail/service';
import {
  type CampaignContent,
  marketingContent,
  offerContent,
  personalise,
  type Recipient,
  tournamentContent,
  vipContent,
} from './content';
import { parseContactsCsv, toCsv } from './csv';
import {
  type CampaignKind,
  type CampaignProgress as CampaignProgressRow,
  campaignProgress,
  createCampaign,
  recentCampaigns,
} from './engine';
import {
  campaignMailHeaders,
  mailLinkSecret,
  suppress,
  unsubscribeUrl,
  verifyUnsubscribe,
} from './suppression';

const CSV_MAX_BYTES = 5 * 1024 * 1024;
const SAMPLE: Recipient = {
  email: 'organiser@example.com',
  name: 'Alex Morgan',
  organization: 'Torrey Pines Invitational',
};

/**
 * Throws 409 when checkout would refuse the code `row` today (`now`) for its dates or its
 * use limit, saying what to change: a code is mailed only while checkout would take it
 * (DECISIONS.md: a code works while active, inside its dates and under its use limit;
 * docs/decisions.md issue 9 entry 18). Send Mass Email, the VIP mails and the tournament
 * campaign all ask it before mailing a code; each refuses an inactive code itself first.
 */
function assertCheckoutTakesCode(row: DiscountCodeRow, now: Date = new Date()): void {
  // Any order: the minimum order is the one refusal a buyer can still meet.
  const check = checkCodeRow(row, Number.MAX_SAFE_INTEGER, now);
  if (!check.valid && check.reason === 'expired')
    throw conflict('This code has expired: extend its dates before mailing it');
  if (!check.valid && check.reason === 'not_started')
    throw conflict('This code has not started yet: mail it once it works');
  if (!check.valid && check.reason === 'used_up')
    throw conflict('This code has no uses left: raise its limit before mailing it');
}

/**
 * The campaign's discount code exists as a percentage code of `percent` (created when
 * missing, so the mailed code works). 409 when the code exists with another discount, is
 * inactive, or checkout would refuse it today (assertCheckoutTakesCode).
 */
async function ensurePercentCode(db: Db, code: string, percent: number): Promise<void> {
  let [existing] = await db.select().from(discountCodes).where(eq(discountCodes.code, code));
  if (!existing) {
    const made = await db
      .insert(discountCodes)
      .values({ code, discountType: 'percentage', discountValue: percent, isActive: true })
      .onConflictDoNothing()
      .returning({ id: discountCodes.id });
    if (made.length > 0) return;
    // Made at the same moment by another request (two campaigns with one new code):
    // it must offer this campaign's percentage too, or the mail would promise another.
    [existing] = await db.select().from(discountCodes).where(eq(discountCodes.code, code));
    if (!existing) throw conflict(`Code ${code} could not be created: please try again`);
  }
  if (existing.discountType !== 'percentage' || existing.discountValue !== percent) {
    throw conflict(`Code ${code} already exists with a different discount`);
  }
  if (!existing.isActive) throw conflict(`Code ${code} is inactive: activate it first`);
  assertCheckoutTakesCode(existing);
}

/** Everyone a marketing mail may go to: customers and/or confirmed subscribers. */
async function audience(db: Db, which: 'all' | 'customers' | 'subscribers'): Promise<Recipient[]> {
  const out: Recipient[] = [];
  if (which !== 'subscribers') {
    const rows = await db
      .select({
        email: customers.email,
        name: customers.name,
        organization: customers.organization,
      })
      .from(customers)
      .orderBy(customers.id);
    out.push(...rows);
  }
  if (which !== 'customers') {
    const rows = await db
      .select({ email: newsletterSubscribers.email })
      .from(newsletterSubscribers)
      .where(eq(newsletterSubscribers.status, 'confirmed'))
      .orderBy(newsletterSubscribers.id);
    out.push(...rows.map((r) => ({ email: r.email, name: null, organization: null })));
  }
  return out;
}

export async function campaignRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const { db, config, campaigns: engine, mail } = app.deps;
  const admin = { preValidation: requireAdmin };
  const errors = apiErrors(400, 401, 403, 404, 409);

  /** Creates the campaign, starts it, and answers the spec's `result` counts so far. */
  async function start(
    request: FastifyRequest,
    kind: CampaignKind,
    content: CampaignContent,
    recipients: Recipient[],
    discount?: { code: string; percent: number | null },
  ): Promise<CampaignStarted> {
    const p = await createCampaign(db, {
      kind,
      content,
      recipients,
      discountCode: discount?.code ?? null,
      discountPercent: discount?.percent ?? null,
      createdBy: request.user?.id ?? null,
    });
    await engine.kick(p.id);
    return {
      campaignId: p.id,
      total: p.total,
      sending: mail.sending,
      result: { sent: p.sent, failed: p.failed, skipped: p.skipped, pending: p.pending },
    };
  }

  /** A sample of `content` to the signed-in admin through the outbox (a test send). */
  async function testSend(
    request: FastifyRequest,
    content: CampaignContent,
  ): Promise<{ to: string }> {
    const to = request.user!.email;
    const secret = await mailLinkSecret(db);
    const url = unsubscribeUrl(config.publicUrl, secret, to);
    const filled = personalise(content, SAMPLE, url);
    const out: OutgoingMail = {
      to,
      subject: `[Test] ${filled.subject}`,
      text: filled.text,
      html: filled.html,
      kind: 'campaign_test',
      headers: campaignMailHeaders(url, config.STORE_EMAIL),
    };
    await mail.enqueue(db, out);
    await mail.flush();
    return { to };
  }

  async function latestUpload(list: 'tournament' | 'vip', id?: number, fileName?: string) {
    const conds = [eq(campaignUploads.list, list)];
    if (id !== undefined) conds.push(eq(campaignUploads.id, id));
    if (fileName !== undefined) conds.push(eq(campaignUploads.fileName, fileName));
    const [row] = await db
      .select()
      .from(campaignUploads)
      .where(and(...conds))
      .orderBy(desc(campaignUploads.id))
      .limit(1);
    return row ?? null;
  }

  // --- uploads (the only multipart route: its own plugin) --------------------

  await instance.register(async (sub) => {
    await registerMultipart(sub);
    const app = sub.withTypeProvider<ZodTypeProvider>();

    app.post(
      '/api/upload-tournament-csv',
      { ...admin, schema: { response: { 200: CsvUploadResponse, ...errors } } },
      async (request) => {
        const form = await readMultipart(request, {
          files: ['csvFile'],
          fields: ['list'],
          maxFileBytes: CSV_MAX_BYTES,
          fileTooLarge: () => new HttpError(413, 'Please upload a CSV file smaller than 5 MB.'),
        });
        const file = form.files[0];
        if (!file)
          throw new HttpError(400, CSV_INVALID_TEXT, { errors: { csvFile: CSV_INVALID_TEXT } });
        const list = form.fields.list === 'vip' ? 'vip' : 'tournament';
        const rows = parseContactsCsv(file.data);
        const valid = rows.filter((r) => r.error === null);
        const fileName = file.filename || 'contacts.csv';
        const [upload] = await db
          .insert(campaignUploads)
          .values({
            list,
            fileName,
            rows: valid.map((r) => ({
              email: r.email,
              name: r.name,
              organization: r.organization,
            })),
          })
          .returning({ id: campaignUploads.id });
        return {
          uploadId: upload!.id,
          fileName,
          count: valid.length,
          invalid: rows.length - valid.length,
          // The preview shows the first 500 rows and every invalid one.
          rows: rows.filter((r, i) => i < 500 || r.error !== null).slice(0, 2000),
        };
      },
    );
  });

  // --- tournament ----------------------------------------------------------

  app.post(
    '/api/send-tournament-campaign',
    {
      ...admin,
      schema: { body: TournamentCampaignBody, response: { 200: CampaignStarted, ...errors } },
    },
    async (request) => {
      const b = request.body;
      const upload = await latestUpload('tournament', b.uploadId);
      if (!upload || upload.rows.length === 0)
        throw notFound('Upload a CSV file of organisers first');
      await ensurePercentCode(db, b.promoCode, b.discountPercent);
      return start(request, 'tournament', tournamentContent(config, b), upload.rows, {
        code: b.promoCode,
        percent: b.discountPercent,
      });
    },
  );

  app.get('/api/export-tournament-contacts', admin, async (_request, reply) => {
    const upload = await latestUpload('tournament');
    const rows = upload?.rows ?? [];
    const status = new Map<string, string>();
    if (rows.length) {
      const sent = await db
        .select({ email: emailCampaigns.customerEmail, status: emailCampaigns.status })
        .from(emailCampaigns)
        .where(eq(emailCampaigns.campaignType, 'tournament'))
        .orderBy(emailCampaigns.id);
      for (const s of sent) status.set(s.email, s.status);
    }
    const csv = toCsv(
      ['email', 'name', 'organization', 'last_campaign_status'],
      rows.map((r) => [r.email, r.name, r.organization, status.get(r.email) ?? '']),
    );
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', 'attachment; filename="tournament-contacts.csv"')
      .send(csv);
  });

  app.get(
    '/api/tournament-email-template',
    {
      ...admin,
      schema: {
        querystring: z.object({
          emailSubject: z.string().max(200).optional(),
          promoCode: z.string().max(40).optional(),
          discountPercent: z.coerce.number().int().min(1).max(50).optional().catch(undefined),
        }),
      },
    },
    async (request, reply) => {
      const q = request.query;
      const content = tournamentContent(config, {
        emailSubject: q.emailSubject?.trim() || 'Exclusive tournament pricing on custom golf pins',
        promoCode: (q.promoCode?.trim() || TOURNAMENT_DEFAULT_CODE).toUpperCase(),
        discountPercent: q.discountPercent ?? TOURNAMENT_DEFAULT_PERCENT,
      });
      const filled = personalise(content, SAMPLE, `${config.publicUrl}/api/unsubscribe`);
      return reply.type('text/html; charset=utf-8').send(filled.html);
    },
  );

  // --- marketing -----------------------------------------------------------

  app.post(
    '/api/send-marketing-email',
    {
      ...admin,
      schema: { body: MarketingEmailBody, response: { 200: CampaignStarted, ...errors } },
    },
    async (request) => {
      const b = request.body;
      const excluded = new Set(b.excludeEmails);
      const recipients = (await audience(db, b.audience)).filter(
        (r) => !excluded.has(r.email.toLowerCase()),
      );
      return start(request, 'marketing', marketingContent(config, b), recipients);
    },
  );

  app.post(
    '/api/test-marketing-email',
    {
      ...admin,
      schema: {
        body: MarketingTestBody,
        response: { 200: z.object({ to: z.string() }), ...errors },
      },
    },
    async (request) => testSend(request, marketingContent(config, request.body)),
  );

  app.get('/api/export-customers-csv', admin, async (_request, reply) => {
    const rows = await db
      .select({
        email: customers.email,
        name: customers.name,
        organization: customers.organization,
        source: customers.source,
        createdAt: customers.createdAt,
        suppressed: mailSuppressions.reason,
      })
      .from(customers)
      .leftJoin(mailSuppressions, eq(mailSuppressions.email, customers.email))
      .orderBy(customers.id);
    const csv = toCsv(
      ['email', 'name', 'organization', 'source', 'created_at', 'unsubscribed_or_bounced'],
      rows.map((r) => [
        r.email,
        r.name,
        r.organization,
        r.source,
        r.createdAt.toISOString(),
        r.suppressed ?? '',
      ]),
    );
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', 'attachment; filename="customers.csv"')
      .send(csv);
  });

  // --- VIP -----------------------------------------------------------------

  app.post(
    '/api/vip-campaign',
    { ...admin, schema: { body: VipCampaignBody, response: { 200: CampaignStarted, ...errors } } },
    async (request) => {
      const b = request.body;
      const upload = await latestUpload('vip', undefined, b.csvFileName);
      if (!upload || upload.rows.length === 0) {
        throw notFound(`No uploaded VIP list named ${b.csvFileName}`);
      }
      await ensurePercentCode(db, b.promoCode, b.discountPercent);
      return start(request, 'vip', vipContent(config, b), upload.rows, {
        code: b.promoCode,
        percent: b.discountPercent,
      });
    },
  );

  app.post(
    '/api/vip-email',
    { ...admin, schema: { body: VipEmailBody, response: { 200: CampaignStarted, ...errors } } },
    async (request) => {
      const b = request.body;
      await ensurePercentCode(db, b.promoCode, b.discountPercent);
      return start(
        request,
        'vip',
        vipContent(config, b),
        [{ email: b.email, name: b.name || null, organization: null }],
        { code: b.promoCode, percent: b.discountPercent },
      );
    },
  );

  app.post(
    '/api/test-vip-email',
    { ...admin, schema: { response: { 200: z.object({ to: z.string() }), ...errors } } },
    async (request) =>
      testSend(request, vipContent(config, { promoCode: 'VIPTEST', discountPercent: 20 })),
  );

  // --- discount code mass e-mail ---------------------------------------------

  app.post(
    '/api/send-mass-discount-email',
    {
      ...admin,
      schema: { body: MassDiscountEmailBody, response: { 200: CampaignStarted, ...errors } },
    },
    async (request) => {
      const code = request.body.discountCode.toUpperCase();
      const [dc] = await db
        .select()
        .from(discountCodes)
        .where(sql`upper(${discountCodes.code}) = ${code}`);
      if (!dc) throw notFound('Discount code not found');
      if (!dc.isActive) throw conflict('This code is inactive: activate it before mailing it');
      if (dc.issuedToEmail)
        throw conflict('This is a personal code and cannot be mailed to everyone');
      assertCheckoutTakesCode(dc);
      // Every customer would get the code twice: one mass e-mail per code at a time (a
      // campaign waiting for SMTP counts as going out).
      const [going] = await db
        .select({ id: campaigns.id })
        .from(campaigns)
        .where(
          and(
            eq(campaigns.kind, 'discount'),
            eq(campaigns.discountCode, dc.code),
            eq(campaigns.status, 'sending'),
          ),
        )
        .limit(1);
      if (going)
        throw conflict(
          `A mass e-mail with ${dc.code} is already going out (campaign #${going.id}).`,
        );
      const offer =
        dc.discountType === 'percentage'
          ? `${dc.discountValue}% off`
          : `${formatUsd(dc.discountValue)} off`;
      const minimum =
        dc.minimumOrderCents > 0 ? ` on orders of ${formatUsd(dc.minimumOrderCents)} or more` : '';
      const content = offerContent(config, {
        subject: `${config.STORE_NAME}: ${offer} with code ${dc.code}`,
        intro: `Here is a discount for your next order of custom pins or catalogue pins${minimum}.`,
        code: dc.code,
        offer,
      });
      return start(request, 'discount', content, await audience(db, 'all'), {
        code: dc.code,
        percent: dc.discountType === 'percentage' ? dc.discountValue : null,
      });
    },
  );

  app.get(
    '/api/campaign-audience',
    {
      ...admin,
      schema: {
        response: {
          200: z.object({
            customers: z.number().int(),
            subscribers: z.number().int(),
            suppressed: z.number().int(),
          }),
          ...errors,
        },
      },
    },
    async () => {
      const count = async (q: Promise<{ n: number }[]>) => (await q)[0]?.n ?? 0;
      const n = sql<number>`count(*)::int`;
      return {
        customers: await count(db.select({ n }).from(customers)),
        subscribers: await count(
          db
            .select({ n })
            .from(newsletterSubscribers)
            .where(eq(newsletterSubscribers.status, 'confirmed')),
        ),
        suppressed: await count(db.select({ n }).from(mailSuppressions)),
      };
    },
  );

  // --- progress --------------------------------------------------------------

  /** A campaign still sending waits for SMTP when the shop has no outgoing mail. */
  const withMailState = (p: CampaignProgressRow) => ({
    ...p,
    waitingForMail: p.status === 'sending' && !mail.sending,
  });

  app.get(
    '/api/campaigns',
    { ...admin, schema: { response: { 200: z.array(CampaignProgress), ...errors } } },
    async () => (await recentCampaigns(db)).map(withMailState),
  );

  app.get(
    '/api/campaigns/:id',
    { ...admin, schema: { params: IdParam, response: { 200: CampaignProgress, ...errors } } },
    async (request) => {
      const p = await campaignProgress(db, request.params.id);
      if (!p) throw notFound('Campaign not found');
      return withMailState(p);
    },
  );

  // --- unsubscribe (its own plugin: form-encoded bodies) ----------------------

  await instance.register(async (sub) => {
    // One-click unsubscribe posts `List-Unsubscribe=One-Click` form-encoded (RFC 8058);
    // the body carries nothing else we read.
    acceptLinkPageForms(sub);
    const app = sub.withTypeProvider<ZodTypeProvider>();

    const UnsubscribeQuery = z.object({
      e: z.string().max(700).default(''),
      t: z.string().max(100).default(''),
    });

    async function checkLink(query: { e: string; t: string }): Promise<string | null> {
      return verifyUnsubscribe(await mailLinkSecret(db), query.e, query.t);
    }

    /** A damaged or forged link: the API's JSON 400 (nothing is changed). */
    const invalidLink = () =>
      new HttpError(
        400,
        `This unsubscribe link is not valid. Write to ${config.STORE_EMAIL} and we will remove your address.`,
      );

    app.get(
      '/api/unsubscribe',
      { schema: { querystring: UnsubscribeQuery } },
      async (request, reply) => {
        const email = await checkLink(request.query);
        if (!email) throw invalidLink();
        const action = `/api/unsubscribe?e=${encodeURIComponent(request.query.e)}&t=${encodeURIComponent(request.query.t)}`;
        return reply
          .type('text/html; charset=utf-8')
          .send(
            simpleHtmlPage(
              'Unsubscribe',
              `<p>Stop all marketing e-mail from ${escapeHtml(config.STORE_NAME)} to <strong>${escapeHtml(email)}</strong>? Order and payment e-mails still arrive.</p><form method="post" action="${escapeHtml(action)}"><button type="submit">Unsubscribe</button></form>`,
            ),
          );
      },
    );

    app.post(
      '/api/unsubscribe',
      // One-click unsubscribe (RFC 8058) is posted by the mail provider, not from our pages.
      { config: { crossSite: 'allow' }, schema: { querystring: UnsubscribeQuery } },
      async (request, reply) => {
        const email = await checkLink(request.query);
        if (!email) throw invalidLink();
        await suppress(db, email, 'unsubscribed', 'unsubscribe link');
        return reply
          .type('text/html; charset=utf-8')
          .send(
            simpleHtmlPage(
              'You are unsubscribed',
              `<p>${escapeHtml(email)} will receive no more marketing e-mail from ${escapeHtml(endSentence(config.STORE_NAME))}</p>`,
            ),
          );
      },
    );
  });
}
