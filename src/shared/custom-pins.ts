/**
 * Custom pin order rules shared by the wizard and the server, besides the prices
 * (pricing.ts): packaging choices, the delivery estimate, order statuses and the
 * customer timeline. Storefront spec sections 2-5 and 9 "Custom pin wizard"; back-office
 * spec section 4 "Custom order status", "Customer timeline for custom orders".
 */

import { addDaysIso } from './dates';
import { PIN_PACKAGING, type PinPackaging, type PinPlating, type PinSize } from './pricing';

/** Logo upload limit of the wizard (spec section 5: hint 'PNG, JPG, SVG, PDF up to 10MB'). */
export const CUSTOM_LOGO_MAX_BYTES = 10 * 1024 * 1024;

/** /custom's heading and lead: the page (web/app/routes/custom.tsx) and the server's HTML (server/pages). */
export const CUSTOM_PAGE = {
  heading: 'Design Your Custom Golf Pin',
  lead: 'Soft enamel pins with your logo: choose the quantity, size, plating and packaging, upload your design and pay a 10% deposit. We send a free mockup within 24 hours.',
} as const;

/** Exact user-facing texts of the wizard (storefront spec sections 5 and 8). */
export const CUSTOM_MESSAGES = {
  missingTitle: 'Missing Information',
  missing: 'Please upload your logo and fill in all contact details.',
  invalidFile: 'Please upload a PNG, JPG, SVG or PDF file.',
  fileTooLarge: 'Please upload a file smaller than 10MB.',
  logoRequired: 'Please upload your logo.',
  quantity: 'Quantity must be between 25 and 1000',
  promoInvalidTitle: 'Invalid Promo Code',
  promoInvalid: 'This promo code is not valid for your order.',
  promoFailed: 'Failed to validate promo code. Please try again.',
  prepareFailed: 'Failed to prepare order. Please try again.',
  rushFull: 'Rush orders are fully booked this month. Please choose standard delivery.',
  orderFailedAfterPayment: 'Payment successful but failed to create order. Please contact support.',
} as const;

/** Wizard defaults (spec section 4). */
export const WIZARD_DEFAULTS = {
  quantity: 50,
  size: '1inch',
  plating: 'silver',
  packaging: ['just-pins'] as PinPackaging[],
  rushOrder: false,
} as const;

/** The quantity slider: 50 to 1000 in steps of 25; a typed quantity is valid from 25. */
export const QUANTITY_SLIDER = { min: 50, max: 1000, step: 25 } as const;

/** Weeks of production + delivery, and the days added to the estimate (spec section 9). */
export const STANDARD_WEEKS = 4;
export const RUSH_WEEKS = 3;
export const DELIVERY_EXTRA_DAYS = 5;

/**
 * Packaging as a set (spec section 4): just-pins alone, or any of the others (just-pins
 * removed when another option is there); nothing chosen falls back to just-pins. Keeps
 * the canonical order and drops duplicates.
 */
export function normalizePackaging(options: readonly PinPackaging[]): PinPackaging[] {
  const chosen = new Set(options);
  const others = PIN_PACKAGING.filter((p) => p !== 'just-pins' && chosen.has(p));
  return others.length > 0 ? others : ['just-pins'];
}

/**
 * The wizard's packaging toggle (spec section 4): selecting just-pins clears the others;
 * choosing any other option removes just-pins; deselecting the last other option falls
 * back to just-pins.
 */
export function togglePackaging(
  current: readonly PinPackaging[],
  option: PinPackaging,
): PinPackaging[] {
  if (option === 'just-pins') return ['just-pins'];
  const next = new Set(current.filter((p) => p !== 'just-pins'));
  if (next.has(option)) next.delete(option);
  else next.add(option);
  return normalizePackaging([...next]);
}

/** Estimated delivery (YYYY-MM-DD): today + 3 weeks (rush) or 4 weeks (standard) + 5 days. */
export function estimatedDelivery(todayIso: string, rushOrder: boolean): string {
  return addDaysIso(todayIso, (rushOrder ? RUSH_WEEKS : STANDARD_WEEKS) * 7 + DELIVERY_EXTRA_DAYS);
}

