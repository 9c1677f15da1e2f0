/**
 * The box of the store name in the header (web/components/layout/site-logo.tsx and the
 * server's copy, server/pages/content.ts `frame`): as wide as the name in the brand
 * typeface, which the server works out from the font file for its STORE_NAME
 * (server/pages/brand-font.ts) and hands to the app with the store's facts. The brand font
 * (`font-display: swap`) can come after the first paint; the fallback serif draws the name
 * narrower or wider, but the box, and the nav beside it, stay where they are when the font
 * swaps in (docs/decisions.md, "Header and brand font").
 */

/**
 * Room (em) the name may take past its box before it is cut with an ellipsis: a browser
 * that rounds each glyph's advance to whole pixels can draw it a few pixels wider than the
 * font's own widths add up to. The negative right margin of the same size keeps the box
 * (and the nav after it) at the name's width; what overflows runs into the space before the
 * nav.
 */
export const BRAND_NAME_SLACK_EM = 0.25;

/** The store name's box (a flex item, shrinking on a narrow screen) for its width in em. */
export function brandNameBox(widthEm: number): { width: string; marginRight: string } {
  return {
    width: `${Number((widthEm + BRAND_NAME_SLACK_EM).toFixed(4))}em`,
    marginRight: `-${BRAND_NAME_SLACK_EM}em`,
  };
}
