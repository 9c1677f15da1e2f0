/**
 * The key in a guest's "Track your order" link (an accounts audit: the link in a guest's
 * order mail led to a sign-in wall, as only the ordering browser's claim cookie could
 * show the order). `?key=` names one order of one kind until it expires: HMAC-SHA256 over
 * the kind, the id and the expiry with the shop's mail-link secret (campaigns/suppression
 * `mailLinkSecret`, shared by every instance), so nothing is stored and a key for one
 * order opens no other. It shows that order read-only, as the claim cookie does; it signs
 * no one in and claims nothing (docs/decisions.md "Security hardening").
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';

/** What a key opens: a catalogue order or a custom order. */
export type TrackedKind = 'order' | 'custom_order';

/** How long a mailed track link works (a custom order takes weeks to make and ship). */
export const TRACK_LINK_DAYS = 180;

const signature = (secret: Buffer, kind: TrackedKind, id: number, expires: number) =>
  createHmac('sha256', secret).update(`track:${kind}:${id}:${expires}`).digest('base64url');

/** The key for order `id` of `kind`: `{expiry in unix seconds}.{signature}`. */
export function trackKey(secret: Buffer, kind: TrackedKind, id: number, now = Date.now()): string {
  const expires = Math.floor(now / 1000) + TRACK_LINK_DAYS * 86_400;
  return `${expires}.${signature(secret, kind, id, expires)}`;
}

/** True when `key` is this order's and has not expired. Never throws. */
export function verifyTrackKey(
  secret: Buffer,
  kind: TrackedKind,
  id: number,
  key: string | undefined,
  now = Date.now(),
): boolean {
  const match = /^(\d{1,12})\.([A-Za-z0-9_-]{43})$/.exec(key ?? '');
  if (!match) return false;
  const expires = Number(match[1]);
  if (expires * 1000 <= now) return false;
  const expected = Buffer.from(signature(secret, kind, id, expires));
  const given = Buffer.from(match[2]!);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** The query of a page that a mailed link may open: `?key=` (optional). */
export const TrackKeyQuery = z.object({ key: z.string().max(200).optional() });
