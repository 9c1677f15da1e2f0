/**
 * The custom pin wizard's state as plain functions (no React), so its rules are
 * unit-testable: the five steps and their validity, the defaults, the live price (the
 * shared pricing module the server charges with; the server recomputes and checks it),
 * and the saved progress in localStorage `customPinProgress` (7 days, never the file).
 * Storefront spec sections 2-5 and 9.
 */
import { WIZARD_DEFAULTS } from '../../../shared/custom-pins';
import {
  CUSTOM_PIN_MAX_QUANTITY,
  CUSTOM_PIN_MIN_QUANTITY,
  type CustomPinQuote,
  discountAmount,
  PIN_PACKAGING,
  PIN_PLATINGS,
  PIN_SIZES,
  type PinPackaging,
  type PinPlating,
  type PinSize,
  priceCustomPins,
} from '../../../shared/pricing';

export const WIZARD_STEPS = [
  'Choose Quantity',
  'Pin Specifications',
  'Packaging & Delivery',
  'Upload Design & Details',
  'Review & Order',
] as const;
export type WizardStep = 1 | 2 | 3 | 4 | 5;

/** A promo code the server accepted: the rule, so the discount follows the quantity. */
export interface AppliedPromo {
  code: string;
  discountType: 'percentage' | 'fixed';
  /** Percent, or dollars for `fixed`. */
  discountValue: number;
}

export interface WizardState {
  currentStep: WizardStep;
  /** A whole number; may be typed outside 25-1000 (then step 1 is invalid). */
  quantity: number;
  size: PinSize;
  plating: PinPlating;
  packaging: PinPackaging[];
  rushOrder: boolean;
  customerName: string;
  customerEmail: string;
  customerPhone: string;
  notes: string;
  promoCode: string;
  appliedDiscount: AppliedPromo | null;
}

export const INITIAL_WIZARD: WizardState = {
  currentStep: 1,
  quantity: WIZARD_DEFAULTS.quantity,
  size: WIZARD_DEFAULTS.size,
  plating: WIZARD_DEFAULTS.plating,
  packaging: [...WIZARD_DEFAULTS.packaging],
  rushOrder: WIZARD_DEFAULTS.rushOrder,
  customerName: '',
  customerEmail: '',
  customerPhone: '',
  notes: '',
  promoCode: '',
  appliedDiscount: null,
};

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function quantityValid(quantity: number): boolean {
  return (
    Number.isInteger(quantity) &&
    quantity >= CUSTOM_PIN_MIN_QUANTITY &&
    quantity <= CUSTOM_PIN_MAX_QUANTITY
  );
}

/**
 * Whether a step lets the customer go on (spec section 5): 1 quantity 25-1000; 2 size
 * and plating chosen; 3 at least one packaging option; 4 an uploaded file, a full name
 * and an e-mail; 5 always.
 */
/** True when `email` (trimmed) looks like an address the server will take. */
export function emailValid(email: string): boolean {
  return EMAIL.test(email.trim());
}

/**
 * What step 4 still needs before 'Next Step' works, as short instructions (empty when
 * nothing is missing), so a disabled button says why.
 */
export function detailsMissing(state: WizardState, hasLogo: boolean): string[] {
  const missing: string[] = [];
  if (!hasLogo) missing.push('upload your logo or design file');
  if (state.customerName.trim() === '') missing.push('enter your full name');
  if (!emailValid(state.customerEmail)) missing.push('enter a valid email address');
  return missing;
}

export function stepValid(step: WizardStep, state: WizardState, hasLogo: boolean): boolean {
  switch (step) {
    case 1:
      return quantityValid(state.quantity);
    case 2:
      return PIN_SIZES.includes(state.size) && PIN_PLATINGS.includes(state.plating);
    case 3:
      return state.packaging.length > 0;
    case 4:
      return detailsMissing(state, hasLogo).length === 0;
    case 5:
      return true;
  }
}

/** The discount (cents) of an applied promo on the pins subtotal (cents). */
export function promoDiscountCents(promo: AppliedPromo | null, subtotalCents: number): number {
  if (!promo) return 0;
  const value =
    promo.discountType === 'fixed' ? Math.round(promo.discountValue * 100) : promo.discountValue;
  return discountAmount({ discountType: promo.discountType, discountValue: value }, subtotalCents);
}

/** The live price of the current choices, or null while the quantity is out of range. */
export function wizardQuote(state: WizardState): CustomPinQuote | null {
  if (!quantityValid(state.quantity)) return null;
  const options = {
    quantity: state.quantity,
    size: state.size,
    plating: state.plating,
    packaging: state.packaging,
    rushOrder: state.rushOrder,
  };
  const subtotal = priceCustomPins(options).baseTotalCents;
  return priceCustomPins({
    ...options,
    discountCents: promoDiscountCents(state.appliedDiscount, subtotal),
  });
}

// ---------------------------------------------------------------------------
// Saved progress
// ---------------------------------------------------------------------------

export const PROGRESS_KEY = 'customPinProgress';
export const PROGRESS_MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;

/** What is saved (spec section 3 "Saved wizard progress"; never the file). */
export function progressToSave(state: WizardState, now: number): string {
  return JSON.stringify({ ...state, timestamp: now });
}

/**
 * The saved progress when it is under 7 days old and readable, merged over the defaults
 * field by field (unknown values are ignored); null otherwise. Never throws.
 */
export function restoreProgress(saved: string | null, now: number): WizardState | null {
  if (!saved) return null;
  let data: Record<string, unknown>;
  try {
    data = JSON.parse(saved) as Record<string, unknown>;
  } catch {
    return null;
  }
  if (!data || typeof data !== 'object') return null;
  const timestamp = typeof data.timestamp === 'number' ? data.timestamp : 0;
  if (now - timestamp > PROGRESS_MAX_AGE_MS || timestamp > now + 60_000) return null;
  const state: WizardState = { ...INITIAL_WIZARD, packaging: [...INITIAL_WIZARD.packaging] };
  const step = data.currentStep;
  if (typeof step === 'number' && [1, 2, 3, 4, 5].includes(step))
    state.currentStep = step as WizardStep;
  if (typeof data.quantity === 'number' && Number.isInteger(data.quantity))
    state.quantity = data.quantity;
  if (PIN_SIZES.includes(data.size as PinSize)) state.size = data.size as PinSize;
  if (PIN_PLATINGS.includes(data.plating as PinPlating)) state.plating = data.plating as PinPlating;
  if (Array.isArray(data.packaging)) {
    const packaging = data.packaging.filter((p): p is PinPackaging =>
      PIN_PACKAGING.includes(p as PinPackaging),
    );
    if (packaging.length > 0) state.packaging = packaging;
  }
  if (typeof data.rushOrder === 'boolean') state.rushOrder = data.rushOrder;
  for (const key of [
    'customerName',
    'customerEmail',
    'customerPhone',
    'notes',
    'promoCode',
  ] as const) {
    if (typeof data[key] === 'string') state[key] = (data[key] as string).slice(0, 2000);
  }
  const promo = data.appliedDiscount as Partial<AppliedPromo> | null | undefined;
  if (
    promo &&
    typeof promo.code === 'string' &&
    (promo.discountType === 'percentage' || promo.discountType === 'fixed') &&
    typeof promo.discountValue === 'number'
  ) {
    state.appliedDiscount = {
      code: promo.code,
      discountType: promo.discountType,
      discountValue: promo.discountValue,
    };
  }
  return state;
}
