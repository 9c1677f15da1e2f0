/**
 * A pure, deterministic renderer of a round soft-enamel pin as SVG markup (a string; no
 * DOM, no randomness, same input -> same output), shared by the custom pin wizard's live
 * preview (browser) and generated product artwork (server).
 *
 * What it draws, per DECISIONS.md "Money and pricing" option values:
 * - the metal (outer ring, raised rim lines, text) in the plating's colours: silver,
 *   gold, bronze, black-nickel (`PIN_ART_METALS`);
 * - the diameter to scale by size: 0.75, 1, 1.25 or 1.5 inch at `PIN_ART_PX_PER_INCH`
 *   units per inch, on a canvas that fits the largest size, so sizes compare truly;
 * - enamel fills: `primary` (the centre field) and `secondary` (the ring under the rim text);
 * - optional rim text, an optional motif, an optional logo image clipped inside the rim;
 * - optionally, to the same scale beside the pin, the outline of a ball marker (1 inch)
 *   or a golf ball (1.68 inch) with captions, so the buyer can judge the real size.
 *
 * Safety: the result is meant to be inlined into a page (the wizard's preview) or served
 * as an SVG file. Colours must be hex (`#rgb` / `#rrggbb`, anything else falls back to the
 * default), the logo href must be a `blob:` URL, a base64 `data:image/...` URL or a
 * same-site `/api/files/{id}` path (anything else is left out), ids are reduced to
 * `[A-Za-z0-9_-]`, and every text is XML-escaped. No script, no event handler, no external
 * reference other than that logo.
 */
import type { PinPlating, PinSize } from './pricing';

/** Drawing units per inch of pin diameter. */
export const PIN_ART_PX_PER_INCH = 200;

/** Pin diameter in inches for each size value of the wizard. */
export const PIN_SIZE_INCHES: Record<PinSize, number> = {
  '0.75inch': 0.75,
  '1inch': 1,
  '1.25inch': 1.25,
  '1.5inch': 1.5,
};

/** Metal colours per plating: [highlight, body, shadow/line]. */
export const PIN_ART_METALS: Record<PinPlating, readonly [string, string, string]> = {
  silver: ['#f7f8fa', '#c0c5cc', '#6b717a'],
  gold: ['#fbeaa0', '#d9ad34', '#8a6a12'],
  bronze: ['#f3c089', '#b87333', '#6e4020'],
  'black-nickel': ['#8a9098', '#41464d', '#16181b'],
};

/** Human names of the platings (text alternatives, captions). */
export const PIN_PLATING_NAMES: Record<PinPlating, string> = {
  silver: 'silver',
  gold: 'gold',
  bronze: 'bronze',
  'black-nickel': 'black nickel',
};

/** Motifs the renderer can draw in the centre field. */
export const PIN_ART_MOTIFS = ['flag', 'golf-ball', 'star', 'crossed-clubs', 'trophy'] as const;
export type PinArtMotif = (typeof PIN_ART_MOTIFS)[number];

/** Size references drawn beside the pin: a ball marker (1 in) or a golf ball (1.68 in). */
export const PIN_SCALE_REFERENCES = {
  'ball-marker': { inches: 1, caption: 'Ball marker (1 in)' },
  'golf-ball': { inches: 1.68, caption: 'Golf ball (1.68 in)' },
} as const;
export type PinScaleReference = keyof typeof PIN_SCALE_REFERENCES;

export interface PinArtOptions {
  plating: PinPlating;
  /** Default '1inch'. */
  size?: PinSize;
  /** Enamel colours (hex). Defaults: primary white, secondary navy, accent green. */
  enamel?: { primary?: string; secondary?: string; accent?: string };
  /** Text on the rim (upper-cased, at most 28 characters drawn). Empty: a plain rim. */
  text?: string | null;
  /** Motif in the centre field (under the logo when both are given). */
  motif?: PinArtMotif | null;
  /** Logo image clipped inside the rim: `blob:`, `data:image/...;base64,` or `/api/files/{id}`. */
  logoHref?: string | null;
  /** Draw this reference to the same scale beside the pin, with captions. */
  scaleReference?: PinScaleReference | null;
  /** Accessible name (`<title>` and aria-label); default `describePin(options)`. */
  title?: string | null;
  /** Prefix for the ids inside the SVG (several SVGs inlined on one page need different ones). */
  idPrefix?: string;
}

