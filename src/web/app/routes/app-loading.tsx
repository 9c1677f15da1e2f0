/**
 * What shows while the first page's code loads (React Router's HydrateFallback for the
 * root route): the same quiet 'Loading…' status as the splash in index.html, so the
 * first paint does not flash blank (DECISIONS.md "Honest claims": only while loading).
 */
export function AppLoading() {
  return (
    <div
      role="status"
      aria-live="polite"
      className="flex min-h-screen items-center justify-center font-sans text-green-900"
    >
      <span>Loading…</span>
    </div>
  );
}
