/**
 * The store name's width in the brand typeface, read from the font file, is what Chromium
 * lays out (the widths below: the element's width at font-size 1000px, divided by 1000,
 * measured in Chromium 2026-11-27): the header's box of the name fits it exactly.
 */
import { describe, expect, it } from 'vitest';
import { brandTextWidth, fontMeasure } from './brand-font';

describe('brandTextWidth', () => {
  it.each([
    ['Fairway Pin Co.', 6.825],
    ['Birdie Badges', 6.02],
    // The ff ligature, and kerning across the space (s W).
    ['Office Waffles', 6.116],
    // Tight pairs (AV, Wy, To, Ty, Yo) and accented letters.
    ['AVATAR Wy To. Ty, Yo.', 9.678],
    ['Café Tête-à-Tête', 7.124],
    ['The “Pin” Shop — Est. 1999', 11.669],
  ])('%s: %s em, as Chromium draws it', (text, em) => {
    expect(brandTextWidth(text)).toBeCloseTo(em, 3);
  });

  it('is null for a character the font lacks (a browser draws it in another font)', () => {
    expect(brandTextWidth('Pins → Co')).toBeNull();
    expect(brandTextWidth('松 Pins')).toBeNull();
  });

  it('refuses a file that is not a font', () => {
    expect(() => fontMeasure(Buffer.from('not a font at all'))).toThrow();
  });
});
