/**
 * Data the server sent with the page (`<script type="application/json" id="page-data">`,
 * src/server/pages/template.ts): `[queryKey, data]` pairs put into the query cache
 * before the app renders, so a page the server rendered shows at once instead of
 * loading its data again (issue 10 "pages that arrive complete").
 */
import type { QueryClient } from '@tanstack/react-query';

/** Seeds `client` from the page's data script, then removes the script. Returns how many entries. */
export function seedPageData(client: QueryClient, doc: Document = document): number {
  // A script element: post HTML (sanitised, never a script) cannot stand in for it.
  const script = doc.querySelector('script[id="page-data"]');
  if (!script) return 0;
  script.remove();
  try {
    const entries = JSON.parse(script.textContent ?? '[]') as unknown;
    if (!Array.isArray(entries)) return 0;
    let seeded = 0;
    for (const entry of entries) {
      if (Array.isArray(entry) && Array.isArray(entry[0]) && entry.length === 2) {
        client.setQueryData(entry[0], entry[1]);
        seeded += 1;
      }
    }
    return seeded;
  } catch {
    return 0;
  }
}
