/**
 * The global navigation links (storefront spec section 2, "Header and global
 * navigation"). The Admin link is shown only to a signed-in admin. Links to pages not
 * built yet (config/routes.ts) are left out until those pages land.
 */
import { isBuilt } from '@/config/routes';

export interface NavLinkItem {
  to: string;
  label: string;
}

const PUBLIC_LINKS: NavLinkItem[] = [
  { to: '/', label: 'Home' },
  { to: '/quote', label: 'Get Quote' },
  // Not in the spec's header: the wizard needs a way in (docs/decisions.md, issue 6).
  { to: '/custom', label: 'Design Your Pin' },
  { to: '/wholesale', label: 'Wholesale' },
  { to: '/track-order', label: 'Track Order' },
];

const ADMIN_LINK: NavLinkItem = { to: '/admin', label: 'Admin' };

/** The header links for the current visitor; `isAdmin` adds /admin. Only built pages. */
export function navLinks(isAdmin: boolean): NavLinkItem[] {
  const links = isAdmin ? [...PUBLIC_LINKS, ADMIN_LINK] : PUBLIC_LINKS;
  return links.filter((l) => isBuilt(l.to));
}
