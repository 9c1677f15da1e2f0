import { describe, expect, it } from 'vitest';
import {
  centsToAmountString,
  centsToDollars,
  dollarsToCents,
  formatDollars,
  formatUsd,
  groupDigits,
  hasAtMostTwoDecimals,
  percentOf,
} from './money';

describe('centsToDollars', () => {
  it('turns integer cents into dollars with two decimals', () => {
    expect(centsToDollars(1999)).toBe(19.99);
    expect(centsToDollars(0)).toBe(0);
    expect(centsToDollars(5)).toBe(0.05);
    expect(centsToDollars(100)).toBe(1);
    expect(centsToDollars(-250)).toBe(-2.5);
    expect(centsToDollars(123456789)).toBe(1234567.89);
  });

  it('refuses non-integer or unsafe cents', () => {
    expect(() => centsToDollars(12.5)).toThrow(RangeError);
    expect(() => centsToDollars(Number.NaN)).toThrow(RangeError);
    expect(() => centsToDollars(Number.POSITIVE_INFINITY)).toThrow(RangeError);
    expect(() => centsToDollars(2 ** 60)).toThrow(RangeError);
  });
});

describe('dollarsToCents', () => {
  it('parses decimal strings exactly', () => {
    expect(dollarsToCents('12.5')).toBe(1250);
    expect(dollarsToCents('12.50')).toBe(1250);
    expect(dollarsToCents('0.07')).toBe(7);
    expect(dollarsToCents(' 7 ')).toBe(700);
    expect(dollarsToCents('-3.10')).toBe(-310);
    expect(dollarsToCents('0')).toBe(0);
  });

  it('converts numbers without float drift', () => {
    expect(dollarsToCents(19.99)).toBe(1999);
    expect(dollarsToCents(0.1 + 0.2)).toBe(30);
    expect(dollarsToCents(1.005)).toBe(100); // 1.005 is 1.00499999... as a double
    expect(dollarsToCents(4.35)).toBe(435); // 4.35 * 100 would be 434.99999999999994
    expect(dollarsToCents(5)).toBe(500);
  });

  it('rejects anything that is not an amount with at most two decimals', () => {
    for (const bad of ['1.234', 'abc', '', '1,000.00', '$5', '1e3', '.5', '5.', '--1']) {
      expect(() => dollarsToCents(bad), bad).toThrow(RangeError);
    }
    expect(() => dollarsToCents(Number.NaN)).toThrow(RangeError);
    expect(() => dollarsToCents(Number.POSITIVE_INFINITY)).toThrow(RangeError);
  });

  it('round-trips with centsToDollars', () => {
    for (const cents of [0, 1, 9, 10, 99, 100, 101, 599, 1999, 2499, 100000, 987654]) {
      expect(dollarsToCents(centsToDollars(cents))).toBe(cents);
    }
  });
});

describe('formatUsd', () => {
  it('formats cents as en-US dollars', () => {
    expect(formatUsd(123456)).toBe('$1,234.56');
    expect(formatUsd(0)).toBe('$0.00');
    expect(formatUsd(5)).toBe('$0.05');
    expect(formatUsd(599)).toBe('$5.99');
  });

  it('gives the same text as Intl.NumberFormat, negatives and large amounts included', () => {
    const intl = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
    const samples = [-123456789, -150, -1, 1, 99, 100, 101, 99999, 100000, 123456789, 99999999999];
    for (let c = 0; c < 2_000_000; c += 997) samples.push(c);
    for (const cents of samples)
      expect(formatUsd(cents), String(cents)).toBe(intl.format(cents / 100));
  });
});

describe('groupDigits', () => {
  it('groups whole numbers in threes as en-US toLocaleString does', () => {
    for (const n of [0, 7, 999, 1000, 12345, 999999, 1000000, 1234567890, -1234567]) {
      expect(groupDigits(n), String(n)).toBe(n.toLocaleString('en-US'));
    }
  });
});

describe('centsToAmountString', () => {
  it('gives the 2-decimal string payment calls use', () => {
    expect(centsToAmountString(1999)).toBe('19.99');
    expect(centsToAmountString(5)).toBe('0.05');
    expect(centsToAmountString(0)).toBe('0.00');
    expect(centsToAmountString(100)).toBe('1.00');
    expect(centsToAmountString(-150)).toBe('-1.50');
    expect(centsToAmountString(123456789)).toBe('1234567.89');
  });

  it('refuses non-integer cents', () => {
    expect(() => centsToAmountString(1.5)).toThrow(RangeError);
  });
});

describe('percentOf', () => {
  it('takes a percentage of cents, rounding half up to a whole cent', () => {
    expect(percentOf(1000, 10)).toBe(100);
    expect(percentOf(999, 10)).toBe(100); // 99.9
    expect(percentOf(995, 10)).toBe(100); // 99.5 rounds up
    expect(percentOf(994, 10)).toBe(99); // 99.4
    expect(percentOf(999, 20)).toBe(200); // 199.8
    expect(percentOf(1, 50)).toBe(1); // 0.5 rounds up
    expect(percentOf(1, 49)).toBe(0);
    expect(percentOf(0, 15)).toBe(0);
    expect(percentOf(12345, 0)).toBe(0);
    expect(percentOf(12345, 100)).toBe(12345);
  });

  it('accepts fractional percentages', () => {
    expect(percentOf(1000, 12.5)).toBe(125);
    expect(percentOf(333, 33.33)).toBe(111); // 110.9889
  });

  it('always returns an integer', () => {
    for (let cents = 0; cents < 2000; cents += 7) {
      for (const p of [10, 15, 20, 12.5]) expect(Number.isInteger(percentOf(cents, p))).toBe(true);
    }
  });
});

describe('hasAtMostTwoDecimals', () => {
  it('accepts whole dollars and cents, refuses finer amounts and non-finite numbers', () => {
    for (const ok of [0, 12, 12.5, 12.34, 1_000_000, 0.01, -2.5]) {
      expect(hasAtMostTwoDecimals(ok), String(ok)).toBe(true);
    }
    for (const bad of [0.001, 12.345, 1e-7, 1e21, 0.1 + 0.2, Number.NaN, Infinity]) {
      expect(hasAtMostTwoDecimals(bad), String(bad)).toBe(false);
    }
  });
});

describe('formatDollars', () => {
  it('formats API dollar amounts as en-US USD without float drift', () => {
    expect(formatDollars(90.59)).toBe('$90.59');
    expect(formatDollars(0.1 + 0.2)).toBe('$0.30');
    expect(formatDollars(1234.5)).toBe('$1,234.50');
  });
});

describe('typedNumberText', () => {
  it("drops a leading '$' and en-US grouping, and leaves anything else as typed", async () => {
    const { typedNumberText } = await import('./money');
    expect(typedNumberText('$1,250.50')).toBe('1250.50');
    expect(typedNumberText(' 10,000 ')).toBe('10000');
    expect(typedNumberText('$ 5.99')).toBe('5.99');
    expect(typedNumberText('1,25')).toBe('1,25');
    expect(typedNumberText('12,34,567')).toBe('12,34,567');
  });
});
