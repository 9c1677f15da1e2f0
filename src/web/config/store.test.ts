// @vitest-environment jsdom
/**
 * The store's facts come from the page the server served (`#store-facts`, its STORE_*
 * configuration); without it, the build's values (DECISIONS.md "Naming").
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// The unit project runs a worker's files in one module graph (isolate: false): another
// file may have imported ./store already, without the facts. Each test imports it afresh.
beforeEach(() => {
  vi.resetModules();
});
afterEach(() => {
  document.body.innerHTML = '';
  vi.resetModules();
});

describe('store facts', () => {
  it("reads the served page's facts", async () => {
    document.body.innerHTML =
      '<script type="application/json" id="store-facts">{"name":"Birdie Badges","email":"hi@birdie.test","city":"Austin, Texas","customerCount":"900+"}</script>';
    const { store } = await import('./store');
    expect(store).toMatchObject({
      name: 'Birdie Badges',
      email: 'hi@birdie.test',
      city: 'Austin, Texas',
      customerCount: '900+',
    });
  });

  it("reads only the page's data script, not an element of a post with the same id", async () => {
    // A post saved before ids were prefixed comes before the data script in the page.
    document.body.innerHTML =
      '<div><p id="store-facts">{"name":"EvilCo"}</p></div><script type="application/json" id="store-facts">{"name":"Birdie Badges"}</script>';
    const { store } = await import('./store');
    expect(store.name).toBe('Birdie Badges');
  });

  it('falls back to the build values without them, or when they are unreadable', async () => {
    document.body.innerHTML = '<script type="application/json" id="store-facts">{nope</script>';
    const { store } = await import('./store');
    expect(store.name).toBe(import.meta.env.VITE_STORE_NAME ?? 'Fairway Pin Co.');
  });
});
