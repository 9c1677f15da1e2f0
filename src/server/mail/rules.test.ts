/**
 * The mail rules: which mails each shop event sends, to whom, and that customer text
 * stays text in the HTML part.
 */
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import type { CustomOrderRow, InvoiceRow, OrderRow, QuoteRow, ShopEvent } from '../events/events';
import { mailsFor } from './rules';

const config = loadConfig({ STORE_EMAIL: 'shop@example.test', PUBLIC_URL: 'https://pins.test' });
const now = new Date('2026-11-01T00:00:00Z');
const evil = '<img src=x onerror=alert(1)>';

const order: OrderRow = {
  id: 7,
  userId: null,
  cartSessionId: null,
  customerEmail: 'buyer@example.test',
  customerName: evil,
  shippingAddress: '1 Tee Rd',
  subtotalCents: 1000,
  discountCode: null,
  discountCents: 0,
  shippingCents: 599,
  totalCents: 1599,
  paymentIntentId: 'p1',
  paymentStatus: 'paid',
  status: 'shipped',
  items: [{ productId: 1, name: 'Pin', quantity: 1, unitPriceCents: 1000 }],
  trackingNumber: '1Z999',
  trackingUrl: 'https://track.test/1Z999',
  createdAt: now,
};
const customOrder: CustomOrderRow = {
  id: 12,
  userId: null,
  cartSessionId: null,
  quantity: 100,
  size: '1inch',
  plating: 'gold',
  packaging: 'just-pins',
  logoFileName: null,
  logoUrl: null,
  pinDesigns: [],
  rushOrder: false,
  rushOrderFeeCents: 0,
  pricePerPinCents: 525,
  discountCode: null,
  discountCents: 0,
  totalPriceCents: 52500,
  depositCents: 5250,
  remainingBalanceCents: 47250,
  customerEmail: 'course@example.test',
  customerName: 'Pat Green',
  customerPhone: null,
  notes: null,
  depositPaymentId: 'd1',
  balancePaymentId: null,
  balancePaymentToken: null,
  balanceTokenExpiresAt: null,
  status: 'mockup_sent',
  shippingAddress: null,
  estimatedDelivery: null,
  quoteRequestId: null,
  balancePaidAt: null,
  createdAt: now,
};
const quote: QuoteRow = {
  id: 3,
  customerName: 'Lee',
  customerEmail: 'lee@example.test',
  customerPhone: null,
  companyName: null,
  projectDescription: 'Club pins for our member-guest',
  quantity: 200,
  pinType: 'pins',
  logoFileName: null,
  logoUrl: null,
  preferredSize: '1inch',
  deadlineDate: null,
  additionalNotes: null,
  status: 'quoted',
  quotedAmountCents: 85000,
  quotedNotes: 'Includes two colours',
  approvedAt: null,
  approvedRevision: null,
  createdAt: now,
  updatedAt: now,
};
const invoice: InvoiceRow = {
  id: 1,
  invoiceNumber: 'INV-000123',
  customerName: 'Fox Hollow GC',
  customerEmail: 'ap@example.test',
  customerCompany: null,
  customerAddress: null,
  dueDate: now,
  notes: null,
  terms: 'Net 30',
  items: [],
  subtotalCents: 25000,
  taxCents: 0,
  totalCents: 25000,
  status: 'pending',
  paymentId: null,
  payKey: null,
  cancelledAt: null,
  sentAt: now,
  paidAt: null,
  createdAt: now,
};

