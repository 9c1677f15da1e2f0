import { describe, expect, it } from 'vitest';
import { decodeOrderData, encodeOrderData } from './order-data';
import {
  detailsMissing,
  INITIAL_WIZARD,
  PROGRESS_MAX_AGE_MS,
  progressToSave,
  promoDiscountCents,
  restoreProgress,
  stepValid,
  type WizardState,
  wizardQuote,
} from './wizard-state';

const now = Date.UTC(2026, 5, 1);

describe('wizard defaults and step validity (spec sections 4, 5)', () => {
  it('starts on step 1 with 50, 1 inch, silver, just pins, standard', () => {
    expect(INITIAL_WIZARD).toMatchObject({
      currentStep: 1,
      quantity: 50,
      size: '1inch',
      plating: 'silver',
      packaging: ['just-pins'],
      rushOrder: false,
    });
  });

  it('checks each step', () => {
    const s: WizardState = { ...INITIAL_WIZARD };
    expect(stepValid(1, s, false)).toBe(true);
    expect(stepValid(1, { ...s, quantity: 25 }, false)).toBe(true);
    expect(stepValid(1, { ...s, quantity: 24 }, false)).toBe(false);
    expect(stepValid(1, { ...s, quantity: 1001 }, false)).toBe(false);
    expect(stepValid(1, { ...s, quantity: 30.5 }, false)).toBe(false);
    expect(stepValid(2, s, false)).toBe(true);
    expect(stepValid(3, { ...s, packaging: [] }, false)).toBe(false);
    expect(stepValid(4, { ...s, customerName: 'Pat', customerEmail: 'pat@x.io' }, false)).toBe(
      false,
    );
    expect(stepValid(4, { ...s, customerName: 'Pat', customerEmail: 'pat@x.io' }, true)).toBe(true);
    expect(stepValid(4, { ...s, customerName: ' ', customerEmail: 'pat@x.io' }, true)).toBe(false);
    expect(stepValid(4, { ...s, customerName: 'Pat', customerEmail: 'pat' }, true)).toBe(false);
    expect(stepValid(5, s, false)).toBe(true);
    expect(detailsMissing(s, false)).toEqual([
      'upload your logo or design file',
      'enter your full name',
      'enter a valid email address',
    ]);
    expect(detailsMissing({ ...s, customerName: 'Pat', customerEmail: 'pat@x' }, true)).toEqual([
      'enter a valid email address',
    ]);
    expect(
      detailsMissing({ ...s, customerName: 'Pat', customerEmail: ' pat@x.io ' }, true),
    ).toEqual([]);
  });
});

describe('live price', () => {
  it('uses the shared price and follows the quantity with an applied promo', () => {
    const promo = { code: 'TEN', discountType: 'percentage' as const, discountValue: 10 };
    const q = wizardQuote({
      ...INITIAL_WIZARD,
      quantity: 100,
      rushOrder: true,
      appliedDiscount: promo,
    })!;
    expect(q).toMatchObject({
      baseTotalCents: 50_000,
      discountCents: 5_000,
      rushFeeCents: 10_000,
      totalCents: 55_000,
      depositCents: 5_500,
    });
    expect(wizardQuote({ ...INITIAL_WIZARD, quantity: 10 })).toBeNull();
    expect(
      promoDiscountCents({ code: 'F', discountType: 'fixed', discountValue: 12.5 }, 10_000),
    ).toBe(1_250);
    expect(promoDiscountCents(null, 10_000)).toBe(0);
  });
});

describe('saved progress (customPinProgress)', () => {
  it('round-trips under 7 days and is ignored when older, broken or from the future', () => {
    const state: WizardState = {
      ...INITIAL_WIZARD,
      currentStep: 3,
      quantity: 250,
      plating: 'gold',
      packaging: ['backing-cards'],
      customerName: 'Pat',
    };
    const saved = progressToSave(state, now);
    expect(JSON.parse(saved)).toMatchObject({ timestamp: now, quantity: 250 });
    expect(restoreProgress(saved, now + PROGRESS_MAX_AGE_MS - 1)).toEqual(state);
    expect(restoreProgress(saved, now + PROGRESS_MAX_AGE_MS + 1)).toBeNull();
    expect(restoreProgress('{oops', now)).toBeNull();
    expect(restoreProgress(null, now)).toBeNull();
    expect(restoreProgress(progressToSave(state, now + 3_600_000), now)).toBeNull();
  });

  it('keeps only valid values from a tampered save', () => {
    const restored = restoreProgress(
      JSON.stringify({
        timestamp: now,
        currentStep: 9,
        size: '9inch',
        plating: 'gold',
        packaging: ['x'],
        appliedDiscount: { code: 1 },
      }),
      now,
    )!;
    expect(restored).toMatchObject({
      currentStep: 1,
      size: '1inch',
      plating: 'gold',
      packaging: ['just-pins'],
      appliedDiscount: null,
    });
  });
});

describe('orderData parameter', () => {
  it('encodes the prepared order as base64 JSON and reads its id back', () => {
    const encoded = encodeOrderData({ preparedOrderId: 'abc_DEF-123', customerName: 'Zoë' });
    expect(decodeOrderData(encoded)).toBe('abc_DEF-123');
    expect(decodeOrderData(decodeURIComponent(encodeURIComponent(encoded)))).toBe('abc_DEF-123');
    expect(decodeOrderData('not base64!')).toBeNull();
    expect(decodeOrderData(btoa('{"preparedOrderId":"../x"}'))).toBeNull();
    expect(decodeOrderData(null)).toBeNull();
  });
});
