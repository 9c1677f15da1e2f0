/**
 * The anonymous cart session id: a random string kept in localStorage under key
 * `sessionId` and sent on every API call as the X-Session-Id header (storefront spec
 * section 3; DECISIONS.md: the server acts only on that session's cart).
 *
 * It is replaced by a new random id after an order is placed and at logout (issue 11):
 * whoever later uses this browser, or learns the old id, starts from an empty cart and
 * cannot capture payments made under it. (Claiming orders never relied on it: that
 * takes the HttpOnly claim cookie the server sets.)
 */
const KEY = 'sessionId';
const VALID = /^[A-Za-z0-9_-]{8,128}$/;

/** 24 random bytes as base64url (32 characters). */
function newId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(24));
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}

export function getSessionId(): string {
  let id = localStorage.getItem(KEY);
  if (!id || !VALID.test(id)) {
    id = newId();
    localStorage.setItem(KEY, id);
  }
  return id;
}

/** Replaces the cart session id with a new random one; returns it. */
export function rotateSessionId(): string {
  const id = newId();
  localStorage.setItem(KEY, id);
  return id;
}
