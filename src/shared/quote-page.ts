/**
 * /quote's texts above the form (storefront spec section 2 "Quote page"): the page
 * (web/app/routes/quote.tsx) and the server's HTML (server/pages/content.ts `quoteMain`)
 * write the same heading, lead and explainer, so the app's mount keeps the server's
 * elements where they are (issue 10).
 */
import { QUOTE_RESPONSE_HOURS } from './schemas/quotes';

export const QUOTE_PAGE = {
  eyebrow: 'Request Custom Quote',
  heading: 'Custom Golf Pin Quote Request',
  /** The lead for the shop called `storeName` (one string: one text node on both sides). */
  lead: (storeName: string) =>
    `Tell us about your project and ${storeName} will send a free quote and mockup within ${QUOTE_RESPONSE_HOURS} hours.`,
  explainerHeading: 'How Our Quotes Work',
  explainer: [
    {
      title: 'Colours drive the price',
      text: 'The number of colours in your design is the largest pricing factor: each enamel colour is filled by hand.',
    },
    {
      title: 'Soft enamel process',
      text: 'Your design is die-struck into metal, plated, and filled with soft enamel for a textured, durable finish.',
    },
    {
      title: 'Design optimisation',
      text: 'Our designers adapt your logo for pin production, simplifying fine details so it looks sharp at small sizes.',
    },
  ],
} as const;
