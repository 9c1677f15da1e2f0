/** POST /api/client-errors (issue 10): what the web app's error screen reports. */
import { z } from './zod';

/** Largest report body the server reads (bytes); larger answers 413. */
export const CLIENT_ERROR_MAX_BYTES = 16 * 1024;

export const ClientErrorReport = z.object({
  message: z.string().trim().min(1, 'Message is required').max(2000),
  /** The error's stack, cut by the client to this length. */
  stack: z.string().max(8000).nullish(),
  /** Path (and query) of the page where it happened. */
  url: z.string().max(2000).regex(/^\//, 'url must be a site path'),
  /** Where the error was caught: a route error screen, a window error, ... */
  source: z.enum(['route', 'window', 'promise']).default('route'),
});
export type ClientErrorReport = z.input<typeof ClientErrorReport>;
