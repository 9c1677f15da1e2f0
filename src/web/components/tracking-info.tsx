/**
 * A catalogue order's tracking number with its carrier link (opens in a new tab; shown
 * only for http(s) URLs). Used by Track Order and the admin Regular Orders section.
 */
import { ExternalLink, Truck } from 'lucide-react';
import { safeHttpUrl } from '@/lib/safe-url';

export function TrackingInfo({
  trackingNumber,
  trackingUrl,
}: {
  trackingNumber: string | null;
  trackingUrl: string | null;
}) {
  if (!trackingNumber) return null;
  const href = safeHttpUrl(trackingUrl);
  return (
    <div className="bg-muted flex flex-wrap items-center gap-x-3 gap-y-1 rounded-md p-3 text-sm">
      <Truck aria-hidden="true" className="size-4" />
      <span>
        Tracking number: <span className="font-mono font-medium break-all">{trackingNumber}</span>
      </span>
      {href ? (
        <a
          href={href}
          target="_blank"
          rel="noopener noreferrer"
          className="text-primary inline-flex items-center gap-1 font-medium underline underline-offset-4"
        >
          Track shipment
          <ExternalLink aria-hidden="true" className="size-3" />
          <span className="sr-only">(opens in a new tab)</span>
        </a>
      ) : null}
    </div>
  );
}
