/** A guest's mailed track-link key (track-link.ts): one order, one kind, until it expires. */
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { TRACK_LINK_DAYS, trackKey, verifyTrackKey } from './track-link';

describe('track link key', () => {
  const secret = randomBytes(32);
  const now = Date.UTC(2026, 10, 26);

  it('opens its own order until it expires', () => {
    const key = trackKey(secret, 'order', 42, now);
    expect(verifyTrackKey(secret, 'order', 42, key, now)).toBe(true);
    const lastSecond = now + TRACK_LINK_DAYS * 86_400_000 - 1000;
    expect(verifyTrackKey(secret, 'order', 42, key, lastSecond)).toBe(true);
    expect(verifyTrackKey(secret, 'order', 42, key, lastSecond + 1000)).toBe(false);
  });

  it('opens no other order, kind or secret, and refuses a changed or malformed key', () => {
    const key = trackKey(secret, 'order', 42, now);
    expect(verifyTrackKey(secret, 'order', 43, key, now)).toBe(false);
    expect(verifyTrackKey(secret, 'custom_order', 42, key, now)).toBe(false);
    expect(verifyTrackKey(randomBytes(32), 'order', 42, key, now)).toBe(false);
    const [expires, sig] = key.split('.');
    expect(verifyTrackKey(secret, 'order', 42, `${Number(expires) + 86_400}.${sig}`, now)).toBe(
      false,
    );
    for (const bad of [undefined, '', 'x', `${expires}.short`, `${expires}.${sig}x`])
      expect(verifyTrackKey(secret, 'order', 42, bad, now)).toBe(false);
  });
});
