/**
 * The newsletter (storefront spec "Newsletter popup", POST /api/newsletter-signup;
 * DECISIONS.md: "Each subscriber gets their own single-use 15% code by e-mail"; issue 9:
 * double opt-in, a duplicate sign-up answers kindly without revealing anything).
 *
 * - `signUp`: a new (or unsubscribed) address becomes `pending` with a confirmation token
 *   (32 random bytes, base64url; only its SHA-256 is stored) valid NEWSLETTER_CONFIRM_HOURS,
 *   and the confirmation mail is published in the same transaction. A pending address
 *   gets a fresh link at most every RESEND_MINUTES; a confirmed one gets nothing. The
 *   caller answers the same message in every case, also when the same address signs up
 *   several times at once (one row, one mail; see signUp).
 * - `confirmationState`: what a link stands for, read only (the link's GET page asks
 *   before anything is confirmed, so a mail scanner opening it confirms nothing).
 * - `confirm`: a valid, unexpired token confirms once: a personal code (15%, max 1 use,
 *   issued to the address; one per address ever, so signing up again after an
 *   unsubscribe resends the unused code or none) is created and the welcome mail (with the code and the
 *   one-click unsubscribe link) is published, in one transaction; a former unsubscribe is
 *   lifted (the person asked again and confirmed).
 */
import { randomBytes } from 'node:crypto';
import { and, eq, gt, sql } from 'drizzle-orm';
import { NEWSLETTER_PERCENT, NEWSLETTER_SOURCE } from '../../shared/schemas/campaigns';
import { mailLinkSecret, unsubscribeUrl } from '../campaigns/suppression';
import type { Db } from '../db/client';
import { discountCodes, mailSuppressions, newsletterSubscribers } from '../db/schema';
import { type EventDeps, publish } from '../events/events';
import { isSecretTokenShape, newSecretToken, secretTokenHash } from '../lib/secret-token';

export const NEWSLETTER_CONFIRM_HOURS = 48;
const RESEND_MINUTES = 10;

/** The confirmation link of `token`. */
export function confirmUrl(publicUrl: string, token: string): string {
  return `${publicUrl}/api/newsletter/confirm?token=${token}`;
}

/**
 * Signs `email` (lower case) up from `source`. Returns what happened, for tests and logs
 * only: the route answers the same in every case. Throws only on database errors.
 *
 * A new address is inserted first with ON CONFLICT DO NOTHING: the same address signing
 * up at the same moment waits on that insert, then finds nothing inserted and reads the
 * row it made (locked), so every call answers normally with one row and one mail (a
 * concurrency audit: a SELECT ... FOR UPDATE of a row not there yet locked nothing, and
 * the second insert hit the unique index, a 500).
 */
export async function signUp(
  db: Db,
  deps: EventDeps,
  email: string,
  source: string,
): Promise<'requested' | 'resent' | 'already_pending' | 'already_confirmed'> {
  return db.transaction(async (tx) => {
    const now = Date.now();
    const token = newSecretToken();
    const values = {
      status: 'pending' as const,
      source: source || NEWSLETTER_SOURCE,
      confirmTokenHash: secretTokenHash(token),
      confirmExpiresAt: new Date(now + NEWSLETTER_CONFIRM_HOURS * 3600_000),
    };
    const requested = async (outcome: 'requested' | 'resent') => {
      await publish(deps, tx, {
        type: 'newsletter.signup_requested',
        email,
        confirmUrl: confirmUrl(deps.config.publicUrl, token),
      });
      return outcome;
    };
    // Nothing in the shop deletes subscriber rows; the loop only covers one deleted by
    // hand between the insert that found it and the read.
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const inserted = await tx
        .insert(newsletterSubscribers)
        .values({ email, ...values })
        .onConflictDoNothing({ target: newsletterSubscribers.email })
        .returning({ id: newsletterSubscribers.id });
      if (inserted.length > 0) return requested('requested');
      const [existing] = await tx
        .select()
        .from(newsletterSubscribers)
        .where(eq(newsletterSubscribers.email, email))
        .for('update');
      if (!existing) continue;
      if (existing.status === 'confirmed') return 'already_confirmed';
      if (existing.status === 'pending' && existing.confirmExpiresAt) {
        const sentAt = existing.confirmExpiresAt.getTime() - NEWSLETTER_CONFIRM_HOURS * 3600_000;
        if (now - sentAt < RESEND_MINUTES * 60_000) return 'already_pending';
      }
      await tx
        .update(newsletterSubscribers)
        .set(values)
        .where(eq(newsletterSubscribers.id, existing.id));
      return requested('resent');
    }
    throw new Error("newsletter sign-up: the subscriber's row kept disappearing");
  });
}

