/**
 * The shop's own calendar (STORE_TIME_ZONE, docs/decisions.md issue 8 entry 5): which
 * instants a calendar day the admin typed covers in the store's time zone, and which
 * store day an instant falls on. The zone maths is `@date-fns/tz` (IANA database through
 * Intl, daylight saving time included), never a fixed offset.
 */
import { TZDate } from '@date-fns/tz';
import { isCalendarDay, type StoreDayOrDate } from '../../shared/schemas/common';

/** The zone a shop in San Diego keeps (STORE_TIME_ZONE's default). */
export const DEFAULT_STORE_TIME_ZONE = 'America/Los_Angeles';

/**
 * Whether `name` is an IANA time zone name this runtime knows (e.g. `America/Los_Angeles`,
 * `Europe/Berlin`, `UTC`). Offsets such as `+02:00` and unknown names are refused.
 */
export function isTimeZone(name: string): boolean {
  if (!/^[A-Za-z][A-Za-z0-9_+-]*(\/[A-Za-z0-9_+-]+)*$/.test(name)) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

function dayParts(day: string): [number, number, number] {
  if (!isCalendarDay(day)) throw new RangeError(`Not a calendar day: ${day}`);
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return [y, m - 1, d];
}

/**
 * The first instant of calendar day `day` (YYYY-MM-DD) in `timeZone`: its midnight, or the
 * first time that exists when the zone skips midnight for daylight saving time.
 * Throws a RangeError for text that is not a real day.
 */
export function startOfStoreDay(day: string, timeZone: string): Date {
  const [y, m, d] = dayParts(day);
  return new Date(new TZDate(y, m, d, timeZone).getTime());
}

/**
 * The last millisecond of calendar day `day` (YYYY-MM-DD) in `timeZone`: one millisecond
 * before the next day starts there, so 23- and 25-hour days are covered exactly.
 * Throws a RangeError for text that is not a real day.
 */
export function endOfStoreDay(day: string, timeZone: string): Date {
  const [y, m, d] = dayParts(day);
  return new Date(new TZDate(y, m, d + 1, timeZone).getTime() - 1);
}

/**
 * `instant` as the shop's owner reads it, in `timeZone` with its short name: 'Nov 27,
 * 2026, 2:17 AM PST'. For text stored once and read later (an incident's message), where
 * the admin screens' own times are local to the browser.
 */
export function formatStoreTime(instant: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-US', {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZone,
    timeZoneName: 'short',
  }).format(instant);
}

/** The calendar day (YYYY-MM-DD) on which `instant` falls in `timeZone`. */
export function storeDayOf(instant: Date, timeZone: string): string {
  const local = new TZDate(instant.getTime(), timeZone);
  const pad = (n: number, width = 2) => String(n).padStart(width, '0');
  return `${pad(local.getFullYear(), 4)}-${pad(local.getMonth() + 1)}-${pad(local.getDate())}`;
}

/**
 * A period's first instant from what the admin sent: a bare day is the start of that day
 * in `timeZone`, a full timestamp (an API client's) stays as given.
 */
export function periodStart(value: StoreDayOrDate, timeZone: string): Date {
  return typeof value === 'string' ? startOfStoreDay(value, timeZone) : value;
}

/**
 * A period's last instant from what the admin sent: a bare day is the end of that day
 * (its last millisecond) in `timeZone`, a full timestamp stays as given.
 */
export function periodEnd(value: StoreDayOrDate, timeZone: string): Date {
  return typeof value === 'string' ? endOfStoreDay(value, timeZone) : value;
}
