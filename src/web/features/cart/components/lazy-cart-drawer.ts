/**
 * The cart drawer is loaded on first open (web brief performance budget: Radix dialog
 * stays out of the entry chunk). `preloadCartDrawer` warms the chunk on hover/focus
 * of the cart button.
 */
import { lazy } from 'react';

const load = () => import('./cart-drawer');

export function preloadCartDrawer(): void {
  void load();
}

export const LazyCartDrawer = lazy(() => load().then((m) => ({ default: m.CartDrawer })));
