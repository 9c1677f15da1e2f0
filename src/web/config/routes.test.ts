import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { BUILT_ROUTES, isBuilt } from './routes';

/** Top-level paths declared in app/router.tsx ('product/:id' -> '/product'; '*' left out). */
function routerPaths(): string[] {
  const source = readFileSync(new URL('../app/router.tsx', import.meta.url), 'utf8');
  const paths = [...source.matchAll(/path: '([^']+)'/g)].map((m) => m[1]!);
  const top = paths
    .filter((p) => p !== '*')
    .map((p) => (p === '/' ? '/' : `/${p.replace(/^\//, '').split('/')[0]}`));
  return [...new Set(top)].sort();
}

describe('BUILT_ROUTES', () => {
  it('lists exactly the pages the router has', () => {
    expect([...BUILT_ROUTES].sort()).toEqual(routerPaths());
  });

  it('answers by the first path segment, ignoring query and hash', () => {
    expect(isBuilt('/')).toBe(true);
    expect(isBuilt('/wholesale')).toBe(true);
    expect(isBuilt('/product/12')).toBe(true);
    expect(isBuilt('/track-order?id=3&type=regular')).toBe(true);
    expect(isBuilt('/login#top')).toBe(true);
    expect(isBuilt('/quote')).toBe(BUILT_ROUTES.has('/quote'));
    expect(isBuilt('/no-such-page')).toBe(false);
    expect(isBuilt('/wholesalers')).toBe(false);
  });
});
