import { beforeEach, describe, expect, it } from 'vitest';
import { getSessionId, rotateSessionId } from './session-id';

/** A Map-backed localStorage for the node test environment. */
function installLocalStorage() {
  const store = new Map<string, string>();
  globalThis.localStorage = {
    getItem: (k: string) => store.get(k) ?? null,
    setItem: (k: string, v: string) => void store.set(k, v),
    removeItem: (k: string) => void store.delete(k),
    clear: () => store.clear(),
    key: (i: number) => [...store.keys()][i] ?? null,
    get length() {
      return store.size;
    },
  } as Storage;
}

describe('cart session id', () => {
  beforeEach(installLocalStorage);

  it('is created once and kept', () => {
    const id = getSessionId();
    expect(id).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(getSessionId()).toBe(id);
    expect(localStorage.getItem('sessionId')).toBe(id);
  });

  it('replaces a malformed stored id', () => {
    localStorage.setItem('sessionId', 'bad id!');
    expect(getSessionId()).toMatch(/^[A-Za-z0-9_-]{32}$/);
  });

  it('rotateSessionId gives a new id that is used from then on (after an order, at logout)', () => {
    const before = getSessionId();
    const after = rotateSessionId();
    expect(after).not.toBe(before);
    expect(getSessionId()).toBe(after);
  });
});
