import { describe, expect, it } from 'vitest';
import { safeHttpUrl } from './safe-url';

describe('safeHttpUrl', () => {
  it('keeps http(s) links and drops anything else', () => {
    expect(safeHttpUrl('https://tools.usps.com/go?t=1')).toBe('https://tools.usps.com/go?t=1');
    expect(safeHttpUrl('http://ups.com/x')).toBe('http://ups.com/x');
    expect(safeHttpUrl('javascript:alert(1)')).toBeNull();
    expect(safeHttpUrl('not a url')).toBeNull();
    expect(safeHttpUrl(null)).toBeNull();
  });
});
