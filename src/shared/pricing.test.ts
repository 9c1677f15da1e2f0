import { describe, expect, it } from 'vitest';
import {
  CATALOG_TIERS,
  CUSTOM_PIN_MIN_QUANTITY,
  CUSTOM_PIN_PRICE_TABLE,
  cartTotals,
  catalogTierPercent,
  catalogUnitPrice,
  checkDiscount,
  customPinBasePrice,
  customPinOrderRange,
  DISCOUNT_NOT_VALID,
  type DiscountCodeRule,
  discountAmount,
  PIN_PACKAGING,
  PIN_PLATINGS,
  PIN_SIZES,
  priceCatalogLine,
  priceCustomPins,
  SHIPPING_FLAT_CENTS,
  stockLabel,
} from './pricing';

describe('catalogue volume tiers', () => {
  it('gives 1-9 full price, 10-24 10% off, 25+ 20% off', () => {
    for (let q = 1; q <= 9; q++) expect(catalogTierPercent(q), String(q)).toBe(0);
    for (let q = 10; q <= 24; q++) expect(catalogTierPercent(q), String(q)).toBe(10);
    for (const q of [25, 26, 50, 100, 1000]) expect(catalogTierPercent(q), String(q)).toBe(20);
    expect(catalogTierPercent(0)).toBe(0);
  });

  it('declares contiguous tiers starting at 1', () => {
    expect(CATALOG_TIERS[0].minQuantity).toBe(1);
    for (let i = 1; i < CATALOG_TIERS.length; i++) {
      expect(CATALOG_TIERS[i]!.minQuantity).toBe(
        (CATALOG_TIERS[i - 1]!.maxQuantity ?? Number.NaN) + 1,
      );
    }
    expect(CATALOG_TIERS.at(-1)!.maxQuantity).toBeNull();
  });

  it('prices a unit after the tier, rounded to the cent', () => {
    expect(catalogUnitPrice(1000, 9)).toBe(1000);
    expect(catalogUnitPrice(1000, 10)).toBe(900);
    expect(catalogUnitPrice(1000, 25)).toBe(800);
    expect(catalogUnitPrice(999, 10)).toBe(899); // 99.9 off rounds to 100
    expect(catalogUnitPrice(999, 25)).toBe(799); // 199.8 off rounds to 200
    expect(catalogUnitPrice(1299, 24)).toBe(1169); // 129.9 off -> 130
    expect(catalogUnitPrice(0, 50)).toBe(0);
  });

  it('prices a line as unit x quantity with its percent', () => {
    expect(priceCatalogLine(1000, 9)).toEqual({
      unitPriceCents: 1000,
      lineTotalCents: 9000,
      percentOff: 0,
    });
    expect(priceCatalogLine(1000, 10)).toEqual({
      unitPriceCents: 900,
      lineTotalCents: 9000,
      percentOff: 10,
    });
    expect(priceCatalogLine(999, 25)).toEqual({
      unitPriceCents: 799,
      lineTotalCents: 19975,
      percentOff: 20,
    });
    expect(priceCatalogLine(499, 1)).toEqual({
      unitPriceCents: 499,
      lineTotalCents: 499,
      percentOff: 0,
    });
  });

  it('never makes a bigger order cost less per unit than the tier says (monotone unit price)', () => {
    let last = Number.POSITIVE_INFINITY;
    for (let q = 1; q <= 60; q++) {
      const unit = catalogUnitPrice(1499, q);
      expect(unit).toBeLessThanOrEqual(last);
      last = unit;
    }
  });
});

