/** Display helpers of the blog: category names and dates. */
import { groupDigits } from '@shared/money';
import { longDate } from '@/lib/dates';

export { CATEGORY_LABELS } from '@shared/blog';

/** 'March 5, 2026' for an ISO date (the published date, else the created date). */
export function postDate(post: { publishedAt: string | null; createdAt: string }): string {
  return longDate(new Date(post.publishedAt ?? post.createdAt));
}

/** '1 view' / '12 views'. */
export const viewsText = (n: number) => `${groupDigits(n)} ${n === 1 ? 'view' : 'views'}`;