const DEFAULT_ENAMEL = { primary: '#ffffff', secondary: '#1f3a5f', accent: '#2f7d4f' };
const HEX_COLOR = /^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/;
/** Canvas side for the pin alone: the 1.5 inch pin plus a margin. */
const PIN_BOX = Math.round(1.5 * PIN_ART_PX_PER_INCH) + 60;
const CAPTION_SPACE = 44;
const GAP = 40;

/** Escapes text for use in SVG/XML content and attribute values. */
export function escapeSvgText(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** The colour if it is a hex colour (`#rgb` / `#rrggbb`), else `fallback`. */
export function safeHexColor(value: string | null | undefined, fallback: string): string {
  return typeof value === 'string' && HEX_COLOR.test(value) ? value : fallback;
}

/**
 * The logo href if the renderer may use it, else null: a `blob:` URL of an http(s)
 * origin, a base64 `data:` URL of a PNG/JPEG/GIF/SVG image, or a same-site
 * `/api/files/{id}` path (the shop's stored files).
 */
export function safeLogoHref(href: string | null | undefined): string | null {
  if (typeof href !== 'string' || href.length > 5_000_000) return null;
  if (/^blob:https?:\/\/[A-Za-z0-9.:[\]-]+\/[A-Za-z0-9-]+$/.test(href)) return href;
  if (/^data:image\/(?:png|jpeg|gif|svg\+xml);base64,[A-Za-z0-9+/]+={0,2}$/.test(href)) return href;
  if (/^\/api\/files\/[A-Za-z0-9_-]{8,128}$/.test(href)) return href;
  return null;
}

function sizeOf(options: PinArtOptions): PinSize {
  return options.size && options.size in PIN_SIZE_INCHES ? options.size : '1inch';
}

/** "1 inch", "0.75 inch": a size as words. */
export function pinSizeLabel(size: PinSize): string {
  return `${PIN_SIZE_INCHES[size]} inch`;
}

/**
 * A one-sentence text alternative naming the choices, e.g. "Preview of a 1 inch gold
 * soft-enamel pin with your logo, shown to scale beside a ball marker (1 in)."
 */
export function describePin(options: PinArtOptions): string {
  const size = sizeOf(options);
  const parts = [
    `Preview of a ${pinSizeLabel(size)} ${PIN_PLATING_NAMES[options.plating] ?? 'silver'} soft-enamel pin`,
  ];
  const extras: string[] = [];
  if (safeLogoHref(options.logoHref)) extras.push('your logo');
  if (options.text?.trim()) extras.push(`the text "${options.text.trim().slice(0, 28)}"`);
  if (options.motif) extras.push(`a ${options.motif.replace('-', ' ')} motif`);
  if (extras.length > 0) parts.push(` with ${extras.join(' and ')}`);
  const ref = options.scaleReference ? PIN_SCALE_REFERENCES[options.scaleReference] : null;
  if (ref) parts.push(`, shown to scale beside a ${ref.caption.toLowerCase()}`);
  return `${parts.join('')}.`;
}

/** A motif drawn around (0,0) inside a circle of radius 1 (scaled by the caller). */
function motifMarkup(motif: PinArtMotif, color: string, line: string): string {
  switch (motif) {
    case 'flag':
      return `<line x1="-0.15" y1="0.7" x2="-0.15" y2="-0.7" stroke="${line}" stroke-width="0.07" stroke-linecap="round"/><path d="M-0.12 -0.7 L0.6 -0.48 L-0.12 -0.26 Z" fill="${color}" stroke="${line}" stroke-width="0.04" stroke-linejoin="round"/><ellipse cx="-0.15" cy="0.7" rx="0.45" ry="0.09" fill="${line}" opacity="0.35"/>`;
    case 'golf-ball': {
      const dimples = [
        [-0.25, -0.2],
        [0, -0.3],
        [0.25, -0.2],
        [-0.32, 0.06],
        [-0.08, -0.05],
        [0.16, 0.04],
        [0.34, 0.1],
        [-0.18, 0.26],
        [0.06, 0.24],
        [0.28, 0.32],
      ]
        .map(([x, y]) => `<circle cx="${x}" cy="${y}" r="0.045" fill="${line}" opacity="0.3"/>`)
        .join('');
      return `<path d="M-0.14 0.52 L0.14 0.52 L0.06 0.82 L-0.06 0.82 Z" fill="${color}" stroke="${line}" stroke-width="0.04"/><circle r="0.55" fill="#ffffff" stroke="${line}" stroke-width="0.05"/>${dimples}`;
    }
    case 'star': {
      const points: string[] = [];
      for (let i = 0; i < 10; i++) {
        const r = i % 2 === 0 ? 0.75 : 0.31;
        const a = (Math.PI / 5) * i - Math.PI / 2;
        points.push(`${round(r * Math.cos(a))},${round(r * Math.sin(a))}`);
      }
      return `<polygon points="${points.join(' ')}" fill="${color}" stroke="${line}" stroke-width="0.05" stroke-linejoin="round"/>`;
    }
    case 'crossed-clubs':
      return `<g stroke="${line}" stroke-width="0.09" stroke-linecap="round"><line x1="-0.55" y1="-0.65" x2="0.42" y2="0.58"/><line x1="0.55" y1="-0.65" x2="-0.42" y2="0.58"/></g><path d="M0.34 0.5 h0.32 a0.08 0.08 0 0 1 0 0.16 h-0.38 Z M-0.34 0.5 h-0.32 a0.08 0.08 0 0 0 0 0.16 h0.38 Z" fill="${color}" stroke="${line}" stroke-width="0.04"/><circle cy="-0.42" r="0.17" fill="#ffffff" stroke="${line}" stroke-width="0.04"/>`;
    case 'trophy':
      return `<path d="M-0.42 -0.62 H0.42 V-0.18 A0.42 0.42 0 0 1 -0.42 -0.18 Z" fill="${color}" stroke="${line}" stroke-width="0.05"/><path d="M-0.42 -0.5 H-0.64 V-0.34 A0.25 0.25 0 0 0 -0.37 -0.1 M0.42 -0.5 H0.64 V-0.34 A0.25 0.25 0 0 1 0.37 -0.1" fill="none" stroke="${line}" stroke-width="0.05"/><rect x="-0.1" y="0.22" width="0.2" height="0.25" fill="${color}" stroke="${line}" stroke-width="0.04"/><rect x="-0.38" y="0.47" width="0.76" height="0.17" rx="0.04" fill="${color}" stroke="${line}" stroke-width="0.04"/>`;
  }
}

function round(n: number): string {
  return String(Math.round(n * 1000) / 1000);
}

/** The pin itself, centred at (cx, cy) with radius r. */
function pinMarkup(options: PinArtOptions, id: string, cx: number, cy: number, r: number): string {
  const [light, , line] = PIN_ART_METALS[options.plating] ?? PIN_ART_METALS.silver;
  const primary = safeHexColor(options.enamel?.primary, DEFAULT_ENAMEL.primary);
  const secondary = safeHexColor(options.enamel?.secondary, DEFAULT_ENAMEL.secondary);
  const accent = safeHexColor(options.enamel?.accent, DEFAULT_ENAMEL.accent);
  const text = (options.text ?? '').trim().toUpperCase().slice(0, 28);
  const logo = safeLogoHref(options.logoHref);
  // Soft enamel: a raised metal outer ring, an enamel ring (carrying the rim text when
  // there is any), a raised metal line, then the enamel centre field.
  const ringOuter = r * 0.9;
  const field = text ? r * 0.66 : r * 0.84;
  const parts: string[] = [
    `<ellipse cx="${cx}" cy="${round(cy + r * 1.04)}" rx="${round(r * 0.8)}" ry="${round(r * 0.08)}" fill="#000000" opacity="0.12"/>`,
    `<circle cx="${cx}" cy="${cy}" r="${r}" fill="url(#${id}-metal)" stroke="${line}" stroke-width="${round(r * 0.015)}"/>`,
  ];
  if (text) {
    parts.push(
      `<circle cx="${cx}" cy="${cy}" r="${round(ringOuter)}" fill="${secondary}"/>`,
      `<circle cx="${cx}" cy="${cy}" r="${round(field + r * 0.04)}" fill="url(#${id}-metal)"/>`,
    );
  }
  parts.push(`<circle cx="${cx}" cy="${cy}" r="${round(field)}" fill="${primary}"/>`);
  if (options.motif && (PIN_ART_MOTIFS as readonly string[]).includes(options.motif)) {
    parts.push(
      `<g transform="translate(${cx} ${cy}) scale(${round(field * 0.8)})">${motifMarkup(options.motif, accent, line)}</g>`,
    );
  }
  if (logo) {
    const box = field * 1.5; // a square that fits inside the circle with a little overlap
    parts.push(
      `<image href="${escapeSvgText(logo)}" x="${round(cx - box / 2)}" y="${round(cy - box / 2)}" width="${round(box)}" height="${round(box)}" preserveAspectRatio="xMidYMid meet" clip-path="url(#${id}-field)"/>`,
    );
  }
  // The raised metal line around the field, drawn over the logo's edge.
  parts.push(
    `<circle cx="${cx}" cy="${cy}" r="${round(field)}" fill="none" stroke="url(#${id}-metal)" stroke-width="${round(r * 0.045)}"/>`,
  );
  if (text) {
    const textR = (ringOuter + field) / 2;
    // About 80% of the upper half-circle: letters are ~0.68 em wide with the spacing.
    const fontSize = Math.max(
      6,
      Math.min(r * 0.15, (0.8 * Math.PI * textR) / (Math.max(text.length, 6) * 0.68)),
    );
    parts.push(
      `<path id="${id}-arc" d="M ${round(cx - textR)} ${cy} A ${round(textR)} ${round(textR)} 0 0 1 ${round(cx + textR)} ${cy}" fill="none"/>`,
      `<text font-family="Helvetica, Arial, sans-serif" font-size="${round(fontSize)}" font-weight="700" letter-spacing="${round(fontSize * 0.08)}" fill="url(#${id}-metal)" stroke="${line}" stroke-width="${round(fontSize * 0.03)}" text-anchor="middle" dominant-baseline="central"><textPath href="#${id}-arc" startOffset="50%">${escapeSvgText(text)}</textPath></text>`,
    );
  }
  // Gloss over the enamel: a soft highlight on the upper left.
  parts.push(
    `<path d="M ${round(cx - r * 0.62)} ${round(cy - r * 0.3)} A ${round(r * 0.7)} ${round(r * 0.7)} 0 0 1 ${round(cx + r * 0.3)} ${round(cy - r * 0.62)}" fill="none" stroke="${light}" stroke-width="${round(r * 0.05)}" stroke-linecap="round" opacity="0.45"/>`,
  );
  return parts.join('');
}

function referenceMarkup(ref: PinScaleReference, cx: number, cy: number, r: number): string {
  const dimples =
    ref === 'golf-ball'
      ? [
          [-0.4, -0.3],
          [0, -0.45],
          [0.4, -0.3],
          [-0.5, 0.1],
          [0, 0],
          [0.5, 0.1],
          [-0.3, 0.45],
          [0.3, 0.45],
        ]
          .map(
            ([x, y]) =>
              `<circle cx="${round(cx + x! * r)}" cy="${round(cy + y! * r)}" r="${round(r * 0.06)}" fill="none" stroke="#9aa3ad" stroke-width="1.5"/>`,
          )
          .join('')
      : `<circle cx="${cx}" cy="${cy}" r="${round(r * 0.72)}" fill="none" stroke="#9aa3ad" stroke-width="1.5" stroke-dasharray="3 5"/>`;
  return `<circle cx="${cx}" cy="${cy}" r="${r}" fill="#ffffff" fill-opacity="0.6" stroke="#6b7785" stroke-width="2.5" stroke-dasharray="8 6"/>${dimples}`;
}

function caption(x: number, y: number, text: string): string {
  return `<text x="${round(x)}" y="${round(y)}" font-family="Helvetica, Arial, sans-serif" font-size="18" fill="#334155" text-anchor="middle">${escapeSvgText(text)}</text>`;
}

/**
 * Renders the pin as an SVG document string (viewBox in drawing units; width/height
 * attributes equal the viewBox so it also works as a standalone file). Deterministic.
 * Unknown option values fall back to defaults (silver, 1 inch, default colours); unsafe
 * colours and logo hrefs are dropped (see the module comment). Never throws.
 */
export function renderPinSvg(options: PinArtOptions): string {
  const id = (options.idPrefix ?? 'pin').replace(/[^A-Za-z0-9_-]/g, '') || 'pin';
  const plating: PinPlating = options.plating in PIN_ART_METALS ? options.plating : 'silver';
  const opts: PinArtOptions = { ...options, plating };
  const size = sizeOf(opts);
  const r = (PIN_SIZE_INCHES[size] * PIN_ART_PX_PER_INCH) / 2;
  const ref =
    opts.scaleReference && opts.scaleReference in PIN_SCALE_REFERENCES ? opts.scaleReference : null;
  const [light, body, dark] = PIN_ART_METALS[plating];
  const title = (opts.title ?? '').trim() || describePin(opts);

  let width = PIN_BOX;
  let height = PIN_BOX;
  let content: string;
  if (ref) {
    const refR = (PIN_SCALE_REFERENCES[ref].inches * PIN_ART_PX_PER_INCH) / 2;
    const drawH = Math.max(PIN_BOX, refR * 2 + 40);
    const pinCx = PIN_BOX / 2;
    const refCx = PIN_BOX + GAP / 2 + refR + 10;
    width = Math.round(refCx + refR + 30);
    height = Math.round(drawH + CAPTION_SPACE);
    const cy = drawH / 2;
    content = [
      pinMarkup(opts, id, pinCx, cy, r),
      referenceMarkup(ref, refCx, cy, refR),
      caption(pinCx, drawH + 26, `Your pin (${PIN_SIZE_INCHES[size]} in)`),
      caption(refCx, drawH + 26, PIN_SCALE_REFERENCES[ref].caption),
    ].join('');
  } else {
    content = pinMarkup(opts, id, PIN_BOX / 2, PIN_BOX / 2, r);
  }
  const fieldR = (opts.text ?? '').trim() ? r * 0.66 : r * 0.84;
  const pinCy = ref ? (height - CAPTION_SPACE) / 2 : PIN_BOX / 2;
  const defs = `<defs><linearGradient id="${id}-metal" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${light}"/><stop offset="0.55" stop-color="${body}"/><stop offset="1" stop-color="${dark}"/></linearGradient><clipPath id="${id}-field"><circle cx="${PIN_BOX / 2}" cy="${round(pinCy)}" r="${round(fieldR)}"/></clipPath></defs>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${height}" width="${width}" height="${height}" role="img" aria-label="${escapeSvgText(title)}"><title>${escapeSvgText(title)}</title>${defs}${content}</svg>`;
}
