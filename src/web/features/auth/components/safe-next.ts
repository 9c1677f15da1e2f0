/**
 * The `?next=` target after signing in: only a same-site path ("/track-order"),
 * never an absolute or protocol-relative URL (no open redirect). The target is read
 * as a browser would read it (the URL parser drops tabs and line breaks, so
 * "/\t/evil.example" is "//evil.example"): anything that leaves this site, or does not
 * start with "/", gives "/".
 */
export function safeNextPath(next: string | null): string {
  if (!next?.startsWith('/')) return '/';
  const here = 'https://this-site.invalid';
  try {
    const url = new URL(next, here);
    if (url.origin !== here) return '/';
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return '/';
  }
}
