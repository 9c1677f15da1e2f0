/**
 * E-mail contents. Each template returns the plain-text and HTML parts of one mail; the
 * HTML is built with React Email (email-layout.tsx), which escapes every value that comes
 * from a customer or the catalogue.
 */
import { createElement } from 'react';
import { formatUsd } from '../../shared/money';
import {
  QUOTE_RESPONSE_HOURS,
  type QuoteRequest,
  quoteSizeText,
} from '../../shared/schemas/quotes';
import { endSentence } from '../../shared/sentence';
import type { AppConfig } from '../config';
import type { orders, quoteRequests } from '../db/schema';
import { OrderLines, renderEmail, ShopEmail } from './email-layout';
import type { OutgoingMail } from './service';

type OrderRow = typeof orders.$inferSelect;
type QuoteRow = typeof quoteRequests.$inferSelect;

/**
 * The public page where a customer follows an order (back-office spec "Track Order"):
 * `type` 'regular' (catalogue) or 'custom'; with a guest's `key` (orders/track-link.ts)
 * it shows that order signed out.
 */
export function trackUrl(
  config: Pick<AppConfig, 'publicUrl'>,
  type: 'regular' | 'custom',
  id: number,
  key?: string | null,
): string {
  return `${config.publicUrl}/track-order?id=${id}&type=${type}${key ? `&key=${key}` : ''}`;
}

/**
 * The order confirmation of a catalogue checkout (storefront spec section 8: "If you
 * don't receive a confirmation email, please contact support"): store name, order
 * number, lines with quantity and unit price, subtotal, discount, shipping and total
 * (cents formatted with `formatUsd`), shipping address and the Track Order link.
 * Returns an OutgoingMail of kind 'order_confirmation' addressed to the customer.
 */
export function orderConfirmationMail(
  order: OrderRow,
  config: OrderMailConfig,
  trackKey?: string | null,
): OutgoingMail {
  return {
    ...orderConfirmationParts(order, config, trackKey),
    html: orderConfirmationHtml(order, config, trackKey),
  };
}

type OrderMailConfig = Pick<AppConfig, 'publicUrl' | 'STORE_NAME' | 'STORE_EMAIL'>;

/**
 * `orderConfirmationMail` with its HTML part left to render at delivery (issue 12: the
 * checkout request does not pay for React rendering): the same recipient, subject and
 * text, and `htmlSource` (the order) instead of `html`. mail/html-later.ts renders it
 * with `orderConfirmationHtml`, the same HTML.
 */
export function orderConfirmationMailLater(
  order: OrderRow,
  config: OrderMailConfig,
  trackKey?: string | null,
): OutgoingMail {
  return {
    ...orderConfirmationParts(order, config, trackKey),
    htmlSource: { template: 'order_confirmation', order, ...(trackKey ? { trackKey } : {}) },
  };
}

/** The lines and totals of an order as the confirmation shows them. */
function orderFigures(order: OrderRow) {
  const lines = order.items.map((l) => ({
    name: l.name,
    quantity: l.quantity,
    unit: formatUsd(l.unitPriceCents),
    total: formatUsd(l.unitPriceCents * l.quantity),
  }));
  const totals: [string, string][] = [
    ['Subtotal', formatUsd(order.subtotalCents)],
    ...(order.discountCents > 0
      ? ([
          [
            order.discountCode ? `Discount (${order.discountCode})` : 'Discount',
            `-${formatUsd(order.discountCents)}`,
          ],
        ] as [string, string][])
      : []),
    ['Shipping', formatUsd(order.shippingCents)],
    ['Total', formatUsd(order.totalCents)],
  ];
  return { lines, totals };
}

