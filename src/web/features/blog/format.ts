/** Display helpers of the blog: category names, dates and views. */
import { calendarDay, longDate } from '@/lib/dates';

export { CATEGORY_LABELS, viewsText } from '@shared/blog';

/**
 * 'March 5, 2026': the post's `publishedDay`, the shop's calendar day the server names (as
 * its pages write it, server/pages/content.ts `longDate`), so every reader, whatever their
 * time zone, sees the same date before and after the app mounts.
 */
export function postDate(post: { publishedDay: string }): string {
  return longDate(calendarDay(post.publishedDay), true);
}
