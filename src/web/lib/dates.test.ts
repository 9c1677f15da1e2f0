/** The Intl-free date texts match Intl's en-US output (lib/dates.ts). */
import { describe, expect, it } from 'vitest';
import { calendarDay, longDate, longWeekdayDate, shortWeekdayDate } from './dates';

const days: Date[] = [];
for (let t = Date.UTC(2024, 0, 1, 12); t < Date.UTC(2027, 0, 1); t += 37 * 3_600_000) {
  days.push(new Date(t));
}

describe('dates without Intl', () => {
  it('longDate is Intl\'s "March 5, 2026", in local time and in UTC', () => {
    const local = new Intl.DateTimeFormat('en-US', {
      year: 'numeric',
      month: 'long',
      day: 'numeric',
    });
    const utc = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' });
    for (const d of days) {
      expect(longDate(d)).toBe(local.format(d));
      expect(longDate(d, true)).toBe(utc.format(d));
    }
  });

  it('shortWeekdayDate and longWeekdayDate match the weekday formats', () => {
    const short = new Intl.DateTimeFormat('en-US', {
      weekday: 'short',
      month: 'short',
      day: 'numeric',
    });
    const long = new Intl.DateTimeFormat('en-US', {
      weekday: 'long',
      month: 'long',
      day: 'numeric',
    });
    for (const d of days) {
      expect(shortWeekdayDate(d)).toBe(short.format(d));
      expect(longWeekdayDate(d)).toBe(long.format(d));
    }
  });

  it('calendarDay reads YYYY-MM-DD as that day in UTC', () => {
    expect(longDate(calendarDay('2026-06-05'), true)).toBe('June 5, 2026');
    expect(shortWeekdayDate(calendarDay('2026-11-24'), true)).toBe('Tue, Nov 24');
  });
});
