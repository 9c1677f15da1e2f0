/**
 * The shop's calendar (docs/decisions.md issue 8 entry 5): a day typed by the admin covers
 * exactly that day of STORE_TIME_ZONE, whatever daylight saving time does to it.
 */
import { describe, expect, it } from 'vitest';
import {
  endOfStoreDay,
  isTimeZone,
  periodEnd,
  periodStart,
  startOfStoreDay,
  storeDayOf,
} from './store-time';

const iso = (d: Date) => d.toISOString();

describe('store calendar days', () => {
  it('San Diego: a day runs from local midnight to its last millisecond, in PST and PDT', () => {
    const la = 'America/Los_Angeles';
    expect(iso(startOfStoreDay('2031-01-30', la))).toBe('2031-01-30T08:00:00.000Z');
    expect(iso(endOfStoreDay('2031-01-30', la))).toBe('2031-01-31T07:59:59.999Z');
    expect(iso(startOfStoreDay('2031-07-30', la))).toBe('2031-07-30T07:00:00.000Z');
    expect(iso(endOfStoreDay('2031-07-30', la))).toBe('2031-07-31T06:59:59.999Z');
    // The 23-hour and the 25-hour day.
    expect(
      endOfStoreDay('2031-03-09', la).getTime() - startOfStoreDay('2031-03-09', la).getTime(),
    ).toBe(23 * 3600_000 - 1);
    expect(
      endOfStoreDay('2031-11-02', la).getTime() - startOfStoreDay('2031-11-02', la).getTime(),
    ).toBe(25 * 3600_000 - 1);
    // Month and year ends roll over.
    expect(iso(endOfStoreDay('2031-12-31', la))).toBe('2032-01-01T07:59:59.999Z');
    expect(iso(endOfStoreDay('2032-02-29', la))).toBe('2032-03-01T07:59:59.999Z');
  });

  it('a zone that skips midnight starts the day at its first existing time (Santiago, 2024-09-08)', () => {
    // Clocks jump from 00:00 -04 to 01:00 -03: the day begins at 04:00 UTC.
    expect(iso(startOfStoreDay('2024-09-08', 'America/Santiago'))).toBe('2024-09-08T04:00:00.000Z');
    expect(iso(endOfStoreDay('2024-09-07', 'America/Santiago'))).toBe('2024-09-08T03:59:59.999Z');
  });

  it('a zone east of UTC: the store day starts on the UTC day before (Auckland)', () => {
    expect(iso(startOfStoreDay('2031-01-15', 'Pacific/Auckland'))).toBe('2031-01-14T11:00:00.000Z');
    expect(storeDayOf(new Date('2031-01-14T11:00:00.000Z'), 'Pacific/Auckland')).toBe('2031-01-15');
  });

  it('storeDayOf names the day an instant falls on in the zone', () => {
    const la = 'America/Los_Angeles';
    expect(storeDayOf(new Date('2031-01-31T07:59:59.999Z'), la)).toBe('2031-01-30');
    expect(storeDayOf(new Date('2031-01-31T08:00:00.000Z'), la)).toBe('2031-01-31');
    expect(storeDayOf(new Date('2031-01-31T08:00:00.000Z'), 'UTC')).toBe('2031-01-31');
    expect(storeDayOf(new Date('2031-01-31T07:00:00.000Z'), 'UTC')).toBe('2031-01-31');
  });

  it('periodStart / periodEnd: a day becomes its bounds, an exact instant stays as given', () => {
    const at = new Date('2031-05-02T03:00:00Z');
    expect(periodStart(at, 'America/Los_Angeles')).toBe(at);
    expect(periodEnd(at, 'America/Los_Angeles')).toBe(at);
    expect(iso(periodStart('2031-05-02', 'UTC'))).toBe('2031-05-02T00:00:00.000Z');
    expect(iso(periodEnd('2031-05-02', 'UTC'))).toBe('2031-05-02T23:59:59.999Z');
    expect(() => startOfStoreDay('2031-02-29', 'UTC')).toThrow(RangeError);
  });

  it('isTimeZone takes IANA names only', () => {
    for (const ok of [
      'America/Los_Angeles',
      'Europe/Berlin',
      'UTC',
      'America/Argentina/Buenos_Aires',
    ]) {
      expect(isTimeZone(ok), ok).toBe(true);
    }
    for (const bad of ['America/San_Diego', '+02:00', '', ' UTC', 'Mars/Base', 'Europe/../UTC']) {
      expect(isTimeZone(bad), bad).toBe(false);
    }
  });
});
