/**
 * Generated product artwork for the demo catalogue: a small, self-contained SVG per
 * product (enamel pin, ball marker, coin, shield or pennant) in the product's own
 * colours, with a motif in the middle and the product's name or initials on it.
 * No script, no external references: the SVG is served as an image (files module).
 */
import { wrapWords } from '../../shared/sentence';

export type ArtShape = 'pin' | 'marker' | 'coin' | 'shield' | 'pennant';
export type Plating = 'gold' | 'silver' | 'bronze' | 'black-nickel';
export type Motif =
  | 'flag'
  | 'ball'
  | 'star'
  | 'flower'
  | 'clubs'
  | 'leaf'
  | 'snowflake'
  | 'sun'
  | 'mountain'
  | 'cactus'
  | 'wave'
  | 'trophy'
  | 'bridge'
  | 'fireworks'
  | 'stripes'
  | 'tee'
  | 'bunker';

export interface ArtSpec {
  shape: ArtShape;
  plating: Plating;
  /** Main enamel fill. */
  primary: string;
  /** Ring / secondary enamel. */
  secondary: string;
  /** Motif colour. */
  accent: string;
  motif: Motif;
  /** Text on the rim or ribbon (upper-cased, trimmed to fit). */
  label: string;
  /** Two or three letters shown on the ribbon. */
  initials: string;
}

const METAL: Record<Plating, [string, string, string]> = {
  gold: ['#f6e27a', '#d4a72c', '#8a6a12'],
  silver: ['#f4f5f7', '#b9bec6', '#6b717a'],
  bronze: ['#f0b97d', '#b87333', '#6e4020'],
  'black-nickel': ['#7a7f87', '#3b3f45', '#15171a'],
};

/** Escapes text for use inside SVG markup. */
export function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function metalGradient(plating: Plating): string {
  const [light, mid, dark] = METAL[plating];
  return `<linearGradient id="metal" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${light}"/><stop offset="0.5" stop-color="${mid}"/><stop offset="1" stop-color="${dark}"/></linearGradient>`;
}