describe('discount codes', () => {
  const base: DiscountCodeRule = {
    code: 'TEST',
    discountType: 'percentage',
    discountValue: 10,
    minimumOrderCents: 0,
    maxUses: null,
    currentUses: 0,
    validFrom: null,
    validUntil: null,
    isActive: true,
  };
  const now = new Date('2025-06-15T12:00:00Z');
  const rule = (over: Partial<DiscountCodeRule>): DiscountCodeRule => ({ ...base, ...over });

  it('computes a percentage discount on the subtotal, rounded half up', () => {
    expect(checkDiscount(base, 5000, now)).toEqual({ valid: true, discountCents: 500 });
    expect(checkDiscount(base, 3998, now)).toEqual({ valid: true, discountCents: 400 }); // 399.8
    expect(checkDiscount(base, 995, now)).toEqual({ valid: true, discountCents: 100 }); // 99.5
    expect(checkDiscount(rule({ discountValue: 15 }), 1999, now)).toEqual({
      valid: true,
      discountCents: 300,
    }); // 299.85
    expect(checkDiscount(base, 0, now)).toEqual({ valid: true, discountCents: 0 });
  });

  it('computes a fixed discount in cents, never more than the subtotal', () => {
    const fixed = rule({ discountType: 'fixed', discountValue: 500 });
    expect(checkDiscount(fixed, 5000, now)).toEqual({ valid: true, discountCents: 500 });
    expect(checkDiscount(fixed, 350, now)).toEqual({ valid: true, discountCents: 350 });
    expect(checkDiscount(fixed, 0, now)).toEqual({ valid: true, discountCents: 0 });
  });

  it('caps a 100% code at the subtotal and never goes negative', () => {
    expect(discountAmount({ discountType: 'percentage', discountValue: 100 }, 1234)).toBe(1234);
    expect(discountAmount({ discountType: 'percentage', discountValue: 150 }, 1234)).toBe(1234);
    expect(discountAmount({ discountType: 'fixed', discountValue: -500 }, 1234)).toBe(0);
    expect(discountAmount({ discountType: 'fixed', discountValue: 500 }, 0)).toBe(0);
  });

  it('refuses an inactive code', () => {
    expect(checkDiscount(rule({ isActive: false }), 5000, now)).toEqual({
      valid: false,
      error: DISCOUNT_NOT_VALID,
      reason: 'inactive',
    });
  });

  it('honours validFrom and validUntil, inclusive at the boundary', () => {
    expect(checkDiscount(rule({ validFrom: new Date(now.getTime() + 1) }), 5000, now)).toEqual({
      valid: false,
      error: DISCOUNT_NOT_VALID,
      reason: 'not_started',
    });
    expect(checkDiscount(rule({ validFrom: now }), 5000, now).valid).toBe(true);
    expect(checkDiscount(rule({ validUntil: new Date(now.getTime() - 1) }), 5000, now)).toEqual({
      valid: false,
      error: DISCOUNT_NOT_VALID,
      reason: 'expired',
    });
    expect(checkDiscount(rule({ validUntil: now }), 5000, now).valid).toBe(true);
    const window = rule({ validFrom: new Date('2025-06-01'), validUntil: new Date('2025-06-30') });
    expect(checkDiscount(window, 5000, now).valid).toBe(true);
    expect(checkDiscount(window, 5000, new Date('2025-07-01')).valid).toBe(false);
  });

  it('uses the current time when none is given', () => {
    expect(checkDiscount(rule({ validUntil: new Date(Date.now() - 60_000) }), 5000).valid).toBe(
      false,
    );
    expect(checkDiscount(rule({ validUntil: new Date(Date.now() + 60_000) }), 5000).valid).toBe(
      true,
    );
  });

  it('refuses a code that reached maxUses; below it is fine; null means unlimited', () => {
    expect(checkDiscount(rule({ maxUses: 5, currentUses: 5 }), 5000, now)).toEqual({
      valid: false,
      error: DISCOUNT_NOT_VALID,
      reason: 'used_up',
    });
    expect(checkDiscount(rule({ maxUses: 5, currentUses: 6 }), 5000, now).valid).toBe(false);
    expect(checkDiscount(rule({ maxUses: 5, currentUses: 4 }), 5000, now).valid).toBe(true);
    expect(checkDiscount(rule({ maxUses: null, currentUses: 10_000 }), 5000, now).valid).toBe(true);
    expect(checkDiscount(rule({ maxUses: 0 }), 5000, now).valid).toBe(false);
  });

  it('requires the minimum order, inclusive, and names it in dollars', () => {
    const min = rule({ discountValue: 20, minimumOrderCents: 10000 });
    expect(checkDiscount(min, 9999, now)).toEqual({
      valid: false,
      error: 'Minimum order of $100.00 required for this code',
      reason: 'minimum',
    });
    expect(checkDiscount(min, 10000, now)).toEqual({ valid: true, discountCents: 2000 });
    expect(checkDiscount(rule({ minimumOrderCents: 2550 }), 100, now)).toEqual({
      valid: false,
      error: 'Minimum order of $25.50 required for this code',
      reason: 'minimum',
    });
  });

  it('reports the first failing rule (reason), all but the minimum with one message (issue 11)', () => {
    const everything = rule({
      isActive: false,
      validFrom: new Date('2030-01-01'),
      validUntil: new Date('2020-01-01'),
      maxUses: 1,
      currentUses: 1,
      minimumOrderCents: 100_000,
    });
    expect(checkDiscount(everything, 0, now)).toMatchObject({
      error: DISCOUNT_NOT_VALID,
      reason: 'inactive',
    });
    expect(checkDiscount({ ...everything, isActive: true }, 0, now)).toMatchObject({
      error: DISCOUNT_NOT_VALID,
      reason: 'not_started',
    });
    expect(checkDiscount({ ...everything, isActive: true, validFrom: null }, 0, now)).toMatchObject(
      {
        error: DISCOUNT_NOT_VALID,
        reason: 'expired',
      },
    );
    expect(
      checkDiscount({ ...everything, isActive: true, validFrom: null, validUntil: null }, 0, now),
    ).toMatchObject({
      error: DISCOUNT_NOT_VALID,
      reason: 'used_up',
    });
  });
});

