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

/**
 * Text that must stay on one line (a name: it goes into mail subjects and greetings): no
 * line break. A form's single-line input cannot make one; only a hand-made request can.
 */
export const ONE_LINE = /^[^\r\n]*$/;
export const ONE_LINE_MESSAGE = 'Must be on one line';

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
/** The spelling `IdText` accepts (within int4 as well). */
export const ID_TEXT_PATTERN = /^[1-9][0-9]{0,9}$/;

export const IdText = z
  .string()
  .regex(ID_TEXT_PATTERN, 'Invalid id')
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
    .number({
      error: (issue) =>
        issue.input === undefined ? 'Amount is required' : 'Amount must be a number in dollars',
    })
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

const DAY_SHAPE = /^(\d{4})-(\d{2})-(\d{2})$/;
/** An ISO 8601 timestamp with its offset: 2031-01-30T23:30Z, 2031-01-30T23:30:00.000-08:00. */
const INSTANT_SHAPE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})$/i;

/** Whether `text` is a real calendar day written YYYY-MM-DD (no 2024-02-30, no 2023-02-29). */
export function isCalendarDay(text: string): boolean {
  const match = DAY_SHAPE.exec(text);
  if (!match) return false;
  const [y, m, d] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const probe = new Date(Date.UTC(y, m - 1, d));
  return probe.getUTCFullYear() === y && probe.getUTCMonth() === m - 1 && probe.getUTCDate() === d;
}

/**
 * A period bound as the admin sent it: a calendar day (YYYY-MM-DD, the shop's own day) or
 * an exact instant.
 */
export type StoreDayOrDate = string | Date;

/**
 * A discount code's 'Valid from' / 'Valid until' (docs/decisions.md issue 8 entry 5). A bare
 * YYYY-MM-DD, as the date picker sends it, stays that text (trimmed): it names a day of the
 * SHOP's calendar, and only the server, which knows STORE_TIME_ZONE, turns it into the start
 * (validFrom) or the end (validUntil, last millisecond) of that day, so the browser never
 * decides the instant. Anything else must be an exact instant, kept as given: epoch ms, or
 * an ISO 8601 timestamp WITH its offset (`Z` or `+hh:mm`); a timestamp without one
 * ('2031-01-30T00:00') would be read in the server process's own zone, so it is refused.
 * Same messages as `DateInput`: 'Please enter a valid date' (also for a day that does not
 * exist or text that is no such timestamp), 'Date must be between 2000 and 2100'.
 */
export const StoreDayOrDateInput = z.preprocess(
  (v) => (typeof v === 'string' && DAY_SHAPE.test(v.trim()) ? v.trim() : v),
  z.unknown().transform((v, ctx): StoreDayOrDate => {
    if (typeof v === 'string' && DAY_SHAPE.test(v)) {
      if (!isCalendarDay(v)) {
        ctx.addIssue({ code: 'custom', message: 'Please enter a valid date' });
        return z.NEVER;
      }
      if (v < '2000-01-01' || v > '2100-12-31') {
        ctx.addIssue({ code: 'custom', message: 'Date must be between 2000 and 2100' });
        return z.NEVER;
      }
      return v;
    }
    if (typeof v === 'string' && !INSTANT_SHAPE.test(v.trim())) {
      ctx.addIssue({ code: 'custom', message: 'Please enter a valid date' });
      return z.NEVER;
    }
    const parsed = DateInput.safeParse(typeof v === 'string' ? v.trim() : v);
    if (parsed.success) return parsed.data;
    for (const issue of parsed.error.issues)
      ctx.addIssue({ code: 'custom', message: issue.message });
    return z.NEVER;
  }),
);

/**
 * Whether period bound `from` is after `until` when both are the same kind (two days, or
 * two instants); a day against an instant depends on the store's zone, so only the server
 * can tell (null here).
 */
export function startsAfterEnd(from: StoreDayOrDate, until: StoreDayOrDate): boolean | null {
  if (typeof from === 'string' && typeof until === 'string') return from > until;
  if (typeof from !== 'string' && typeof until !== 'string') return from > until;
  return null;
}