/** Motif drawn around (0,0) within roughly a 120 x 120 box. */
function motif(kind: Motif, color: string, line: string): string {
  switch (kind) {
    case 'flag':
      return `<ellipse cx="0" cy="52" rx="42" ry="9" fill="${line}" opacity="0.35"/><line x1="-6" y1="52" x2="-6" y2="-56" stroke="${line}" stroke-width="5" stroke-linecap="round"/><path d="M-4 -56 L48 -40 L-4 -22 Z" fill="${color}" stroke="${line}" stroke-width="3" stroke-linejoin="round"/>`;
    case 'ball': {
      const dimples = [
        [-18, -14],
        [0, -22],
        [18, -14],
        [-24, 4],
        [-6, -4],
        [12, 2],
        [26, 6],
        [-14, 18],
        [4, 16],
        [20, 22],
      ]
        .map(([x, y]) => `<circle cx="${x}" cy="${y}" r="3.2" fill="${line}" opacity="0.25"/>`)
        .join('');
      return `<path d="M-10 40 L10 40 L4 62 L-4 62 Z" fill="${color}" stroke="${line}" stroke-width="3"/><circle cx="0" cy="0" r="40" fill="#ffffff" stroke="${line}" stroke-width="4"/>${dimples}`;
    }
    case 'star':
      return `<polygon points="${starPoints(0, 0, 58, 24, 5)}" fill="${color}" stroke="${line}" stroke-width="4" stroke-linejoin="round"/>`;
    case 'flower': {
      const petals = [0, 72, 144, 216, 288]
        .map(
          (a) =>
            `<ellipse cx="0" cy="-30" rx="20" ry="30" fill="${color}" stroke="${line}" stroke-width="3" transform="rotate(${a})"/>`,
        )
        .join('');
      return `${petals}<circle cx="0" cy="0" r="14" fill="#fff3b0" stroke="${line}" stroke-width="3"/>`;
    }
    case 'clubs':
      return `<g stroke="${line}" stroke-width="7" stroke-linecap="round"><line x1="-44" y1="-52" x2="34" y2="46"/><line x1="44" y1="-52" x2="-34" y2="46"/></g><path d="M26 40 h26 a6 6 0 0 1 0 12 h-30 Z" fill="${color}" stroke="${line}" stroke-width="3"/><path d="M-26 40 h-26 a6 6 0 0 0 0 12 h30 Z" fill="${color}" stroke="${line}" stroke-width="3"/><circle cx="0" cy="-34" r="13" fill="#ffffff" stroke="${line}" stroke-width="3"/>`;
    case 'leaf':
      return `<path d="M0 -60 C 44 -36 44 30 0 58 C -44 30 -44 -36 0 -60 Z" fill="${color}" stroke="${line}" stroke-width="4"/><path d="M0 -50 L0 66 M0 -18 L22 -34 M0 6 L26 -10 M0 -18 L-22 -34 M0 6 L-26 -10" stroke="${line}" stroke-width="3" fill="none" stroke-linecap="round"/>`;
    case 'snowflake': {
      const arms = [0, 60, 120, 180, 240, 300]
        .map(
          (a) =>
            `<g transform="rotate(${a})"><line x1="0" y1="0" x2="0" y2="-58"/><line x1="0" y1="-36" x2="-14" y2="-48"/><line x1="0" y1="-36" x2="14" y2="-48"/></g>`,
        )
        .join('');
      return `<g stroke="${color}" stroke-width="7" stroke-linecap="round">${arms}</g><circle r="8" fill="${color}"/>`;
    }
    case 'sun': {
      const rays = Array.from({ length: 9 }, (_, i) => -180 + i * 22.5)
        .map((a) => `<line x1="0" y1="-40" x2="0" y2="-60" transform="rotate(${a + 90})"/>`)
        .join('');
      return `<g stroke="${color}" stroke-width="6" stroke-linecap="round" transform="translate(0 18)">${rays}</g><path d="M-38 18 A38 38 0 0 1 38 18 Z" fill="${color}" stroke="${line}" stroke-width="3"/><path d="M-62 30 Q -30 18 0 30 T 62 30" stroke="${line}" stroke-width="4" fill="none"/><path d="M-52 46 Q -26 36 0 46 T 52 46" stroke="${line}" stroke-width="4" fill="none" opacity="0.6"/>`;
    }
    case 'mountain':
      return `<path d="M-64 44 L-18 -34 L8 8 L26 -18 L64 44 Z" fill="${color}" stroke="${line}" stroke-width="4" stroke-linejoin="round"/><path d="M-18 -34 L-30 -14 L-18 -20 L-8 -12 Z M26 -18 L18 -6 L28 -9 L34 -4 Z" fill="#ffffff"/>`;
    case 'cactus':
      return `<path d="M-10 56 V-44 a10 10 0 0 1 20 0 V56 Z M-10 10 h-18 a8 8 0 0 1 -8 -8 V-18 a7 7 0 0 1 14 0 V-4 h12 Z M10 -2 h16 V-26 a7 7 0 0 1 14 0 V-4 a10 10 0 0 1 -10 10 h-20 Z" fill="${color}" stroke="${line}" stroke-width="3" stroke-linejoin="round"/><line x1="-50" y1="56" x2="50" y2="56" stroke="${line}" stroke-width="4" stroke-linecap="round"/>`;
    case 'wave':
      return `<path d="M-64 10 C -40 -40 10 -52 40 -20 C 20 -24 8 -10 14 8 C 24 30 52 22 64 10 L64 50 L-64 50 Z" fill="${color}" stroke="${line}" stroke-width="4" stroke-linejoin="round"/>`;
    case 'trophy':
      return `<path d="M-34 -50 H34 V-14 A34 34 0 0 1 -34 -14 Z" fill="${color}" stroke="${line}" stroke-width="4"/><path d="M-34 -40 H-52 V-28 A20 20 0 0 0 -30 -8 M34 -40 H52 V-28 A20 20 0 0 1 30 -8" fill="none" stroke="${line}" stroke-width="4"/><rect x="-8" y="18" width="16" height="20" fill="${color}" stroke="${line}" stroke-width="3"/><rect x="-30" y="38" width="60" height="14" rx="3" fill="${color}" stroke="${line}" stroke-width="3"/>`;
    case 'bridge':
      return `<path d="M-64 40 V20 Q 0 -50 64 20 V40 H34 Q 0 -6 -34 40 Z" fill="${color}" stroke="${line}" stroke-width="4" stroke-linejoin="round"/><path d="M-64 52 Q -32 44 0 52 T 64 52" stroke="${line}" stroke-width="4" fill="none"/>`;
    case 'fireworks': {
      const burst = (cx: number, cy: number, r: number, c: string) =>
        Array.from({ length: 12 }, (_, i) => i * 30)
          .map(
            (a) =>
              `<line x1="${cx}" y1="${cy - r * 0.35}" x2="${cx}" y2="${cy - r}" transform="rotate(${a} ${cx} ${cy})" stroke="${c}" stroke-width="5" stroke-linecap="round"/>`,
          )
          .join('');
      return `${burst(-18, -12, 42, color)}${burst(30, 26, 30, line)}`;
    }
    case 'stripes': {
      const stripes = Array.from({ length: 7 }, (_, i) =>
        i % 2 === 0
          ? `<rect x="-60" y="${-42 + i * 12}" width="120" height="12" fill="${color}"/>`
          : '',
      ).join('');
      return `<rect x="-60" y="-42" width="120" height="84" fill="#ffffff" stroke="${line}" stroke-width="3"/>${stripes}<rect x="-60" y="-42" width="52" height="48" fill="#1f3a93"/><g fill="#ffffff">${[
        [-48, -30],
        [-34, -30],
        [-20, -30],
        [-41, -18],
        [-27, -18],
        [-48, -6],
        [-34, -6],
        [-20, -6],
      ]
        .map(([x, y]) => `<polygon points="${starPoints(x!, y!, 4.5, 2, 5)}"/>`)
        .join(
          '',
        )}</g><rect x="-60" y="-42" width="120" height="84" fill="none" stroke="${line}" stroke-width="3"/>`;
    }
    case 'tee':
      return `<circle cx="0" cy="-26" r="26" fill="#ffffff" stroke="${line}" stroke-width="4"/><path d="M-26 4 H26 L8 14 L4 60 H-4 L-8 14 Z" fill="${color}" stroke="${line}" stroke-width="3" stroke-linejoin="round"/>`;
    case 'bunker':
      return `<path d="M-62 20 C -50 -16 -10 -30 18 -20 C 44 -12 66 8 58 26 C 40 46 -40 48 -62 20 Z" fill="#f2dfa7" stroke="${line}" stroke-width="4"/><path d="M-40 14 Q -20 4 0 14 T 40 14 M-30 28 Q -10 18 10 28 T 46 26" stroke="#c9b072" stroke-width="3" fill="none"/><line x1="30" y1="-6" x2="30" y2="-62" stroke="${line}" stroke-width="4"/><path d="M32 -62 L60 -52 L32 -42 Z" fill="${color}"/>`;
  }
}

