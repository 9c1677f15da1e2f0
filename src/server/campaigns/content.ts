/**
 * What campaign mails say (back-office spec: Marketing Emails, Tournament Campaigns, VIP
 * Campaigns, Discount Codes 'Send Mass Email'). A campaign stores its subject, HTML and
 * text once with the placeholders `{{name}}`, `{{organization}}` and `{{unsubscribe}}`;
 * `personalise` fills them per recipient (HTML-escaped in the HTML part). The admin's
 * rich content is sanitised with DOMPurify (jsdom) before it is stored.
 */
import createDOMPurify from 'dompurify';
import escapeHtml from 'escape-html';
import { JSDOM } from 'jsdom';
import type { AppConfig } from '../config';

type Config = Pick<AppConfig, 'STORE_NAME' | 'STORE_EMAIL' | 'publicUrl'>;

export interface CampaignContent {
  subject: string;
  html: string;
  text: string;
}

let purifier: ReturnType<typeof createDOMPurify> | null = null;
const window = () => new JSDOM('').window;

/** The admin's rich text as safe mail HTML: formatting, links and images; no script, style or forms. */
export function sanitizeMailHtml(html: string): string {
  purifier ??= createDOMPurify(window());
  return purifier.sanitize(html, {
    USE_PROFILES: { html: true },
    FORBID_TAGS: ['style', 'form', 'input', 'button', 'textarea', 'select', 'iframe'],
    FORBID_ATTR: ['class', 'id'],
  });
}

/** Plain text of (sanitised) HTML: block elements and <br> become line breaks. */
export function htmlToText(html: string): string {
  const doc = new JSDOM(`<body>${html}</body>`).window.document;
  for (const br of doc.querySelectorAll('br')) br.replaceWith('\n');
  for (const a of doc.querySelectorAll('a[href]')) {
    const href = a.getAttribute('href') ?? '';
    if (href && href !== a.textContent) a.append(` (${href})`);
  }
  for (const block of doc.querySelectorAll('p,div,h1,h2,h3,h4,h5,h6,li,tr,blockquote')) {
    block.append('\n');
    if (block.tagName === 'LI') block.prepend('- ');
  }
  return (doc.body.textContent ?? '').replace(/\n{3,}/g, '\n\n').trim();
}

const BRAND = '#14532d';

/** Wraps a campaign's body HTML in the shop's layout with the unsubscribe footer. */
function layout(config: Config, bodyHtml: string): string {
  const e = escapeHtml;
  return `<!doctype html>
<html><body style="margin:0;background:#f4f7f4;font-family:Arial,Helvetica,sans-serif;color:#1a1a1a">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:24px 12px">
<table role="presentation" width="600" cellpadding="0" cellspacing="0" style="max-width:600px;background:#ffffff;border-radius:8px">
<tr><td style="background:${BRAND};color:#ffffff;padding:16px 24px;font-size:20px;font-weight:bold;border-radius:8px 8px 0 0">${e(config.STORE_NAME)}</td></tr>
<tr><td style="padding:24px;font-size:15px;line-height:1.5">${bodyHtml}</td></tr>
<tr><td style="padding:16px 24px;font-size:12px;color:#555555;border-top:1px solid #e5e7eb">
${e(config.STORE_NAME)} &middot; <a href="mailto:${e(config.STORE_EMAIL)}" style="color:#555555">${e(config.STORE_EMAIL)}</a><br>
You receive this e-mail because you are a customer or subscriber of ${e(config.STORE_NAME)}.
<a href="{{unsubscribe}}" style="color:#555555">Unsubscribe</a> with one click.
</td></tr></table></td></tr></table>
</body></html>
`;
}

function textFooter(config: Config): string {
  return `\n\n--\n${config.STORE_NAME} - ${config.STORE_EMAIL}\nUnsubscribe with one click: {{unsubscribe}}\n`;
}

/** A marketing e-mail: the admin's subject and sanitised rich content. */
export function marketingContent(
  config: Config,
  input: { subject: string; content: string },
): CampaignContent {
  // Plain text typed without tags keeps its line breaks.
  const raw = /<[a-z][\s\S]*>/i.test(input.content)
    ? input.content
    : escapeHtml(input.content).replace(/\r?\n/g, '<br>');
  const body = sanitizeMailHtml(raw);
  return {
    subject: input.subject,
    html: layout(config, body),
    text: htmlToText(body) + textFooter(config),
  };
}

/** A discount offer (tournament, VIP, discount code mass e-mail). */
export function offerContent(
  config: Config,
  input: {
    subject: string;
    intro: string;
    code: string;
    /** e.g. '25% off' or '$10.00 off'. */
    offer: string;
  },
): CampaignContent {
  const e = escapeHtml;
  const shop = `${config.publicUrl}/custom`;
  const html = layout(
    config,
    `<p>Hi {{name}},</p>
<p>${e(input.intro)}</p>
<p style="font-size:18px">Use code <strong style="font-size:22px;color:${BRAND}">${e(input.code)}</strong> for <strong>${e(input.offer)}</strong>.</p>
<p><a href="${e(shop)}" style="display:inline-block;background:${BRAND};color:#ffffff;padding:10px 18px;border-radius:6px;text-decoration:none">Design your pins</a></p>`,
  );
  const text = `Hi {{name}},\n\n${input.intro}\n\nUse code ${input.code} for ${input.offer}.\n\nDesign your pins: ${shop}${textFooter(config)}`;
  return { subject: input.subject, html, text };
}

/** The tournament campaign mail (defaults TOURNAMENT25 / 25%). */
export function tournamentContent(
  config: Config,
  input: { emailSubject: string; promoCode: string; discountPercent: number },
): CampaignContent {
  return offerContent(config, {
    subject: input.emailSubject,
    intro: `Custom soft-enamel golf pins and ball markers make every tournament memorable for {{organization}}. As a tournament organiser you get an exclusive discount on your next order.`,
    code: input.promoCode,
    offer: `${input.discountPercent}% off`,
  });
}

/** The VIP campaign mail. */
export function vipContent(
  config: Config,
  input: { promoCode: string; discountPercent: number },
): CampaignContent {
  return offerContent(config, {
    subject: `${config.STORE_NAME}: an exclusive ${input.discountPercent}% VIP offer`,
    intro: `Thank you for being one of our VIP customers. Here is an exclusive discount on your next custom pin order.`,
    code: input.promoCode,
    offer: `${input.discountPercent}% off`,
  });
}

/** Values a recipient's copy is filled with. */
export interface Recipient {
  email: string;
  name: string | null;
  organization: string | null;
}

/** The recipient's copy of `content` (placeholders filled; HTML values escaped). */
export function personalise(
  content: CampaignContent,
  r: Recipient,
  unsubscribe: string,
): CampaignContent {
  const name = r.name?.trim() || 'there';
  const org = r.organization?.trim() || 'your event';
  const fill = (s: string, esc: (v: string) => string) =>
    s
      .replaceAll('{{name}}', esc(name))
      .replaceAll('{{organization}}', esc(org))
      .replaceAll('{{unsubscribe}}', esc(unsubscribe));
  return {
    subject: fill(content.subject, (v) => v),
    html: fill(content.html, escapeHtml),
    text: fill(content.text, (v) => v),
  };
}
