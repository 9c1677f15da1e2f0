/**
 * The admin area's sections, in menu order (back-office spec section 2 "/admin").
 * Only sections that exist are listed; adding one is one entry here (other issues add
 * Order History, Quote Requests, campaigns, mail templates, blog and home content in
 * parallel). The first entry is the default view (the Dashboard, issue 8: "the admin's
 * landing view"). `group` places the link under a heading in the navigation (Shopify-like:
 * Orders, Products, Customers, Marketing, Finance, Content); sections without a group
 * are listed first. DECISIONS.md: "The Regular Orders section is in the admin menu".
 */
import type { LucideIcon } from 'lucide-react';
import {
  AlertTriangle,
  Crown,
  FileText,
  History,
  House,
  LayoutDashboard,
  MailOpen,
  Megaphone,
  MessageSquareQuote,
  Newspaper,
  Package,
  ReceiptText,
  TicketPercent,
  Trophy,
} from 'lucide-react';
import type { ComponentType } from 'react';
import { MailTemplatesSection } from '../campaigns/components/mail-templates-section';
import { MarketingSection } from '../campaigns/components/marketing-section';
import { TournamentSection } from '../campaigns/components/tournament-section';
import { VipSection } from '../campaigns/components/vip-section';
import { QuoteRequestsSection } from '../quote-desk/components/quote-requests-section';
import { BlogSection } from './components/blog-section';
import { DashboardSection } from './components/dashboard-section';
import { DiscountCodesSection } from './components/discount-codes-section';
import { HomeContentSection } from './components/home-content-section';
import { IncidentsSection } from './components/incidents-section';
import { InvoicesSection } from './components/invoices-section';
import { OrderHistorySection } from './components/order-history-section';
import { ProductsSection } from './components/products-section';
import { RegularOrdersSection } from './components/regular-orders-section';

/** Navigation groups in menu order; a section names one of these (or none). */
export const ADMIN_GROUPS = [
  'Orders',
  'Products',
  'Customers',
  'Marketing',
  'Finance',
  'Content',
  'Settings',
] as const;
export type AdminGroup = (typeof ADMIN_GROUPS)[number];

export interface AdminSection {
  /** URL value of `?section=`. */
  id: string;
  /** Menu label and the section's heading. */
  label: string;
  Component: ComponentType<{ userId: number }>;
  /** Heading the link is listed under in the navigation; none: listed first. */
  group?: AdminGroup;
  /** Icon shown before the label (lucide-react). */
  icon?: LucideIcon;
  /** One line under the section heading saying what it is for. */
  description?: string;
}

export const ADMIN_SECTIONS: readonly AdminSection[] = [
  {
    id: 'dashboard',
    label: 'Dashboard',
    icon: LayoutDashboard,
    Component: DashboardSection,
    description: 'How the shop is doing and what needs your attention.',
  },
  {
    id: 'order-history',
    label: 'Order History',
    group: 'Orders',
    icon: History,
    Component: OrderHistorySection,
    description: 'Custom and catalogue orders together: status, payment links, e-mails, export.',
  },
  {
    id: 'regular-orders',
    label: 'Regular Orders',
    group: 'Orders',
    icon: ReceiptText,
    Component: RegularOrdersSection,
    description: 'Catalogue orders: status, tracking and delivery.',
  },
  {
    id: 'products',
    label: 'Products',
    group: 'Products',
    icon: Package,
    Component: ProductsSection,
    description: 'The catalogue: prices, stock, images and what is for sale.',
  },
  {
    id: 'discount-codes',
    label: 'Discount Codes',
    group: 'Marketing',
    icon: TicketPercent,
    Component: DiscountCodesSection,
    description: 'Codes customers enter at checkout, and the customer import for campaigns.',
  },
  {
    id: 'marketing-emails',
    label: 'Marketing Emails',
    group: 'Marketing',
    icon: Megaphone,
    Component: MarketingSection,
    description: 'E-mail your customers and newsletter subscribers; export the customer list.',
  },
  {
    id: 'tournament-campaigns',
    label: 'Tournament Campaigns',
    group: 'Marketing',
    icon: Trophy,
    Component: TournamentSection,
    description: 'Offer tournament organisers a discount code from a CSV list.',
  },
  {
    id: 'vip-campaigns',
    label: 'VIP Campaigns',
    group: 'Marketing',
    icon: Crown,
    Component: VipSection,
    description: 'Exclusive codes for your best customers, by list or one at a time.',
  },
  {
    id: 'email-templates',
    label: 'Email Templates',
    group: 'Settings',
    icon: MailOpen,
    Component: MailTemplatesSection,
    description: 'Every e-mail the shop sends, previewed with sample data.',
  },
  {
    id: 'manual-invoices',
    label: 'Manual Invoices',
    group: 'Finance',
    icon: FileText,
    Component: InvoicesSection,
    description: 'Invoices e-mailed with a link the customer pays online.',
  },
  {
    id: 'incidents',
    label: 'Money & Mail',
    group: 'Finance',
    icon: AlertTriangle,
    Component: IncidentsSection,
    description: 'Refunds owed, payments without an order, and mail held or failed.',
  },
  {
    id: 'quote-requests',
    label: 'Quote Requests',
    group: 'Orders',
    icon: MessageSquareQuote,
    Component: QuoteRequestsSection,
    description: 'Quote requests: send the quote, share a live proof review, upload mockups.',
  },
  {
    id: 'blog',
    label: 'Blog',
    group: 'Content',
    icon: Newspaper,
    Component: BlogSection,
    description: 'Articles on /blog: write, preview, publish and unpublish.',
  },
  {
    id: 'home-content',
    label: 'Home Page',
    group: 'Content',
    icon: House,
    Component: HomeContentSection,
    description: 'Customer logos and testimonials on the home page.',
  },
];

/** The section a `?section=` value names, or the default (first) section. */
export function findSection(id: string | null): AdminSection {
  return ADMIN_SECTIONS.find((s) => s.id === id) ?? (ADMIN_SECTIONS[0] as AdminSection);
}

/** The sections grouped for the navigation: ungrouped first, then ADMIN_GROUPS order. */
export function groupedSections(
  sections: readonly AdminSection[] = ADMIN_SECTIONS,
): { group: AdminGroup | null; sections: AdminSection[] }[] {
  const out: { group: AdminGroup | null; sections: AdminSection[] }[] = [];
  const ungrouped = sections.filter((s) => !s.group);
  if (ungrouped.length > 0) out.push({ group: null, sections: ungrouped });
  for (const group of ADMIN_GROUPS) {
    const inGroup = sections.filter((s) => s.group === group);
    if (inGroup.length > 0) out.push({ group, sections: inGroup });
  }
  return out;
}
