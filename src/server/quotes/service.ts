/**
 * Quote requests (storefront spec sections 2, 5, 7, 9; back-office spec section 3
 * `quote_requests`). Checks an uploaded logo by its content (DECISIONS.md "Security":
 * type enforced by content, not by name; SVG sanitised), stores the request with its
 * logo, and enqueues the customer's confirmation and the shop's notification in the
 * same transaction.
 */
import createDOMPurify from 'dompurify';
import escapeHtml from 'escape-html';
import { fileTypeFromBuffer } from 'file-type';
import { JSDOM } from 'jsdom';
import {
  QUOTE_MESSAGES,
  QUOTE_RESPONSE_HOURS,
  type QuoteRequest,
} from '../../shared/schemas/quotes';
import type { AppConfig } from '../config';
import type { Db } from '../db/client';
import { quoteRequests } from '../db/schema';
import { saveFile } from '../files/service';
import { HttpError } from '../lib/errors';
import type { MailService, OutgoingMail } from '../mail/service';

/** A logo accepted for storage: its real type and the bytes to store (SVG already sanitised). */
export interface CheckedLogo {
  contentType: 'image/png' | 'image/jpeg' | 'image/gif' | 'image/svg+xml';
  data: Buffer;
  originalName: string;
}

/** 415 with the spec's upload message (section 5). */
export const unsupportedLogo = () => new HttpError(415, QUOTE_MESSAGES.invalidFile);
/** 413 with the spec's upload message (section 5). */
export const logoTooLarge = () => new HttpError(413, QUOTE_MESSAGES.fileTooLarge);

const RASTER = new Set(['image/png', 'image/jpeg', 'image/gif']);

let purifier: ReturnType<typeof createDOMPurify> | null = null;
function getPurifier() {
  purifier ??= createDOMPurify(new JSDOM('').window);
  return purifier;
}

/**
 * The sanitised SVG text when `data` is an XML document whose root element is <svg>,
 * else null. Parsed strictly as XML (jsdom), then cleaned with DOMPurify's SVG profile
 * (scripts, event handlers, javascript: links and foreign content removed).
 */
export function sanitizeSvg(data: Buffer): string | null {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(data);
  } catch {
    return null;
  }
  let rootXml: string;
  try {
    const { window } = new JSDOM(text, { contentType: 'image/svg+xml' });
    const root = window.document.documentElement;
    if (root?.localName !== 'svg') return null; // not an SVG document
    // The root element alone: XML declaration, doctype and outside comments are dropped.
    rootXml = new window.XMLSerializer().serializeToString(root);
  } catch {
    return null; // not well-formed XML
  }
  const clean = getPurifier().sanitize(rootXml, {
    USE_PROFILES: { svg: true, svgFilters: true },
    NAMESPACE: 'http://www.w3.org/2000/svg',
    PARSER_MEDIA_TYPE: 'application/xhtml+xml',
  });
  const out = String(clean).trim();
  return out.startsWith('<svg') ? out : null;
}

/**
 * Checks an uploaded logo by its bytes (names and declared types are ignored): PNG,
 * JPEG and GIF by signature (`file-type`), SVG as well-formed XML with an <svg> root,
 * stored sanitised. Throws 415 `unsupportedLogo()` for anything else, including empty files.
 */
export async function checkLogo(data: Buffer, originalName: string): Promise<CheckedLogo> {
  const name = originalName.slice(0, 255) || 'logo';
  if (data.length === 0) throw unsupportedLogo();
  const detected = await fileTypeFromBuffer(data);
  if (detected && RASTER.has(detected.mime)) {
    return { contentType: detected.mime as CheckedLogo['contentType'], data, originalName: name };
  }
  if (!detected || detected.mime === 'application/xml') {
    const svg = sanitizeSvg(data);
    if (svg) {
      return {
        contentType: 'image/svg+xml',
        data: Buffer.from(svg, 'utf8'),
        originalName: name,
      };
    }
  }
  throw unsupportedLogo();
}

const PIN_TYPE_LABEL: Record<QuoteRequest['pinType'], string> = {
  pins: 'Golf Pins',
  ball_markers: 'Ball Markers',
  coins: 'Coins',
};

type MailConfig = Pick<AppConfig, 'STORE_NAME' | 'STORE_EMAIL' | 'publicUrl'>;

/** Label/value lines of a quote request for the mails (values unescaped). */
function summary(q: QuoteRequest, logoUrl: string | null, config: MailConfig): [string, string][] {
  const rows: [string, string | undefined][] = [
    ['Name', q.customerName],
    ['Email', q.customerEmail],
    ['Phone', q.customerPhone],
    ['Company', q.companyName],
    ['Product', PIN_TYPE_LABEL[q.pinType]],
    ['Quantity', String(q.quantity)],
    ['Preferred size', q.preferredSize],
    ['Deadline', q.deadlineDate],
    ['Project', q.projectDescription],
    ['Notes', q.additionalNotes],
    ['Logo', logoUrl ? `${config.publicUrl}${logoUrl}` : undefined],
  ];
  return rows.filter((r): r is [string, string] => Boolean(r[1]));
}

