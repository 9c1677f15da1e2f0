/**
 * The checkout details a buyer typed, kept in this tab's sessionStorage while they shop
 * (a buyer audit: going back to add a pin, or a reload, emptied name and address). Only
 * this tab sees them, they go when the tab closes, and an order placed clears them.
 * Anything unreadable is ignored: the form starts empty, as before.
 */
import type { CustomerInfo } from '@shared/schemas/checkout';

const KEY = 'fairway_checkout_details';
const FIELDS = ['name', 'email', 'address', 'city', 'state', 'zipCode'] as const;

/** The kept details (every field a string, possibly empty), or null when none. */
export function loadCheckoutDetails(): Record<keyof CustomerInfo, string> | null {
  try {
    const raw: unknown = JSON.parse(sessionStorage.getItem(KEY) ?? 'null');
    if (!raw || typeof raw !== 'object') return null;
    const values = raw as Record<string, unknown>;
    return Object.fromEntries(
      FIELDS.map((f) => [f, typeof values[f] === 'string' ? values[f] : '']),
    ) as Record<keyof CustomerInfo, string>;
  } catch {
    return null;
  }
}

/** Keeps what is typed now (partial values are fine). */
export function saveCheckoutDetails(values: Partial<Record<keyof CustomerInfo, unknown>>): void {
  const kept = Object.fromEntries(
    FIELDS.map((f) => [f, typeof values[f] === 'string' ? values[f] : '']),
  );
  try {
    sessionStorage.setItem(KEY, JSON.stringify(kept));
  } catch {
    // Storage full or refused (private mode): the form still works, it just forgets.
  }
}

/** Forgets the kept details (the order was placed). */
export function clearCheckoutDetails(): void {
  try {
    sessionStorage.removeItem(KEY);
  } catch {
    // Nothing kept.
  }
}
