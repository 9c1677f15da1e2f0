/**
 * Display helpers of the admin area. Amounts are the server's dollars (never computed
 * here); statuses follow back-office spec section 4.
 */
import type { RegularOrderStatus } from '@shared/schemas/orders';

/** An ISO timestamp as an en-US date and time, e.g. "Jun 5, 2025, 3:04 PM"; raw text if unparsable. */
export function formatAdminDate(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' }).format(date);
}

/** Human labels of the regular order statuses. */
export const REGULAR_STATUS_LABELS: Record<RegularOrderStatus, string> = {
  pending: 'Pending',
  processing: 'Processing',
  in_production: 'In Production',
  shipped: 'Shipped',
  delivered: 'Delivered',
};

/**
 * The statuses the admin offers for a regular order (spec section 4: pending,
 * processing, shipped, delivered). A current status outside that list (in_production)
 * is added first so the selector always shows the truth.
 */
export function statusOptions(current: RegularOrderStatus): RegularOrderStatus[] {
  const offered: RegularOrderStatus[] = ['pending', 'processing', 'shipped', 'delivered'];
  return offered.includes(current) ? offered : [current, ...offered];
}

/** "1 item" / "3 items": the number of units across all lines. */
export function itemCountLabel(items: readonly { quantity: number }[]): string {
  const count = items.reduce((sum, item) => sum + item.quantity, 0);
  return `${count} ${count === 1 ? 'item' : 'items'}`;
}

/** An ISO timestamp's UTC calendar day, e.g. "Jun 5, 2025" (dates the admin typed: due dates, code validity); null stays null. */
export function formatAdminDay(iso: string | null): string | null {
  if (!iso) return null;
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' }).format(date);
}

/**
 * A calendar day the server named (YYYY-MM-DD, e.g. a discount code's day in the store's
 * time zone) as "Jun 5, 2025", read as a day and never shifted by the browser's zone;
 * null stays null, other text is shown as it is.
 */
export function formatCalendarDay(day: string | null): string | null {
  if (!day) return null;
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return day;
  const date = new Date(`${day}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return day;
  return new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' }).format(date);
}
