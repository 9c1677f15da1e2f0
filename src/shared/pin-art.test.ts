import { JSDOM } from 'jsdom';
import { describe, expect, it } from 'vitest';
import {
  describePin,
  PIN_ART_METALS,
  PIN_ART_PX_PER_INCH,
  PIN_SIZE_INCHES,
  type PinArtOptions,
  renderPinSvg,
  safeHexColor,
  safeLogoHref,
} from './pin-art';
import { PIN_PLATINGS, PIN_SIZES } from './pricing';

/** Parses the markup as XML (throws on malformed output) and returns the <svg> root. */
function parse(svg: string): Element {
  const dom = new JSDOM(svg, { contentType: 'image/svg+xml' });
  const root = dom.window.document.documentElement;
  expect(root.localName).toBe('svg');
  expect(dom.window.document.querySelector('parsererror')).toBeNull();
  return root;
}

/** The radius of the pin's outer metal circle (the first circle filled with the metal gradient). */
function pinRadius(root: Element): number {
  const outer = [...root.querySelectorAll('circle')].find((c) =>
    (c.getAttribute('fill') ?? '').includes('-metal'),
  );
  return Number(outer?.getAttribute('r'));
}

describe('renderPinSvg', () => {
  const base: PinArtOptions = { plating: 'silver', size: '1inch' };

  it('is deterministic and well-formed XML', () => {
    const options: PinArtOptions = {
      plating: 'gold',
      size: '1.25inch',
      text: 'Pebble Creek',
      motif: 'flag',
      logoHref: '/api/files/abcdefgh12345678',
      scaleReference: 'ball-marker',
    };
    expect(renderPinSvg(options)).toBe(renderPinSvg({ ...options }));
    parse(renderPinSvg(options));
  });

  it('draws the metal in the plating colours', () => {
    for (const plating of PIN_PLATINGS) {
      const svg = renderPinSvg({ ...base, plating });
      for (const colour of PIN_ART_METALS[plating]) expect(svg, plating).toContain(colour);
      for (const other of PIN_PLATINGS.filter((p) => p !== plating)) {
        expect(svg, `${plating} has no ${other} body colour`).not.toContain(
          PIN_ART_METALS[other][1],
        );
      }
    }
  });

  it('scales the diameter with the size (same canvas for every size)', () => {
    const boxes = new Set<string>();
    for (const size of PIN_SIZES) {
      const root = parse(renderPinSvg({ ...base, size }));
      boxes.add(root.getAttribute('viewBox')!);
      expect(pinRadius(root) * 2, size).toBeCloseTo(PIN_SIZE_INCHES[size] * PIN_ART_PX_PER_INCH);
    }
    expect(boxes.size).toBe(1);
    const small = pinRadius(parse(renderPinSvg({ ...base, size: '0.75inch' })));
    const large = pinRadius(parse(renderPinSvg({ ...base, size: '1.5inch' })));
    expect(large / small).toBeCloseTo(2);
  });

  it('uses the enamel colours and falls back for anything that is not a hex colour', () => {
    const svg = renderPinSvg({
      ...base,
      text: 'x',
      enamel: { primary: '#123456', secondary: '#abc' },
    });
    expect(svg).toContain('fill="#123456"');
    expect(svg).toContain('fill="#abc"');
    const hostile = renderPinSvg({
      ...base,
      enamel: { primary: 'red" onload="alert(1)', secondary: 'url(javascript:alert(1))' },
    });
    expect(hostile).not.toContain('onload');
    expect(hostile).not.toContain('javascript');
    expect(hostile).toContain('fill="#ffffff"');
  });

  it('clips a safe logo inside the rim and leaves out unsafe hrefs', () => {
    const root = parse(
      renderPinSvg({ ...base, logoHref: 'blob:http://127.0.0.1:3106/0f1e2d3c-aaaa-bbbb' }),
    );
    const image = root.querySelector('image')!;
    expect(image.getAttribute('href')).toBe('blob:http://127.0.0.1:3106/0f1e2d3c-aaaa-bbbb');
    const clipId = /url\(#(.+)\)/.exec(image.getAttribute('clip-path')!)![1];
    const clip = root.querySelector(`clipPath[id="${clipId}"] circle`)!;
    expect(Number(clip.getAttribute('r'))).toBeLessThan(pinRadius(root));

    for (const href of [
      'javascript:alert(1)',
      'https://evil.example/logo.png',
      '//evil.example/x.png',
      'data:text/html;base64,PHNjcmlwdD4=',
      '/api/files/../../etc',
      '"><script>alert(1)</script>',
    ]) {
      const svg = renderPinSvg({ ...base, logoHref: href });
      expect(svg, href).not.toContain('<image');
      expect(svg, href).not.toContain('<script');
    }
  });

  it('escapes the rim text and the title', () => {
    const svg = renderPinSvg({ ...base, text: '<b>&"Club"</b>', title: '<script>x</script>' });
    const root = parse(svg);
    expect(root.querySelector('script')).toBeNull();
    expect(root.querySelector('b')).toBeNull();
    expect(root.querySelector('textPath')!.textContent).toBe('<B>&"CLUB"</B>');
    expect(root.querySelector('title')!.textContent).toBe('<script>x</script>');
  });

  it('draws a motif only when one is asked for', () => {
    expect(renderPinSvg(base)).not.toContain('<polygon');
    expect(renderPinSvg({ ...base, motif: 'star' })).toContain('<polygon');
  });

  it('draws a ball marker or golf ball to the same scale beside the pin, with captions', () => {
    const root = parse(renderPinSvg({ ...base, size: '1.5inch', scaleReference: 'ball-marker' }));
    const texts = [...root.querySelectorAll('text')].map((t) => t.textContent);
    expect(texts).toContain('Your pin (1.5 in)');
    expect(texts).toContain('Ball marker (1 in)');
    const dashed = [...root.querySelectorAll('circle')].find(
      (c) => c.getAttribute('stroke-dasharray') === '8 6',
    )!;
    expect(Number(dashed.getAttribute('r')) * 2).toBeCloseTo(PIN_ART_PX_PER_INCH);
    expect(pinRadius(root) * 2).toBeCloseTo(1.5 * PIN_ART_PX_PER_INCH);
    const golf = parse(renderPinSvg({ ...base, scaleReference: 'golf-ball' }));
    expect([...golf.querySelectorAll('text')].map((t) => t.textContent)).toContain(
      'Golf ball (1.68 in)',
    );
    // Wider than the pin alone.
    const alone = parse(renderPinSvg(base)).getAttribute('width');
    expect(Number(root.getAttribute('width'))).toBeGreaterThan(Number(alone));
  });

  it('keeps ids unique per prefix and sanitises the prefix', () => {
    const svg = renderPinSvg({ ...base, idPrefix: 'a"b<c' });
    expect(svg).toContain('id="abc-metal"');
    expect(renderPinSvg({ ...base, idPrefix: 'two' })).toContain('url(#two-metal)');
  });

  it('falls back to silver and 1 inch for unknown values', () => {
    const svg = renderPinSvg({ plating: 'platinum' as never, size: '9inch' as never });
    expect(svg).toContain(PIN_ART_METALS.silver[1]);
    expect(pinRadius(parse(svg)) * 2).toBeCloseTo(PIN_ART_PX_PER_INCH);
  });
});

describe('describePin', () => {
  it('names size, plating, logo and the scale reference', () => {
    expect(
      describePin({
        plating: 'black-nickel',
        size: '1.25inch',
        logoHref: '/api/files/abcdefgh12345678',
        scaleReference: 'ball-marker',
      }),
    ).toBe(
      'Preview of a 1.25 inch black nickel soft-enamel pin with your logo, shown to scale beside a ball marker (1 in).',
    );
    expect(describePin({ plating: 'gold' })).toBe('Preview of a 1 inch gold soft-enamel pin.');
  });
});

describe('safe inputs', () => {
  it('accepts hex colours only', () => {
    expect(safeHexColor('#fff', '#000')).toBe('#fff');
    expect(safeHexColor('#A1b2C3', '#000')).toBe('#A1b2C3');
    for (const bad of ['red', '#ffff', '#12345g', '', null, undefined, '#fff;x']) {
      expect(safeHexColor(bad as string, '#000'), String(bad)).toBe('#000');
    }
  });

  it('accepts blob:, base64 image data: and /api/files/ hrefs only', () => {
    expect(safeLogoHref('blob:https://shop.example/6a1b-22')).not.toBeNull();
    expect(safeLogoHref('data:image/png;base64,iVBORw0KGgo=')).not.toBeNull();
    expect(safeLogoHref('/api/files/AbC_dEf-12345678')).not.toBeNull();
    expect(safeLogoHref('data:image/svg+xml,<svg onload=alert(1)>')).toBeNull();
    expect(safeLogoHref('blob:javascript:alert(1)')).toBeNull();
    expect(safeLogoHref(null)).toBeNull();
  });
});
