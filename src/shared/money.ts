/**
 * Money helpers. Every amount inside the system is an integer number of US cents
 * (DECISIONS.md "Money and pricing"); the API shows dollars as numbers with two
 * decimals, as the spec does. No float arithmetic is done on money: conversions
 * round once, at the edge.
 */

/** Cents (integer) -> dollars as a number with at most two decimals, e.g. 1999 -> 19.99. */
export function centsToDollars(cents: number): number {
  assertCents(cents);
  return Math.round(cents) / 100;
}

/**
 * Dollars (number or decimal string such as "12.5" / "12.50") -> integer cents.
 * Parses the decimal text rather than multiplying a float, so 0.1 + 0.2 style errors
 * cannot creep in. Throws RangeError on anything that is not a finite amount with at
 * most two decimals.
 */
export function dollarsToCents(dollars: number | string): number {
  const text = typeof dollars === 'number' ? dollars.toFixed(2) : dollars.trim();
  const match = /^(-)?(\d+)(?:\.(\d{1,2}))?$/.exec(text);
  if (!match) throw new RangeError(`Not a dollar amount: ${String(dollars)}`);
  const [, sign, whole, frac = ''] = match;
  const cents = Number(whole) * 100 + Number(frac.padEnd(2, '0'));
  return sign ? -cents : cents;
}

/**
 * True when a dollar amount typed as a number has at most two decimals as written
 * (12, 12.5, 12.34 — not 12.345, 0.001, 1e-7 or 1e21). Money input with more decimals
 * is refused, never rounded (DECISIONS.md "Money and pricing").
 */
export function hasAtMostTwoDecimals(dollars: number): boolean {
  return Number.isFinite(dollars) && /^-?\d+(\.\d{1,2})?$/.test(String(dollars));
}

/**
 * A whole number with its digits grouped in threes, en-US: 1234567 -> "1,234,567".
 * Written out rather than through Intl: a browser's first Intl formatter loads the
 * locale's data, 30-47 ms of blocked main thread measured in Chromium here, on every
 * public page (docs/decisions.md, issue 10). Fractions are dropped.
 */
export function groupDigits(n: number): string {
  const sign = n < 0 ? '-' : '';
  return `${sign}${String(Math.trunc(Math.abs(n))).replace(/\B(?=(\d{3})+(?!\d))/g, ',')}`;
}

/**
 * Formats cents as en-US USD, e.g. 123456 -> "$1,234.56", -150 -> "-$1.50" (the same
 * text as Intl.NumberFormat's USD currency style, without Intl; see groupDigits).
 */
export function formatUsd(cents: number): string {
  const whole = Math.round(cents);
  const abs = Math.abs(whole);
  const sign = whole < 0 ? '-' : '';
  return `${sign}$${groupDigits(Math.floor(abs / 100))}.${String(abs % 100).padStart(2, '0')}`;
}

/** Formats an API amount in dollars (server-computed, 2 decimals) as en-US USD: 12.5 -> "$12.50". */
export function formatDollars(dollars: number): string {
  return formatUsd(dollarsToCents(dollars));
}

/** Formats cents as the 2-decimal string PayPal and the spec's payment calls use: 1999 -> "19.99". */
export function centsToAmountString(cents: number): string {
  assertCents(cents);
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** Percentage of an amount in cents, rounded half up to a whole cent. `percent` may be fractional (e.g. 12.5). */
export function percentOf(cents: number, percent: number): number {
  // Work in hundredths of a percent to keep the arithmetic integral.
  const basisPoints = Math.round(percent * 100);
  return Math.floor((cents * basisPoints + 5000) / 10000);
}

function assertCents(cents: number): void {
  if (!Number.isSafeInteger(cents)) throw new RangeError(`Cents must be an integer, got ${cents}`);
}

/**
 * A number as people type it -> the text Number() reads: a leading '$' and en-US digit
 * grouping ('$1,250.50', '10,000') are dropped; anything else is left as typed, so a
 * misplaced comma ('1,25') still fails validation instead of becoming another amount.
 */
export function typedNumberText(text: string): string {
  const bare = text.trim().replace(/^\$\s*/, '');
  return /^-?\d{1,3}(,\d{3})+(\.\d*)?$/.test(bare) ? bare.replaceAll(',', '') : bare;
}
