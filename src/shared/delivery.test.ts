import { describe, expect, it } from 'vitest';
import { addBusinessDays, deliveryWindow } from './delivery';

describe('catalogue delivery estimate', () => {
  it('counts business days, skipping weekends', () => {
    expect(addBusinessDays('2026-11-20', 1)).toBe('2026-11-23'); // Friday -> Monday
    expect(addBusinessDays('2026-11-21', 1)).toBe('2026-11-23'); // Saturday -> Monday
    expect(addBusinessDays('2026-11-23', 5)).toBe('2026-11-30'); // a working week
    expect(addBusinessDays('2026-11-23', 0)).toBe('2026-11-23');
  });
  it('is 5 to 7 business days after the order', () => {
    expect(deliveryWindow('2026-11-23')).toEqual({ from: '2026-11-30', to: '2026-12-02' });
    expect(deliveryWindow('2026-11-27')).toEqual({ from: '2026-12-04', to: '2026-12-08' });
  });
});