describe('cart totals', () => {
  it('adds lines, takes the discount off the subtotal and adds flat shipping', () => {
    expect(cartTotals([9000, 1998], 1100)).toEqual({
      subtotalCents: 10998,
      discountCents: 1100,
      shippingCents: 599,
      totalCents: 10497,
    });
    expect(SHIPPING_FLAT_CENTS).toBe(599);
  });

  it('charges no shipping for an empty cart', () => {
    expect(cartTotals([])).toEqual({
      subtotalCents: 0,
      discountCents: 0,
      shippingCents: 0,
      totalCents: 0,
    });
    expect(cartTotals([], 500)).toEqual({
      subtotalCents: 0,
      discountCents: 0,
      shippingCents: 0,
      totalCents: 0,
    });
  });

  it('charges shipping even when every line is free', () => {
    expect(cartTotals([0])).toEqual({
      subtotalCents: 0,
      discountCents: 0,
      shippingCents: 599,
      totalCents: 599,
    });
  });

  it('caps the discount at the subtotal (shipping is still paid) and ignores negative discounts', () => {
    expect(cartTotals([1000], 5000)).toEqual({
      subtotalCents: 1000,
      discountCents: 1000,
      shippingCents: 599,
      totalCents: 599,
    });
    expect(cartTotals([1000], -300)).toEqual({
      subtotalCents: 1000,
      discountCents: 0,
      shippingCents: 599,
      totalCents: 1599,
    });
  });
});

describe('stock labels', () => {
  it('0 or less is Out of Stock, 1-10 Low Stock, above 10 In Stock', () => {
    expect(stockLabel(0)).toBe('Out of Stock');
    expect(stockLabel(-3)).toBe('Out of Stock');
    expect(stockLabel(1)).toBe('Low Stock');
    expect(stockLabel(10)).toBe('Low Stock');
    expect(stockLabel(11)).toBe('In Stock');
    expect(stockLabel(500)).toBe('In Stock');
  });

  it('is Out of Stock whenever the product is flagged not in stock', () => {
    expect(stockLabel(50, false)).toBe('Out of Stock');
    expect(stockLabel(5, false)).toBe('Out of Stock');
    expect(stockLabel(50, true)).toBe('In Stock');
  });
});

