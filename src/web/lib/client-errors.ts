/**
 * Reports an error the app caught to the server (POST /api/client-errors, issue 10), and
 * to analytics only when an analytics id is configured and its script is on the page
 * (DECISIONS.md: no third-party script unless configured). Never throws; one report per
 * distinct message per page load.
 */
import type { ClientErrorReport } from '@shared/schemas/client-errors';

const sent = new Set<string>();

type Gtag = (command: 'event', name: string, params: Record<string, unknown>) => void;

/** Sends `error` (from `source`) once; resolves whether the server took it. */
export async function reportClientError(
  error: unknown,
  source: ClientErrorReport['source'] = 'route',
): Promise<boolean> {
  const message =
    (error instanceof Error ? `${error.name}: ${error.message}` : String(error ?? 'Unknown error'))
      .trim()
      .slice(0, 2000) || 'Unknown error';
  if (sent.has(message)) return false;
  sent.add(message);
  const report: ClientErrorReport = {
    message,
    stack: error instanceof Error && error.stack ? error.stack.slice(0, 8000) : null,
    url: `${window.location.pathname}${window.location.search}`.slice(0, 2000),
    source,
  };
  const analyticsId = import.meta.env.VITE_ANALYTICS_ID;
  const gtag = (window as unknown as { gtag?: Gtag }).gtag;
  if (analyticsId && typeof gtag === 'function') {
    gtag('event', 'exception', { description: message.slice(0, 150), fatal: true });
  }
  try {
    const res = await fetch('/api/client-errors', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(report),
      keepalive: true,
      credentials: 'same-origin',
    });
    return res.ok;
  } catch {
    return false;
  }
}
