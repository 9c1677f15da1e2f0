/**
 * Accounts: registration, password check and change (back-office spec sections 2, 3,
 * 5, 7; DECISIONS.md "Security beyond the spec"). Claiming a guest's orders is in
 * guest-claims.ts.
 *
 * Passwords are hashed with argon2id (@node-rs/argon2, its default OWASP parameters)
 * and common passwords are refused (common-passwords.ts); usernames are unique
 * regardless of case (index `users_username_lower_uq`), e-mails are stored lower-cased.
 *
 * Usernames are Unicode-normalised to NFC where they come in (registration, sign-in, the
 * configured admin, the sign-in backoff's key): "Ólafur" typed with a combining accent
 * (NFD, as some keyboards and macOS file names give it) is the same account as the
 * precomposed one, never a second identical-looking one (docs/decisions.md "Where the shop
 * ships, and names in one form"). Names stored as typed before are still found (see
 * findUserByUsername), so no data migration is needed.
 */
import { randomBytes } from 'node:crypto';
import { type Algorithm, hash, verify } from '@node-rs/argon2';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { AUTH_MESSAGES, type RegisterBody, type User, Username } from '../../shared/schemas/auth';
import type { DbOrTx } from '../db/client';
import { passwordResetTokens, users } from '../db/schema';
import { badRequest, conflict } from '../lib/errors';
import { passwordStamp } from '../lib/session';
import { COMMON_PASSWORD_MESSAGE, isCommonPassword } from './common-passwords';

/** `Algorithm.Argon2id` (a const enum, which isolatedModules cannot import as a value). */
const ARGON2ID = 2 as Algorithm;

/** Hashes a password with argon2id; returns the PHC string (`$argon2id$v=19$...`). */
export function hashPassword(password: string): Promise<string> {
  return hash(password, { algorithm: ARGON2ID });
}

/** True when `password` matches the PHC `passwordHash`; false (never throws) on a malformed hash. */
export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | undefined;
/** A hash of a random password, verified when the user does not exist so both paths cost the same. */
function getDummyHash(): Promise<string> {
  dummyHash ??= hashPassword(randomBytes(24).toString('base64url'));
  return dummyHash;
}

/** The `User` columns of `users` (no password hash). */
export const userColumns = {
  id: users.id,
  username: users.username,
  email: users.email,
  role: users.role,
};

/** A username as it is stored and compared: trimmed, Unicode NFC. */
export function normalizeUsername(username: string): string {
  return username.trim().normalize('NFC');
}

/** A username's key for counters (the sign-in backoff): normalised and case-folded. */
export function usernameKey(username: string): string {
  return normalizeUsername(username).toLowerCase();
}

/**
 * The user whose username equals `username` ignoring case and Unicode normalisation, or
 * undefined. New names are stored in NFC (normalizeUsername), but a name registered
 * before was stored as typed, possibly decomposed (NFD): the typed form, its NFC and its
 * NFD form are all looked up (through the `lower(username)` index). When more than one
 * account matches (an NFC and an NFD twin registered before names were normalised), the
 * one spelled exactly as typed wins, then the NFC one: each twin still signs in as it
 * did.
 */
export async function findUserByUsername(
  db: DbOrTx,
  username: string,
): Promise<(User & { passwordHash: string }) | undefined> {
  const typed = username.trim();
  const forms = [...new Set([typed, typed.normalize('NFC'), typed.normalize('NFD')])];
  const rows = await db
    .select({ ...userColumns, passwordHash: users.passwordHash })
    .from(users)
    .where(
      sql`lower(${users.username}) in (${sql.join(
        forms.map((form) => sql`lower(${form})`),
        sql`, `,
      )})`,
    );
  if (rows.length <= 1) return rows[0];
  const rank = (stored: string) => {
    const i = forms.findIndex((form) => form.toLowerCase() === stored.toLowerCase());
    return i === -1 ? forms.length : i;
  };
  return rows.sort((a, b) => rank(a.username) - rank(b.username))[0];
}

/**
 * Checks a username and password. Returns the user and the `passwordStamp` of the hash
 * it checked (for `signIn`), or null for a wrong password or an unknown username alike
 * (the caller answers 401 'Invalid username or password'). An unknown username still
 * costs one argon2 verify, so timing does not reveal accounts.
 */
