/**
 * "Money owed and mail held" (issue 8): the admin's incidents screen contracts.
 * GET /api/admin/incidents and its actions. Amounts in dollars.
 */
import { z } from './zod';

export const IncidentPayment = z.object({
  id: z.number().int(),
  providerOrderId: z.string(),
  purpose: z.string(),
  reference: z.string(),
  /** Captured amount (dollars), or the expected one when nothing was captured. */
  amount: z.number(),
  status: z.string(),
  captureId: z.string().nullable(),
  failureReason: z.string().nullable(),
  refundAttempts: z.number().int(),
  nextRefundAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** Open incident messages about this payment. */
  notes: z.array(z.string()),
  /**
   * Who paid, as the payment provider named them at the capture (e-mail and/or name);
   * null when it named nobody (test payments, payments recorded before this was kept).
   */
  payer: z.object({ email: z.string().nullable(), name: z.string().nullable() }).nullable(),
});
export type IncidentPayment = z.infer<typeof IncidentPayment>;

export const OpenIncident = z.object({
  id: z.number().int(),
  providerOrderId: z.string().nullable(),
  kind: z.string(),
  message: z.string(),
  createdAt: z.string(),
});
export type OpenIncident = z.infer<typeof OpenIncident>;

export const ProblemMail = z.object({
  id: z.number().int(),
  toAddress: z.string(),
  subject: z.string(),
  kind: z.string(),
  status: z.enum(['held', 'failed']),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  createdAt: z.string(),
});
export type ProblemMail = z.infer<typeof ProblemMail>;

export const IncidentCounts = z.object({
  refundsOwed: z.number().int(),
  capturesWithoutOrder: z.number().int(),
  openIncidents: z.number().int(),
  heldMail: z.number().int(),
  failedMail: z.number().int(),
  /** Everything above: what needs a human. */
  needsHuman: z.number().int(),
});
export type IncidentCounts = z.infer<typeof IncidentCounts>;

export const IncidentsOverview = z.object({
  refundsOwed: z.array(IncidentPayment),
  capturesWithoutOrder: z.array(IncidentPayment),
  openIncidents: z.array(OpenIncident),
  mail: z.array(ProblemMail),
  /** True when SMTP_URL is set: held mail can be released and failed mail resent. */
  mailSending: z.boolean(),
  counts: IncidentCounts,
});
export type IncidentsOverview = z.infer<typeof IncidentsOverview>;

/** 'Mark resolved' needs a note saying what was done. */
export const ResolveBody = z.object({
  note: z
    .string({ error: 'Please say what was done' })
    .trim()
    .min(3, 'Please say what was done')
    .max(1000, 'At most 1000 characters'),
});
export type ResolveBody = z.infer<typeof ResolveBody>;

export const ActionResult = z.object({ message: z.string() });

/**
 * The answer to 'Refund' / 'Retry refund': `refunded` false when the payment provider did
 * not refund it this time (it stays owed and is retried automatically).
 */
export const RefundResult = ActionResult.extend({ refunded: z.boolean() });
export type RefundResult = z.infer<typeof RefundResult>;
