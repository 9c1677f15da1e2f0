/** Display helper: an API amount in dollars (server-computed) as en-US USD, e.g. 12.5 -> "$12.50". */
import { dollarsToCents, formatUsd } from '@shared/money';

export function formatDollars(amount: number): string {
  return formatUsd(dollarsToCents(amount));
}