export async function authenticate(
  db: DbOrTx,
  username: string,
  password: string,
): Promise<{ user: User; stamp: string } | null> {
  const row = await findUserByUsername(db, username);
  if (!row) {
    await verifyPassword(await getDummyHash(), password);
    return null;
  }
  if (!(await verifyPassword(row.passwordHash, password))) return null;
  const { passwordHash, ...user } = row;
  return { user, stamp: passwordStamp(passwordHash) };
}

/** Walks an error's `cause` chain for a PostgreSQL unique violation; returns its constraint name. */
export function uniqueViolation(err: unknown): string | null {
  let current: unknown = err;
  for (let depth = 0; current && depth < 5; depth++) {
    const e = current as { code?: unknown; constraint?: unknown; cause?: unknown };
    if (e.code === '23505') return typeof e.constraint === 'string' ? e.constraint : '';
    current = e.cause;
  }
  return null;
}

/**
 * Throws 400 `{errors: {[field]: COMMON_PASSWORD_MESSAGE}}` for a common password
 * (common-passwords.ts; docs/decisions.md "Security hardening" entry 8). `field` names
 * the form field the message belongs to: `password` (registration, reset) by default,
 * `newPassword` for the signed-in change.
 */
export async function assertUncommonPassword(password: string, field = 'password'): Promise<void> {
  if (await isCommonPassword(password)) {
    throw badRequest(COMMON_PASSWORD_MESSAGE, { [field]: COMMON_PASSWORD_MESSAGE });
  }
}

/**
 * Creates a customer account (role `user`); returns it with the `passwordStamp` of its
 * hash (for `signIn`). Throws 400 for a common password, 409 'Username already exists'
 * or 'Email already registered', checked first and again through the unique indexes when
 * two registrations race.
 */
export async function registerUser(
  db: DbOrTx,
  body: RegisterBody,
): Promise<{ user: User; stamp: string }> {
  const username = normalizeUsername(body.username);
  // NFC can be shorter than what was typed (a letter and its combining accent become one).
  const checked = Username.safeParse(username);
  if (!checked.success) {
    const message = checked.error.issues[0]?.message ?? 'Invalid username';
    throw badRequest(message, { username: message });
  }
  const email = body.email.trim().toLowerCase();
  await assertUncommonPassword(body.password);
  if (await findUserByUsername(db, username)) throw taken('username');
  const [emailTaken] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
  if (emailTaken) throw taken('email');

  const passwordHash = await hashPassword(body.password);
  try {
    const [user] = await db
      .insert(users)
      .values({ username, email, passwordHash, role: 'user' })
      .returning(userColumns);
    return { user: user!, stamp: passwordStamp(passwordHash) };
  } catch (err) {
    const constraint = uniqueViolation(err);
    if (constraint === null) throw err;
    throw taken(constraint.includes('email') ? 'email' : 'username');
  }
}

/**
 * Registration's 409 for a taken username or e-mail: the spec's message, and the field it
 * is about under `errors` (as a 400 names its fields), so the form marks and focuses that
 * field without reading the message.
 */
function taken(field: 'username' | 'email') {
  const message = field === 'email' ? AUTH_MESSAGES.emailTaken : AUTH_MESSAGES.usernameTaken;
  return conflict(message, { errors: { [field]: message } });
}

/**
 * Sets `userId`'s password (hashed; a common password answers 400). Every session of
 * the user ends with it: the `users_password_change_ends_sessions` trigger deletes them
 * in the same statement (migration 0008); a caller changing the signed-in user's own
 * password signs them in again afterwards, with the returned `passwordStamp` of the new
 * hash (a session of the old hash ends even if it is saved again). A reset link mailed
 * before and not used yet stops working too (password-reset.ts), whichever way the
 * password changed.
 */
export async function setPassword(db: DbOrTx, userId: number, password: string): Promise<string> {
  await assertUncommonPassword(password);
  const passwordHash = await hashPassword(password);
  await db.update(users).set({ passwordHash }).where(eq(users.id, userId));
  await db
    .update(passwordResetTokens)
    .set({ usedAt: sql`now()` })
    .where(and(eq(passwordResetTokens.userId, userId), isNull(passwordResetTokens.usedAt)));
  return passwordStamp(passwordHash);
}
