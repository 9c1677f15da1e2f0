/**
 * The signed-in password change of /account (POST /api/auth/change-password;
 * docs/decisions.md "My Account and password change (2026-11-27)"). The spec is silent;
 * a customer expects to change a known password without the mailed reset link.
 *
 * `changePassword` checks the current password, then in ONE transaction: stores the new
 * hash with `setPassword` (argon2id as at registration; the trigger of migration 0008
 * ends every session of the user, this one included: the route signs this browser in
 * again under a new session id; any unused reset link is spent) and publishes
 * 'account.password_changed' (via 'my_account': the notice mail of mail/rules.ts, the same
 * as after a reset link), so neither happens without the other.
 * The caller limits attempts (routes.ts: the login limiter's per-account backoff).
 */
import { eq } from 'drizzle-orm';
import type { User } from '../../shared/schemas/auth';
import type { Db } from '../db/client';
import { users } from '../db/schema';
import type { EventDeps } from '../events/events';
import { publishPasswordChanged } from './password-reset';
import { assertUncommonPassword, setPassword, userColumns, verifyPassword } from './service';

/**
 * Changes the password of the signed-in user `userId` from `currentPassword` to
 * `newPassword` (already checked against the shared `ChangePasswordBody`: the
 * registration's rules, different from the current one).
 *
 * Returns the user and the new hash's `passwordStamp` (for `signIn`) on success; null when
 * `currentPassword` is wrong, or the password changed meanwhile (the caller answers 400
 * CHANGE_PASSWORD_MESSAGES.wrongCurrent).
 * Throws 400 `{errors: {newPassword}}` for a common password (as registration refuses it),
 * checked before the current password. On success every session of the user has ended
 * (the caller signs the caller's browser in again), unused reset links are spent and the
 * notice mail is queued; the caller flushes the mail after this returns.
 */
export async function changePassword(
  db: Db,
  deps: EventDeps,
  userId: number,
  currentPassword: string,
  newPassword: string,
): Promise<{ user: User; stamp: string } | null> {
  await assertUncommonPassword(newPassword, 'newPassword');
  const [row] = await db
    .select({ ...userColumns, passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.id, userId));
  // argon2 is slow: checked outside the transaction; the row is locked and compared below.
  if (!row || !(await verifyPassword(row.passwordHash, currentPassword))) return null;
  return db.transaction(async (tx) => {
    const [locked] = await tx
      .select({ passwordHash: users.passwordHash })
      .from(users)
      .where(eq(users.id, userId))
      .for('update');
    // Changed by a simultaneous request (or a reset link) since the check: that
    // password is no longer the current one.
    if (!locked || locked.passwordHash !== row.passwordHash) return null;
    const stamp = await setPassword(tx, userId, newPassword);
    const { passwordHash: _omit, ...user } = row;
    await publishPasswordChanged(deps, tx, user, 'my_account');
    return { user, stamp };
  });
}