/** The confirmation without its HTML part: recipient, subject, text, kind. */
function orderConfirmationParts(
  order: OrderRow,
  config: OrderMailConfig,
  trackKey?: string | null,
): OutgoingMail {
  const store = config.STORE_NAME;
  const link = trackUrl(config, 'regular', order.id, trackKey);
  const subject = `${store}: order #${order.id} confirmed`;
  const { lines, totals } = orderFigures(order);
  const text = [
    `Hi ${order.customerName},`,
    '',
    `${endSentence(`Thank you for your order with ${store}`)} We have received your payment and your order #${order.id} is being processed.`,
    '',
    'Items:',
    ...lines.map((l) => `- ${l.name} x ${l.quantity} @ ${l.unit} = ${l.total}`),
    '',
    ...totals.map(([label, amount]) => `${label}: ${amount}`),
    '',
    'Shipping address:',
    order.shippingAddress || '(none given)',
    '',
    `Track your order: ${link}`,
    '',
    `Questions? Write to ${config.STORE_EMAIL}.`,
    '',
    store,
  ].join('\n');
  return {
    to: order.customerEmail,
    subject,
    text,
    kind: 'order_confirmation',
    headers: { 'Reply-To': config.STORE_EMAIL },
  };
}

/** The HTML part of the order confirmation (React Email; every value escaped). */
export function orderConfirmationHtml(
  order: OrderRow,
  config: OrderMailConfig,
  trackKey?: string | null,
): string {
  const store = config.STORE_NAME;
  const link = trackUrl(config, 'regular', order.id, trackKey);
  const { lines, totals } = orderFigures(order);
  return renderEmail(
    createElement(
      ShopEmail,
      {
        storeName: store,
        storeEmail: config.STORE_EMAIL,
        preview: `Order #${order.id} confirmed: ${formatUsd(order.totalCents)}`,
        greeting: `Hi ${order.customerName},`,
        paragraphs: [
          `Thank you for your order. We have received your payment and your order #${order.id} is being processed.`,
        ],
        rows: [['Shipping address', order.shippingAddress || '(none given)']],
        action: { label: 'Track your order', url: link },
      },
      createElement(OrderLines, { lines, totals }),
    ),
  );
}

const PIN_TYPE_LABEL: Record<QuoteRequest['pinType'], string> = {
  pins: 'Golf Pins',
  ball_markers: 'Ball Markers',
  coins: 'Coins',
};

type MailConfig = Pick<AppConfig, 'STORE_NAME' | 'STORE_EMAIL' | 'publicUrl'>;

/** Label/value lines of a quote request for the mails (values unescaped). */
function summary(q: QuoteRow, config: MailConfig): [string, string][] {
  const logoUrl = q.logoUrl;
  const rows: [string, string | null | undefined][] = [
    ['Name', q.customerName],
    ['Email', q.customerEmail],
    ['Phone', q.customerPhone],
    ['Company', q.companyName],
    ['Product', PIN_TYPE_LABEL[q.pinType as QuoteRequest['pinType']] ?? q.pinType],
    ['Quantity', String(q.quantity)],
    ['Preferred size', q.preferredSize ? quoteSizeText(q.preferredSize) : null],
    ['Deadline', q.deadlineDate],
    ['Project', q.projectDescription],
    ['Notes', q.additionalNotes],
    ['Logo', logoUrl ? `${config.publicUrl}${logoUrl}` : undefined],
  ];
  return rows.filter((r): r is [string, string] => Boolean(r[1]));
}

/**
 * The customer's confirmation (kind 'quote_confirmation'): request received, answer
 * within QUOTE_RESPONSE_HOURS hours, the details sent. User values HTML-escaped.
 */
export function quoteConfirmationMail(q: QuoteRow, config: MailConfig): OutgoingMail {
  const id = q.id;
  const store = config.STORE_NAME;
  const rows = summary(q, config);
  const promise = `We will review your design and reply with a quote and a free mockup within ${QUOTE_RESPONSE_HOURS} hours.`;
  const text = [
    `Hi ${q.customerName},`,
    '',
    endSentence(`Thank you for your quote request #${id} with ${store}`),
    promise,
    '',
    'Your request:',
    ...rows.map(([k, v]) => `${k}: ${v}`),
    '',
    `Questions? Write to ${config.STORE_EMAIL}.`,
    '',
    store,
  ].join('\n');
  const html = renderEmail(
    createElement(ShopEmail, {
      storeName: store,
      storeEmail: config.STORE_EMAIL,
      preview: `We received your quote request #${id}.`,
      greeting: `Hi ${q.customerName},`,
      paragraphs: [`Thank you for your quote request #${id}. ${promise}`],
      rows,
    }),
  );
  return {
    to: q.customerEmail,
    subject: `${store}: we received your quote request #${id}`,
    text,
    html,
    kind: 'quote_confirmation',
    headers: { 'Reply-To': config.STORE_EMAIL },
  };
}