function starPoints(cx: number, cy: number, outer: number, inner: number, n: number): string {
  const pts: string[] = [];
  for (let i = 0; i < n * 2; i++) {
    const r = i % 2 === 0 ? outer : inner;
    const a = (Math.PI / n) * i - Math.PI / 2;
    pts.push(`${(cx + r * Math.cos(a)).toFixed(1)},${(cy + r * Math.sin(a)).toFixed(1)}`);
  }
  return pts.join(' ');
}

function rimText(label: string, radius: number, color: string, size: number): string {
  const text = escapeXml(label.toUpperCase().slice(0, 28));
  return `<path id="rim" d="M ${200 - radius} 200 A ${radius} ${radius} 0 0 1 ${200 + radius} 200" fill="none"/><text font-family="Georgia, 'Times New Roman', serif" font-size="${size}" font-weight="700" letter-spacing="2" fill="${color}" text-anchor="middle"><textPath href="#rim" startOffset="50%">${text}</textPath></text>`;
}

function ribbon(initials: string, color: string, textColor: string): string {
  return `<path d="M120 292 H280 L268 312 L280 332 H120 L132 312 Z" fill="${color}" stroke="url(#metal)" stroke-width="5" stroke-linejoin="round"/><text x="200" y="321" font-family="Helvetica, Arial, sans-serif" font-size="26" font-weight="800" letter-spacing="4" fill="${textColor}" text-anchor="middle">${escapeXml(initials.toUpperCase().slice(0, 4))}</text>`;
}

