/**
 * `StoreDayOrDateInput` (docs/decisions.md issue 8 entry 5): a date-only value stays the
 * store's calendar day (text) for the server to place in STORE_TIME_ZONE; the browser never
 * turns it into an instant. Full timestamps are read as given, and must carry their offset.
 */
import { describe, expect, it } from 'vitest';
import { CreateDiscountCodeBody } from './cart';
import { isCalendarDay, StoreDayOrDateInput, startsAfterEnd } from './common';

const messageOf = (value: unknown) => {
  const parsed = StoreDayOrDateInput.safeParse(value);
  return parsed.success ? null : parsed.error.issues.map((i) => i.message);
};

describe('StoreDayOrDateInput', () => {
  it('keeps a bare day as trimmed YYYY-MM-DD text, whatever zone the browser is in', () => {
    expect(StoreDayOrDateInput.parse('2031-01-30')).toBe('2031-01-30');
    expect(StoreDayOrDateInput.parse(' 2031-01-30 ')).toBe('2031-01-30');
  });

  it('reads a full timestamp or epoch milliseconds as that instant', () => {
    expect(StoreDayOrDateInput.parse('2031-01-30T23:30:00-08:00')).toEqual(
      new Date('2031-01-31T07:30:00Z'),
    );
    expect(StoreDayOrDateInput.parse(' 2031-01-30T23:30Z ')).toEqual(
      new Date('2031-01-30T23:30:00Z'),
    );
    expect(StoreDayOrDateInput.parse(Date.UTC(2031, 0, 30))).toEqual(
      new Date('2031-01-30T00:00:00Z'),
    );
  });

  it("answers DateInput's messages: days that do not exist, text that is no date, outside 2000-2100", () => {
    for (const bad of ['2031-02-29', '2031-04-31', '2031-13-01', '2031-00-10', 'soon']) {
      expect(messageOf(bad), bad).toEqual(['Please enter a valid date']);
    }
    // A timestamp without its offset would be read in the server process's own zone.
    for (const bad of ['2031-01-30T00:00', '2031-01-30T00:00:00.000', 'January 30, 2031']) {
      expect(messageOf(bad), bad).toEqual(['Please enter a valid date']);
    }
    for (const far of ['1999-12-31', '2101-01-01', '2101-01-01T00:00:00Z', 8e15]) {
      expect(messageOf(far), String(far)).toEqual(['Date must be between 2000 and 2100']);
    }
    expect(StoreDayOrDateInput.parse('2000-01-01')).toBe('2000-01-01');
    expect(StoreDayOrDateInput.parse('2100-12-31')).toBe('2100-12-31');
  });

  it('isCalendarDay knows leap years', () => {
    expect(isCalendarDay('2032-02-29')).toBe(true);
    expect(isCalendarDay('2031-02-29')).toBe(false);
    expect(isCalendarDay('2000-02-29')).toBe(true);
    expect(isCalendarDay('2100-02-29')).toBe(false);
  });

  it('orders two days or two instants; a day against an instant is left to the server', () => {
    expect(startsAfterEnd('2031-01-02', '2031-01-01')).toBe(true);
    expect(startsAfterEnd('2031-01-01', '2031-01-01')).toBe(false);
    expect(startsAfterEnd(new Date(2), new Date(1))).toBe(true);
    expect(startsAfterEnd('2031-01-10', new Date('2031-01-10T05:00:00Z'))).toBeNull();
  });
});

describe('CreateDiscountCodeBody dates', () => {
  const body = { code: 'DAYS', discountType: 'percentage', discountValue: 10 };

  it('sends date-only values on as days; the end may not be before the start', () => {
    expect(
      CreateDiscountCodeBody.parse({ ...body, validFrom: '2031-01-15', validUntil: '2031-01-15' }),
    ).toMatchObject({ validFrom: '2031-01-15', validUntil: '2031-01-15' });
    const bad = CreateDiscountCodeBody.safeParse({
      ...body,
      validFrom: '2031-01-16',
      validUntil: '2031-01-15',
    });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues).toMatchObject([
      { path: ['validUntil'], message: 'The end date must not be before the start date' },
    ]);
  });
});

describe('CreateDiscountCodeBody discount', () => {
  it("an empty discount says it is required, not zod's type message", () => {
    const res = CreateDiscountCodeBody.safeParse({ code: 'EMPTY', discountType: 'percentage' });
    expect(res.success).toBe(false);
    expect(res.error?.issues).toMatchObject([
      { path: ['discountValue'], message: 'Discount is required' },
    ]);
  });
});
