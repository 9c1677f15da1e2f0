import { describe, expect, it } from 'vitest';
import { filterOrdersByNumber, parseTrackOrderParams, regularTimelineSteps } from './timeline';

const states = (status: string) => regularTimelineSteps(status).map((s) => s.state);

describe('regularTimelineSteps', () => {
  it('has the five spec steps in order', () => {
    expect(regularTimelineSteps('pending').map((s) => s.status)).toEqual([
      'pending',
      'processing',
      'in_production',
      'shipped',
      'delivered',
    ]);
  });
  it('marks earlier steps complete, the status current and later ones upcoming', () => {
    expect(states('pending')).toEqual(['current', 'upcoming', 'upcoming', 'upcoming', 'upcoming']);
    expect(states('processing')).toEqual([
      'complete',
      'current',
      'upcoming',
      'upcoming',
      'upcoming',
    ]);
    expect(states('shipped')).toEqual(['complete', 'complete', 'complete', 'current', 'upcoming']);
    expect(states('delivered')).toEqual([
      'complete',
      'complete',
      'complete',
      'complete',
      'current',
    ]);
  });
  it('treats an unknown status as the first step', () => {
    expect(states('weird')).toEqual(['current', 'upcoming', 'upcoming', 'upcoming', 'upcoming']);
  });
  it('has exactly one current step for every status', () => {
    for (const s of ['pending', 'processing', 'in_production', 'shipped', 'delivered', 'x']) {
      expect(states(s).filter((v) => v === 'current')).toHaveLength(1);
    }
  });
});

describe('filterOrdersByNumber', () => {
  const orders = [{ id: 7 }, { id: 17 }, { id: 170 }, { id: 23 }];
  it('matches a substring of the order number', () => {
    expect(filterOrdersByNumber(orders, '7').map((o) => o.id)).toEqual([7, 17, 170]);
    expect(filterOrdersByNumber(orders, '17').map((o) => o.id)).toEqual([17, 170]);
    expect(filterOrdersByNumber(orders, '99')).toEqual([]);
  });
  it('ignores spaces and a leading #; empty text keeps every order', () => {
    expect(filterOrdersByNumber(orders, ' #23 ').map((o) => o.id)).toEqual([23]);
    expect(filterOrdersByNumber(orders, '   ')).toHaveLength(4);
  });
});

describe('parseTrackOrderParams', () => {
  it('opens the catalog list and highlights the order after checkout', () => {
    expect(
      parseTrackOrderParams(new URLSearchParams('id=12&type=regular&fromCheckout=true')),
    ).toEqual({
      initialTab: 'regular',
      highlightId: 12,
      fromCheckout: true,
      mailLink: null,
    });
  });
  it('defaults to custom orders and highlights nothing without a numeric id', () => {
    expect(parseTrackOrderParams(new URLSearchParams(''))).toEqual({
      initialTab: 'custom',
      highlightId: null,
      fromCheckout: false,
      mailLink: null,
    });
    expect(
      parseTrackOrderParams(new URLSearchParams('id=abc&fromCheckout=true')).highlightId,
    ).toBeNull();
    expect(parseTrackOrderParams(new URLSearchParams('type=custom')).initialTab).toBe('custom');
  });
  it("reads a guest's mailed link: the order id and a well-formed key, else nothing", () => {
    const key = `1800000000.${'b'.repeat(43)}`;
    expect(parseTrackOrderParams(new URLSearchParams(`id=5&type=custom&key=${key}`))).toMatchObject(
      {
        initialTab: 'custom',
        mailLink: { id: 5, key },
      },
    );
    // A signed-in customer's order mail links the order without a key: it is highlighted.
    expect(parseTrackOrderParams(new URLSearchParams('id=12&type=regular'))).toMatchObject({
      initialTab: 'regular',
      highlightId: 12,
      mailLink: null,
    });
    for (const bad of [`key=${key}`, 'id=5&key=short', `id=x&key=${key}`])
      expect(parseTrackOrderParams(new URLSearchParams(bad)).mailLink).toBeNull();
  });
});
