import { parseTrackOrderParams } from './timeline';

/**
 * The receipt page of catalogue order `orderId`: '/track-order/41/receipt', with a
 * guest's mailed-link key carried as Track Order receives it (`?key=`), when there is one.
 */
export function receiptPath(orderId: number, mailKey: string | null): string {
  const path = `/track-order/${orderId}/receipt`;
  return mailKey ? `${path}?key=${encodeURIComponent(mailKey)}` : path;
}

/**
 * The order and mailed-link key a receipt address names: `rawId` is the path's
 * `:orderId`, `params` its query. Both are checked as Track Order checks `?id=&key=`
 * (./timeline.ts `parseTrackOrderParams`): a malformed id gives `orderId` null (not found),
 * a malformed key is dropped (the server decides the rest).
 */
export function parseReceiptParams(
  rawId: string | undefined,
  params: URLSearchParams,
): { orderId: number | null; mailKey: string | null } {
  const parsed = parseTrackOrderParams(
    new URLSearchParams({ id: rawId ?? '', key: params.get('key') ?? '' }),
  );
  return { orderId: parsed.highlightId, mailKey: parsed.mailLink?.key ?? null };
}

/**
 * How the order was paid, read from the payment reference the order records
 * (`paymentIntentId`, the provider's order id): the offline test provider's ids begin
 * 'TEST-' (server/payments/test-provider.ts), every other id is PayPal's (the only other
 * provider, server/db/schema.ts `payments.provider`). Null when the order records no payment.
 */
export function paymentMethodOf(reference: string | null): string | null {
  if (!reference) return null;
  return reference.startsWith('TEST-') ? 'Test payment (no money moved)' : 'PayPal';
}
