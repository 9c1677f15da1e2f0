/**
 * The rush-slot month is the shop's calendar month (STORE_TIME_ZONE, docs/decisions.md
 * issue 8 entry 5): on the evening of 30 November in San Diego it is already December in
 * UTC, but that evening's rush order still takes one of November's slots.
 */
import { describe, expect, it } from 'vitest';
import { rushMonth } from './rush';

const LA = 'America/Los_Angeles';

describe('rushMonth', () => {
  it('is the store month, from its first midnight to the next month’s', () => {
    const evening = rushMonth(new Date('2026-12-01T03:00:00Z'), LA); // Nov 30, 7 pm PST
    expect(evening).toEqual({
      month: '2026-11',
      start: new Date('2026-11-01T07:00:00Z'), // midnight PDT (daylight time until Nov 1, 2 am)
      end: new Date('2026-12-01T08:00:00Z'), // midnight PST
    });
    expect(rushMonth(new Date('2026-12-01T08:00:00Z'), LA).month).toBe('2026-12');
  });

  it('crosses the year and follows the zone setting', () => {
    expect(rushMonth(new Date('2027-01-01T05:00:00Z'), LA)).toMatchObject({
      month: '2026-12',
      end: new Date('2027-01-01T08:00:00Z'),
    });
    expect(rushMonth(new Date('2027-01-01T05:00:00Z'), 'UTC')).toEqual({
      month: '2027-01',
      start: new Date('2027-01-01T00:00:00Z'),
      end: new Date('2027-02-01T00:00:00Z'),
    });
  });
});
