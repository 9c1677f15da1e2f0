/**
 * Home page content contracts (storefront spec section 2 "Home page"; issue 10): the
 * customer-logo carousel and the testimonials the admin edits, and the bestsellers row.
 * `isSample` marks invented demo entries (shown as samples, never passed off as real).
 */

import { MediaUrl, Product } from './catalog';
import { z } from './zod';

export const HomeLogo = z.object({
  id: z.number().int(),
  name: z.string(),
  imageUrl: z.string(),
  isSample: z.boolean(),
  sortOrder: z.number().int(),
});
export type HomeLogo = z.infer<typeof HomeLogo>;

export const HomeTestimonial = z.object({
  id: z.number().int(),
  name: z.string(),
  title: z.string(),
  quote: z.string(),
  avatarUrl: z.string().nullable(),
  imageUrl: z.string().nullable(),
  isSample: z.boolean(),
  sortOrder: z.number().int(),
});
export type HomeTestimonial = z.infer<typeof HomeTestimonial>;

/** GET /api/home: everything the home page shows beyond its fixed text. */
export const HomeContent = z.object({
  logos: z.array(HomeLogo),
  testimonials: z.array(HomeTestimonial),
  /** Up to 4 active products: best sellers by units paid for, filled with in-stock pins. */
  bestsellers: z.array(Product),
  /** True when at least one of `bestsellers` has sold (the row's heading says so). */
  hasSales: z.boolean(),
});
export type HomeContent = z.infer<typeof HomeContent>;

const SortOrder = z
  .number()
  .int('Order must be a whole number')
  .min(0, 'Order must be 0 or more')
  .max(1000, 'Order must be at most 1000')
  .default(0);

/** POST/PUT /api/admin/home/logos[/{id}]. */
export const HomeLogoInput = z.object({
  name: z
    .string()
    .trim()
    .min(1, 'Name is required')
    .max(120, 'Name must be at most 120 characters'),
  imageUrl: MediaUrl,
  isSample: z.boolean().default(false),
  sortOrder: SortOrder,
});
export type HomeLogoInput = z.input<typeof HomeLogoInput>;

/** POST/PUT /api/admin/home/testimonials[/{id}]. */
export const HomeTestimonialInput = z.object({
  name: z
    .string()
    .trim()
    .min(1, 'Name is required')
    .max(120, 'Name must be at most 120 characters'),
  title: z
    .string()
    .trim()
    .min(1, 'Title is required')
    .max(160, 'Title must be at most 160 characters'),
  quote: z
    .string()
    .trim()
    .min(10, 'Quote must be at least 10 characters')
    .max(600, 'Quote must be at most 600 characters'),
  avatarUrl: MediaUrl.nullish().transform((v) => v ?? null),
  imageUrl: MediaUrl.nullish().transform((v) => v ?? null),
  isSample: z.boolean().default(false),
  sortOrder: SortOrder,
});
export type HomeTestimonialInput = z.input<typeof HomeTestimonialInput>;

/** At most this many logos and testimonials are shown (12 logos, 3 testimonials: spec). */
export const HOME_LOGO_LIMIT = 12;
export const HOME_TESTIMONIAL_LIMIT = 3;
