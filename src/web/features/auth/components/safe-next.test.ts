import { describe, expect, it } from 'vitest';
import { safeNextPath } from './safe-next';

describe('safeNextPath', () => {
  it('keeps same-site paths with their query', () => {
    expect(safeNextPath('/track-order')).toBe('/track-order');
    expect(safeNextPath('/track-order?id=5&type=regular')).toBe('/track-order?id=5&type=regular');
  });

  it('falls back to / for missing, absolute and protocol-relative targets', () => {
    for (const bad of [
      null,
      '',
      'track-order',
      'https://evil.example',
      '//evil.example',
      '/\\evil.example',
      '/\t/evil.example',
      '/\n/evil.example',
      '/\\\\evil.example',
    ]) {
      expect(safeNextPath(bad)).toBe('/');
    }
  });
});
