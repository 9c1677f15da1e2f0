/** The shop's calendar as the browser learns it (docs/decisions.md issue 8 entry 15). */
import { z } from './zod';

/**
 * GET /api/calendar: today's calendar day in the shop's time zone (STORE_TIME_ZONE,
 * YYYY-MM-DD) and that zone's IANA name. Pages that count days from "today" (the wizard's
 * delivery estimate, an invoice's default due date) count from this day, as the server
 * does, not from the browser's own.
 */
export const StoreCalendar = z.object({
  today: z.string(),
  timeZone: z.string(),
});
export type StoreCalendar = z.infer<typeof StoreCalendar>;
