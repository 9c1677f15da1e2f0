import { describe, expect, it } from 'vitest';
import { formatMegabytes } from './file-size';

describe('formatMegabytes', () => {
  it('formats sizes in MB', () => {
    expect(formatMegabytes(262144)).toBe('0.25 MB');
    expect(formatMegabytes(10 * 1024 * 1024)).toBe('10.00 MB');
    // A small logo is not '0.00 MB'.
    expect(formatMegabytes(3000)).toBe('under 0.01 MB');
    expect(formatMegabytes(6000)).toBe('0.01 MB');
  });
});