/** Size labels as the wizard shows them. */
export const SIZE_LABELS: Record<PinSize, string> = {
  '0.75inch': '0.75 inch',
  '1inch': '1 inch',
  '1.25inch': '1.25 inch',
  '1.5inch': '1.5 inch',
};

/** Plating labels as the wizard shows them. */
export const PLATING_LABELS: Record<PinPlating, string> = {
  silver: 'Silver',
  gold: 'Gold',
  bronze: 'Bronze',
  'black-nickel': 'Black Nickel',
};

/** A stored size as shown ('1.25 inch'); an order from a quote keeps its own text. */
export function sizeText(size: string): string {
  return SIZE_LABELS[size as PinSize] ?? size;
}

/** A stored plating as shown ('Black Nickel'); an order from a quote keeps its own text. */
export function platingText(plating: string): string {
  return PLATING_LABELS[plating as PinPlating] ?? plating;
}

/** Packaging labels as the wizard shows them. */
export const PACKAGING_LABELS: Record<PinPackaging, string> = {
  'just-pins': 'Just Pins',
  'individual-bags': 'Individual Poly Bags',
  'backing-cards': 'Backing Cards',
};

/**
 * Every status a custom order can have. The admin sets pending, mockup_sent, approved,
 * in_production, shipped (back-office spec section 4) and delivered (the timeline's last
 * step); balance_paid is set only by a captured balance payment.
 */
export const CUSTOM_ORDER_STATUSES = [
  'pending',
  'mockup_sent',
  'approved',
  'balance_paid',
  'in_production',
  'shipped',
  'delivered',
] as const;
export type CustomOrderStatus = (typeof CUSTOM_ORDER_STATUSES)[number];

/**
 * The status an order takes when its balance is paid: 'balance_paid' when it had not got
 * that far, else the status it has (an order the admin already moved to production,
 * shipped or delivered does not go back; the payment is recorded either way).
 */
export function statusAfterBalancePaid(current: CustomOrderStatus): CustomOrderStatus {
  return CUSTOM_ORDER_STATUSES.indexOf(current) < CUSTOM_ORDER_STATUSES.indexOf('balance_paid')
    ? 'balance_paid'
    : current;
}

/** The statuses the admin's selector may set (balance_paid comes from the payment). */
export const ADMIN_CUSTOM_ORDER_STATUSES = [
  'pending',
  'mockup_sent',
  'approved',
  'in_production',
  'shipped',
  'delivered',
] as const satisfies readonly CustomOrderStatus[];
export type AdminCustomOrderStatus = (typeof ADMIN_CUSTOM_ORDER_STATUSES)[number];

export const CUSTOM_STATUS_LABELS: Record<CustomOrderStatus, string> = {
  pending: 'Pending',
  mockup_sent: 'Mockup Sent',
  approved: 'Approved',
  balance_paid: 'Balance Paid',
  in_production: 'In Production',
  shipped: 'Shipped',
  delivered: 'Delivered',
};

/** Statuses for which the admin may generate a balance payment link (spec section 4). */
export const BALANCE_LINK_STATUSES: readonly CustomOrderStatus[] = ['approved', 'mockup_sent'];

export type CustomTimelineKey =
  | 'pending'
  | 'deposit_paid'
  | 'design_in_progress'
  | 'awaiting_approval'
  | 'approved'
  | 'balance_paid'
  | 'in_production'
  | 'shipped'
  | 'delivered';

export interface CustomTimelineStep {
  key: CustomTimelineKey;
  label: string;
  description: string;
  state: 'complete' | 'current' | 'upcoming';
}

const TIMELINE: readonly Omit<CustomTimelineStep, 'state'>[] = [
  {
    key: 'pending',
    label: 'Quote Request Received',
    description: 'We have your design and details.',
  },
  { key: 'deposit_paid', label: 'Deposit Paid', description: 'Your 10% deposit was received.' },
  {
    key: 'design_in_progress',
    label: 'Design In Progress',
    description: 'Our designers are preparing your mockup (within 24 hours).',
  },
  {
    key: 'awaiting_approval',
    label: 'Awaiting Approval',
    description: 'Your mockup is ready: please review and approve it.',
  },
  { key: 'approved', label: 'Approved', description: 'You approved the design.' },
  { key: 'balance_paid', label: 'Balance Paid', description: 'The remaining balance was paid.' },
  {
    key: 'in_production',
    label: 'In Production',
    description: 'Your pins are being made (2-4 weeks).',
  },
  { key: 'shipped', label: 'Shipped', description: 'Your pins are on their way.' },
  { key: 'delivered', label: 'Delivered', description: 'Your pins have arrived.' },
];

