/**
 * Secret link tokens stored by their hash (DECISIONS.md "Security": unguessable expiring
 * tokens): 32 random bytes in base64url (43 characters) go to the person, only the
 * SHA-256 (hex) is stored. Used by the guest claim cookie, the newsletter confirmation
 * and password reset.
 */
import { createHash, randomBytes } from 'node:crypto';

/** A new token: 32 random bytes, base64url. */
export const newSecretToken = (): string => randomBytes(32).toString('base64url');

/** What is stored for `token`: its SHA-256 in hex. */
export const secretTokenHash = (token: string): string =>
  createHash('sha256').update(token).digest('hex');

/** True when `token` has the shape `newSecretToken` gives (checked before any query). */
export const isSecretTokenShape = (token: string): boolean => /^[A-Za-z0-9_-]{43}$/.test(token);
