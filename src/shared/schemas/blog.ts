/**
 * Blog contracts (back-office spec sections 2 "/blog", 3 blog_posts, 7 GET /api/blog,
 * GET /api/blog/{slug}; issue 10: the admin Blog section). Post content is HTML that the
 * server sanitises on every write (DECISIONS.md "Blog HTML is sanitised").
 */

import { BLOG_CATEGORIES } from '../blog';
import { MediaUrl } from './catalog';
import { z } from './zod';

export { BLOG_CATEGORIES, BLOG_FILTERS, type BlogCategory, type BlogFilter } from '../blog';

/** A slug: lower-case letters, digits and single hyphens, 1-120 characters. */
export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const BlogSlug = z
  .string()
  .trim()
  .max(120, 'Slug must be at most 120 characters')
  .regex(SLUG_PATTERN, 'Slug may use lower-case letters, digits and hyphens only');

/** A post as the list shows it (no content). Dates are ISO strings. */
export const BlogPostSummary = z.object({
  id: z.number().int(),
  title: z.string(),
  slug: z.string(),
  excerpt: z.string().nullable(),
  category: z.enum(BLOG_CATEGORIES),
  featuredImage: z.string().nullable(),
  tags: z.array(z.string()),
  isPublished: z.boolean(),
  publishedAt: z.string().nullable(),
  /**
   * The post's date as pages show it: the shop's calendar day (STORE_TIME_ZONE,
   * YYYY-MM-DD) of `publishedAt`, else of `createdAt`.
   */
  publishedDay: z.string(),
  metaTitle: z.string().nullable(),
  metaDescription: z.string().nullable(),
  viewCount: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type BlogPostSummary = z.infer<typeof BlogPostSummary>;

/** A whole post: the summary plus its sanitised HTML content. */
export const BlogPost = BlogPostSummary.extend({ content: z.string() });
export type BlogPost = z.infer<typeof BlogPost>;

/** GET /api/blog/{slug} path parameter: any short text (an unknown slug is a 404). */
export const BlogSlugParam = z.object({ slug: z.string().min(1).max(200) });

const optionalText = (max: number, label: string) =>
  z
    .string()
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .nullish()
    .transform((v) => (v ? v : null));

/** POST /api/admin/blog and PUT /api/admin/blog/{id}: what the admin writes. */
export const BlogPostInput = z.object({
  title: z
    .string()
    .trim()
    .min(1, 'Title is required')
    .max(200, 'Title must be at most 200 characters'),
  /** Empty or missing: made from the title (unique). */
  slug: z
    .union([BlogSlug, z.literal('')])
    .nullish()
    .transform((v) => v || null),
  excerpt: optionalText(500, 'Excerpt'),
  content: z.string().max(200_000, 'Content is too long'),
  category: z.enum(BLOG_CATEGORIES, { message: 'Choose a category' }),
  featuredImage: MediaUrl.nullish().transform((v) => v ?? null),
  tags: z
    .array(z.string().trim().min(1).max(40, 'A tag must be at most 40 characters'))
    .max(20, 'At most 20 tags')
    .default([]),
  metaTitle: optionalText(200, 'Meta title'),
  metaDescription: optionalText(320, 'Meta description'),
  isPublished: z.boolean().default(false),
});
export type BlogPostInput = z.input<typeof BlogPostInput>;

/**
 * PUT /api/admin/blog/{id}: what the admin writes, plus `expectedUpdatedAt`, the post's
 * `updatedAt` as the admin's screen loaded it. With it, the post is saved only if no one
 * saved it since (else 409; a concurrency audit: of two admins saving the same post at
 * once, one change was lost). Optional for other callers; the admin UI always sends it.
 */
export const UpdateBlogPostInput = BlogPostInput.extend({
  expectedUpdatedAt: z.iso
    .datetime({ message: "Must be the post's updatedAt as loaded (an ISO date and time)" })
    .optional(),
});
export type UpdateBlogPostInput = z.input<typeof UpdateBlogPostInput>;