/** Which timeline step is current for an order status. */
const CURRENT_STEP: Record<CustomOrderStatus, CustomTimelineKey> = {
  // The order exists only once the deposit is paid: the design is being made.
  pending: 'design_in_progress',
  mockup_sent: 'awaiting_approval',
  approved: 'approved',
  // Back-office spec section 4: after the balance the customer page shows it in production.
  balance_paid: 'in_production',
  in_production: 'in_production',
  shipped: 'shipped',
  delivered: 'delivered',
};

/**
 * The 9-step customer timeline (back-office spec section 4) for an order: steps before
 * the current one complete, later ones upcoming. The balance_paid step reads 'Final
 * Payment Due' when no balance payment exists but a balance token does. An unpaid
 * balance (`balancePaid` false: nothing paid and something due) is never complete: an
 * order the admin moved past it shows it upcoming, 'Balance Due' without a payment link.
 * Unknown statuses count as pending.
 */
export function customTimelineSteps(order: {
  status: string;
  balancePaid: boolean;
  hasBalanceToken: boolean;
}): CustomTimelineStep[] {
  const status = (CUSTOM_ORDER_STATUSES as readonly string[]).includes(order.status)
    ? (order.status as CustomOrderStatus)
    : 'pending';
  const current = TIMELINE.findIndex((s) => s.key === CURRENT_STEP[status]);
  return TIMELINE.map((step, i) => {
    const state = i < current ? 'complete' : i === current ? 'current' : 'upcoming';
    if (step.key !== 'balance_paid' || order.balancePaid) return { ...step, state };
    // Unpaid: never shown complete, even when the admin has moved the order past it.
    const due = state === 'complete' ? 'upcoming' : state;
    if (order.hasBalanceToken)
      return {
        ...step,
        label: 'Final Payment Due',
        description: 'Pay the remaining balance with your payment link.',
        state: due,
      };
    if (state === 'complete')
      return {
        ...step,
        label: 'Balance Due',
        description: 'The remaining balance has not been paid yet.',
        state: due,
      };
    return { ...step, state };
  });
}

/**
 * The logo's download name (back-office spec section 2 "Logo dialog"):
 * `Order-{id}_{customer name with spaces as underscores}_Logo.{ext}`, extension from the
 * stored file name, default png. Characters file systems refuse are dropped.
 */
export function logoDownloadName(
  orderId: number,
  customerName: string,
  fileName: string | null,
): string {
  const ext = /\.([A-Za-z0-9]{1,5})$/.exec(fileName ?? '')?.[1]?.toLowerCase() ?? 'png';
  const name = customerName
    .trim()
    .replace(/\s+/g, '_')
    .replace(/[\\/:*?"<>|]/g, '');
  return `Order-${orderId}_${name || 'Customer'}_Logo.${ext}`;
}

/**
 * The price per pin as a prepared order shows it (dollars in, text out). A quote's price
 * is a total: divided by the quantity and rounded to the cent it may not multiply back
 * to the total ($999.95 for 300 pins is $3.3332 a pin), and then it reads 'about $3.33'.
 */
export function pricePerPinText(
  order: {
    pricePerPin: number;
    quantity: number;
    totalPrice: number;
    rushOrderFee: number;
    discountAmount: number;
  },
  format: (dollars: number) => string,
): string {
  const perPinCents = Math.round(order.pricePerPin * 100);
  const pinsCents = Math.round(
    (order.totalPrice - order.rushOrderFee + order.discountAmount) * 100,
  );
  const text = format(order.pricePerPin);
  return perPinCents * order.quantity === pinsCents ? text : `about ${text}`;
}
