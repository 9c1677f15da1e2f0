/**
 * zod for the shared contracts. In the browser zod runs "jitless": its check for
 * `new Function` support counts as an eval under the shop's CSP (no 'unsafe-eval') and is
 * reported as a violation on every page with a form (issue 10: no CSP warning). The
 * server keeps zod's faster compiled parsers.
 */
import { z } from 'zod';

if (typeof window !== 'undefined') z.config({ jitless: true });

export { z };
