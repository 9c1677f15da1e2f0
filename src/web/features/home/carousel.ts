/**
 * The logo carousel's rules (storefront spec sections 2 and 9): 3 logos per slide, 1 on
 * screens narrower than 768 px, a new slide every 4000 ms, wrapping from the last slide
 * to the first.
 */
export const CAROUSEL_INTERVAL_MS = 4000;
export const LOGOS_PER_SLIDE_WIDE = 3;
export const LOGOS_PER_SLIDE_NARROW = 1;
export const NARROW_QUERY = '(max-width: 767.98px)';

/** `items` in slides of `perSlide` (the last one may be shorter). */
export function toSlides<T>(items: readonly T[], perSlide: number): T[][] {
  const size = Math.max(1, Math.floor(perSlide));
  const slides: T[][] = [];
  for (let i = 0; i < items.length; i += size) slides.push(items.slice(i, i + size));
  return slides;
}

/** The slide after `current` of `count`, wrapping to 0 after the last. */
export function nextSlide(current: number, count: number): number {
  return count <= 0 ? 0 : (current + 1) % count;
}
