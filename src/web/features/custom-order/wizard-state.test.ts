import { describe, expect, it } from 'vitest';
import { contactErrors, detailsMissing } from './contact-check';
import { decodeOrderData, encodeOrderData } from './order-data';
import {
  type AppliedPromo,
  appliedPromoFrom,
  INITIAL_WIZARD,
  PROGRESS_MAX_AGE_MS,
  progressToSave,
  promoCodeToSend,
  promoDiscountCents,
  promoProblem,
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
    expect(stepValid(1, s, null)).toBe(true);
    expect(stepValid(1, { ...s, quantity: 25 }, null)).toBe(true);
    expect(stepValid(1, { ...s, quantity: 24 }, null)).toBe(false);
    expect(stepValid(1, { ...s, quantity: 1001 }, null)).toBe(false);
    expect(stepValid(1, { ...s, quantity: 30.5 }, null)).toBe(false);
    expect(stepValid(2, s, null)).toBe(true);
    expect(stepValid(3, { ...s, packaging: [] }, null)).toBe(false);
    // Step 4 before its check (contact-check.ts, with zod) has loaded: not yet.
    expect(stepValid(4, { ...s, customerName: 'Pat', customerEmail: 'pat@x.io' }, null)).toBe(
      false,
    );
    expect(
      stepValid(
        4,
        { ...s, customerName: 'Pat', customerEmail: 'pat@x.io' },
        detailsMissing({ ...s, customerName: 'Pat', customerEmail: 'pat@x.io' }, false),
      ),
    ).toBe(false);
    expect(
      stepValid(
        4,
        { ...s, customerName: 'Pat', customerEmail: 'pat@x.io' },
        detailsMissing({ ...s, customerName: 'Pat', customerEmail: 'pat@x.io' }, true),
      ),
    ).toBe(true);
    expect(
      stepValid(
        4,
        { ...s, customerName: ' ', customerEmail: 'pat@x.io' },
        detailsMissing({ ...s, customerName: ' ', customerEmail: 'pat@x.io' }, true),
      ),
    ).toBe(false);
    expect(
      stepValid(
        4,
        { ...s, customerName: 'Pat', customerEmail: 'pat' },
        detailsMissing({ ...s, customerName: 'Pat', customerEmail: 'pat' }, true),
      ),
    ).toBe(false);
    expect(stepValid(5, s, null)).toBe(true);
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

describe('step 4 checks what the server checks (shared CustomOrderContact)', () => {
  const ok: WizardState = {
    ...INITIAL_WIZARD,
    customerName: 'Pat Green',
    customerEmail: 'pat@club.com',
  };

  it('refuses the e-mails, phone and name the server refuses, with its words', () => {
    expect(stepValid(4, ok, detailsMissing(ok, true))).toBe(true);
    // The audit's addresses: a loose "x@y.z" check let them through to a 400 on step 5.
    for (const customerEmail of ['pat@club.c', 'josé@club.com', 'pat@club_golf.com']) {
      const s = { ...ok, customerEmail };
      expect(stepValid(4, s, detailsMissing(s, true)), customerEmail).toBe(false);
      expect(contactErrors(s), customerEmail).toEqual({ customerEmail: 'Valid email is required' });
      expect(detailsMissing(s, true), customerEmail).toEqual(['enter a valid email address']);
    }
    // The server keeps 50 characters of phone (after trimming).
    expect(
      stepValid(
        4,
        { ...ok, customerPhone: ` ${'5'.repeat(50)} ` },
        detailsMissing({ ...ok, customerPhone: ` ${'5'.repeat(50)} ` }, true),
      ),
    ).toBe(true);
    const longPhone = { ...ok, customerPhone: '5'.repeat(51) };
    expect(stepValid(4, longPhone, detailsMissing(longPhone, true))).toBe(false);
    expect(contactErrors(longPhone)).toEqual({ customerPhone: 'Must be at most 50 characters' });
    expect(detailsMissing(longPhone, true)).toEqual(['shorten your phone number']);
    const longName = { ...ok, customerName: 'P'.repeat(201) };
    expect(contactErrors(longName)).toEqual({ customerName: 'Name is too long' });
    expect(detailsMissing(longName, true)).toEqual(['shorten your name']);
    expect(contactErrors({ ...ok, customerName: '  ', customerEmail: '' })).toEqual({
      customerName: 'Name is required',
      customerEmail: 'Valid email is required',
    });
    expect(contactErrors({ ...ok, notes: 'n'.repeat(2001) })).toEqual({
      notes: 'Must be at most 2000 characters',
    });
  });
});

describe("a promo code with a minimum order (the server's checkDiscount)", () => {
  // The audit's code: 10% off, minimum order $400, applied at 100 pins ($500).
  const min400 = appliedPromoFrom({
    code: 'MIN400',
    discountType: 'percentage',
    discountValue: 10,
    minimumOrderAmount: 400,
  });
  const at = (quantity: number, appliedDiscount: AppliedPromo | null = min400): WizardState => ({
    ...INITIAL_WIZARD,
    quantity,
    promoCode: appliedDiscount?.code ?? '',
    appliedDiscount,
  });

  it('keeps the minimum of the validation answer', () => {
    expect(min400).toEqual({
      code: 'MIN400',
      discountType: 'percentage',
      discountValue: 10,
      minimumOrderAmount: 400,
    });
  });

  it('gives the discount at or above the minimum, and sends the code', () => {
    expect(wizardQuote(at(100))).toMatchObject({ discountCents: 5_000, depositCents: 4_500 });
    expect(promoProblem(at(100))).toBeNull();
    expect(promoCodeToSend(at(100))).toBe('MIN400');
  });

  it("gives none below it, says why in the server's words, and does not send the code", () => {
    // 50 pins = $350: the server refuses the code, so the wizard shows no discount.
    const quote = wizardQuote(at(50))!;
    expect(quote).toMatchObject({ baseTotalCents: 35_000, discountCents: 0, depositCents: 3_500 });
    expect(promoProblem(at(50))).toBe('Minimum order of $400.00 required for this code');
    expect(promoCodeToSend(at(50))).toBeNull();
    // Exactly the minimum applies (subtotal >= minimum, DECISIONS.md).
    expect(promoDiscountCents(min400, 40_000)).toBe(4_000);
    expect(promoDiscountCents(min400, 39_999)).toBe(0);
    // Out-of-range quantity: no price, no note.
    expect(promoProblem(at(10))).toBeNull();
    expect(promoCodeToSend(at(50, null))).toBeNull();
  });
});

describe('live price', () => {
  it('uses the shared price and follows the quantity with an applied promo', () => {
    const promo = {
      code: 'TEN',
      discountType: 'percentage' as const,
      discountValue: 10,
      minimumOrderAmount: 0,
    };
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
      promoDiscountCents(
        { code: 'F', discountType: 'fixed', discountValue: 12.5, minimumOrderAmount: 0 },
        10_000,
      ),
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

  it("keeps a promo's minimum, and takes a promo saved without one as having none", () => {
    const promo: AppliedPromo = {
      code: 'MIN400',
      discountType: 'percentage',
      discountValue: 10,
      minimumOrderAmount: 400,
    };
    const state: WizardState = { ...INITIAL_WIZARD, quantity: 50, appliedDiscount: promo };
    const restored = restoreProgress(progressToSave(state, now), now)!;
    expect(restored.appliedDiscount).toEqual(promo);
    expect(wizardQuote(restored)?.discountCents).toBe(0);
    // Saved before 2026-11-27: no minimum known, taken as 0 (the server checks at prepare).
    const old = JSON.stringify({
      timestamp: now,
      quantity: 50,
      appliedDiscount: { code: 'TEN', discountType: 'percentage', discountValue: 10 },
    });
    expect(restoreProgress(old, now)?.appliedDiscount).toEqual({
      code: 'TEN',
      discountType: 'percentage',
      discountValue: 10,
      minimumOrderAmount: 0,
    });
    expect(wizardQuote(restoreProgress(old, now)!)?.discountCents).toBe(3_500);
    // A tampered minimum drops the promo rather than guessing.
    for (const minimumOrderAmount of [-1, 'x', 1.005, Number.NaN]) {
      const bad = JSON.stringify({
        timestamp: now,
        appliedDiscount: { ...promo, minimumOrderAmount },
      });
      expect(restoreProgress(bad, now)?.appliedDiscount, String(minimumOrderAmount)).toBeNull();
    }
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