/** A personal code: WELCOME- and 8 characters from an alphabet without look-alikes. */
function personalCode(): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  const bytes = randomBytes(8);
  return `WELCOME-${[...bytes].map((b) => alphabet[b % alphabet.length]).join('')}`;
}

/**
 * Confirms the subscription of `token`. Returns the address and its code (null when the
 * address had a welcome code before and used it), or null when the token is unknown,
 * used or expired.
 */
export async function confirm(
  db: Db,
  deps: EventDeps,
  token: string,
): Promise<{ email: string; code: string | null } | null> {
  if (!isSecretTokenShape(token)) return null;
  const secret = await mailLinkSecret(db);
  return db.transaction(async (tx) => {
    const [sub] = await tx
      .select()
      .from(newsletterSubscribers)
      .where(
        and(
          eq(newsletterSubscribers.confirmTokenHash, secretTokenHash(token)),
          eq(newsletterSubscribers.status, 'pending'),
          gt(newsletterSubscribers.confirmExpiresAt, sql`now()`),
        ),
      )
      .for('update');
    if (!sub) return null;
    // One welcome code per address, ever: someone who unsubscribes and signs up again
    // gets their first code again while it is unused, and none once it was used (a
    // security audit collected a fresh 15% code per round).
    if (sub.discountCode) {
      const [earlier] = await tx
        .select({ currentUses: discountCodes.currentUses, maxUses: discountCodes.maxUses })
        .from(discountCodes)
        .where(eq(discountCodes.code, sub.discountCode));
      const unused = earlier !== undefined && earlier.currentUses < (earlier.maxUses ?? 1);
      return finishConfirm(tx, deps, secret, sub, unused ? sub.discountCode : null);
    }
    let code = personalCode();
    for (let i = 0; i < 5; i++) {
      const inserted = await tx
        .insert(discountCodes)
        .values({
          code,
          discountType: 'percentage',
          discountValue: NEWSLETTER_PERCENT,
          maxUses: 1,
          isActive: true,
          issuedToEmail: sub.email,
        })
        .onConflictDoNothing()
        .returning({ id: discountCodes.id });
      if (inserted.length) break;
      code = personalCode();
    }
    return finishConfirm(tx, deps, secret, sub, code);
  });
}

/**
 * The rest of `confirm` in its transaction: the subscriber becomes `confirmed` (keeping
 * its one code), a former unsubscribe is lifted, and the welcome mail is published with
 * `code` (null: the address's code was used already, so the mail offers none).
 */
async function finishConfirm(
  tx: Parameters<Parameters<Db['transaction']>[0]>[0],
  deps: EventDeps,
  secret: Buffer,
  sub: typeof newsletterSubscribers.$inferSelect,
  code: string | null,
): Promise<{ email: string; code: string | null }> {
  await tx
    .update(newsletterSubscribers)
    .set({
      status: 'confirmed',
      confirmedAt: new Date(),
      discountCode: sub.discountCode ?? code,
      // The hash stays so the used link can say it is already confirmed.
      confirmExpiresAt: null,
    })
    .where(eq(newsletterSubscribers.id, sub.id));
  await tx
    .delete(mailSuppressions)
    .where(and(eq(mailSuppressions.email, sub.email), eq(mailSuppressions.reason, 'unsubscribed')));
  await publish(deps, tx, {
    type: 'newsletter.confirmed',
    email: sub.email,
    code,
    percentOff: NEWSLETTER_PERCENT,
    unsubscribeUrl: unsubscribeUrl(deps.config.publicUrl, secret, sub.email),
  });
  return { email: sub.email, code };
}

/**
 * What a confirmation link stands for, without changing anything (the page a GET shows):
 * 'pending' (valid and unexpired: confirming will work), 'confirmed' (its subscription
 * is already confirmed: a second click, or a mail scanner's visit), else 'invalid'
 * (unknown, forged or expired).
 */
export async function confirmationState(
  db: Db,
  token: string,
): Promise<'pending' | 'confirmed' | 'invalid'> {
  if (!isSecretTokenShape(token)) return 'invalid';
  const [sub] = await db
    .select({
      status: newsletterSubscribers.status,
      expiresAt: newsletterSubscribers.confirmExpiresAt,
    })
    .from(newsletterSubscribers)
    .where(eq(newsletterSubscribers.confirmTokenHash, secretTokenHash(token)));
  if (sub?.status === 'confirmed') return 'confirmed';
  if (sub?.status === 'pending' && sub.expiresAt && sub.expiresAt.getTime() > Date.now())
    return 'pending';
  return 'invalid';
}
