/**
 * en-US dates for the public pages, written out rather than through Intl: a browser's
 * first Intl.DateTimeFormat loads the locale and time-zone data, 30-47 ms of blocked main
 * thread measured in Chromium here, inside the page's first render (docs/decisions.md,
 * issue 10). The texts are those of Intl's en-US formats (dates.test.ts compares them).
 * `utc` reads the date in UTC (for calendar days sent as YYYY-MM-DD), else local time.
 */
const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];
const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

function parts(date: Date, utc: boolean) {
  return utc
    ? { y: date.getUTCFullYear(), m: date.getUTCMonth(), d: date.getUTCDate(), w: date.getUTCDay() }
    : { y: date.getFullYear(), m: date.getMonth(), d: date.getDate(), w: date.getDay() };
}

/** "March 5, 2026" (Intl: year numeric, month long, day numeric). */
export function longDate(date: Date, utc = false): string {
  const { y, m, d } = parts(date, utc);
  return `${MONTHS[m]} ${d}, ${y}`;
}

/** "Tue, Nov 24" (Intl: weekday short, month short, day numeric). */
export function shortWeekdayDate(date: Date, utc = false): string {
  const { m, d, w } = parts(date, utc);
  return `${WEEKDAYS[w]!.slice(0, 3)}, ${MONTHS[m]!.slice(0, 3)} ${d}`;
}

/** "Tuesday, November 24" (Intl: weekday long, month long, day numeric). */
export function longWeekdayDate(date: Date, utc = false): string {
  const { m, d, w } = parts(date, utc);
  return `${WEEKDAYS[w]}, ${MONTHS[m]} ${d}`;
}

/** A YYYY-MM-DD calendar day as a UTC Date (read it back with `utc = true`). */
export function calendarDay(iso: string): Date {
  const [y, m, d] = iso.split('-').map(Number);
  return new Date(Date.UTC(y!, m! - 1, d!));
}
