/**
 * The one place that decides which mail each shop event sends (events/events.ts).
 * Modules publish facts; they never pick templates or recipients themselves, so a mail
 * cannot be forgotten by one path that makes the fact true and remembered by another.
 * Every mail is an outbox row written in the event's transaction (mail/service.ts).
 */

import { platingText, sizeText } from '../../shared/custom-pins';
import { storedDayIso } from '../../shared/dates';
import { formatUsd } from '../../shared/money';
import { listUnsubscribeHeaders } from '../campaigns/suppression';
import type { DbOrTx } from '../db/client';
import type { CustomOrderRow, EventDeps, ShopEvent } from '../events/events';
import { type TrackedKind, trackKey } from '../orders/track-link';
import type { OutgoingMail } from './service';
import {
  basicMail,
  orderConfirmationMailLater,
  quoteConfirmationMail,
  quoteNotificationMail,
  trackUrl,
} from './templates';

type Config = EventDeps['config'];

/** The details of a custom order as mail rows. */
function customOrderRows(o: CustomOrderRow): [string, string][] {
  return [
    ['Order', `#${o.id}`],
    ['Quantity', String(o.quantity)],
    ['Size', sizeText(o.size)],
    ['Plating', platingText(o.plating)],
    ['Total', formatUsd(o.totalPriceCents)],
    ['Deposit', formatUsd(o.depositCents)],
    ['Balance', formatUsd(o.remainingBalanceCents)],
  ];
}

/** Mails for a custom order moving to `status` (admin-set); statuses not listed send none. */
function customStatusMail(
  o: CustomOrderRow,
  config: Config,
  trackUrl: string,
): OutgoingMail | null {
  const base = {
    to: o.customerEmail,
    greetingName: o.customerName,
    rows: customOrderRows(o),
    action: { label: 'Track your order', url: trackUrl },
  };
  switch (o.status) {
    case 'mockup_sent':
      return basicMail(
        {
          ...base,
          kind: 'custom_mockup_ready',
          subject: `${config.STORE_NAME}: your mockup for order #${o.id} is ready`,
          paragraphs: [
            'Your design mockup is ready for review. Reply to this e-mail to approve it or to ask for changes.',
          ],
        },
        config,
      );
    case 'shipped':
      return basicMail(
        {
          ...base,
          kind: 'custom_shipped',
          subject: `${config.STORE_NAME}: custom order #${o.id} has shipped`,
          paragraphs: ['Your custom pins are on their way.'],
        },
        config,
      );
    case 'delivered':
      return basicMail(
        {
          ...base,
          kind: 'custom_delivered',
          subject: `${config.STORE_NAME}: custom order #${o.id} was delivered`,
          paragraphs: ['Your custom pins have been delivered. Thank you for ordering with us!'],
        },
        config,
      );
    default:
      return null;
  }
}

/** A length of time in minutes as a mail says it: '1 hour', '2 hours', '30 minutes'. */
function durationText(minutes: number): string {
  if (minutes % 60 !== 0) return `${minutes} minutes`;
  return minutes === 60 ? '1 hour' : `${minutes / 60} hours`;
}

/** `mail` with extra headers (List-Unsubscribe on marketing mail). */
function withHeaders(headers: Record<string, string>, mail: OutgoingMail): OutgoingMail {
  return { ...mail, headers: { ...mail.headers, ...headers } };
}

