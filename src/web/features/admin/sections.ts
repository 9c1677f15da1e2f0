/**
 * The admin area's sections, in menu order (back-office spec section 2 "/admin").
 * Only sections that exist are listed; adding one is one entry here. The first entry
 * is the default. DECISIONS.md: "The Regular Orders section is in the admin menu".
 */
import type { ComponentType } from 'react';
import { RegularOrdersSection } from './components/regular-orders-section';

export interface AdminSection {
  /** URL value of `?section=`. */
  id: string;
  /** Menu label and the section's heading. */
  label: string;
  Component: ComponentType<{ userId: number }>;
}

export const ADMIN_SECTIONS: readonly AdminSection[] = [
  { id: 'regular-orders', label: 'Regular Orders', Component: RegularOrdersSection },
];

/** The section a `?section=` value names, or the default (first) section. */
export function findSection(id: string | null): AdminSection {
  return ADMIN_SECTIONS.find((s) => s.id === id) ?? (ADMIN_SECTIONS[0] as AdminSection);
}
