/**
 * The pages that exist (one entry per top-level path in app/router.tsx). Links to a
 * page that is not built yet (Get Quote /quote, Admin /admin, ...) are hidden instead
 * of leading to 'Page Not Found'; add the path here when its page lands and the links
 * come back. config/routes.test.ts keeps this list equal to the router's.
 */
export const BUILT_ROUTES: ReadonlySet<string> = new Set([
  '/',
  '/wholesale',
  '/product',
  '/checkout',
  '/track-order',
  '/account',
  '/login',
  '/register',
  '/forgot-password',
  '/reset-password',
  '/admin',
  '/quote',
  '/quote-success',
  '/custom',
  '/balance-payment',
  '/pay-invoice',
  '/quote-collaboration',
  '/blog',
]);

/**
 * True when the page a link points to exists: `path` is a same-site path such as
 * '/quote', '/product/12' or '/track-order?id=3'; its first segment is looked up.
 */
export function isBuilt(path: string): boolean {
  const pathname = path.split(/[?#]/, 1)[0] ?? '';
  const first = pathname.split('/')[1] ?? '';
  return BUILT_ROUTES.has(`/${first}`);
}
