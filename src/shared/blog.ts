/**
 * Blog categories (back-office spec section 9): the post categories and the /blog filter
 * values; the views text and post HTML's attribute rules, which the server's pages and the
 * app share. Kept apart from the zod contracts (schemas/blog.ts) so the public blog pages do
 * not load zod.
 */
import { groupDigits } from './money';

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

/** '1 view' / '1,234 views' (/blog's cards and the post page, server and app alike). */
export const viewsText = (n: number) => `${groupDigits(n)} ${n === 1 ? 'view' : 'views'}`;

/**
 * Post HTML's attribute rules on top of DOMPurify's HTML profile (docs/decisions.md issue
 * 10, "Blog HTML"): no `style`; links keep `target` (they carry `rel="noopener noreferrer"`).
 * The server sanitises with them on every write (blog/service.ts) and the post page again
 * before rendering (web/features/blog/post-body.tsx), so both keep the same attributes.
 */
export const POST_HTML_ATTRIBUTES = { forbid: ['style'], add: ['target'] } as const;

/** DOMPurify's prefix of ids and names under SANITIZE_NAMED_PROPS. */
const USER_CONTENT_PREFIX = 'user-content-';

/**
 * Links within a sanitised text (`root`) pointed at their targets, whose ids and names
 * sanitising prefixed `user-content-` (docs/decisions.md issue 10 entry 34): `#faq`
 * becomes `#user-content-faq` when the text holds that target. Other links (another
 * page, `#` alone, `#top`, a target the text does not hold, one already prefixed) stay
 * as written.
 */
export function prefixFragmentLinks(root: ParentNode): void {
  const targets = new Set<string>();
  for (const el of root.querySelectorAll('[id], [name]')) {
    for (const value of [el.getAttribute('id'), el.getAttribute('name')]) {
      if (value?.startsWith(USER_CONTENT_PREFIX)) targets.add(value);
    }
  }
  for (const a of root.querySelectorAll('a[href^="#"]')) {
    const fragment = (a.getAttribute('href') ?? '').slice(1);
    if (fragment && targets.has(USER_CONTENT_PREFIX + fragment)) {
      a.setAttribute('href', `#${USER_CONTENT_PREFIX}${fragment}`);
    }
  }
}
