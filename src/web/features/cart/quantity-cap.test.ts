import { describe, expect, it } from 'vitest';
import { quantityCap } from './quantity-cap';

describe('quantityCap', () => {
  it('stops at the per-customer limit when it is below the stock', () => {
    expect(quantityCap({ stockQuantity: 200, purchaseLimit: 4 })).toEqual({
      max: 4,
      text: 'Limit 4 per customer',
    });
  });
  it('stops at the stock when there is no limit or the stock is lower', () => {
    expect(quantityCap({ stockQuantity: 12, purchaseLimit: null })).toEqual({
      max: 12,
      text: 'Only 12 left in stock',
    });
    expect(quantityCap({ stockQuantity: 3, purchaseLimit: 4 })).toEqual({
      max: 3,
      text: 'Only 3 left in stock',
    });
  });
  it('stops at the line maximum when the stock is larger (the server refuses more per line)', () => {
    expect(quantityCap({ stockQuantity: 25_000, purchaseLimit: null })).toEqual({
      max: 10_000,
      text: 'At most 10,000 per line',
    });
  });
  it('allows nothing more for a sold-out product', () => {
    expect(quantityCap({ stockQuantity: 0, purchaseLimit: 4 })).toEqual({
      max: 0,
      text: 'This product is out of stock',
    });
  });
});
