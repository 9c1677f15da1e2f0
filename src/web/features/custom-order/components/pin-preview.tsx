/**
 * The wizard's live preview (issue 6, beyond the spec): the uploaded logo on a pin of
 * the chosen size and plating, to scale beside a ball marker outline, redrawn in the
 * browser on every change by the shared renderer (shared/pin-art.ts; no server round
 * trip). Loaded lazily so it never weighs on the storefront's first load.
 *
 * The SVG string is inlined: its inputs are enums, numbers and our own `blob:` URL, and
 * the renderer escapes text and drops any colour or href it does not accept. The text
 * alternative names the choices; the caption says it is a preview, not the proof.
 */
import { describePin, renderPinSvg } from '@shared/pin-art';
import type { PinPlating, PinSize } from '@shared/pricing';
import { useMemo } from 'react';

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
  const svg = useMemo(() => renderPinSvg(options), [options]);
  const description = describePin(options);
  return (
    <figure className="space-y-2" data-testid="pin-preview" data-plating={plating} data-size={size}>
      <div
        className="mx-auto w-full max-w-sm [&>svg]:h-auto [&>svg]:w-full"
        // biome-ignore lint/security/noDangerouslySetInnerHtml: renderer output from enums, numbers and our own blob: URL; text is escaped (shared/pin-art.ts).
        dangerouslySetInnerHTML={{ __html: svg }}
      />
      <figcaption className="text-muted-foreground text-center text-xs">
        <span className="sr-only">{description} </span>
        Preview only, not your proof: our designers send the real mockup within 24 hours.
        {logoIsPdf ? ' PDF logos are shown on the mockup.' : ''}
      </figcaption>
    </figure>
  );
}