/** The shop's notification of a new request (kind 'quote_notification'), sent to STORE_EMAIL. */
export function quoteNotificationMail(q: QuoteRow, config: MailConfig): OutgoingMail {
  const id = q.id;
  const rows = summary(q, config);
  const desk = `${config.publicUrl}/admin?section=quote-requests`;
  const text = [
    `New quote request #${id}`,
    '',
    ...rows.map(([k, v]) => `${k}: ${v}`),
    '',
    `Open Quote Requests: ${desk}`,
  ].join('\n');
  const html = renderEmail(
    createElement(ShopEmail, {
      storeName: config.STORE_NAME,
      storeEmail: config.STORE_EMAIL,
      preview: `New quote request #${id} from ${q.customerName}`,
      greeting: 'Hello,',
      paragraphs: [`New quote request #${id} from ${q.customerName}.`],
      rows,
      action: { label: 'Open Quote Requests', url: desk },
    }),
  );
  return {
    to: config.STORE_EMAIL,
    subject: `New quote request #${id} from ${q.customerName}`.slice(0, 200),
    text,
    html,
    kind: 'quote_notification',
    // The shop answers the customer straight from its inbox.
    headers: { 'Reply-To': q.customerEmail },
  };
}

/** The parts of a plain transactional mail (`basicMail`). Values are unescaped text. */
export interface BasicMailContent {
  to: string;
  /** Outbox kind, e.g. 'deposit_received'. */
  kind: string;
  subject: string;
  /** 'Hi {name},' when given, else 'Hello,'. */
  greetingName?: string | null;
  paragraphs: string[];
  /** Label/value lines shown as a table (HTML) or 'Label: value' (text). */
  rows?: [string, string][];
  /** One call to action: a link shown as a button (HTML) and on its own line (text). */
  action?: { label: string; url: string };
  /** Marketing mail (newsletter welcome): the one-click unsubscribe link in the footer. */
  unsubscribeUrl?: string;
}

/**
 * A plain transactional mail in the shop's name: greeting, paragraphs, optional detail
 * rows and one link, the store's contact line. Returns the text and HTML parts; every
 * value is HTML-escaped (`escape-html`). The common shape the mail rules use.
 */
export function basicMail(
  c: BasicMailContent,
  config: Pick<AppConfig, 'STORE_NAME' | 'STORE_EMAIL'>,
): OutgoingMail {
  const store = config.STORE_NAME;
  const greeting = c.greetingName ? `Hi ${c.greetingName},` : 'Hello,';
  const text = [
    greeting,
    '',
    ...c.paragraphs.flatMap((p) => [p, '']),
    ...(c.rows?.length ? [...c.rows.map(([k, v]) => `${k}: ${v}`), ''] : []),
    ...(c.action ? [`${c.action.label}: ${c.action.url}`, ''] : []),
    `Questions? Write to ${config.STORE_EMAIL}.`,
    '',
    store,
    ...(c.unsubscribeUrl ? ['', `Unsubscribe with one click: ${c.unsubscribeUrl}`] : []),
  ].join('\n');
  const html = renderEmail(
    createElement(ShopEmail, {
      storeName: store,
      storeEmail: config.STORE_EMAIL,
      preview: c.paragraphs[0] ?? c.subject,
      greeting,
      paragraphs: c.paragraphs,
      rows: c.rows,
      action: c.action,
      unsubscribeUrl: c.unsubscribeUrl,
    }),
  );
  return {
    to: c.to,
    subject: c.subject.slice(0, 200),
    text,
    html,
    kind: c.kind,
    // 'Reply to this e-mail' and any other reply reach the shop, not the sending address.
    headers: { 'Reply-To': config.STORE_EMAIL },
  };
}
