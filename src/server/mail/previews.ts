/**
 * Every mail the shop sends, rendered with sample data for the admin's preview (issue 9:
 * "every template previewable in the admin with sample data"). Transactional mails come
 * from `mailsFor` (rules.ts) applied to one sample of each event, so the preview is the
 * real template; campaign mails from the campaign content builders.
 */

import {
  marketingContent,
  offerContent,
  personalise,
  tournamentContent,
  vipContent,
} from '../campaigns/content';
import type { AppConfig } from '../config';
import type {
  CollaborationSessionRow,
  CustomOrderRow,
  InvoiceRow,
  OrderRow,
  QuoteRow,
  RevisionRow,
  ShopEvent,
} from '../events/events';
import { htmlOf } from './html-later';
import { mailsFor } from './rules';

type Config = Parameters<typeof mailsFor>[1] & Pick<AppConfig, 'publicUrl'>;

export interface MailPreview {
  /** Outbox kind (or campaign_<kind>), unique. */
  kind: string;
  /** What causes it. */
  trigger: string;
  to: string;
  subject: string;
  html: string;
  text: string;
}

const at = new Date('2026-05-01T15:00:00Z');

/** One sample of every shop event (with the trigger the admin reads), for previews and tests. */
export function sampleEvents(config: Config): { trigger: string; event: ShopEvent }[] {
  const order = {
    id: 1042,
    customerEmail: 'jordan@example.com',
    customerName: 'Jordan Par',
    shippingAddress: '1 Fairway Drive\nAustin, TX 78701',
    items: [
      { productId: 1, name: 'Augusta Flag Pin', quantity: 2, unitPriceCents: 1250 },
      { productId: 2, name: 'Ryder Cup Marker', quantity: 1, unitPriceCents: 900 },
    ],
    subtotalCents: 3400,
    discountCode: 'SPRING10',
    discountCents: 340,
    shippingCents: 599,
    totalCents: 3659,
    trackingNumber: '1Z999AA10123456784',
    trackingUrl: 'https://www.ups.com/track?tracknum=1Z999AA10123456784',
    status: 'shipped',
    createdAt: at,
  } as unknown as OrderRow;
  const custom = {
    id: 311,
    customerEmail: 'casey@club.example',
    customerName: 'Casey Birdie',
    quantity: 100,
    size: '1inch',
    plating: 'gold',
    totalPriceCents: 52500,
    depositCents: 5250,
    remainingBalanceCents: 47250,
    status: 'mockup_sent',
    createdAt: at,
  } as unknown as CustomOrderRow;
  const quote = {
    id: 77,
    customerName: 'Alex Morgan',
    customerEmail: 'alex@tournament.example',
    customerPhone: '555-0100',
    companyName: 'Torrey Pines Invitational',
    pinType: 'pins',
    quantity: 250,
    preferredSize: '1inch',
    deadlineDate: '2026-06-15',
    projectDescription: 'Logo pins for 250 players, navy and gold.',
    additionalNotes: null,
    logoUrl: null,
    quotedAmountCents: 98000,
    quotedNotes: 'Includes a free mockup revision.',
    status: 'quoted',
    createdAt: at,
  } as unknown as QuoteRow;
  const session = {
    clientName: 'Alex Morgan',
    clientEmail: 'alex@tournament.example',
  } as unknown as CollaborationSessionRow;
  const revision = { revisionNumber: 2, notes: 'Gold outline as asked.' } as unknown as RevisionRow;
  const invoice = {
    invoiceNumber: 'INV-100042',
    customerName: 'Riley Green',
    customerEmail: 'riley@proshop.example',
    totalCents: 125000,
    dueDate: new Date('2026-05-31T00:00:00Z'),
    terms: 'Net 30',
  } as unknown as InvoiceRow;
  const collab = `${config.publicUrl}/quote-collaboration/sample-token`;
  return [
    { trigger: 'Catalogue order paid', event: { type: 'order.placed', order } },
    {
      trigger: 'Catalogue order shipped (tracking added)',
      event: { type: 'order.shipped', order },
    },
    { trigger: 'Catalogue order delivered', event: { type: 'order.delivered', order } },
    {
      trigger: 'Custom order deposit paid',
      event: { type: 'custom_order.deposit_paid', customOrder: custom },
    },
    {
      trigger: 'Custom order status: mockup sent',
      event: { type: 'custom_order.status_changed', customOrder: custom, from: 'deposit_paid' },
    },
    {
      trigger: 'Custom order status: shipped',
      event: {
        type: 'custom_order.status_changed',
        customOrder: { ...custom, status: 'shipped' },
        from: 'in_production',
      },
    },
    {
      trigger: 'Custom order status: delivered',
      event: {
        type: 'custom_order.status_changed',
        customOrder: { ...custom, status: 'delivered' },
        from: 'shipped',
      },
    },
    {
      trigger: 'Balance payment link generated',
      event: {
        type: 'custom_order.balance_link_created',
        customOrder: custom,
        url: `${config.publicUrl}/balance-payment/sample-token`,
      },
    },
    { trigger: 'Balance paid', event: { type: 'custom_order.balance_paid', customOrder: custom } },
    {
      trigger: "'Send Production Email'",
      event: {
        type: 'custom_order.production_notice',
        customOrder: custom,
        estimatedWeeks: '2 to 3 weeks',
      },
    },
    { trigger: 'Quote request submitted', event: { type: 'quote.requested', quote } },
    { trigger: 'Quote sent', event: { type: 'quote.quoted', quote, url: collab } },
    {
      trigger: 'Collaboration link created',
      event: { type: 'quote.collaboration_link_created', quote, session, url: collab },
    },
    {
      trigger: 'Mockup uploaded',
      event: { type: 'quote.mockup_uploaded', quote, revision, url: collab },
    },
    {
      trigger: 'Proof approved',
      event: { type: 'quote.approved', quote, approvedBy: 'Alex Morgan' },
    },
    {
      trigger: 'Invoice sent',
      event: {
        type: 'invoice.sent',
        invoice,
        payUrl: `${config.publicUrl}/pay-invoice/INV-100042`,
      },
    },
    { trigger: 'Invoice paid', event: { type: 'invoice.paid', invoice } },
    {
      trigger: "'Forgot password?'",
      event: {
        type: 'account.password_reset_requested',
        email: 'jordan@example.com',
        username: 'jordanpar',
        resetUrl: `${config.publicUrl}/reset-password#token=sample`,
        validMinutes: 60,
      },
    },
    {
      trigger: 'Password changed from a reset link',
      event: {
        type: 'account.password_changed',
        email: 'jordan@example.com',
        username: 'jordanpar',
        via: 'reset_link',
        forgotPasswordUrl: `${config.publicUrl}/forgot-password`,
      },
    },
    {
      trigger: 'Password changed on My Account',
      event: {
        type: 'account.password_changed',
        email: 'morgan@example.com',
        username: 'morganputts',
        via: 'my_account',
        forgotPasswordUrl: `${config.publicUrl}/forgot-password`,
      },
    },
    {
      trigger: 'Newsletter sign-up (double opt-in)',
      event: {
        type: 'newsletter.signup_requested',
        email: 'golfer@example.com',
        confirmUrl: `${config.publicUrl}/api/newsletter/confirm?token=sample`,
      },
    },
    {
      trigger: 'Newsletter subscription confirmed',
      event: {
        type: 'newsletter.confirmed',
        email: 'golfer@example.com',
        code: 'WELCOME-7K2QX9PA',
        percentOff: 15,
        unsubscribeUrl: `${config.publicUrl}/api/unsubscribe?e=sample&t=sample`,
      },
    },
    {
      trigger: "Admin 'Send Email'",
      event: {
        type: 'admin.message_sent',
        to: 'casey@club.example',
        customerName: 'Casey Birdie',
        subject: 'About your custom pins',
        message: 'Your pins look great. They ship on Monday.',
        about: 'custom_order:311',
      },
    },
  ];
}

