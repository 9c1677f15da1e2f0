// @vitest-environment jsdom
/**
 * The wizard's live preview: the renderer's labels under the pin and the ball marker are
 * taken out of the SVG (drawn at 18 units they came out about 8 px on a phone, a mobile
 * audit) and written as HTML text at the same places across the drawing, 12 px (text-xs).
 */
import { renderPinSvg } from '@shared/pin-art';
import { render } from 'preact';
import { act } from 'react-dom/test-utils';
import { afterEach, describe, expect, it } from 'vitest';
import { unmount } from '@/test/dom';
import PinPreview, { takeSvgCaptions } from './pin-preview';

let container: HTMLDivElement | undefined;
afterEach(async () => {
  await unmount(container);
  container = undefined;
});

describe('takeSvgCaptions', () => {
  it("takes the renderer's two scale captions out, with their centres across the drawing", () => {
    const svg = renderPinSvg({
      plating: 'gold',
      size: '1.5inch',
      scaleReference: 'ball-marker',
      text: 'RIM & <TEXT>',
    });
    const { svg: drawing, captions } = takeSvgCaptions(svg);
    expect(captions.map((c) => c.text)).toEqual(['Your pin (1.5 in)', 'Ball marker (1 in)']);
    const [pin, marker] = captions.map((c) => c.center);
    expect(pin).toBeGreaterThan(0.2);
    expect(pin).toBeLessThan(0.35);
    expect(marker).toBeGreaterThan(0.7);
    expect(marker).toBeLessThan(0.85);
    expect(drawing).not.toContain('Your pin');
    expect(drawing).not.toContain('Ball marker');
    // The rim text and the rest of the drawing stay.
    expect(drawing).toContain('<textPath');
    expect(drawing.length).toBeGreaterThan(svg.length - 600);
  });

  it('leaves a drawing without captions as it is', () => {
    const svg = renderPinSvg({ plating: 'silver' });
    expect(takeSvgCaptions(svg)).toEqual({ svg, captions: [] });
  });
});

describe('PinPreview', () => {
  it('writes the captions as 12 px text under the pin and the marker, none in the SVG', () => {
    container = document.createElement('div');
    document.body.append(container);
    const box = container;
    act(() =>
      render(<PinPreview size="1inch" plating="silver" logoUrl={null} logoIsPdf={false} />, box),
    );
    const captions = [...box.querySelectorAll('[data-testid="pin-preview-caption"]')];
    expect(captions.map((c) => c.textContent)).toEqual(['Your pin (1 in)', 'Ball marker (1 in)']);
    for (const caption of captions) expect(caption.className).toContain('text-xs');
    expect(box.querySelector('svg text[x]')).toBeNull();
  });
});
