/** Shared zod building blocks for API contracts. */
import { z } from 'zod';

/** Dollars as the API shows them: a number with at most two decimals. */
export const Dollars = z.number();

/** Every API error body (DECISIONS.md "Runtime conventions"). `errors` maps field -> message for 400s. */
export const ApiError = z.object({
  message: z.string(),
  errors: z.record(z.string(), z.string()).optional(),
});
export type ApiError = z.infer<typeof ApiError>;

/** Anonymous cart/session id sent in the X-Session-Id header; the browser keeps it under `sessionId`. */
export const SessionIdHeader = z.string().regex(/^[A-Za-z0-9_-]{8,128}$/, 'Invalid session id');

/** Largest value of a PostgreSQL `integer` (serial ids, quantities, counts). */
export const INT4_MAX = 2_147_483_647;

/** A database row id: a positive whole number within PostgreSQL's integer range. */
export const RowId = z
  .number()
  .int('Invalid id')
  .positive('Invalid id')
  .max(INT4_MAX, 'Invalid id');

/** `/{id}` path parameter: a row id (400 for anything else, including ids past int4). */
export const IdParam = z.object({
  id: z.coerce.number().int('Invalid id').positive('Invalid id').max(INT4_MAX, 'Invalid id'),
});
