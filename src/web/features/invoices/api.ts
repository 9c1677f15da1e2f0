/**
 * The public invoice calls (back-office spec "/pay-invoice/{invoiceNumber}"): the
 * invoice behind a pay link (GET /api/pay-invoice/{n}?key=) and its payment through the
 * one payment route with `purpose: 'invoice'` (the server sets the amount).
 */
import { centsToAmountString, dollarsToCents } from '@shared/money';
import type { PublicInvoice } from '@shared/schemas/invoices';
import { useQuery } from '@tanstack/react-query';
import { capturePaymentOrder, createPaymentOrder } from '@/features/checkout/api';
import { ApiRequestError, api } from '@/lib/api';

export const invoiceQueryKey = (invoiceNumber: string, key: string) =>
  ['/api/pay-invoice', invoiceNumber, key] as const;

/**
 * The invoice for a pay link; a 404 means 'Invalid Payment Link' (`invalid` true), a 410
 * an unpaid invoice whose link expired (`expired` true, also `invalid`).
 */
export function usePublicInvoice(invoiceNumber: string, key: string) {
  const q = useQuery({
    queryKey: invoiceQueryKey(invoiceNumber, key),
    queryFn: () =>
      api.get<PublicInvoice>(
        `/api/pay-invoice/${encodeURIComponent(invoiceNumber)}?key=${encodeURIComponent(key)}`,
      ),
  });
  const status = q.error instanceof ApiRequestError ? q.error.status : null;
  const expired = status === 410;
  return { ...q, invalid: status === 404 || expired, expired };
}

/** Creates the provider payment for an invoice; the server's amount must equal `amount` (dollars). */
export function createInvoicePayment(
  invoice: Pick<PublicInvoice, 'invoiceNumber' | 'amount'>,
  key: string,
  testOutcome?: 'approve' | 'decline',
) {
  return createPaymentOrder({
    purpose: 'invoice',
    invoiceNumber: invoice.invoiceNumber,
    invoiceKey: key,
    amount: centsToAmountString(dollarsToCents(invoice.amount)),
    ...(testOutcome ? { testOutcome } : {}),
  });
}

export { capturePaymentOrder };
