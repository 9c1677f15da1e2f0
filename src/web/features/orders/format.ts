/** Display helpers of the tracking page. Amounts are the server's dollars. */
import { longDate } from '@/lib/dates';

/** An ISO timestamp as an en-US date, e.g. "June 5, 2025"; the raw text if unparsable. */
export function formatOrderDate(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return longDate(date);
}
