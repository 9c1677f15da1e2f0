/**
 * Blog categories (back-office spec section 9): the post categories and the /blog filter
 * values. Kept apart from the zod contracts (schemas/blog.ts) so the public blog pages do
 * not load zod.
 */
export const BLOG_CATEGORIES = ['tips', 'equipment', 'courses', 'tournaments', 'news'] as const;
export type BlogCategory = (typeof BLOG_CATEGORIES)[number];
export const BLOG_FILTERS = ['all', ...BLOG_CATEGORIES] as const;
export type BlogFilter = (typeof BLOG_FILTERS)[number];

/** The categories' and the 'all' filter's display names (/blog's buttons and cards). */
export const CATEGORY_LABELS: Record<BlogFilter, string> = {
  all: 'All',
  tips: 'Tips',
  equipment: 'Equipment',
  courses: 'Courses',
  tournaments: 'Tournaments',
  news: 'News',
};
