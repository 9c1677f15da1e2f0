/**
 * Manual invoice contracts (back-office spec sections 2 "Manual Invoices" and
 * "/pay-invoice/{invoiceNumber}", 3 `manual_invoices`, 5, 7, 9; DECISIONS.md
 * "/pay-invoice: the amount comes from the server's invoice"). Amounts in dollars.
 * The admin's generator form and POST /api/send-invoice share `SendInvoiceBody`.
 */

import { hasAtMostTwoDecimals } from '../money';
import { isCalendarDay, MAX_ORDER_DOLLARS } from './common';
import { z } from './zod';

/** Spec section 9: due in 30 days, terms Net 30, number INV- + 6 digits, list shows 10. */
export const INVOICE_DUE_DAYS = 30;
export const INVOICE_DEFAULT_TERMS = 'Net 30';
export const INVOICE_NUMBER_PATTERN = /^INV-\d{6}$/;
export const INVOICE_LIST_FIRST = 10;
export const INVOICE_REFRESH_MS = 10_000;
/**
 * An unpaid invoice's pay link works until this many days after its due date (or after it
 * was sent, when that is later): DECISIONS.md "Payment links ... with expiry".
 */
export const INVOICE_LINK_DAYS_AFTER_DUE = 30;

/** Texts of the invoice screens (spec sections 2, 5, 8). */
export const INVOICE_MESSAGES = {
  missingTitle: 'Missing Information',
  missing: 'Please fill in the customer name, email and amount.',
  invalidLink: 'Invalid Payment Link',
  linkExpired: 'This payment link has expired. Please contact us for a new one.',
  alreadyPaid: 'This invoice has already been paid.',
  paidTitle: 'Payment Successful!',
  sendFailed: 'Failed to send invoice',
  deleteFailed: 'Failed to delete invoice',
  paidCannotDelete: 'Paid invoices cannot be deleted.',
} as const;

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `At most ${max} characters`)
    .nullable()
    .optional()
    .transform((v) => (v ? v : null));

/** POST /api/send-invoice (admin): the generator form. */
export const SendInvoiceBody = z.object({
  customerName: z
    .string({ error: 'Customer name is required' })
    .trim()
    .min(1, 'Customer name is required')
    .max(200, 'At most 200 characters'),
  customerEmail: z
    .string({ error: 'Customer email is required' })
    .trim()
    .min(1, 'Customer email is required')
    .max(254)
    .pipe(z.email('Please enter a valid email address')),
  customerCompany: optionalText(200),
  customerAddress: optionalText(600),
  description: z.string().trim().max(2000, 'At most 2000 characters').default(''),
  /** Dollars, above 0, at most two decimals. */
  amount: z
    .number({
      error: (issue) =>
        issue.input === undefined
          ? 'Amount is required'
          : 'Amount must be a number, such as 1250.50',
    })
    .gt(0, 'Amount must be above 0')
    .max(MAX_ORDER_DOLLARS, 'Amount must be at most 1,000,000')
    .refine(hasAtMostTwoDecimals, 'Amount must be in dollars with at most two decimals'),
  /** YYYY-MM-DD; default (server) today + 30 days. */
  dueDate: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'Please enter a valid date')
    .refine(isCalendarDay, 'Please enter a valid date')
    .refine((v) => v >= '2000-01-01' && v <= '2100-12-31', 'Date must be between 2000 and 2100')
    .nullable()
    .optional(),
  terms: z.string().trim().max(100, 'At most 100 characters').default(INVOICE_DEFAULT_TERMS),
  notes: optionalText(2000),
});
export type SendInvoiceBody = z.input<typeof SendInvoiceBody>;
export type SendInvoiceInput = z.output<typeof SendInvoiceBody>;

export const INVOICE_STATUSES = ['pending', 'paid', 'cancelled'] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];

/** An invoice as the admin list shows it; `payUrl` is the customer's pay link. */
export const AdminInvoice = z.object({
  id: z.number().int(),
  invoiceNumber: z.string(),
  customerName: z.string(),
  customerEmail: z.string(),
  customerCompany: z.string().nullable(),
  customerAddress: z.string().nullable(),
  description: z.string(),
  amount: z.number(),
  /** The stored lines (spec section 3 `items`; the generator writes one), dollars. */
  items: z.array(
    z.object({ description: z.string(), quantity: z.number().int(), unitPrice: z.number() }),
  ),
  /** Spec section 3 `subtotal`, `tax` (default 0) and `total` (= `amount`), dollars. */
  subtotal: z.number(),
  tax: z.number(),
  total: z.number(),
  dueDate: z.string().nullable(),
  terms: z.string(),
  notes: z.string().nullable(),
  status: z.enum(INVOICE_STATUSES),
  /** The pay link while it works: null once paid, cancelled or expired. */
  payUrl: z.string().nullable(),
  /**
   * The printable invoice (a site path with the invoice's key) while it can be shown: a
   * paid invoice, or an unpaid one whose link still works; null otherwise.
   */
  printUrl: z.string().nullable(),
  /** The last instant an unpaid invoice's pay link works (its day's last millisecond); null when not pending. */
  linkExpiresAt: z.string().nullable(),
  /**
   * The store day (YYYY-MM-DD, STORE_TIME_ZONE) whose end is `linkExpiresAt`, for display
   * without the browser's zone; null when not pending.
   */
  linkExpiresDay: z.string().nullable(),
  sentAt: z.string().nullable(),
  paidAt: z.string().nullable(),
  createdAt: z.string(),
  /**
   * The day the invoice was issued, as the document prints it: the store day (YYYY-MM-DD,
   * STORE_TIME_ZONE) of `sentAt` (else `createdAt`), the day its default due date is
   * counted from.
   */
  issuedDay: z.string(),
  /** The store day (YYYY-MM-DD, STORE_TIME_ZONE) of `paidAt`; null while unpaid. */
  paidDay: z.string().nullable(),
});
export type AdminInvoice = z.infer<typeof AdminInvoice>;

/**
 * POST /api/send-invoice (admin): the new invoice, and `sending`, false when outgoing mail
 * (SMTP_URL) is not configured and the invoice's e-mail waits in the outbox (as a
 * campaign's `CampaignStarted.sending`), so the admin is not told it was e-mailed.
 */
export const SentInvoice = AdminInvoice.extend({ sending: z.boolean() });
export type SentInvoice = z.infer<typeof SentInvoice>;

/** GET /api/pay-invoice/{invoiceNumber}?key= (public): what the pay page shows. */
export const PublicInvoice = AdminInvoice.omit({
  id: true,
  customerEmail: true,
  payUrl: true,
  printUrl: true,
  linkExpiresAt: true,
  linkExpiresDay: true,
  sentAt: true,
}).extend({ status: z.enum(['pending', 'paid']) });
export type PublicInvoice = z.infer<typeof PublicInvoice>;

export const PayInvoiceParams = z.object({ invoiceNumber: z.string().max(50) });
export const PayInvoiceQuery = z.object({
  key: z.string().max(200).optional(),
  /** The spec's `?amount=` is accepted and ignored: the server's amount is shown. */
  amount: z.string().max(50).optional(),
});
