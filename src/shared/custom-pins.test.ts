import { describe, expect, it } from 'vitest';
import {
  customTimelineSteps,
  estimatedDelivery,
  logoDownloadName,
  normalizePackaging,
  pricePerPinText,
  togglePackaging,
} from './custom-pins';
import {
  PACKAGING_EXTRA_CENTS,
  PIN_PACKAGING,
  PIN_PLATINGS,
  PIN_SIZES,
  PLATING_EXTRA_CENTS,
  priceCustomPins,
  SIZE_EXTRA_CENTS,
} from './pricing';
import { CustomOrderDraft } from './schemas/custom-orders';

describe('custom pin price (storefront spec section 9, DECISIONS.md)', () => {
  const base = {
    size: '1inch',
    plating: 'silver',
    packaging: ['just-pins'],
    rushOrder: false,
  } as const;

  it('charges the table price at every quantity boundary', () => {
    const table: [number, number][] = [
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
    for (const [quantity, perPin] of table) {
      const q = priceCustomPins({ ...base, quantity, packaging: [...base.packaging] });
      expect(q.pricePerPinCents, String(quantity)).toBe(perPin);
      expect(q.totalCents, String(quantity)).toBe(perPin * quantity);
    }
  });

  it('adds each plating, size and packaging extra per pin', () => {
    for (const plating of PIN_PLATINGS) {
      for (const size of PIN_SIZES) {
        for (const packaging of PIN_PACKAGING) {
          const q = priceCustomPins({
            quantity: 100,
            size,
            plating,
            packaging: [packaging],
            rushOrder: false,
          });
          expect(q.pricePerPinCents, `${plating} ${size} ${packaging}`).toBe(
            500 +
              PLATING_EXTRA_CENTS[plating] +
              SIZE_EXTRA_CENTS[size] +
              PACKAGING_EXTRA_CENTS[packaging],
          );
        }
      }
    }
    expect(PACKAGING_EXTRA_CENTS).toEqual({
      'just-pins': 0,
      'individual-bags': 10,
      'backing-cards': 10,
    });
  });

  it('adds the $100 rush fee once, not per pin', () => {
    const standard = priceCustomPins({ ...base, quantity: 300, packaging: ['just-pins'] });
    const rush = priceCustomPins({
      ...base,
      quantity: 300,
      packaging: ['just-pins'],
      rushOrder: true,
    });
    expect(rush.rushFeeCents).toBe(10_000);
    expect(rush.totalCents - standard.totalCents).toBe(10_000);
    expect(rush.pricePerPinCents).toBe(standard.pricePerPinCents);
  });

  it('never goes below 0 with a discount larger than the total', () => {
    const q = priceCustomPins({
      ...base,
      quantity: 50,
      packaging: ['just-pins'],
      rushOrder: true,
      discountCents: 1_000_000,
    });
    expect(q).toMatchObject({
      discountCents: 45_000,
      totalCents: 0,
      depositCents: 0,
      balanceCents: 0,
    });
  });

  it('rounds the deposit to the cent (half up) and deposit + balance = total, for every option', () => {
    // 25 bronze 0.75 inch with bags: 725 x 25 = $181.25 -> deposit 1812.5 -> 1813.
    const odd = priceCustomPins({
      quantity: 25,
      size: '0.75inch',
      plating: 'bronze',
      packaging: ['individual-bags'],
      rushOrder: false,
    });
    expect(odd).toMatchObject({ totalCents: 18_125, depositCents: 1_813, balanceCents: 16_312 });
    for (let quantity = 25; quantity <= 1000; quantity += 7) {
      for (const plating of PIN_PLATINGS) {
        for (const rushOrder of [false, true]) {
          const q = priceCustomPins({
            quantity,
            size: '1.5inch',
            plating,
            packaging: ['backing-cards'],
            rushOrder,
            discountCents: quantity % 13,
          });
          expect(q.depositCents + q.balanceCents).toBe(q.totalCents);
          expect(Math.abs(q.depositCents * 10 - q.totalCents)).toBeLessThanOrEqual(5);
        }
      }
    }
  });
});

describe('packaging rules (spec section 4)', () => {
  it('toggles: just-pins clears the others, another option removes just-pins, none falls back', () => {
    expect(togglePackaging(['just-pins'], 'backing-cards')).toEqual(['backing-cards']);
    expect(togglePackaging(['backing-cards'], 'individual-bags')).toEqual([
      'individual-bags',
      'backing-cards',
    ]);
    expect(togglePackaging(['individual-bags', 'backing-cards'], 'just-pins')).toEqual([
      'just-pins',
    ]);
    expect(togglePackaging(['backing-cards'], 'backing-cards')).toEqual(['just-pins']);
    expect(togglePackaging(['just-pins'], 'just-pins')).toEqual(['just-pins']);
  });

  it('normalises a sent list as a set in canonical order', () => {
    expect(normalizePackaging([])).toEqual(['just-pins']);
    expect(normalizePackaging(['backing-cards', 'just-pins', 'backing-cards'])).toEqual([
      'backing-cards',
    ]);
    expect(CustomOrderDraft.shape.packaging.parse('backing-cards, individual-bags')).toEqual([
      'individual-bags',
      'backing-cards',
    ]);
  });
});

describe('estimated delivery (spec section 9)', () => {
  it('is today + 4 weeks + 5 days, or + 3 weeks + 5 days for rush', () => {
    expect(estimatedDelivery('2026-01-01', false)).toBe('2026-02-03');
    expect(estimatedDelivery('2026-01-01', true)).toBe('2026-01-27');
    expect(estimatedDelivery('2026-12-20', false)).toBe('2027-01-22');
  });
});

describe('custom timeline (back-office spec section 4)', () => {
  const labels = (steps: ReturnType<typeof customTimelineSteps>) => steps.map((s) => s.label);
  const current = (steps: ReturnType<typeof customTimelineSteps>) =>
    steps.find((s) => s.state === 'current')?.key;

  it('has 9 steps; a new paid order is designing', () => {
    const steps = customTimelineSteps({
      status: 'pending',
      balancePaid: false,
      hasBalanceToken: false,
    });
    expect(steps).toHaveLength(9);
    expect(labels(steps)[0]).toBe('Quote Request Received');
    expect(current(steps)).toBe('design_in_progress');
    expect(steps.slice(0, 2).every((s) => s.state === 'complete')).toBe(true);
  });

  it("reads 'Final Payment Due' when a token exists and the balance is unpaid", () => {
    const due = customTimelineSteps({
      status: 'approved',
      balancePaid: false,
      hasBalanceToken: true,
    });
    expect(labels(due)).toContain('Final Payment Due');
    expect(current(due)).toBe('approved');
    const noToken = customTimelineSteps({
      status: 'approved',
      balancePaid: false,
      hasBalanceToken: false,
    });
    expect(labels(noToken)).toContain('Balance Paid');
  });

  it('shows balance_paid as in production with the balance step complete', () => {
    const steps = customTimelineSteps({
      status: 'balance_paid',
      balancePaid: true,
      hasBalanceToken: true,
    });
    expect(current(steps)).toBe('in_production');
    expect(steps.find((s) => s.key === 'balance_paid')).toMatchObject({
      label: 'Balance Paid',
      state: 'complete',
    });
    expect(
      current(
        customTimelineSteps({ status: 'mockup_sent', balancePaid: false, hasBalanceToken: false }),
      ),
    ).toBe('awaiting_approval');
    expect(
      current(
        customTimelineSteps({ status: 'delivered', balancePaid: true, hasBalanceToken: false }),
      ),
    ).toBe('delivered');
    expect(
      current(customTimelineSteps({ status: 'weird', balancePaid: false, hasBalanceToken: false })),
    ).toBe('design_in_progress');
  });
});

describe('the balance step when the admin moved an unpaid order on', () => {
  it('is never complete while the balance is unpaid', () => {
    for (const status of ['in_production', 'shipped', 'delivered'] as const) {
      const noLink = customTimelineSteps({ status, balancePaid: false, hasBalanceToken: false });
      expect(noLink.find((s) => s.key === 'balance_paid')).toMatchObject({
        label: 'Balance Due',
        state: 'upcoming',
      });
      expect(noLink.find((s) => s.key === 'approved')?.state).toBe('complete');
      const withLink = customTimelineSteps({ status, balancePaid: false, hasBalanceToken: true });
      expect(withLink.find((s) => s.key === 'balance_paid')).toMatchObject({
        label: 'Final Payment Due',
        state: 'upcoming',
      });
      expect(withLink.find((s) => s.state === 'current')?.key).toBe(status);
    }
  });
});

describe('logo download name (back-office spec section 2)', () => {
  it('is Order-{id}_{name with underscores}_Logo.{ext}, png by default', () => {
    expect(logoDownloadName(12, 'Pat  Green', 'crest.SVG')).toBe('Order-12_Pat_Green_Logo.svg');
    expect(logoDownloadName(3, 'Ann', null)).toBe('Order-3_Ann_Logo.png');
    expect(logoDownloadName(4, 'A/B: "C"', 'x.pdf')).toBe('Order-4_AB_C_Logo.pdf');
  });
});

describe('price per pin of a prepared order', () => {
  const usd = (d: number) => `$${d.toFixed(2)}`;
  it("reads 'about' when a quote's total does not divide into whole cents", () => {
    const fromQuote = { quantity: 300, totalPrice: 999.95, rushOrderFee: 0, discountAmount: 0 };
    expect(pricePerPinText({ ...fromQuote, pricePerPin: 3.33 }, usd)).toBe('about $3.33');
    expect(pricePerPinText({ ...fromQuote, totalPrice: 999, pricePerPin: 3.33 }, usd)).toBe(
      '$3.33',
    );
  });

  it('is exact for a wizard order with rush and a discount', () => {
    const q = priceCustomPins({
      quantity: 100,
      size: '1.25inch',
      plating: 'gold',
      packaging: ['backing-cards'],
      rushOrder: true,
      discountCents: 1234,
    });
    const order = {
      quantity: 100,
      pricePerPin: q.pricePerPinCents / 100,
      totalPrice: q.totalCents / 100,
      rushOrderFee: q.rushFeeCents / 100,
      discountAmount: q.discountCents / 100,
    };
    expect(pricePerPinText(order, usd)).toBe(usd(q.pricePerPinCents / 100));
  });
});
