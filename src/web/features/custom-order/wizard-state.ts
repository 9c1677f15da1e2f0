/**
 * The custom pin wizard's state as plain functions (no React), so its rules are
 * unit-testable: the five steps and their validity, the defaults, the live price (the
 * shared pricing module the server charges with; the server recomputes and checks it),
 * and the saved progress in localStorage `customPinProgress` (7 days, never the file).
 * Storefront spec sections 2-5 and 9.
 */
import { WIZARD_DEFAULTS } from '../../../shared/custom-pins';
import { dollarsToCents, hasAtMostTwoDecimals } from '../../../shared/money';
import {
  CUSTOM_PIN_MAX_QUANTITY,
  CUSTOM_PIN_MIN_QUANTITY,
  type CustomPinQuote,
  checkDiscount,
  type DiscountCheck,
  PIN_PACKAGING,
  PIN_PLATINGS,
  PIN_SIZES,
  type PinPackaging,
  type PinPlating,
  type PinSize,
  priceCustomPins,
} from '../../../shared/pricing';
import type { ValidateDiscountResponse } from '../../../shared/schemas/cart';

export const WIZARD_STEPS = [
  'Choose Quantity',
  'Pin Specifications',
  'Packaging & Delivery',
  'Upload Design & Details',
  'Review & Order',
] as const;
export type WizardStep = 1 | 2 | 3 | 4 | 5;

/**
 * A promo code the server accepted: its rule, so the discount follows the quantity as the
 * server's check at prepare will (validity dates and uses stay the server's business).
 */
export interface AppliedPromo {
  code: string;
  discountType: 'percentage' | 'fixed';
  /** Percent, or dollars for `fixed`. */
  discountValue: number;
  /**
   * The pins subtotal (dollars) the code needs, 0 for none. Progress saved before
   * 2026-11-27 lacks it and is restored with 0: the server still refuses such a code at
   * prepare.
   */
  minimumOrderAmount: number;
}

/** The applied promo from a valid answer of POST /api/discount-codes/validate. */
export function appliedPromoFrom(
  discountCode: NonNullable<ValidateDiscountResponse['discountCode']>,
): AppliedPromo {
  return {
    code: discountCode.code,
    discountType: discountCode.discountType,
    discountValue: discountCode.discountValue,
    minimumOrderAmount: discountCode.minimumOrderAmount,
  };
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

/** True for a whole number of pins the wizard sells (25-1000). */
export function quantityValid(quantity: number): boolean {
  return (
    Number.isInteger(quantity) &&
    quantity >= CUSTOM_PIN_MIN_QUANTITY &&
    quantity <= CUSTOM_PIN_MAX_QUANTITY
  );
}

/**
 * Whether a step lets the customer go on (spec section 5): 1 quantity 25-1000; 2 size
 * and plating chosen; 3 at least one packaging option; 4 nothing in `missingDetails`
 * (contact-check.ts `detailsMissing`: an uploaded file and a name, e-mail, phone and notes
 * the server takes; null while that check, which carries zod, has not loaded: not yet
 * valid); 5 always. Step 4's check lives apart so that zod is not first-load JavaScript
 * of /custom (issue 12's budget).
 */
export function stepValid(
  step: WizardStep,
  state: WizardState,
  missingDetails: readonly string[] | null,
): boolean {
  switch (step) {
    case 1:
      return quantityValid(state.quantity);
    case 2:
      return PIN_SIZES.includes(state.size) && PIN_PLATINGS.includes(state.plating);
    case 3:
      return state.packaging.length > 0;
    case 4:
      return missingDetails !== null && missingDetails.length === 0;
    case 5:
      return true;
  }
}

/**
 * The server's check (shared `checkDiscount`) of an applied promo on a pins subtotal
 * (cents): its rule and minimum order; null without a promo. Validity dates and uses are
 * not known here: the server checks them again at prepare.
 */
export function promoCheck(
  promo: AppliedPromo | null,
  subtotalCents: number,
): DiscountCheck | null {
  if (!promo) return null;
  return checkDiscount(
    {
      code: promo.code,
      discountType: promo.discountType,
      discountValue:
        promo.discountType === 'fixed' ? dollarsToCents(promo.discountValue) : promo.discountValue,
      minimumOrderCents: dollarsToCents(promo.minimumOrderAmount),
      maxUses: null,
      currentUses: 0,
      validFrom: null,
      validUntil: null,
      isActive: true,
    },
    subtotalCents,
  );
}

/** The discount (cents) of an applied promo on the pins subtotal (cents); 0 when it does not apply. */
export function promoDiscountCents(promo: AppliedPromo | null, subtotalCents: number): number {
  const check = promoCheck(promo, subtotalCents);
  return check?.valid ? check.discountCents : 0;
}

/**
 * Why the applied promo gives no discount at the current choices (the server's own
 * words, e.g. 'Minimum order of $400.00 required for this code'), or null when it
 * applies, there is none, or the quantity is out of range.
 */
export function promoProblem(state: WizardState): string | null {
  const subtotal = pinsSubtotalCents(state);
  if (subtotal === null) return null;
  const check = promoCheck(state.appliedDiscount, subtotal);
  return check && !check.valid ? check.error : null;
}

/**
 * The promo code to send with the draft: the applied code while it applies, else null,
 * so 'Pay Deposit' pays the deposit shown (no discount) instead of a 409 at prepare.
 */
export function promoCodeToSend(state: WizardState): string | null {
  if (!state.appliedDiscount) return null;
  return promoProblem(state) === null ? state.appliedDiscount.code : null;
}

/** The pins subtotal (cents, before rush and discount), or null while the quantity is out of range. */
function pinsSubtotalCents(state: WizardState): number | null {
  if (!quantityValid(state.quantity)) return null;
  return priceCustomPins({
    quantity: state.quantity,
    size: state.size,
    plating: state.plating,
    packaging: state.packaging,
    rushOrder: state.rushOrder,
  }).baseTotalCents;
}

/** The live price of the current choices, or null while the quantity is out of range. */
export function wizardQuote(state: WizardState): CustomPinQuote | null {
  const subtotal = pinsSubtotalCents(state);
  if (subtotal === null) return null;
  // The discount as the server's check gives it: none below the code's minimum order.
  return priceCustomPins({
    quantity: state.quantity,
    size: state.size,
    plating: state.plating,
    packaging: state.packaging,
    rushOrder: state.rushOrder,
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
  const amount = (v: unknown): v is number =>
    typeof v === 'number' && v >= 0 && v <= 1_000_000_000 && hasAtMostTwoDecimals(v);
  if (
    promo &&
    typeof promo.code === 'string' &&
    (promo.discountType === 'percentage' || promo.discountType === 'fixed') &&
    amount(promo.discountValue) &&
    (promo.minimumOrderAmount === undefined || amount(promo.minimumOrderAmount))
  ) {
    // A promo saved before its minimum was kept has none (taken as 0, see AppliedPromo).
    state.appliedDiscount = {
      code: promo.code.slice(0, 64),
      discountType: promo.discountType,
      discountValue: promo.discountValue,
      minimumOrderAmount: promo.minimumOrderAmount ?? 0,
    };
  }
  return state;
}
