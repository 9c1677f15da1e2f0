/**
 * User-facing facts about the business (DECISIONS.md: configuration, not literals in
 * components). The name, e-mail, city and customer count come from the server's
 * STORE_* configuration, which every page it serves carries (`#store-facts`, see
 * server/pages/template.ts); without it (the Vite dev server, tests) the build's VITE_*
 * values, with the defaults below. The rest are build-time values only.
 */
interface ServedFacts {
  name?: string;
  email?: string;
  city?: string;
  customerCount?: string;
}

/** The facts the serving page carries, or {} (none, or unreadable). */
function servedFacts(): ServedFacts {
  if (typeof document === 'undefined') return {};
  try {
    const raw: unknown = JSON.parse(
      document.querySelector('script[id="store-facts"]')?.textContent ?? '{}',
    );
    if (!raw || typeof raw !== 'object') return {};
    return Object.fromEntries(
      Object.entries(raw).filter(([, v]) => typeof v === 'string' && v.trim() !== ''),
    ) as ServedFacts;
  } catch {
    return {};
  }
}

const served = servedFacts();

export const store = {
  name: served.name ?? import.meta.env.VITE_STORE_NAME ?? 'Fairway Pin Co.',
  email: served.email ?? import.meta.env.VITE_STORE_EMAIL ?? 'hello@fairwaypin.co',
  city: served.city ?? import.meta.env.VITE_STORE_CITY ?? 'San Diego, California',
  customerCount: served.customerCount ?? import.meta.env.VITE_STORE_CUSTOMER_COUNT ?? '500+',
  /** Claims of storefront spec section 1 (home page "Why Choose"). */
  mockupHours: import.meta.env.VITE_STORE_MOCKUP_HOURS ?? '24',
  productionTime: import.meta.env.VITE_STORE_PRODUCTION_TIME ?? '2-3 weeks',
  paymentTerms: import.meta.env.VITE_STORE_PAYMENT_TERMS ?? 'NET 30',
  /** Dispatch time of ready-made catalogue pins (wholesale page). */
  catalogShipTime: import.meta.env.VITE_STORE_CATALOG_SHIP_TIME ?? '1-2 business days',
  /** External pin-preview tool; hidden when not configured. */
  pinPreviewUrl: import.meta.env.VITE_PIN_PREVIEW_URL ?? null,
  /** Chat direct-message link; the chat widget is hidden when not configured. */
  chatUrl: import.meta.env.VITE_CHAT_URL ?? null,
  social: {
    instagram: import.meta.env.VITE_SOCIAL_INSTAGRAM ?? null,
    facebook: import.meta.env.VITE_SOCIAL_FACEBOOK ?? null,
  },
} as const;
