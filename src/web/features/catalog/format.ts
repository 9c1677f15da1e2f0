/** Catalogue display helpers. API prices are dollars (2 decimals); 0 means free (spec section 9). */
import { formatDollars, formatUsd } from '@shared/money';

/** Dollars -> "$12.50", or 'FREE' at 0. */
export function formatPrice(dollars: number): string {
  return dollars === 0 ? 'FREE' : formatDollars(dollars);
}

/** Cents -> "$12.50", or 'FREE' at 0. */
export function formatPriceCents(cents: number): string {
  return cents === 0 ? 'FREE' : formatUsd(cents);
}
