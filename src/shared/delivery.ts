/**
 * Delivery estimate of ready-made catalogue pins (issue 10: "a delivery estimate by Add
 * to Cart"): dispatched within 2 business days (the wholesale page's "ships within 1-2
 * business days"), then 3-5 business days in transit (USPS/UPS ground in the USA).
 * Business days skip Saturdays and Sundays; holidays are not modelled.
 */
import { addDaysIso } from './dates';

export const DISPATCH_BUSINESS_DAYS = 2;
export const TRANSIT_BUSINESS_DAYS = { min: 3, max: 5 } as const;

/** `date` (YYYY-MM-DD) plus `n` business days (Mon-Fri), YYYY-MM-DD. */
export function addBusinessDays(date: string, n: number): string {
  let d = date;
  let left = n;
  while (left > 0) {
    d = addDaysIso(d, 1);
    const weekday = new Date(`${d}T00:00:00Z`).getUTCDay();
    if (weekday !== 0 && weekday !== 6) left -= 1;
  }
  return d;
}

/** Earliest and latest delivery dates (YYYY-MM-DD) of an order placed on `today`. */
export function deliveryWindow(today: string): { from: string; to: string } {
  return {
    from: addBusinessDays(today, DISPATCH_BUSINESS_DAYS + TRANSIT_BUSINESS_DAYS.min),
    to: addBusinessDays(today, DISPATCH_BUSINESS_DAYS + TRANSIT_BUSINESS_DAYS.max),
  };
}
