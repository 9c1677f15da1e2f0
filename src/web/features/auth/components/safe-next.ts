/**
 * The `?next=` target after signing in: only a same-site path ("/track-order"),
 * never an absolute or protocol-relative URL (no open redirect). Defaults to "/".
 */
export function safeNextPath(next: string | null): string {
  if (!next?.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return '/';
  return next;
}
