/** Display helpers of the tracking page. Amounts are the server's dollars. */
import { dollarsToCents } from '@shared/money';
import type { Order } from '@shared/schemas/orders';
import { longDate } from '@/lib/dates';

/** An ISO timestamp as an en-US date, e.g. "June 5, 2025"; the raw text if unparsable. */
export function formatOrderDate(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return longDate(date);
}

/**
 * A line's amount in cents: the unit price the server charged (cents) times the quantity,
 * as the order card, the confirmation and the receipt show it. The order stores no line
 * total; this whole-cent product is the one the server's subtotal is the sum of (nothing
 * rounded, nothing re-priced, no floating-point dollars multiplied).
 */
export function lineTotalCents(line: Order['items'][number]): number {
  return dollarsToCents(line.price) * line.quantity;
}
