/**
 * The anonymous cart session id: a random string kept in localStorage under key
 * `sessionId` and sent on every API call as the X-Session-Id header (storefront spec
 * section 3; DECISIONS.md: the server acts only on that session's cart).
 */
const KEY = 'sessionId';

export function getSessionId(): string {
  let id = localStorage.getItem(KEY);
  if (!id || !/^[A-Za-z0-9_-]{8,128}$/.test(id)) {
    const bytes = crypto.getRandomValues(new Uint8Array(18));
    id = btoa(String.fromCharCode(...bytes))
      .replace(/\+/g, '-')
      .replace(/\//g, '_')
      .replace(/=+$/, '');
    localStorage.setItem(KEY, id);
  }
  return id;
}