/** The mails `event` calls for (none for some events). */
export function mailsFor(event: ShopEvent, config: Config, linkSecret?: Buffer): OutgoingMail[] {
  const store = config.STORE_NAME;
  // A guest (no account) gets links that show the order signed out (orders/track-link.ts).
  const guestKey = (kind: TrackedKind, o: { id: number; userId: number | null }) =>
    linkSecret && o.userId === null ? trackKey(linkSecret, kind, o.id) : null;
  const orderLink = (o: { id: number; userId: number | null }) =>
    trackUrl(config, 'regular', o.id, guestKey('order', o));
  const customLink = (o: { id: number; userId: number | null }) =>
    trackUrl(config, 'custom', o.id, guestKey('custom_order', o));
  switch (event.type) {
    case 'order.placed':
      // The HTML part is rendered at delivery (html-later.ts), not in the checkout request.
      return [orderConfirmationMailLater(event.order, config, guestKey('order', event.order))];
    case 'order.shipped': {
      const o = event.order;
      return [
        basicMail(
          {
            to: o.customerEmail,
            greetingName: o.customerName,
            kind: 'order_shipped',
            subject: `${store}: order #${o.id} has shipped`,
            paragraphs: ['Your order is on its way.'],
            rows: [
              ['Order', `#${o.id}`],
              ...(o.trackingNumber
                ? ([['Tracking number', o.trackingNumber]] as [string, string][])
                : []),
              ...(o.trackingUrl ? ([['Tracking link', o.trackingUrl]] as [string, string][]) : []),
            ],
            action: { label: 'Track your order', url: orderLink(o) },
          },
          config,
        ),
      ];
    }
    case 'order.delivered': {
      const o = event.order;
      return [
        basicMail(
          {
            to: o.customerEmail,
            greetingName: o.customerName,
            kind: 'order_delivered',
            subject: `${store}: order #${o.id} was delivered`,
            paragraphs: [`Your order #${o.id} has been delivered. Thank you for shopping with us!`],
            action: { label: 'View your order', url: orderLink(o) },
          },
          config,
        ),
      ];
    }
    case 'custom_order.deposit_paid': {
      const o = event.customOrder;
      return [
        basicMail(
          {
            to: o.customerEmail,
            greetingName: o.customerName,
            kind: 'deposit_received',
            subject: `${store}: deposit received for custom order #${o.id}`,
            // An order from a quote: its design was approved in the room before the deposit.
            paragraphs:
              o.quoteRequestId === null
                ? [
                    `We received your deposit of ${formatUsd(o.depositCents)}. Our designers will send your mockup within 24 hours.`,
                    `The balance of ${formatUsd(o.remainingBalanceCents)} is due once you approve the design; we will send you a payment link.`,
                  ]
                : [
                    `We received your deposit of ${formatUsd(o.depositCents)} for the design you approved. Your order is ready for production.`,
                    `The balance of ${formatUsd(o.remainingBalanceCents)} is due before production starts; we will send you a payment link.`,
                  ],
            rows: customOrderRows(o),
            action: { label: 'Track your order', url: customLink(o) },
          },
          config,
        ),
      ];
    }
    case 'custom_order.status_changed': {
      const mail = customStatusMail(event.customOrder, config, customLink(event.customOrder));
      return mail ? [mail] : [];
    }
    case 'custom_order.balance_link_created': {
      const o = event.customOrder;
      return [
        basicMail(
          {
            to: o.customerEmail,
            greetingName: o.customerName,
            kind: 'balance_link',
            subject: `${store}: pay the balance of custom order #${o.id}`,
            paragraphs: [
              // The link may be made while the mockup still waits for approval (spec:
              // 'Generate Payment Link shows when a custom order is approved or mockup_sent').
              `${o.status === 'approved' ? 'Your design is approved. ' : ''}The remaining balance of ${formatUsd(o.remainingBalanceCents)} is due before production starts.`,
            ],
            rows: customOrderRows(o),
            action: { label: 'Pay the balance', url: event.url },
          },
          config,
        ),
      ];
    }
    case 'custom_order.balance_paid': {
      const o = event.customOrder;
      return [
        basicMail(
          {
            to: o.customerEmail,
            greetingName: o.customerName,
            kind: 'balance_paid',
            subject: `${store}: balance paid for custom order #${o.id}`,
            paragraphs: [
              `We received your balance payment of ${formatUsd(o.remainingBalanceCents)}. Your order is paid in full and goes into production; expect delivery in 2-3 weeks.`,
            ],
            rows: customOrderRows(o),
            action: { label: 'Track your order', url: customLink(o) },
          },
          config,
        ),
      ];
    }
    case 'custom_order.production_notice': {
      const o = event.customOrder;
      return [
        basicMail(
          {
            to: o.customerEmail,
            greetingName: o.customerName,
            kind: 'production_notice',
            subject: `${store}: custom order #${o.id} is in production`,
            paragraphs: [
              `Your custom pins are in production. Estimated production time: ${event.estimatedWeeks}.`,
            ],
            rows: customOrderRows(o),
            action: { label: 'Track your order', url: customLink(o) },
          },
          config,
        ),
      ];
    }
    case 'quote.requested':
      return [
        quoteConfirmationMail(event.quote, config),
        quoteNotificationMail(event.quote, config),
      ];
    case 'quote.quoted': {
      const q = event.quote;
      return [
        basicMail(
          {
            to: q.customerEmail,
            greetingName: q.customerName,
            kind: 'quote_sent',
            subject: `${store}: your quote #${q.id}`,
            paragraphs: [
              `Here is our quote for your request #${q.id}: ${q.quotedAmountCents === null ? '(no amount)' : formatUsd(q.quotedAmountCents)}.`,
              ...(q.quotedNotes ? [q.quotedNotes] : []),
              ...(event.url
                ? ['Review the mockup with our team, comment on it and approve it online.']
                : []),
            ],
            ...(event.url ? { action: { label: 'Review your design', url: event.url } } : {}),
          },
          config,
        ),
      ];
    }
    case 'quote.collaboration_link_created': {
      const s = event.session;
      return [
        basicMail(
          {
            to: s.clientEmail,
            greetingName: s.clientName,
            kind: 'collaboration_link',
            subject: `${store}: review your design for quote #${event.quote.id}`,
            paragraphs: [
              'Review your mockup with our team, pin comments on it and approve it when it is right.',
            ],
            action: { label: 'Open the design review', url: event.url },
          },
          config,
        ),
      ];
    }
    case 'quote.mockup_uploaded': {
      const q = event.quote;
      return [
        basicMail(
          {
            to: q.customerEmail,
            greetingName: q.customerName,
            kind: 'mockup_ready',
            subject: `${store}: mockup ${event.revision.revisionNumber} for quote #${q.id} is ready`,
            paragraphs: [
              `A new mockup (revision ${event.revision.revisionNumber}) is ready for your review.`,
              ...(event.revision.notes ? [event.revision.notes] : []),
            ],
            ...(event.url ? { action: { label: 'Review the mockup', url: event.url } } : {}),
          },
          config,
        ),
      ];
    }
    case 'quote.approved': {
      const q = event.quote;
      return [
        basicMail(
          {
            to: config.STORE_EMAIL,
            kind: 'quote_approved_alert',
            subject: `Quote #${q.id} approved by ${event.approvedBy}`,
            paragraphs: [
              `${event.approvedBy} approved the proof for quote #${q.id} (${q.customerName}).`,
            ],
          },
          config,
        ),
      ];
    }
    case 'invoice.sent': {
      const i = event.invoice;
      return [
        basicMail(
          {
            to: i.customerEmail,
            greetingName: i.customerName,
            kind: 'invoice',
            subject: `${store}: invoice ${i.invoiceNumber}`,
            paragraphs: [`Invoice ${i.invoiceNumber} for ${formatUsd(i.totalCents)} is ready.`],
            rows: [
              ['Invoice', i.invoiceNumber],
              ['Amount', formatUsd(i.totalCents)],
              // The day the admin chose: stored as its UTC midnight and read back in UTC
              // (storeDayOf would name the day before west of UTC; issue 8 entry 17).
              ...(i.dueDate ? ([['Due', storedDayIso(i.dueDate)]] as [string, string][]) : []),
              ['Terms', i.terms],
            ],
            action: { label: 'Pay this invoice', url: event.payUrl },
          },
          config,
        ),
      ];
    }
    case 'invoice.paid': {
      const i = event.invoice;
      return [
        basicMail(
          {
            to: i.customerEmail,
            greetingName: i.customerName,
            kind: 'invoice_receipt',
            subject: `${store}: receipt for invoice ${i.invoiceNumber}`,
            paragraphs: [`Invoice #${i.invoiceNumber} has been paid in full. Thank you!`],
            rows: [
              ['Invoice', i.invoiceNumber],
              ['Paid', formatUsd(i.totalCents)],
            ],
          },
          config,
        ),
      ];
    }
    case 'account.password_reset_requested':
      return [
        basicMail(
          {
            to: event.email,
            kind: 'password_reset',
            subject: `${store}: reset your password`,
            paragraphs: [
              `Someone, hopefully you, asked to reset the password of your ${store} account. Choose a new one with the link below.`,
              `The link works once, for ${durationText(event.validMinutes)}. If you did not ask, ignore this e-mail: your password stays as it is.`,
            ],
            // Sign-in asks for the username, which a customer who forgot the password may
            // have forgotten too.
            rows: [['Your username', event.username]],
            action: { label: 'Reset your password', url: event.resetUrl },
          },
          config,
        ),
      ];
    case 'account.password_changed':
      return [
        basicMail(
          {
            to: event.email,
            kind: 'password_changed',
            subject: `${store}: your password was changed`,
            paragraphs: [
              event.via === 'reset_link'
                ? `The password of your ${store} account was just changed with a reset link, and every device signed in to it was signed out.`
                : `The password of your ${store} account was just changed on its My Account page, and every other device signed in to it was signed out.`,
              `If this was you, there is nothing more to do. If it was not, choose a new password at once with the link below and reply to this e-mail so we can look into it.`,
            ],
            rows: [['Your username', event.username]],
            action: { label: 'Choose a new password', url: event.forgotPasswordUrl },
          },
          config,
        ),
      ];
    case 'newsletter.signup_requested':
      return [
        basicMail(
          {
            to: event.email,
            kind: 'newsletter_confirm',
            subject: `${store}: confirm your subscription`,
            paragraphs: ['Please confirm your subscription to get your 15% discount code.'],
            action: { label: 'Confirm my subscription', url: event.confirmUrl },
          },
          config,
        ),
      ];
    case 'newsletter.confirmed':
      return [
        withHeaders(
          listUnsubscribeHeaders(event.unsubscribeUrl),
          basicMail(
            {
              to: event.email,
              kind: 'newsletter_welcome',
              ...(event.code
                ? {
                    subject: `Welcome to ${store}: your ${event.percentOff}% code`,
                    paragraphs: [
                      `Thanks for subscribing! Your personal code ${event.code} takes ${event.percentOff}% off your first order.`,
                      'It works once, on any catalogue or custom pin order.',
                    ],
                    rows: [['Your code', event.code]] as [string, string][],
                  }
                : {
                    // Subscribed again after using the welcome code: one per address.
                    subject: `Welcome back to ${store}`,
                    paragraphs: [
                      'Thanks for subscribing again! You will hear from us about new pins, tournament season and offers.',
                      'Your welcome code was used on an earlier order, so there is no new one this time.',
                    ],
                  }),
              action: { label: 'Shop golf pins', url: `${config.publicUrl}/wholesale` },
              unsubscribeUrl: event.unsubscribeUrl,
            },
            config,
          ),
        ),
      ];
    case 'admin.message_sent':
      return [
        basicMail(
          {
            to: event.to,
            greetingName: event.customerName,
            kind: 'admin_message',
            subject: event.subject,
            paragraphs: [event.message],
          },
          config,
        ),
      ];
    default: {
      const unhandled: never = event;
      throw new Error(`No mail rule for ${(unhandled as ShopEvent).type}`);
    }
  }
}

/** Enqueues the mails `event` calls for, in `tx`. Throws only when the database fails. */
export async function mailForEvent(deps: EventDeps, tx: DbOrTx, event: ShopEvent): Promise<void> {
  const orderEvent = event.type.startsWith('order.') || event.type.startsWith('custom_order.');
  const secret = orderEvent ? await deps.mail.linkSecret() : undefined;
  for (const mail of mailsFor(event, deps.config, secret)) await deps.mail.enqueue(tx, mail);
}