describe('mail rules', () => {
  it("links a shipped order's tracking address in the HTML part", () => {
    const [mail] = mailsFor({ type: 'order.shipped', order }, config);
    expect(mail!.html).toContain('href="https://track.test/1Z999"');
    expect(mail!.text).toContain('https://track.test/1Z999');
  });

  it('sends each transactional mail to the right person with its facts', () => {
    const cases: [ShopEvent, string, string, string][] = [
      [{ type: 'order.placed', order }, 'order_confirmation', order.customerEmail, '#7'],
      [{ type: 'order.shipped', order }, 'order_shipped', order.customerEmail, '1Z999'],
      [{ type: 'order.delivered', order }, 'order_delivered', order.customerEmail, '#7'],
      [
        { type: 'custom_order.deposit_paid', customOrder },
        'deposit_received',
        customOrder.customerEmail,
        '$52.50',
      ],
      [
        { type: 'custom_order.balance_link_created', customOrder, url: 'https://pins.test/b/x' },
        'balance_link',
        customOrder.customerEmail,
        'https://pins.test/b/x',
      ],
      [
        { type: 'custom_order.production_notice', customOrder, estimatedWeeks: '2 to 3 weeks' },
        'production_notice',
        customOrder.customerEmail,
        '2 to 3 weeks',
      ],
      [{ type: 'quote.quoted', quote }, 'quote_sent', quote.customerEmail, '$850.00'],
      [
        { type: 'invoice.sent', invoice, payUrl: 'https://pins.test/pay-invoice/INV-000123' },
        'invoice',
        invoice.customerEmail,
        'https://pins.test/pay-invoice/INV-000123',
      ],
      [
        { type: 'invoice.paid', invoice },
        'invoice_receipt',
        invoice.customerEmail,
        'Invoice #INV-000123 has been paid in full.',
      ],
      [
        {
          type: 'account.password_reset_requested',
          email: 'pat@example.test',
          username: 'patgreen',
          resetUrl: 'https://pins.test/reset-password#token=abc',
          validMinutes: 60,
        },
        'password_reset',
        'pat@example.test',
        'https://pins.test/reset-password#token=abc',
      ],
      [
        {
          type: 'account.password_changed',
          email: 'pat@example.test',
          username: 'patgreen',
          via: 'reset_link',
          forgotPasswordUrl: 'https://pins.test/forgot-password',
        },
        'password_changed',
        'pat@example.test',
        'https://pins.test/forgot-password',
      ],
      [
        {
          type: 'account.password_changed',
          email: 'pat@example.test',
          username: 'patgreen',
          via: 'my_account',
          forgotPasswordUrl: 'https://pins.test/forgot-password',
        },
        'password_changed',
        'pat@example.test',
        'on its My Account page',
      ],
    ];
    for (const [event, kind, to, fact] of cases) {
      const mails = mailsFor(event, config);
      expect(
        mails.map((m) => m.kind),
        event.type,
      ).toEqual([kind]);
      expect(mails[0]!.to).toBe(to);
      expect(mails[0]!.text, event.type).toContain(fact);
    }
  });

  it("an invoice mail's Due is the calendar day the admin chose, in any STORE_TIME_ZONE", () => {
    // The admin chose 15 January; it is stored as that day's UTC midnight, which is still
    // the 14th in San Diego: the mail must name the chosen day, not the zone's reading.
    const due = { ...invoice, dueDate: new Date('2030-01-15T00:00:00Z') };
    for (const zone of ['America/Los_Angeles', 'Pacific/Auckland', 'UTC']) {
      const zoned = loadConfig({ STORE_TIME_ZONE: zone, PUBLIC_URL: 'https://pins.test' });
      const [mail] = mailsFor({ type: 'invoice.sent', invoice: due, payUrl: 'https://x' }, zoned);
      expect(mail!.text, zone).toMatch(/Due\W+2030-01-15\b/);
      expect(mail!.html, zone).toContain('2030-01-15');
      expect(mail!.text, zone).not.toContain('2030-01-14');
    }
  });

  it('a quote request mails the customer and the shop', () => {
    const mails = mailsFor({ type: 'quote.requested', quote }, config);
    expect(mails.map((m) => [m.kind, m.to])).toEqual([
      ['quote_confirmation', quote.customerEmail],
      ['quote_notification', 'shop@example.test'],
    ]);
    // Replies: the customer's reaches the shop; the shop's reaches the customer.
    expect(mails.map((m) => m.headers?.['Reply-To'])).toEqual([
      'shop@example.test',
      quote.customerEmail,
    ]);
    // The size reads as the form showed it, not as stored ('1inch').
    for (const mail of mails) expect(mail.text, mail.kind).toContain('Preferred size: 1 inch');
  });

  it("customer mails answer to the shop; the balance link says 'approved' only when it is", () => {
    const link = (status: string) =>
      mailsFor(
        {
          type: 'custom_order.balance_link_created',
          customOrder: { ...customOrder, status },
          url: 'https://pins.test/b/x',
        },
        config,
      )[0]!;
    expect(link('approved').text).toContain('Your design is approved. The remaining balance');
    expect(link('mockup_sent').text).not.toContain('approved');
    expect(link('mockup_sent').text).toContain('The remaining balance of $472.50 is due');
    for (const event of [
      { type: 'order.placed', order },
      { type: 'custom_order.deposit_paid', customOrder },
      {
        type: 'custom_order.status_changed',
        customOrder: { ...customOrder, status: 'mockup_sent' },
        from: 'x',
      },
    ] as ShopEvent[])
      expect(mailsFor(event, config)[0]!.headers?.['Reply-To']).toBe('shop@example.test');
  });

  it("a custom order's size and plating read as the wizard shows them; a quote's own text stays", () => {
    const [deposit] = mailsFor({ type: 'custom_order.deposit_paid', customOrder }, config);
    for (const part of [deposit!.text, deposit!.html!]) {
      expect(part).toContain('1 inch');
      expect(part).toContain('Gold');
      expect(part).not.toContain('1inch');
    }
    const fromQuote = { ...customOrder, size: '2 inch die-struck', plating: 'antique copper' };
    const [mail] = mailsFor({ type: 'custom_order.deposit_paid', customOrder: fromQuote }, config);
    expect(mail!.text).toContain('2 inch die-struck');
    expect(mail!.text).toContain('antique copper');
  });

  it('a custom order status sends mail only where the customer needs it', () => {
    const kinds = (status: string) =>
      mailsFor(
        { type: 'custom_order.status_changed', customOrder: { ...customOrder, status }, from: 'x' },
        config,
      ).map((m) => m.kind);
    expect(kinds('mockup_sent')).toEqual(['custom_mockup_ready']);
    expect(kinds('shipped')).toEqual(['custom_shipped']);
    expect(kinds('approved')).toEqual([]);
    expect(kinds('in_production')).toEqual([]);
  });

  it('customer text stays text in the HTML part', () => {
    for (const event of [
      { type: 'order.shipped', order } as const,
      {
        type: 'admin.message_sent',
        to: 'a@example.test',
        customerName: evil,
        subject: 'Hello',
        message: evil,
        about: 'order:7',
      } as const,
    ]) {
      const [mail] = mailsFor(event, config);
      expect(mail!.html).not.toContain('<img');
      expect(mail!.html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    }
  });
});
