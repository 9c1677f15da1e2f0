/**
 * The global navigation links (storefront spec section 2, "Header and global
 * navigation"). The Admin link is shown only to a signed-in admin.
 */
export interface NavLinkItem {
  to: string;
  label: string;
}

const PUBLIC_LINKS: NavLinkItem[] = [
  { to: '/', label: 'Home' },
  { to: '/quote', label: 'Get Quote' },
  { to: '/wholesale', label: 'Wholesale' },
  { to: '/track-order', label: 'Track Order' },
];

/** The header links for the current visitor; `isAdmin` adds /admin. */
export function navLinks(isAdmin: boolean): NavLinkItem[] {
  return isAdmin ? [...PUBLIC_LINKS, { to: '/admin', label: 'Admin' }] : PUBLIC_LINKS;
}
