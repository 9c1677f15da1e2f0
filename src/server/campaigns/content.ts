/**
 * What campaign mails say (back-office spec: Marketing Emails, Tournament Campaigns, VIP
 * Campaigns, Discount Codes 'Send Mass Email'). A campaign stores its subject, HTML and
 * text once with the placeholders `{{name}}`, `{{organization}}` and `{{unsubscribe}}`;
 * `personalise` fills them per recipient (HTML-escaped in the HTML part). The admin's
 * rich content is sanitised with DOMPurify (jsdom) before it is stored.
 */
import escapeHtml from 'escape-html';
import { JSDOM } from 'jsdom';
import { createElement } from 'react';
import type { AppConfig } from '../config';
import { sanitizeRichHtml } from '../lib/sanitize';
import { renderEmail, ShopEmail, type ShopEmailProps, TrustedHtml } from '../mail/email-layout';

type Config = Pick<AppConfig, 'STORE_NAME' | 'STORE_EMAIL' | 'publicUrl'>;

export interface CampaignContent {
  subject: string;
  html: string;
  text: string;
}

/**
 * The admin's rich text as safe mail HTML: formatting, links and images; no script, style
 * or forms. A relative link or image (`/wholesale`, `pins.png`) is made absolute against
 * `baseUrl` (PUBLIC_URL): in a mail there is no page to be relative to.
 */
export function sanitizeMailHtml(html: string, baseUrl: string): string {
  const clean = sanitizeRichHtml(html, { forbidAttributes: ['class', 'id'] });
  if (!/\s(?:href|src)=/i.test(clean)) return clean;
  const doc = new JSDOM(`<body>${clean}</body>`).window.document;
  for (const [selector, attribute] of [
    ['a[href]', 'href'],
    ['img[src]', 'src'],
  ] as const) {
    for (const el of doc.querySelectorAll(selector)) {
      const value = el.getAttribute(attribute)!.trim();
      // Absolute (a scheme) or a link within the mail itself: kept.
      if (/^[a-z][a-z0-9+.-]*:/i.test(value) || value.startsWith('#')) continue;
      try {
        el.setAttribute(attribute, new URL(value, `${baseUrl}/`).href);
      } catch {
        el.removeAttribute(attribute);
      }
    }
  }
  return doc.body.innerHTML;
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

/** The shop's React Email layout around a campaign's content, with the unsubscribe footer. */
function layout(
  config: Config,
  content: Pick<ShopEmailProps, 'preview' | 'greeting' | 'paragraphs' | 'rows' | 'action'>,
  children?: ReturnType<typeof createElement>,
): string {
  return renderEmail(
    createElement(
      ShopEmail,
      {
        storeName: config.STORE_NAME,
        storeEmail: config.STORE_EMAIL,
        unsubscribeUrl: '{{unsubscribe}}',
        ...content,
      },
      children,
    ),
  );
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
  const body = sanitizeMailHtml(raw, config.publicUrl);
  const text = htmlToText(body);
  return {
    subject: input.subject,
    html: layout(
      config,
      { preview: text.slice(0, 140), paragraphs: [] },
      createElement(TrustedHtml, { html: body }),
    ),
    text: text + textFooter(config),
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
  const shop = `${config.publicUrl}/custom`;
  const html = layout(config, {
    preview: `${input.offer} with code ${input.code}`,
    greeting: 'Hi {{name}},',
    paragraphs: [input.intro, `Use code ${input.code} for ${input.offer}.`],
    rows: [
      ['Your code', input.code],
      ['Discount', input.offer],
    ],
    action: { label: 'Design your pins', url: shop },
  });
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
  // Function replacers: a string one would read `$&`, `$'` or `$$` in a name as patterns.
  const fill = (s: string, esc: (v: string) => string) =>
    s
      .replaceAll('{{name}}', () => esc(name))
      .replaceAll('{{organization}}', () => esc(org))
      .replaceAll('{{unsubscribe}}', () => esc(unsubscribe));
  return {
    subject: fill(content.subject, (v) => v),
    html: fill(content.html, escapeHtml),
    text: fill(content.text, (v) => v),
  };
}
