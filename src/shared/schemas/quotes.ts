/**
 * Quote request contract (storefront spec sections 3, 5, 7 and 9): the fields of the
 * /quote form and of the multipart POST /api/quote-requests, with the spec's messages.
 * The server and the form use the same rules; only "today" differs (see
 * `quoteRequestSchema`).
 */

import { INT4_MAX, isCalendarDay, ONE_LINE, ONE_LINE_MESSAGE } from './common';
import { z } from './zod';

/** Spec section 9: quote constants. */
export const QUOTE_LEAD_DAYS = 21;
export const QUOTE_LOGO_MAX_BYTES = 10 * 1024 * 1024;
export const QUOTE_MIN_DESCRIPTION = 10;
export const QUOTE_RESPONSE_HOURS = 24;
export const QUOTE_PIN_TYPES = ['pins', 'ball_markers', 'coins'] as const;
export const QUOTE_SIZES = ['1inch', '1.5inch', 'other'] as const;
/** The quote form's size choices as people read them (form, admin card, room, mail). */
export const QUOTE_SIZE_LABELS: Record<(typeof QUOTE_SIZES)[number], string> = {
  '1inch': '1 inch',
  '1.5inch': '1.5 inch',
  other: 'Other',
};
/** A stored preferred size as shown ('1 inch'); an unknown value as stored. */
export function quoteSizeText(size: string): string {
  return QUOTE_SIZE_LABELS[size as (typeof QUOTE_SIZES)[number]] ?? size;
}
export const QUOTE_DEFAULTS = { quantity: 25, pinType: 'pins', preferredSize: '1inch' } as const;

/** Logo types the shop takes (spec section 5), as MIME types. */
export const QUOTE_LOGO_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/svg+xml'] as const;

/** Exact user-facing texts of the quote form and upload (spec sections 5 and 8). */
export const QUOTE_MESSAGES = {
  name: 'Name is required',
  email: 'Valid email is required',
  description: 'Please provide more details about your project',
  quantity: 'Quantity must be at least 1',
  pinType: 'Please select a product type',
  deadline: 'Deadline must be at least 3 weeks from today to allow for production time',
  invalidFileTitle: 'Invalid File Type',
  invalidFile: 'Please upload a PNG, JPG, GIF, or SVG file.',
  fileTooLargeTitle: 'File Too Large',
  fileTooLarge: 'Please upload a file smaller than 10MB.',
  submitFailedTitle: 'Error',
  submitFailed: 'Failed to submit quote request. Please try again.',
} as const;

// Calendar helpers live in shared/dates.ts (no zod: the wizard's first load uses them).
import { addDaysIso, earliestTodayIso } from '../dates';

export { addDaysIso, earliestTodayIso, localTodayIso } from '../dates';

/** Optional text field: trimmed; empty means absent (multipart omits empty fields). */
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `Must be at most ${max} characters`)
    .optional()
    .transform((v) => (v ? v : undefined));

/**
 * The quote request schema with the lead time counted from `today()` (YYYY-MM-DD).
 * Quantity takes a number or numeric text; text that is not a number falls back to 1
 * (spec section 5). Output: trimmed values, optional fields undefined when empty.
 */
export function quoteRequestSchema(today: () => string) {
  return z.object({
    customerName: z
      .string({ error: QUOTE_MESSAGES.name })
      .trim()
      .min(1, QUOTE_MESSAGES.name)
      .max(200, 'Name is too long')
      .regex(ONE_LINE, ONE_LINE_MESSAGE),
    customerEmail: z
      .string({ error: QUOTE_MESSAGES.email })
      .trim()
      .max(254, QUOTE_MESSAGES.email)
      .pipe(z.email(QUOTE_MESSAGES.email)),
    customerPhone: optionalText(50),
    companyName: optionalText(200),
    projectDescription: z
      .string({ error: QUOTE_MESSAGES.description })
      .trim()
      .min(QUOTE_MIN_DESCRIPTION, QUOTE_MESSAGES.description)
      .max(5000, 'Description must be at most 5000 characters'),
    quantity: z
      .union([z.number(), z.string()])
      .transform((v) => {
        const n = typeof v === 'number' ? v : Number.parseInt(v.trim(), 10);
        return Number.isFinite(n) ? Math.trunc(n) : 1;
      })
      .pipe(
        z
          .number()
          .int(QUOTE_MESSAGES.quantity)
          .min(1, QUOTE_MESSAGES.quantity)
          .max(INT4_MAX, 'Quantity is too large'),
      ),
    pinType: z.enum(QUOTE_PIN_TYPES, { error: QUOTE_MESSAGES.pinType }),
    preferredSize: z
      .enum(QUOTE_SIZES, { error: 'Please select a size' })
      .or(z.literal(''))
      .optional()
      .transform((v) => (v ? v : undefined)),
    deadlineDate: z
      .string()
      .trim()
      .optional()
      .refine((v) => !v || isCalendarDay(v), 'Please enter a valid date')
      .refine(
        (v) => !v || !isCalendarDay(v) || v >= addDaysIso(today(), QUOTE_LEAD_DAYS),
        QUOTE_MESSAGES.deadline,
      )
      .transform((v) => (v ? v : undefined)),
    additionalNotes: optionalText(5000),
  });
}

/** The server's schema: lead time counted from the earliest "today" on Earth. */
export const QuoteRequestBody = quoteRequestSchema(() => earliestTodayIso());
export type QuoteRequestInput = z.input<typeof QuoteRequestBody>;
export type QuoteRequest = z.output<typeof QuoteRequestBody>;

/** 201 answer of POST /api/quote-requests. */
export const QuoteCreated = z.object({ id: z.number().int() });
export type QuoteCreated = z.infer<typeof QuoteCreated>;
