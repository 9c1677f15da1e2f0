/**
 * Pure helpers of the order tracking page (back-office spec sections 2 and 4): the
 * regular order timeline, the order-number filter and safe tracking links.
 */
import type { RegularOrderStatus } from '@shared/schemas/orders';

export type StepState = 'complete' | 'current' | 'upcoming';

export interface TimelineStep {
  status: RegularOrderStatus;
  label: string;
  description: string;
  state: StepState;
}

/** The 5 steps of a catalogue order, in order (back-office spec section 4). */
export const REGULAR_TIMELINE: readonly Omit<TimelineStep, 'state'>[] = [
  { status: 'pending', label: 'Order Received', description: 'We have received your order.' },
  {
    status: 'processing',
    label: 'Processing',
    description: 'Payment confirmed; we are preparing your order.',
  },
  {
    status: 'in_production',
    label: 'In Production',
    description: 'Your pins are being prepared and packed.',
  },
  { status: 'shipped', label: 'Shipped', description: 'Your order is on its way.' },
  { status: 'delivered', label: 'Delivered', description: 'Your order has arrived.' },
];

/**
 * The timeline for an order status: steps before the status are complete, the status
 * itself is current (a delivered order's last step is current), later steps upcoming.
 * An unknown status counts as the first step.
 */
export function regularTimelineSteps(status: string): TimelineStep[] {
  const found = REGULAR_TIMELINE.findIndex((s) => s.status === status);
  const current = Math.max(found, 0);
  return REGULAR_TIMELINE.map((step, i) => ({
    ...step,
    state: i < current ? 'complete' : i === current ? 'current' : 'upcoming',
  }));
}

/**
 * Orders whose number contains the typed text (substring match on the id, back-office
 * spec section 2). Surrounding spaces and a leading '#' are ignored; empty text keeps all.
 */
export function filterOrdersByNumber<T extends { id: number }>(
  orders: readonly T[],
  query: string,
): T[] {
  const needle = query.trim().replace(/^#/, '').trim();
  if (!needle) return [...orders];
  return orders.filter((o) => String(o.id).includes(needle));
}

/** Parsed tracking-page query: which list to show first and which order to highlight. */
export interface TrackOrderParams {
  /** The list shown first: catalog when type=regular, custom otherwise (back-office spec section 2). */
  initialTab: 'custom' | 'regular';
  /**
   * The order to scroll to and highlight: the new one after checkout, or the one a mail's
   * link names (a signed-in customer's order mails link `?id=&type=`).
   */
  highlightId: number | null;
  fromCheckout: boolean;
  /** A guest's mailed link: the order it names and its key (shown signed out). */
  mailLink: { id: number; key: string } | null;
}

export function parseTrackOrderParams(params: URLSearchParams): TrackOrderParams {
  const fromCheckout = params.get('fromCheckout') === 'true';
  const rawId = params.get('id');
  const id = rawId && /^\d{1,12}$/.test(rawId) ? Number(rawId) : null;
  // A guest's mailed link (server: orders/track-link.ts): `{expiry}.{signature}`.
  const rawKey = params.get('key');
  const mailKey = id !== null && rawKey && /^\d{1,12}\.[\w-]{43}$/.test(rawKey) ? rawKey : null;
  return {
    initialTab: params.get('type') === 'regular' ? 'regular' : 'custom',
    highlightId: id,
    fromCheckout,
    mailLink: mailKey !== null && id !== null ? { id, key: mailKey } : null,
  };
}
