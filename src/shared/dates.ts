/** Calendar dates as YYYY-MM-DD text, shared by the quote form, the wizard and the server. */

/** `date` plus `days` calendar days, as YYYY-MM-DD (calendar arithmetic in UTC, no DST drift). */
export function addDaysIso(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/**
 * The calendar day (YYYY-MM-DD) a date-only value names when it is stored as that day's UTC
 * midnight (an invoice's due date; docs/decisions.md issue 8 entry 5). Read in UTC on
 * purpose: in the store's zone (west of UTC) that instant falls on the day before.
 */
export function storedDayIso(utcMidnight: Date): string {
  return utcMidnight.toISOString().slice(0, 10);
}

/** Today's date in the browser's own calendar, YYYY-MM-DD. */
export function localTodayIso(now: Date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/**
 * The earliest calendar date anywhere on Earth right now (UTC-12), YYYY-MM-DD. The
 * server measures the 21-day lead time from it, so a visitor whose local "today" is
 * behind UTC is not refused a date their own date picker allowed.
 */
export function earliestTodayIso(now: Date = new Date()): string {
  return new Date(now.getTime() - 12 * 3_600_000).toISOString().slice(0, 10);
}
