import { describe, expect, it } from 'vitest';
import { nextSlide, toSlides } from './carousel';

describe('logo carousel rules', () => {
  const logos = Array.from({ length: 12 }, (_, i) => i);
  it('groups 12 logos into 4 slides of 3, or 12 slides of 1', () => {
    expect(toSlides(logos, 3)).toHaveLength(4);
    expect(toSlides(logos, 3)[3]).toEqual([9, 10, 11]);
    expect(toSlides(logos, 1)).toHaveLength(12);
    expect(toSlides([1, 2, 3, 4], 3)).toEqual([[1, 2, 3], [4]]);
    expect(toSlides([], 3)).toEqual([]);
  });
  it('wraps from the last slide to the first', () => {
    expect(nextSlide(0, 4)).toBe(1);
    expect(nextSlide(3, 4)).toBe(0);
    expect(nextSlide(0, 0)).toBe(0);
  });
});
