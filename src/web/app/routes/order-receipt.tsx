/**
 * /track-order/{orderId}/receipt[?key=] : a catalogue order's receipt as a printable page
 * (docs/decisions.md "A printable receipt for catalogue orders (2026-11-27)"), built as the
 * invoice's print page is (./pay-invoice-print.tsx): the browser's Print (or Save as PDF)
 * prints just the document; the site header, footer, the Print button and the way back
 * are hidden in print. The order is read as Track Order reads it (GET
 * /api/orders/{id}/confirmation: the owner, an admin, the browser that placed it signed
 * out, or a guest's mailed link, whose `key` comes along as Track Order receives it);
 * anyone else gets 'Receipt not found', with Sign In when signed out.
 */
import { ArrowLeft, Printer } from 'lucide-react';
import { useEffect } from 'react';
import { Link, useLocation, useParams, useSearchParams } from 'react-router';
import { DocumentTitle } from '@/components/layout/document-title';
import { PageMain } from '@/components/layout/page-main';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { store } from '@/config/store';
import { useUser } from '@/features/auth/api';
import { useOrderConfirmation } from '@/features/orders/api';
import { ReceiptDocument } from '@/features/orders/components/receipt-document';
import { parseReceiptParams } from '@/features/orders/receipt';

export function Component() {
  const { orderId: rawId } = useParams();
  const [params] = useSearchParams();
  const { orderId, mailKey } = parseReceiptParams(rawId, params);
  const receipt = useOrderConfirmation(orderId, mailKey);
  const { user, isLoading: userLoading } = useUser();
  useEffect(() => {
    document.body.classList.add('print-document');
    return () => document.body.classList.remove('print-document');
  }, []);
  const order = receipt.data ?? null;
  const title =
    orderId === null || (!receipt.isLoading && !receipt.isError && !order)
      ? 'Receipt Not Found'
      : `Receipt for order #${orderId}`;
  // Where the order is on Track Order: the mailed link's view, or the signed-in list
  // with the order highlighted; a signed-out browser without a key has no list to go to.
  const back = mailKey
    ? `/track-order?id=${orderId}&type=regular&key=${encodeURIComponent(mailKey)}`
    : user
      ? `/track-order?id=${orderId}&type=regular`
      : null;
  return (
    // Fills the screen, not the printed page (print:min-h-0); the printed page's own
    // margins are its only margins (print:p-0), so the document fits A4 and Letter.
    <PageMain
      fillScreen
      className="mx-auto w-full max-w-3xl px-4 py-8 sm:px-6 print:min-h-0 print:max-w-none print:p-0"
    >
      <DocumentTitle>{`${title} | ${store.name}`}</DocumentTitle>
      {orderId !== null && receipt.isLoading ? (
        <div role="status" aria-label="Loading the receipt">
          <Skeleton className="h-64 w-full" />
        </div>
      ) : receipt.isError ? (
        <Card className="max-w-xl">
          <CardContent className="space-y-3">
            <h1 className="text-xl font-semibold">{title}</h1>
            <p role="alert">We could not load this receipt. Please try again.</p>
            <Button
              type="button"
              variant="outline"
              pending={receipt.isFetching}
              onClick={() => void receipt.refetch()}
            >
              Try Again
            </Button>
          </CardContent>
        </Card>
      ) : order ? (
        <div className="space-y-6">
          <h1 className="sr-only">{title}</h1>
          <div className="flex flex-wrap items-center justify-between gap-2 print:hidden">
            {back ? (
              <Button asChild variant="outline">
                <Link to={back}>
                  <ArrowLeft aria-hidden="true" />
                  Back to the order
                </Link>
              </Button>
            ) : (
              <span />
            )}
            <Button type="button" onClick={() => window.print()}>
              <Printer aria-hidden="true" />
              Print
            </Button>
          </div>
          <ReceiptDocument order={order} />
        </div>
      ) : (
        <ReceiptNotFound signedIn={user !== null} waiting={userLoading} />
      )}
    </PageMain>
  );
}

/**
 * No order to show (an unknown number, another account's order, an expired link): says
 * so under the page's heading and offers the way in, Sign In coming back here, or the
 * buyer's own orders.
 */
function ReceiptNotFound({ signedIn, waiting }: { signedIn: boolean; waiting: boolean }) {
  const location = useLocation();
  const next = encodeURIComponent(location.pathname + location.search);
  return (
    <Card className="max-w-xl">
      <CardContent className="space-y-3">
        <h1 className="text-xl font-semibold">Receipt Not Found</h1>
        <p>
          {signedIn
            ? 'This order is not one of yours, or it does not exist.'
            : 'Sign in to see the receipts of your orders, or open the link in your order e-mail again.'}
        </p>
        {waiting ? null : signedIn ? (
          <Button asChild variant="outline">
            <Link to="/track-order?type=regular">See your orders</Link>
          </Button>
        ) : (
          <Button asChild>
            <Link to={`/login?next=${next}`}>Sign In</Link>
          </Button>
        )}
      </CardContent>
    </Card>
  );
}
