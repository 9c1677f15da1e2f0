/**
 * Sample home page content for the demo (issue 10): twelve customer logos and three
 * testimonials of invented clubs and people, every one flagged `isSample` so the admin
 * (and the page) show them as samples until real ones replace them. Logos and avatars
 * are generated SVG; testimonial images are pins drawn by the wizard's renderer.
 */
import { type PinArtMotif, type PinArtOptions, renderPinSvg } from '../../shared/pin-art';
import { escapeXml, initialsOf } from './artwork';

export const SAMPLE_LOGOS: { name: string; color: string; motif: 'flag' | 'star' | 'wave' }[] = [
  { name: 'Cedar Ridge Golf Club', color: '#1f6b3a', motif: 'flag' },
  { name: 'Harbor Pines Links', color: '#1d4f7a', motif: 'wave' },
  { name: 'Mesa Verde Country Club', color: '#9a3412', motif: 'star' },
  { name: 'Willow Creek Golf Course', color: '#166534', motif: 'flag' },
  { name: 'Stonebridge Pro Shop', color: '#374151', motif: 'star' },
  { name: 'Lakeside Junior Open', color: '#0e7490', motif: 'wave' },
  { name: 'Oak Hollow Golf Club', color: '#78350f', motif: 'flag' },
  { name: 'Silver Sands Resort', color: '#475569', motif: 'wave' },
  { name: 'Fairview Charity Classic', color: '#7c2d12', motif: 'star' },
  { name: 'Granite Peak Golf Club', color: '#1e3a8a', motif: 'flag' },
  { name: 'Coastal Amateur Series', color: '#0f766e', motif: 'wave' },
  { name: 'Prairie Wind Golf Course', color: '#a16207', motif: 'star' },
];

/** A 240x120 wordmark logo: a roundel with the initials and the name beside it. */
export function sampleLogoSvg(
  name: string,
  color: string,
  motif: 'flag' | 'star' | 'wave',
): string {
  const words = name.split(' ');
  const half = Math.ceil(words.length / 2);
  const line1 = escapeXml(words.slice(0, half).join(' '));
  const line2 = escapeXml(words.slice(half).join(' '));
  const mark =
    motif === 'flag'
      ? `<rect x="58" y="34" width="3" height="40" fill="#fff"/><path d="M61 34 L80 41 L61 48 Z" fill="#fbbf24"/>`
      : motif === 'star'
        ? `<path d="M60 38 L64 50 L77 50 L67 58 L71 70 L60 62 L49 70 L53 58 L43 50 L56 50 Z" fill="#fbbf24"/>`
        : `<path d="M38 62 Q49 52 60 62 T82 62" stroke="#fff" stroke-width="4" fill="none"/><path d="M38 72 Q49 62 60 72 T82 72" stroke="#fbbf24" stroke-width="4" fill="none"/>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 240 120" width="240" height="120" role="img" aria-label="${escapeXml(name)}">
<title>${escapeXml(name)}</title>
<circle cx="60" cy="60" r="40" fill="${color}"/><circle cx="60" cy="60" r="34" fill="none" stroke="#fff" stroke-opacity=".5" stroke-width="2"/>${mark}
<text x="110" y="56" font-family="Georgia, serif" font-size="17" fill="${color}">${line1}</text>
<text x="110" y="78" font-family="Georgia, serif" font-size="17" fill="${color}">${line2}</text>
</svg>`;
}

/** A 96x96 avatar: initials on a coloured circle. */
export function avatarSvg(name: string, color: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 96 96" width="96" height="96" role="img" aria-label="${escapeXml(name)}">
<title>${escapeXml(name)}</title><circle cx="48" cy="48" r="48" fill="${color}"/>
<text x="48" y="58" text-anchor="middle" font-family="Georgia, serif" font-size="32" fill="#fff">${escapeXml(initialsOf(name))}</text></svg>`;
}

export const SAMPLE_TESTIMONIALS: {
  name: string;
  title: string;
  quote: string;
  color: string;
  pin: {
    plating: PinArtOptions['plating'];
    motif: PinArtMotif;
    text: string;
    enamel: PinArtOptions['enamel'];
  };
}[] = [
  {
    name: 'Jordan Reyes',
    title: 'Head Professional, Cedar Ridge Golf Club (sample)',
    quote:
      'The mockup came back the next morning and the pins sold out in the pro shop in three weeks. Members keep asking for the next design.',
    color: '#1f6b3a',
    pin: {
      plating: 'gold',
      motif: 'flag',
      text: 'Cedar Ridge',
      enamel: { primary: '#ffffff', secondary: '#1f6b3a', accent: '#fbbf24' },
    },
  },
  {
    name: 'Priya Natarajan',
    title: 'Tournament Director, Lakeside Junior Open (sample)',
    quote:
      'We needed 300 pins and 150 ball markers for the gift bags with five weeks to go. Everything arrived a week early and looked exactly like the proof.',
    color: '#0e7490',
    pin: {
      plating: 'silver',
      motif: 'trophy',
      text: 'Junior Open',
      enamel: { primary: '#ecfeff', secondary: '#0e7490', accent: '#f59e0b' },
    },
  },
  {
    name: 'Sam Whitfield',
    title: 'Owner, Stonebridge Pro Shop (sample)',
    quote:
      'Wholesale pricing from 25 pins makes it easy to stock a wall of designs. The black nickel ones are our best sellers at the counter.',
    color: '#374151',
    pin: {
      plating: 'black-nickel',
      motif: 'crossed-clubs',
      text: 'Stonebridge',
      enamel: { primary: '#f8fafc', secondary: '#b91c1c', accent: '#fbbf24' },
    },
  },
];

/** The pin image of a sample testimonial. */
export function testimonialPinSvg(
  t: (typeof SAMPLE_TESTIMONIALS)[number],
  idPrefix: string,
): string {
  return renderPinSvg({
    plating: t.pin.plating,
    motif: t.pin.motif,
    text: t.pin.text,
    enamel: t.pin.enamel,
    size: '1.25inch',
    title: `${t.pin.text} pin`,
    idPrefix,
  });
}
