/** Shared zod building blocks for API contracts. */

import { groupDigits, hasAtMostTwoDecimals } from '../money';
import { z } from './zod';

/** Dollars as the API shows them: a number with at most two decimals. */
export const Dollars = z.number();

/** Every API error body (DECISIONS.md "Runtime conventions"). `errors` maps field -> message for 400s. */
export const ApiError = z.object({
  message: z.string(),
  errors: z.record(z.string(), z.string()).optional(),
});
export type ApiError = z.infer<typeof ApiError>;

/** Anonymous cart/session id sent in the X-Session-Id header; the browser keeps it under `sessionId`. */
export const SessionIdHeader = z.string().regex(/^[A-Za-z0-9_-]{8,128}$/, 'Invalid session id');

/** Largest value of a PostgreSQL `integer` (serial ids, quantities, counts). */
export const INT4_MAX = 2_147_483_647;

/** A database row id: a positive whole number within PostgreSQL's integer range. */
export const RowId = z
  .number()
  .int('Invalid id')
  .positive('Invalid id')
  .max(INT4_MAX, 'Invalid id');

/**
 * A row id as text (a path parameter): plain positive decimal digits only, no sign,
 * no leading zero, no spaces, no `0x10` / `1e0` / `+1` (issue 11), within int4.
 */
export const IdText = z
  .string()
  .regex(/^[1-9][0-9]{0,9}$/, 'Invalid id')
  .transform(Number)
  .refine((n) => n <= INT4_MAX, 'Invalid id');

/** `/{id}` path parameter: a row id (400 for anything else, including ids past int4). */
export const IdParam = z.object({ id: IdText });

/** Largest order amount a client may send or the shop takes online: $1,000,000. */
export const MAX_ORDER_DOLLARS = 1_000_000;

/**
 * A dollar amount sent by a client as a number: 0 to `max`, at most two decimals
 * (more answers 400; it is never rounded), so conversion to cents cannot fail.
 */
export const dollarInput = (max: number) =>
  z
    .number()
    .min(0, 'Amount cannot be negative')
    .max(max, `Amount must be at most ${groupDigits(max)}`)
    .refine(hasAtMostTwoDecimals, 'Amount must be in dollars with at most two decimals');

/** Earliest and latest dates the admin can set (PostgreSQL and JS dates both hold them). */
export const MIN_INPUT_DATE = new Date('2000-01-01T00:00:00Z');
export const MAX_INPUT_DATE = new Date('2100-12-31T23:59:59.999Z');

/** A date typed by the admin (ISO text or epoch ms), between 2000 and 2100. */
export const DateInput = z.coerce
  .date({ error: 'Please enter a valid date' })
  .min(MIN_INPUT_DATE, 'Date must be between 2000 and 2100')
  .max(MAX_INPUT_DATE, 'Date must be between 2000 and 2100');

/**
 * The last day of a period typed by the admin (a discount code's "Valid until"): a bare
 * YYYY-MM-DD, as the date picker sends it, means the END of that day (UTC, the day the
 * admin list shows), so a code valid until the 31st still works on the 31st and a code
 * whose first and last day are the same works that whole day. A full timestamp is kept.
 */
export const EndDateInput = z.preprocess(
  (v) =>
    typeof v === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(v.trim()) ? `${v.trim()}T23:59:59.999Z` : v,
  DateInput,
);