/** Every previewable mail, transactional first, then campaigns. */
export function mailPreviews(config: Config): MailPreview[] {
  const out: MailPreview[] = [];
  const seen = new Set<string>();
  for (const { trigger, event } of sampleEvents(config)) {
    for (const mail of mailsFor(event, config)) {
      if (seen.has(mail.kind)) continue;
      seen.add(mail.kind);
      out.push({
        kind: mail.kind,
        trigger,
        to: mail.to,
        subject: mail.subject,
        html:
          htmlOf({ htmlBody: mail.html ?? null, htmlSource: mail.htmlSource ?? null }, config) ??
          '',
        text: mail.text,
      });
    }
  }
  const sample = {
    email: 'organiser@example.com',
    name: 'Alex Morgan',
    organization: 'Torrey Pines Invitational',
  };
  const unsubscribe = `${config.publicUrl}/api/unsubscribe?e=sample&t=sample`;
  const campaigns = [
    {
      kind: 'campaign_tournament',
      trigger: 'Tournament Campaigns',
      content: tournamentContent(config, {
        emailSubject: 'Exclusive tournament pricing on custom golf pins',
        promoCode: 'TOURNAMENT25',
        discountPercent: 25,
      }),
    },
    {
      kind: 'campaign_vip',
      trigger: 'VIP Campaigns',
      content: vipContent(config, { promoCode: 'VIPGOLD', discountPercent: 20 }),
    },
    {
      kind: 'campaign_discount',
      trigger: "Discount Codes 'Send Mass Email'",
      content: offerContent(config, {
        subject: `${config.STORE_NAME}: 10% off with code SPRING10`,
        intro: 'Here is a discount for your next order of custom pins or catalogue pins.',
        code: 'SPRING10',
        offer: '10% off',
      }),
    },
    {
      kind: 'campaign_marketing',
      trigger: 'Marketing Emails',
      content: marketingContent(config, {
        subject: 'New spring collection',
        content: '<p>Hi {{name}},</p><p>Our <strong>spring collection</strong> is here.</p>',
      }),
    },
  ];
  for (const c of campaigns) {
    const filled = personalise(c.content, sample, unsubscribe);
    out.push({ kind: c.kind, trigger: c.trigger, to: sample.email, ...filled });
  }
  return out;
}
