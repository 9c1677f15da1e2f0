// @vitest-environment jsdom
/**
 * Admin 'Money & Mail' as an owner reads it (an owner audit of 2026-11-27): a payment says
 * what it paid for in words (a cart's reference is a browser session id), 'What happened'
 * shows the newest note (after a failed refund it says so, not that a refund was asked
 * for), a refund the provider did not make this time toasts as a failure, the empty
 * 'Payments without an order' list says just that, and a payment names who paid when
 * PayPal said so.
 */
import type { IncidentPayment, IncidentsOverview } from '@shared/schemas/incidents';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from 'preact';
import { act } from 'react-dom/test-utils';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { Toaster } from '@/components/ui/sonner';
import { installMatchMedia, jsonResponse, settle, unmount } from '@/test/dom';
import { waitForToast } from '@/test/toasts';
import { IncidentsSection } from './incidents-section';

const payment = (over: Partial<IncidentPayment>): IncidentPayment => ({
  id: 1,
  providerOrderId: 'PAYPAL-1',
  purpose: 'cart',
  reference: 'bd6f4a6d-25f8-475a-9ce1-5b7a1d0e2f3c',
  amount: 25.99,
  status: 'captured',
  captureId: 'CAP-1',
  failureReason: null,
  refundAttempts: 0,
  nextRefundAt: null,
  createdAt: '2026-11-27T10:00:00.000Z',
  updatedAt: '2026-11-27T10:00:00.000Z',
  notes: [],
  payer: null,
  ...over,
});

const overview = (over: Partial<IncidentsOverview>): IncidentsOverview => ({
  refundsOwed: [],
  capturesWithoutOrder: [],
  openIncidents: [],
  mail: [],
  mailSending: true,
  counts: {
    refundsOwed: over.refundsOwed?.length ?? 0,
    capturesWithoutOrder: over.capturesWithoutOrder?.length ?? 0,
    openIncidents: 0,
    heldMail: 0,
    failedMail: 0,
    needsHuman: (over.refundsOwed?.length ?? 0) + (over.capturesWithoutOrder?.length ?? 0),
  },
  ...over,
});

beforeAll(installMatchMedia);

let container: HTMLDivElement;
afterEach(async () => {
  await unmount(container);
  vi.unstubAllGlobals();
});

/** Renders the section; `fetch` answers the overview and the action `answer` gives. */
function renderSection(data: IncidentsOverview, answer?: (url: string) => Response) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) =>
      url === '/api/admin/incidents' ? jsonResponse(200, data) : answer!(String(url)),
    ),
  );
  container = document.createElement('div');
  document.body.append(container);
  act(() =>
    render(
      <QueryClientProvider client={new QueryClient()}>
        <IncidentsSection />
        <Toaster />
      </QueryClientProvider>,
      container,
    ),
  );
}

describe('Money & Mail', () => {
  it('names what each payment paid for and shows its newest note', async () => {
    renderSection(
      overview({
        refundsOwed: [
          payment({
            id: 2,
            providerOrderId: 'PAYPAL-2',
            status: 'refund_pending',
            purpose: 'invoice',
            reference: 'INV-100042',
            notes: [
              'Refund of capture CAP-2 requested.',
              'Automatic refund failed; it is retried.',
            ],
          }),
        ],
        capturesWithoutOrder: [payment({ notes: ['PayPal took this payment.'] })],
      }),
    );
    await settle(() => expect(container.textContent).toContain('PAYPAL-2'));
    const text = container.textContent ?? '';
    expect(text).toContain('Invoice INV-100042');
    expect(text).toContain('Catalogue cart');
    expect(text).not.toContain('bd6f4a6d');
    expect(text).toContain('Automatic refund failed; it is retried.');
    expect(text).not.toContain('Refund of capture CAP-2 requested.');
  });

  it("a refund the provider did not make toasts 'Refund Not Done'", async () => {
    renderSection(overview({ capturesWithoutOrder: [payment({})] }), () =>
      jsonResponse(200, {
        message: 'The payment provider did not refund it this time.',
        refunded: false,
      }),
    );
    await settle(() => expect(container.textContent).toContain('PAYPAL-1'));
    const refund = [...container.querySelectorAll('button')].find(
      (b) => b.textContent === 'Refund',
    )!;
    await act(() => refund.click());
    await waitForToast({
      title: 'Refund Not Done',
      description: 'The payment provider did not refund it this time.',
    });
  });

  it('names who paid for a payment without an order, as text, and nothing when unknown', async () => {
    renderSection(
      overview({
        capturesWithoutOrder: [
          payment({ payer: { name: 'Jane Doe', email: 'jane@example.com' } }),
          payment({
            id: 3,
            providerOrderId: 'PAYPAL-3',
            payer: { name: '<img src=x onerror=alert(1)>', email: null },
          }),
          payment({
            id: 4,
            providerOrderId: 'PAYPAL-4',
            payer: { name: null, email: 'o@example.com' },
          }),
          payment({ id: 5, providerOrderId: 'PAYPAL-5' }),
        ],
      }),
    );
    await settle(() => expect(container.textContent).toContain('PAYPAL-5'));
    const rowText = (id: string) =>
      container.querySelector(`[aria-label="Payment ${id}"]`)?.textContent ??
      [...container.querySelectorAll('tr, li')].find((r) => r.textContent?.includes(id))
        ?.textContent ??
      '';
    expect(rowText('PAYPAL-1')).toContain('Paid by Jane Doe (jane@example.com)');
    expect(rowText('PAYPAL-3')).toContain('Paid by <img src=x onerror=alert(1)>');
    expect(container.querySelector('img')).toBeNull();
    expect(rowText('PAYPAL-4')).toContain('Paid by o@example.com');
    expect(rowText('PAYPAL-5')).toContain('Catalogue cart');
    expect(rowText('PAYPAL-5')).not.toContain('Paid by');
  });

  it('an empty list of payments without an order says so', async () => {
    renderSection(overview({}));
    await settle(() => expect(container.textContent).toContain('No payments without an order.'));
  });
});