describe('custom pin pricing', () => {
  it('reads the price table at every boundary', () => {
    const expected: [number, number][] = [
      [25, 700],
      [50, 700],
      [51, 600],
      [99, 600],
      [100, 500],
      [249, 500],
      [250, 400],
      [499, 400],
      [500, 300],
      [1000, 300],
    ];
    for (const [q, cents] of expected) expect(customPinBasePrice(q), String(q)).toBe(cents);
    expect(CUSTOM_PIN_PRICE_TABLE).toHaveLength(5);
  });

  it('refuses quantities outside 25-1000 and fractions', () => {
    for (const q of [0, 24, 1001, 25.5, Number.NaN])
      expect(() => customPinBasePrice(q), String(q)).toThrow(RangeError);
  });

  it('prices the defaults: silver, 1 inch, just pins, no rush', () => {
    expect(
      priceCustomPins({
        quantity: 50,
        size: '1inch',
        plating: 'silver',
        packaging: ['just-pins'],
        rushOrder: false,
      }),
    ).toEqual({
      pricePerPinCents: 700,
      baseTotalCents: 35000,
      rushFeeCents: 0,
      discountCents: 0,
      totalCents: 35000,
      depositCents: 3500,
      balanceCents: 31500,
    });
  });

  it('adds plating, size and packaging extras per pin and the flat rush fee', () => {
    const quote = priceCustomPins({
      quantity: 50,
      size: '1.5inch',
      plating: 'gold',
      packaging: ['individual-bags', 'backing-cards'],
      rushOrder: true,
    });
    expect(quote.pricePerPinCents).toBe(700 + 25 + 50 + 10 + 10);
    expect(quote.baseTotalCents).toBe(795 * 50);
    expect(quote.rushFeeCents).toBe(10000);
    expect(quote.totalCents).toBe(39750 + 10000);
    expect(quote.depositCents).toBe(4975);
    expect(quote.balanceCents).toBe(49750 - 4975);
  });

  it('prices every plating and size extra', () => {
    const per = (
      plating: 'silver' | 'gold' | 'bronze' | 'black-nickel',
      size: '0.75inch' | '1inch' | '1.25inch' | '1.5inch',
    ) =>
      priceCustomPins({ quantity: 100, size, plating, packaging: ['just-pins'], rushOrder: false })
        .pricePerPinCents;
    expect([
      per('silver', '1inch'),
      per('gold', '1inch'),
      per('bronze', '1inch'),
      per('black-nickel', '1inch'),
    ]).toEqual([500, 525, 515, 535]);
    expect([
      per('silver', '0.75inch'),
      per('silver', '1.25inch'),
      per('silver', '1.5inch'),
    ]).toEqual([500, 500, 550]);
  });

  it('counts a repeated packaging option once', () => {
    const q = priceCustomPins({
      quantity: 100,
      size: '1inch',
      plating: 'silver',
      packaging: ['backing-cards', 'backing-cards'],
      rushOrder: false,
    });
    expect(q.pricePerPinCents).toBe(510);
  });

  it('takes the discount off base plus rush, never below zero, and splits 10% deposit / rest', () => {
    const q = priceCustomPins({
      quantity: 100,
      size: '1inch',
      plating: 'silver',
      packaging: ['just-pins'],
      rushOrder: true,
      discountCents: 5000,
    });
    expect(q).toMatchObject({
      baseTotalCents: 50000,
      rushFeeCents: 10000,
      discountCents: 5000,
      totalCents: 55000,
      depositCents: 5500,
      balanceCents: 49500,
    });
    const huge = priceCustomPins({
      quantity: 25,
      size: '1inch',
      plating: 'silver',
      packaging: ['just-pins'],
      rushOrder: false,
      discountCents: 999_999,
    });
    expect(huge).toMatchObject({
      discountCents: 17500,
      totalCents: 0,
      depositCents: 0,
      balanceCents: 0,
    });
    const negative = priceCustomPins({
      quantity: 25,
      size: '1inch',
      plating: 'silver',
      packaging: ['just-pins'],
      rushOrder: false,
      discountCents: -100,
    });
    expect(negative.discountCents).toBe(0);
  });

  it('rounds the deposit to the cent and keeps deposit + balance = total', () => {
    for (const quantity of [25, 37, 51, 77, 133, 250, 333, 999]) {
      for (const discountCents of [0, 1, 333, 12345]) {
        const q = priceCustomPins({
          quantity,
          size: '1.5inch',
          plating: 'bronze',
          packaging: ['individual-bags'],
          rushOrder: quantity % 2 === 1,
          discountCents,
        });
        expect(Number.isInteger(q.depositCents)).toBe(true);
        expect(q.depositCents + q.balanceCents).toBe(q.totalCents);
        expect(Math.abs(q.depositCents * 10 - q.totalCents)).toBeLessThanOrEqual(5);
      }
    }
  });
});

describe('custom pin order range (structured data)', () => {
  it('is the cheapest and the dearest order the wizard can price', () => {
    // 25 pins x $7.00; 1000 x ($3.00 + $0.35 black nickel + $0.50 1.5 inch + $0.20 packaging) + $100 rush.
    expect(customPinOrderRange()).toEqual({ lowCents: 17_500, highCents: 415_000 });
  });

  it('holds every order priced at random', () => {
    const { lowCents, highCents } = customPinOrderRange();
    for (let i = 0; i < 500; i++) {
      const pick = <T>(xs: readonly T[]) => xs[Math.floor(Math.random() * xs.length)]!;
      const total = priceCustomPins({
        quantity: CUSTOM_PIN_MIN_QUANTITY + Math.floor(Math.random() * 976),
        size: pick(PIN_SIZES),
        plating: pick(PIN_PLATINGS),
        packaging: PIN_PACKAGING.filter(() => Math.random() < 0.5).concat('just-pins'),
        rushOrder: Math.random() < 0.5,
      }).totalCents;
      expect(total).toBeGreaterThanOrEqual(lowCents);
      expect(total).toBeLessThanOrEqual(highCents);
    }
  });
});
