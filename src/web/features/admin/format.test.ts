import { describe, expect, it } from 'vitest';
import { itemCountLabel, statusOptions } from './format';

describe('admin format helpers', () => {
  it('offers pending, processing, shipped, delivered, plus an unoffered current status', () => {
    expect(statusOptions('shipped')).toEqual(['pending', 'processing', 'shipped', 'delivered']);
    expect(statusOptions('in_production')).toEqual([
      'in_production',
      'pending',
      'processing',
      'shipped',
      'delivered',
    ]);
  });

  it('counts units across lines', () => {
    expect(itemCountLabel([])).toBe('0 items');
    expect(itemCountLabel([{ quantity: 1 }])).toBe('1 item');
    expect(itemCountLabel([{ quantity: 25 }, { quantity: 2 }])).toBe('27 items');
  });
});
