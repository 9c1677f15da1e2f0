/**
 * The shop's calendar in the browser: GET /api/calendar (shared/schemas/calendar.ts), so a
 * page counts days from the shop's today (STORE_TIME_ZONE), as the server does, and not
 * from the visitor's own (docs/decisions.md issue 8 entry 15).
 */
import type { StoreCalendar } from '@shared/schemas/calendar';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';

/** The shop's today, YYYY-MM-DD, or undefined until the server has answered. */
export function useStoreToday(): string | undefined {
  const { data } = useQuery({
    queryKey: ['/api/calendar'],
    queryFn: () => api.get<StoreCalendar>('/api/calendar'),
    // The day turns at the shop's midnight: asked again after a minute.
    staleTime: 60_000,
  });
  return data?.today;
}
