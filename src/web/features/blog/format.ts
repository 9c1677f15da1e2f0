/** Display helpers of the blog: category names, dates and views. */
import { longDate } from '@/lib/dates';

export { CATEGORY_LABELS, viewsText } from '@shared/blog';

/**
 * 'March 5, 2026' for an ISO date (the published date, else the created date), the UTC
 * day as the server's pages write it (server/pages/content.ts `longDate`), so a reader
 * west or east of UTC sees the same date before and after the app mounts.
 */
export function postDate(post: { publishedAt: string | null; createdAt: string }): string {
  return longDate(new Date(post.publishedAt ?? post.createdAt), true);
}
