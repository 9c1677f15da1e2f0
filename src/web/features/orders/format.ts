/** Display helpers of the tracking page. Amounts are the server's dollars. */
import { dollarsToCents, formatUsd } from '@shared/money';

/** An API amount in dollars as en-US USD, e.g. 12.5 -> "$12.50". */
export function formatDollars(amount: number): string {
  return formatUsd(dollarsToCents(amount));
}

/** An ISO timestamp as an en-US date, e.g. "June 5, 2025"; the raw text if unparsable. */
export function formatOrderDate(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat('en-US', {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
  }).format(date);
}
