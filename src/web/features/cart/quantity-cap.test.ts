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
  it('allows nothing more for a sold-out product', () => {
    expect(quantityCap({ stockQuantity: 0, purchaseLimit: 4 })).toEqual({
      max: 0,
      text: 'This product is out of stock',
    });
  });
});
