/**
 * The checkout details a buyer typed, kept in this tab's sessionStorage while they shop
 * (a buyer audit: going back to add a pin, or a reload, emptied name and address). Only
 * this tab sees them, they go when the tab closes, and an order placed clears them.
 * Anything unreadable is ignored: the form starts empty, as before.
 */
import {
  type CustomerInfo,
  SHIPPING_COUNTRIES,
  type ShippingCountry,
} from '@shared/schemas/checkout';

const KEY = 'fairway_checkout_details';
const FIELDS = ['name', 'email', 'address', 'city', 'state', 'zipCode', 'country'] as const;

/** Kept details: every text field a string (possibly empty), the country one the shop ships to. */
export type KeptDetails = Record<Exclude<keyof CustomerInfo, 'country'>, string> & {
  country: ShippingCountry;
};

/** The kept details, or null when none. A country missing or unknown is the United States. */
export function loadCheckoutDetails(): KeptDetails | null {
  try {
    const raw: unknown = JSON.parse(sessionStorage.getItem(KEY) ?? 'null');
    if (!raw || typeof raw !== 'object') return null;
    const values = raw as Record<string, unknown>;
    const kept = Object.fromEntries(
      FIELDS.map((f) => [f, typeof values[f] === 'string' ? values[f] : '']),
    ) as Record<keyof CustomerInfo, string>;
    const country = SHIPPING_COUNTRIES.find((c) => c === kept.country) ?? 'US';
    return { ...kept, country };
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
