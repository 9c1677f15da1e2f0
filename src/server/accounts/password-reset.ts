/**
 * Password reset by a mailed link (a buyer audit: a customer who forgot the password lost
 * Track Order and Order History for good; DECISIONS.md "Security beyond the spec":
 * hashed passwords, unguessable expiring tokens; docs/decisions.md "Security hardening").
 *
 * - `requestPasswordReset`: the account whose e-mail address was typed gets a link
 *   (32 random bytes, base64url; only its SHA-256 is stored in `password_reset_tokens`,
 *   one row per user, so a new request replaces the older link) valid
 *   PASSWORD_RESET_MINUTES, published as an event in the same transaction (the mail
 *   rules send it). At most one mail per account every RESEND_SECONDS, whoever asks.
 *   The caller answers the same message in every case (no account enumeration).
 * - `resetPassword`: a valid, unused, unexpired token sets the new password with
 *   `setPassword` (which ends every session of the user: the database trigger of
 *   migration 0008) and is spent in the same transaction, which also publishes
 *   'account.password_changed': the owner is told by mail (a stranger who read their
 *   mailbox is noticed).
 *
 * The link carries the token in its fragment (`/reset-password#token=...`): browsers
 * never send a fragment to the server, so it stays out of the request log and any proxy's.
 */
import { and, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../db/client';
import { passwordResetTokens, users } from '../db/schema';
import { type EventDeps, publish } from '../events/events';
import { isSecretTokenShape, newSecretToken, secretTokenHash } from '../lib/secret-token';
import { assertUncommonPassword, setPassword } from './service';

/** How long a mailed link works. */
export const PASSWORD_RESET_MINUTES = 60;
/** An account gets at most one link mail this often (mail bombing from many addresses). */
export const RESEND_SECONDS = 60;

/** The reset link of `token` under `publicUrl` (the web app's /reset-password page). */
export function resetUrl(publicUrl: string, token: string): string {
  return `${publicUrl}/reset-password#token=${token}`;
}

/**
 * Mails a reset link to the account registered with `email` (trimmed, lower case, as
 * `AccountEmail` gives it). Returns what happened, for logs and tests only: 'sent',
 * 'no_account' (nothing written, nothing sent), or 'recently_sent' (this account got a
 * link less than RESEND_SECONDS ago; that link still works). Throws only on database errors.
 */
export async function requestPasswordReset(
  db: Db,
  deps: EventDeps,
  email: string,
): Promise<'sent' | 'no_account' | 'recently_sent'> {
  return db.transaction(async (tx) => {
    const [user] = await tx
      .select({ id: users.id, username: users.username, email: users.email })
      .from(users)
      .where(eq(users.email, email));
    if (!user) return 'no_account';
    const token = newSecretToken();
    const values = {
      tokenHash: secretTokenHash(token),
      expiresAt: sql`now() + make_interval(mins => ${PASSWORD_RESET_MINUTES})`,
      usedAt: null,
      requestedAt: sql`now()`,
    };
    // One statement decides, so simultaneous requests mail one link: a new row, or the
    // old one replaced unless it was mailed (and not used) within RESEND_SECONDS.
    const written = await tx
      .insert(passwordResetTokens)
      .values({ userId: user.id, ...values })
      .onConflictDoUpdate({
        target: passwordResetTokens.userId,
        set: values,
        setWhere: or(
          lt(
            passwordResetTokens.requestedAt,
            sql`now() - make_interval(secs => ${RESEND_SECONDS})`,
          ),
          sql`${passwordResetTokens.usedAt} is not null`,
        ),
      })
      .returning({ userId: passwordResetTokens.userId });
    if (written.length === 0) return 'recently_sent';
    await publish(deps, tx, {
      type: 'account.password_reset_requested',
      email: user.email,
      username: user.username,
      resetUrl: resetUrl(deps.config.publicUrl, token),
      validMinutes: PASSWORD_RESET_MINUTES,
    });
    return 'sent';
  });
}

/**
 * Sets a new password from a mailed link and publishes 'account.password_changed' (the
 * mail rules tell the account's address). Returns the account (id, username), or null
 * when `token` is unknown, forged, used or expired (the caller answers 400
 * PASSWORD_RESET_MESSAGES.invalidLink). Throws 400 for a common password
 * (`assertUncommonPassword`) before spending the link, so the customer can pick another.
 * The token is spent by a conditional update, so two simultaneous uses set one password.
 */
export async function resetPassword(
  db: Db,
  deps: EventDeps,
  token: string,
  password: string,
): Promise<{ id: number; username: string } | null> {
  if (!isSecretTokenShape(token)) return null;
  const valid = and(
    eq(passwordResetTokens.tokenHash, secretTokenHash(token)),
    isNull(passwordResetTokens.usedAt),
    gt(passwordResetTokens.expiresAt, sql`now()`),
  );
  // Checked read-only first: a bad link answers as such whatever the password, and the
  // transaction below (which hashes the password) is entered only for a good one.
  const [found] = await db
    .select({ userId: passwordResetTokens.userId })
    .from(passwordResetTokens)
    .where(valid);
  if (!found) return null;
  await assertUncommonPassword(password);
  return db.transaction(async (tx) => {
    const [spent] = await tx
      .update(passwordResetTokens)
      .set({ usedAt: sql`now()` })
      .where(valid)
      .returning({ userId: passwordResetTokens.userId });
    if (!spent) return null;
    await setPassword(tx, spent.userId, password);
    const [user] = await tx
      .select({ id: users.id, username: users.username, email: users.email })
      .from(users)
      .where(eq(users.id, spent.userId));
    if (!user) return null;
    await publishPasswordChanged(deps, tx, user, 'reset_link');
    return { id: user.id, username: user.username };
  });
}

/**
 * Publishes 'account.password_changed' for `user` inside the change's transaction `tx`:
 * the owner's notice mail (mail/rules.ts), saying whether it was changed `via` a reset link
 * or the My Account page, with where to start again if it was not them.
 */
export async function publishPasswordChanged(
  deps: EventDeps,
  tx: DbOrTx,
  user: { email: string; username: string },
  via: 'reset_link' | 'my_account',
): Promise<void> {
  await publish(deps, tx, {
    type: 'account.password_changed',
    email: user.email,
    username: user.username,
    via,
    forgotPasswordUrl: `${deps.config.publicUrl}/forgot-password`,
  });
}

/** Deletes expired reset links, used or not (the hourly housekeeping, app.ts). */
export async function prunePasswordResetTokens(db: Db): Promise<void> {
  await db.delete(passwordResetTokens).where(lt(passwordResetTokens.expiresAt, sql`now()`));
}
