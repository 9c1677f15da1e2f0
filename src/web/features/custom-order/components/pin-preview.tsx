/**
 * The wizard's live preview (issue 6, beyond the spec): the uploaded logo on a pin of
 * the chosen size and plating, to scale beside a ball marker outline, redrawn in the
 * browser on every change by the shared renderer (shared/pin-art.ts; no server round
 * trip). Loaded lazily so it never weighs on the storefront's first load.
 *
 * The SVG string is inlined: its inputs are enums, numbers and our own `blob:` URL, and
 * the renderer escapes text and drops any colour or href it does not accept. The text
 * alternative names the choices; the caption says it is a preview, not the proof.
 *
 * The renderer's labels under the pin and the marker ('Your pin (1 in)', 'Ball marker
 * (1 in)') are 18 drawing units, which the drawing scaled to a phone's card made about 8 px
 * (a mobile audit): they are taken out of the SVG and written as 12 px text in their place.
 */
import { describePin, renderPinSvg } from '@shared/pin-art';
import type { PinPlating, PinSize } from '@shared/pricing';
import { useMemo } from 'react';

/** A label the renderer drew in the SVG: its text and its centre across the drawing (0-1). */
export interface SvgCaption {
  text: string;
  center: number;
}

/** A caption the renderer writes: `<text x=".." y=".." ...>label</text>` (the rim text has no x). */
const CAPTION = /<text x="([\d.]+)" y="[\d.]+"[^>]*>([^<]*)<\/text>/g;

/**
 * Splits the renderer's SVG into the drawing without its captions and the captions (text
 * unescaped, centre as a fraction of the viewBox width), to be shown as HTML text of a
 * legible size whatever the drawing's scale. An SVG without captions comes back unchanged.
 */
export function takeSvgCaptions(svg: string): { svg: string; captions: SvgCaption[] } {
  const width = Number(/viewBox="0 0 ([\d.]+) /.exec(svg)?.[1]);
  if (!(width > 0)) return { svg, captions: [] };
  const captions: SvgCaption[] = [];
  const drawing = svg.replace(CAPTION, (_match, x: string, text: string) => {
    captions.push({
      text: text.replace(/&#(\d+);/g, (_m, code: string) => String.fromCharCode(Number(code))),
      center: Number(x) / width,
    });
    return '';
  });
  return { svg: drawing, captions };
}

export default function PinPreview({
  size,
  plating,
  logoUrl,
  logoIsPdf,
}: {
  size: PinSize;
  plating: PinPlating;
  /** `blob:` URL of the chosen image, or null. */
  logoUrl: string | null;
  logoIsPdf: boolean;
}) {
  const options = useMemo(
    () => ({
      size,
      plating,
      logoHref: logoUrl,
      text: logoUrl || !logoIsPdf ? null : 'PDF logo',
      motif: logoUrl || logoIsPdf ? null : ('flag' as const),
      scaleReference: 'ball-marker' as const,
      idPrefix: 'wizard-pin',
    }),
    [size, plating, logoUrl, logoIsPdf],
  );
  const { svg, captions } = useMemo(() => takeSvgCaptions(renderPinSvg(options)), [options]);
  const description = describePin(options);
  return (
    <figure className="space-y-2" data-testid="pin-preview" data-plating={plating} data-size={size}>
      <div className="relative mx-auto w-full max-w-sm">
        <div
          className="[&>svg]:h-auto [&>svg]:w-full"
          // biome-ignore lint/security/noDangerouslySetInnerHtml: renderer output from enums, numbers and our own blob: URL; text is escaped (shared/pin-art.ts).
          dangerouslySetInnerHTML={{ __html: svg }}
        />
        {/* In the band the drawing keeps for them at its bottom, centred where they were. */}
        {captions.map((caption) => (
          <span
            key={caption.text}
            data-testid="pin-preview-caption"
            className="absolute bottom-0 -translate-x-1/2 text-xs whitespace-nowrap text-slate-700"
            style={{ left: `${(caption.center * 100).toFixed(2)}%` }}
          >
            {caption.text}
          </span>
        ))}
      </div>
      <figcaption className="text-muted-foreground text-center text-xs">
        <span className="sr-only">{description} </span>
        Preview only, not your proof: our designers send the real mockup within 24 hours.
        {logoIsPdf ? ' PDF logos are shown on the mockup.' : ''}
      </figcaption>
    </figure>
  );
}