function htmlTable(rows: [string, string][]): string {
  const e = escapeHtml;
  const cell = 'style="padding:4px 8px;border-bottom:1px solid #ddd;vertical-align:top"';
  return `<table style="border-collapse:collapse">${rows
    .map(
      ([k, v]) =>
        `<tr><th ${cell} align="left">${e(k)}</th><td ${cell}>${e(v).replace(/\r?\n/g, '<br>')}</td></tr>`,
    )
    .join('')}</table>`;
}

/**
 * The customer's confirmation (kind 'quote_confirmation'): request received, answer
 * within QUOTE_RESPONSE_HOURS hours, the details sent. User values HTML-escaped.
 */
export function quoteConfirmationMail(
  id: number,
  q: QuoteRequest,
  logoUrl: string | null,
  config: MailConfig,
): OutgoingMail {
  const store = config.STORE_NAME;
  const rows = summary(q, logoUrl, config);
  const promise = `We will review your design and reply with a quote and a free mockup within ${QUOTE_RESPONSE_HOURS} hours.`;
  const text = [
    `Hi ${q.customerName},`,
    '',
    `Thank you for your quote request #${id} with ${store}.`,
    promise,
    '',
    'Your request:',
    ...rows.map(([k, v]) => `${k}: ${v}`),
    '',
    `Questions? Write to ${config.STORE_EMAIL}.`,
    '',
    store,
  ].join('\n');
  const e = escapeHtml;
  const html = `<!doctype html>
<html><body style="font-family:Arial,Helvetica,sans-serif;color:#1a1a1a">
<h1 style="font-size:20px">${e(store)}</h1>
<p>Hi ${e(q.customerName)},</p>
<p>Thank you for your quote request <strong>#${id}</strong>. ${e(promise)}</p>
${htmlTable(rows)}
<p>Questions? Write to <a href="mailto:${e(config.STORE_EMAIL)}">${e(config.STORE_EMAIL)}</a>.</p>
</body></html>
`;
  return {
    to: q.customerEmail,
    subject: `${store}: we received your quote request #${id}`,
    text,
    html,
    kind: 'quote_confirmation',
  };
}

/** The shop's notification of a new request (kind 'quote_notification'), sent to STORE_EMAIL. */
export function quoteNotificationMail(
  id: number,
  q: QuoteRequest,
  logoUrl: string | null,
  config: MailConfig,
): OutgoingMail {
  const rows = summary(q, logoUrl, config);
  const text = [`New quote request #${id}`, '', ...rows.map(([k, v]) => `${k}: ${v}`)].join('\n');
  const html = `<!doctype html>
<html><body style="font-family:Arial,Helvetica,sans-serif;color:#1a1a1a">
<h1 style="font-size:20px">New quote request #${id}</h1>
${htmlTable(rows)}
</body></html>
`;
  return {
    to: config.STORE_EMAIL,
    subject: `New quote request #${id} from ${q.customerName}`.slice(0, 200),
    text,
    html,
    kind: 'quote_notification',
  };
}

/**
 * Stores a validated quote request (status 'pending') and its checked logo, and
 * enqueues both mails, all in one transaction; then hands queued mail to the sender.
 * Returns the new request's id.
 */
export async function createQuoteRequest(
  deps: { db: Db; mail: MailService; config: MailConfig },
  input: QuoteRequest,
  logo: CheckedLogo | null,
): Promise<{ id: number }> {
  const id = await deps.db.transaction(async (tx) => {
    const stored = logo ? await saveFile(tx, logo) : null;
    const [row] = await tx
      .insert(quoteRequests)
      .values({
        customerName: input.customerName,
        customerEmail: input.customerEmail,
        customerPhone: input.customerPhone ?? null,
        companyName: input.companyName ?? null,
        projectDescription: input.projectDescription,
        quantity: input.quantity,
        pinType: input.pinType,
        preferredSize: input.preferredSize ?? null,
        deadlineDate: input.deadlineDate ?? null,
        additionalNotes: input.additionalNotes ?? null,
        logoFileName: logo?.originalName ?? null,
        logoUrl: stored?.url ?? null,
        status: 'pending',
      })
      .returning({ id: quoteRequests.id });
    const logoUrl = stored?.url ?? null;
    await deps.mail.enqueue(tx, quoteConfirmationMail(row!.id, input, logoUrl, deps.config));
    await deps.mail.enqueue(tx, quoteNotificationMail(row!.id, input, logoUrl, deps.config));
    return row!.id;
  });
  return { id };
}
