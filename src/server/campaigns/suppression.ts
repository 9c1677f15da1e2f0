/**
 * Who must never be mailed by a campaign (issue 9: "unsubscribed and bounced addresses
 * are never mailed by any campaign"), and the one-click unsubscribe link every
 * marketing mail carries (RFC 8058: `List-Unsubscribe` + `List-Unsubscribe-Post`).
 *
 * The link is `PUBLIC_URL/api/unsubscribe?e=<address, base64url>&t=<token>` where the
 * token is HMAC-SHA256(secret, address): unguessable, stable per address, nothing stored
 * per mail. The secret is created by migration 0010 in `store_settings` (two
 * gen_random_uuid()s: 244 random bits), or on first use if it was removed.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { mailSuppressions, newsletterSubscribers, storeSettings } from '../db/schema';

const SECRET_KEY = 'mail_link_secret';
const secrets = new WeakMap<object, Buffer>();

/** The link secret (created on first use; the same for every instance on one database). */
export async function mailLinkSecret(db: DbOrTx): Promise<Buffer> {
  const cached = secrets.get(db);
  if (cached) return cached;
  const read = () => db.select().from(storeSettings).where(eq(storeSettings.key, SECRET_KEY));
  let [row] = await read();
  if (!row) {
    await db
      .insert(storeSettings)
      .values({ key: SECRET_KEY, value: randomBytes(32).toString('hex') })
      .onConflictDoNothing();
    [row] = await read();
  }
  const secret = Buffer.from(String(row!.value), 'utf8');
  secrets.set(db, secret);
  return secret;
}

/** The unsubscribe token of `email` (lower-cased first). */
export function unsubscribeToken(secret: Buffer, email: string): string {
  return createHmac('sha256', secret).update(email.toLowerCase()).digest('base64url');
}

/** The one-click unsubscribe URL of `email` under `publicUrl`. */
export function unsubscribeUrl(publicUrl: string, secret: Buffer, email: string): string {
  const e = Buffer.from(email.toLowerCase()).toString('base64url');
  return `${publicUrl}/api/unsubscribe?e=${e}&t=${unsubscribeToken(secret, email)}`;
}

/** The address an unsubscribe link names, or null when `e`/`t` do not match. */
export function verifyUnsubscribe(secret: Buffer, e: string, t: string): string | null {
  const email = Buffer.from(e, 'base64url').toString('utf8').toLowerCase();
  if (!email.includes('@') || email.length > 320) return null;
  const want = Buffer.from(unsubscribeToken(secret, email));
  const got = Buffer.from(t);
  return want.length === got.length && timingSafeEqual(want, got) ? email : null;
}

/** Headers of a marketing mail for `url` (RFC 2369 + RFC 8058 one-click). */
export function listUnsubscribeHeaders(url: string): Record<string, string> {
  return { 'List-Unsubscribe': `<${url}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' };
}

/**
 * Headers of a campaign mail: the unsubscribe pair for `url` and Reply-To `storeEmail`
 * (docs/decisions.md issue 9 entry 17: every customer mail answers to the shop, not to
 * MAIL_FROM's mailbox).
 */
export function campaignMailHeaders(url: string, storeEmail: string): Record<string, string> {
  return { 'Reply-To': storeEmail, ...listUnsubscribeHeaders(url) };
}

/**
 * Suppresses `email` for every campaign (idempotent; an existing reason is kept, except
 * that an unsubscribe is recorded over a bounce). Unsubscribing also ends a newsletter
 * subscription.
 */
export async function suppress(
  db: DbOrTx,
  email: string,
  reason: 'unsubscribed' | 'bounced',
  detail?: string,
): Promise<void> {
  const address = email.toLowerCase();
  await db
    .insert(mailSuppressions)
    .values({ email: address, reason, detail: detail?.slice(0, 500) ?? null })
    .onConflictDoUpdate({
      target: mailSuppressions.email,
      set: {
        reason: sql`CASE WHEN excluded.reason = 'unsubscribed' THEN 'unsubscribed' ELSE ${mailSuppressions.reason} END`,
      },
    });
  if (reason === 'unsubscribed') {
    await db
      .update(newsletterSubscribers)
      .set({ status: 'unsubscribed' })
      .where(eq(newsletterSubscribers.email, address));
  }
}

/** True when no campaign may mail `email`. */
export async function isSuppressed(db: DbOrTx, email: string): Promise<boolean> {
  const rows = await db
    .select({ email: mailSuppressions.email })
    .from(mailSuppressions)
    .where(eq(mailSuppressions.email, email.toLowerCase()));
  return rows.length > 0;
}
