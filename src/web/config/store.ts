/**
 * User-facing facts about the business (DECISIONS.md: configuration, not literals in
 * components). Build-time values from VITE_* variables, with the defaults below.
 */
export const store = {
  name: import.meta.env.VITE_STORE_NAME ?? 'Fairway Pin Co.',
  email: import.meta.env.VITE_STORE_EMAIL ?? 'hello@fairwaypin.co',
  city: import.meta.env.VITE_STORE_CITY ?? 'San Diego, California',
  customerCount: import.meta.env.VITE_STORE_CUSTOMER_COUNT ?? '500+',
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
