/**
 * How wide a line of text is in the brand typeface (DM Serif Display, the latin file the
 * app's stylesheet loads: web/index.css), shaped as a browser shapes it: each character's
 * glyph and advance, the ligatures browsers apply by default (ff, fi, fl) and pair
 * kerning. The font file is read and shaped by fontkit (the font engine behind PDFKit),
 * not by code of ours.
 *
 * The header keeps a box of this width for the store name (web/components/layout/site-logo.tsx):
 * the name is first drawn in a fallback serif of another width when the font comes late,
 * and the box does not change when the font swaps in (docs/decisions.md, "Header and brand
 * font"). The store name is configuration (STORE_NAME), so the width is worked out for it
 * at start rather than written down.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type * as Fontkit from 'fontkit';

const require = createRequire(import.meta.url);

/** The font file web/index.css loads (@fontsource/dm-serif-display/latin-400.css), as WOFF. */
const FONT_FILE = '@fontsource/dm-serif-display/files/dm-serif-display-latin-400-normal.woff';

/**
 * A measure of text in the font file `file` (WOFF, WOFF2, TrueType or OpenType): the width
 * in em, or null when the font lacks one of its characters (a browser draws those in
 * another font, of unknown width). Throws when the file is not a single font.
 */
export function fontMeasure(file: Buffer): (text: string) => number | null {
  // Loaded here, not at import: fontkit takes a few hundred ms to load, and only a page
  // render needs it (every app the tests build imports this module).
  const fontkit: typeof Fontkit = require('fontkit');
  const font = fontkit.create(file);
  if (!('layout' in font)) throw new Error('a font collection, not a single font');
  return (text) => {
    for (const ch of text) if (!font.hasGlyphForCodePoint(ch.codePointAt(0)!)) return null;
    return font.layout(text).advanceWidth / font.unitsPerEm;
  };
}

let brandMeasure: ((text: string) => number | null) | null | undefined;
const widths = new Map<string, number | null>();

/**
 * The width of `text` in the brand typeface in em, or null when it cannot be known (a
 * character the font lacks, or the font file missing or unreadable). Remembered per text:
 * the store name is measured once per process.
 */
export function brandTextWidth(text: string): number | null {
  if (brandMeasure === undefined) {
    try {
      brandMeasure = fontMeasure(readFileSync(require.resolve(FONT_FILE)));
    } catch {
      brandMeasure = null;
    }
  }
  if (!widths.has(text)) widths.set(text, brandMeasure ? brandMeasure(text) : null);
  return widths.get(text)!;
}
