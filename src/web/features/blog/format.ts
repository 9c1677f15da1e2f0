/** Display helpers of the blog: category names and dates. */
import type { BlogFilter } from '@shared/blog';

export const CATEGORY_LABELS: Record<BlogFilter, string> = {
  all: 'All',
  tips: 'Tips',
  equipment: 'Equipment',
  courses: 'Courses',
  tournaments: 'Tournaments',
  news: 'News',
};

/** One formatter for all cards (toLocaleDateString with options builds one per call). */
let postDateFormat: Intl.DateTimeFormat | undefined;

/** 'March 5, 2026' for an ISO date (the published date, else the created date). */
export function postDate(post: { publishedAt: string | null; createdAt: string }): string {
  postDateFormat ??= new Intl.DateTimeFormat('en-US', {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
  });
  return postDateFormat.format(new Date(post.publishedAt ?? post.createdAt));
}

/** '1 view' / '12 views'. */
export const viewsText = (n: number) =>
  `${n.toLocaleString('en-US')} ${n === 1 ? 'view' : 'views'}`;
