/**
 * Small helpers for the web client's jsdom tests: what jsdom lacks (`matchMedia`) and the
 * answers a stubbed `fetch` gives (the network is the only thing these tests replace).
 */

/** A JSON answer with `status`, as the shop's API sends it. */
export function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

/** Gives jsdom a `matchMedia` where no media query matches (a phone-width screen). */
export function installMatchMedia(): void {
  window.matchMedia ??= ((query: string) => ({
    matches: false,
    media: query,
    addEventListener() {},
    removeEventListener() {},
  })) as unknown as typeof window.matchMedia;
}
