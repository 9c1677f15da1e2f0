/** Display helpers for the drawer. Amounts come from the server in dollars (2 decimals). */
import { dollarsToCents, formatUsd } from '@shared/money';

/** Dollars from the API -> "$1,234.56" (no arithmetic on the amount). */
export function usd(dollars: number): string {
  return formatUsd(dollarsToCents(dollars));
}