/** Builds the SVG document (400 x 400) for one product. */
export function productArtworkSvg(spec: ArtSpec): string {
  const line = METAL[spec.plating][2];
  const center = `<g transform="translate(200 ${spec.shape === 'pennant' ? 190 : 196}) scale(${spec.shape === 'marker' ? 0.85 : 1})">${motif(spec.motif, spec.accent, line)}</g>`;
  let body: string;
  switch (spec.shape) {
    case 'pin':
      body = `<circle cx="200" cy="200" r="160" fill="url(#metal)"/><circle cx="200" cy="200" r="146" fill="${spec.secondary}"/><circle cx="200" cy="200" r="108" fill="${spec.primary}" stroke="url(#metal)" stroke-width="6"/>${rimText(spec.label, 126, '#ffffff', 20)}${center}${ribbon(spec.initials, spec.secondary, '#ffffff')}`;
      break;
    case 'marker':
      body = `<circle cx="200" cy="200" r="150" fill="url(#metal)"/><circle cx="200" cy="200" r="150" fill="none" stroke="${line}" stroke-width="8" stroke-dasharray="4 7" opacity="0.55"/><circle cx="200" cy="200" r="132" fill="${spec.primary}" stroke="url(#metal)" stroke-width="5"/><circle cx="200" cy="200" r="96" fill="${spec.secondary}" opacity="0.9"/>${rimText(spec.label, 112, '#ffffff', 17)}${center}${ribbon(spec.initials, spec.primary, '#ffffff')}`;
      break;
    case 'coin':
      body = `<circle cx="200" cy="200" r="168" fill="url(#metal)"/><circle cx="200" cy="200" r="168" fill="none" stroke="${line}" stroke-width="10" stroke-dasharray="2 4" opacity="0.6"/><circle cx="200" cy="200" r="150" fill="${spec.primary}" stroke="url(#metal)" stroke-width="6"/><circle cx="200" cy="200" r="112" fill="none" stroke="url(#metal)" stroke-width="4"/><circle cx="200" cy="200" r="106" fill="${spec.secondary}"/>${rimText(spec.label, 128, '#ffffff', 19)}${center}${ribbon(spec.initials, spec.primary, '#ffffff')}`;
      break;
    case 'shield':
      body = `<path d="M200 36 L334 80 V196 C334 282 270 338 200 366 C130 338 66 282 66 196 V80 Z" fill="url(#metal)"/><path d="M200 54 L318 92 V196 C318 272 262 322 200 348 C138 322 82 272 82 196 V92 Z" fill="${spec.primary}"/><path d="M200 76 L298 106 V146 H102 V106 Z" fill="${spec.secondary}"/><text x="200" y="134" font-family="Georgia, serif" font-size="19" font-weight="700" letter-spacing="2" fill="#ffffff" text-anchor="middle">${escapeXml(spec.label.toUpperCase().slice(0, 18))}</text><g transform="translate(0 24)">${center}</g><text x="200" y="318" font-family="Helvetica, Arial, sans-serif" font-size="26" font-weight="800" letter-spacing="4" fill="#ffffff" text-anchor="middle">${escapeXml(spec.initials.toUpperCase().slice(0, 4))}</text>`;
      break;
    case 'pennant':
      body = `<path d="M70 70 H330 L300 200 L330 330 H70 Z" fill="url(#metal)"/><path d="M84 84 H306 L280 200 L306 316 H84 Z" fill="${spec.primary}"/><rect x="84" y="84" width="48" height="232" fill="${spec.secondary}"/><text x="108" y="200" font-family="Helvetica, Arial, sans-serif" font-size="22" font-weight="800" letter-spacing="3" fill="#ffffff" text-anchor="middle" transform="rotate(-90 108 200)">${escapeXml(spec.initials.toUpperCase().slice(0, 4))}</text><g transform="translate(20 0)">${center}</g><text x="206" y="300" font-family="Georgia, serif" font-size="16" font-weight="700" letter-spacing="1" fill="#ffffff" text-anchor="middle">${escapeXml(spec.label.toUpperCase().slice(0, 20))}</text>`;
      break;
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 400 400" width="400" height="400" role="img" aria-label="${escapeXml(spec.label)}"><defs>${metalGradient(spec.plating)}<radialGradient id="bg" cx="0.5" cy="0.4" r="0.7"><stop offset="0" stop-color="#ffffff"/><stop offset="1" stop-color="#e9efe6"/></radialGradient></defs><rect width="400" height="400" fill="url(#bg)"/><ellipse cx="200" cy="376" rx="130" ry="10" fill="#000000" opacity="0.08"/>${body}</svg>`;
}

/**
 * The motif alone as an SVG `data:` URI (transparent, 140 x 140 around the motif), for
 * the wizard's pin renderer to place in a pin's centre field (shared/pin-art.ts logoHref).
 */
export function motifDataUri(kind: Motif, color: string, plating: Plating): string {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="-70 -70 140 140" width="140" height="140">${motif(kind, color, METAL[plating][2])}</svg>`;
  return `data:image/svg+xml;base64,${Buffer.from(svg, 'utf8').toString('base64')}`;
}

/** Initials of a name: first letters of up to three significant words. */
export function initialsOf(name: string): string {
  const skip = new Set(['the', 'and', 'of', 'a', 'pin', 'golf', 'coin', 'ball', 'marker', '&']);
  const words = name
    .replace(/[^A-Za-z0-9 ]/g, ' ')
    .split(/\s+/)
    .filter((w) => w && !skip.has(w.toLowerCase()));
  return words
    .slice(0, 3)
    .map((w) => w[0]!.toUpperCase())
    .join('');
}

/**
 * A banner (1200 x 630) for a blog post: title on a fairway-green field with a flag. The
 * title is wrapped at 22 characters in at most three lines (an ellipsis when cut), so a
 * title in ordinary mixed case ends left of the flag (x 980) even in the wide font a
 * renderer falls back to where Georgia is missing (DejaVu Sans Bold for resvg on the
 * social cards; seed.test.ts renders the demo posts' banners so).
 */
export function blogBannerSvg(title: string, primary: string, accent: string): string {
  const text = wrapWords(title, 22, 3)
    .map(
      (l, i) =>
        `<text x="80" y="${250 + i * 70}" font-family="Georgia, serif" font-size="56" font-weight="700" fill="#ffffff">${escapeXml(l)}</text>`,
    )
    .join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1200 630" width="1200" height="630" role="img" aria-label="${escapeXml(title)}"><rect width="1200" height="630" fill="${primary}"/><path d="M0 470 C 300 400 700 560 1200 450 V630 H0 Z" fill="#ffffff" opacity="0.12"/><path d="M0 540 C 400 480 800 620 1200 520 V630 H0 Z" fill="#ffffff" opacity="0.12"/><ellipse cx="1000" cy="470" rx="70" ry="14" fill="#000000" opacity="0.25"/><line x1="985" y1="470" x2="985" y2="170" stroke="#f4f5f7" stroke-width="8"/><path d="M989 172 L1100 210 L989 250 Z" fill="${accent}"/>${text}</svg>`;
}
