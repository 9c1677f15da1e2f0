// @vitest-environment jsdom
/**
 * Admin 'Manual Invoices': an unpaid invoice whose pay link has expired (DECISIONS.md:
 * payment links expire; the server leaves `payUrl` out) offers no 'Copy Pay Link' and says
 * on which store day the link expired (the server's `linkExpiresDay`, not the browser's
 * reading of `linkExpiresAt`); a working one keeps 'Copy Pay Link'. The new invoice's due
 * date starts at the shop's today (GET /api/calendar) + 30 days, not the browser's. An
 * amount typed as '$1,250.50' is sent as 1250.5; a garbled one is named as such. Without
 * outgoing mail (the answer's `sending` false) the toast reads 'Invoice Saved' and says the
 * e-mail waits for SMTP, not that it was e-mailed (an admin audit of 2026-11-27).
 */
import type { AdminInvoice } from '@shared/schemas/invoices';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from 'preact';
import { act } from 'react-dom/test-utils';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { Toaster } from '@/components/ui/sonner';
import { installMatchMedia, jsonResponse, settle, unmount } from '@/test/dom';
import { waitForToast } from '@/test/toasts';
import { InvoicesSection } from './invoices-section';

const invoice = (
  n: number,
  payUrl: string | null,
  linkExpiresAt: string,
  linkExpiresDay: string,
): AdminInvoice => ({
  id: n,
  invoiceNumber: `INV-${1000 + n}`,
  customerName: 'Pat Green',
  customerEmail: 'pat@example.com',
  customerCompany: null,
  customerAddress: null,
  description: 'Club pins',
  amount: 40,
  items: [{ description: 'Club pins', quantity: 1, unitPrice: 40 }],
  subtotal: 40,
  tax: 0,
  total: 40,
  dueDate: '2026-09-01T00:00:00.000Z',
  terms: 'Net 30',
  notes: null,
  status: 'pending',
  payUrl,
  printUrl: payUrl ? `/pay-invoice/INV-${1000 + n}/print?key=k` : null,
  linkExpiresAt,
  linkExpiresDay,
  sentAt: '2026-08-01T00:00:00.000Z',
  paidAt: null,
  createdAt: '2026-08-01T00:00:00.000Z',
  issuedDay: '2026-07-31',
  paidDay: null,
});

beforeAll(installMatchMedia);

let container: HTMLDivElement;
afterEach(async () => {
  await unmount(container);
  document.body.innerHTML = '';
  vi.unstubAllGlobals();
});

/**
 * Types `values` (field name -> text) into the section's 'Create invoice' form, once it is
 * there, as a user does (input and change events); returns the form.
 */
async function fillInvoiceForm(values: Record<string, string>): Promise<HTMLFormElement> {
  const form = await vi.waitFor(
    () => container.querySelector<HTMLFormElement>('form[aria-label="Create invoice"]')!,
  );
  await act(() => {
    for (const [name, value] of Object.entries(values)) {
      const input = form.querySelector<HTMLInputElement>(`[name="${name}"]`)!;
      input.value = value;
      input.dispatchEvent(new Event('input', { bubbles: true }));
      input.dispatchEvent(new Event('change', { bubbles: true }));
    }
  });
  return form;
}

/** Renders the section with `fetch` answered by `answer` (the network is all it replaces). */
function renderSection(answer: (url: string, init?: RequestInit) => Response) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => answer(String(url), init)),
  );
  container = document.createElement('div');
  document.body.append(container);
  act(() =>
    render(
      <QueryClientProvider client={new QueryClient()}>
        <InvoicesSection />
        <Toaster />
      </QueryClientProvider>,
      container,
    ),
  );
}

describe('manual invoice pay links', () => {
  it("an expired link: no 'Copy Pay Link', 'Pay link expired {date}' instead", async () => {
    const list = [
      // Expired at the end of 1 October in San Diego (7 am on the 2nd in UTC, this test's
      // zone): the admin reads the store's day, not the browser's.
      invoice(1, null, '2026-10-02T06:59:59.999Z', '2026-10-01'),
      invoice(
        2,
        'http://shop.test/pay-invoice/INV-1002?key=k',
        '2027-01-01T07:59:59.999Z',
        '2026-12-31',
      ),
    ];
    renderSection(() => jsonResponse(200, list));
    await settle(() => expect(container.textContent).toContain('INV-1001'));
    const copy = [...container.querySelectorAll('button')]
      .map((b) => b.textContent?.trim() ?? '')
      .filter((text) => text.startsWith('Copy Pay Link'));
    expect(copy).toEqual(['Copy Pay Link of INV-1002']);
    expect(container.textContent).toContain('Pay link expired October 1, 2026');
  });

  it('a paid invoice keeps its Print link (the admin can still print it)', async () => {
    const paid: AdminInvoice = {
      ...invoice(3, null, '2026-10-02T06:59:59.999Z', '2026-10-01'),
      status: 'paid',
      linkExpiresAt: null,
      linkExpiresDay: null,
      paidAt: '2026-08-02T00:00:00.000Z',
      paidDay: '2026-08-01',
      printUrl: '/pay-invoice/INV-1003/print?key=k3',
    };
    renderSection(() => jsonResponse(200, [paid]));
    await settle(() => expect(container.textContent).toContain('INV-1003'));
    const print = [...container.querySelectorAll('a')].find((a) =>
      a.textContent?.startsWith('Print'),
    );
    expect(print?.getAttribute('href')).toBe('/pay-invoice/INV-1003/print?key=k3');
  });

  it("an amount typed with '$' and grouping is sent as dollars; a garbled one is named, not 'required'", async () => {
    const posted: Record<string, unknown>[] = [];
    renderSection((_url, init) => {
      if (init?.method === 'POST') {
        posted.push(JSON.parse(String(init.body)));
        return jsonResponse(201, invoice(9, null, '2031-04-01T06:59:59.999Z', '2031-03-31'));
      }
      return jsonResponse(200, []);
    });
    const form = await fillInvoiceForm({
      customerName: 'Pat Green',
      customerEmail: 'pat@example.com',
      amount: '1,25',
    });
    await act(() => form.requestSubmit());
    await settle(() =>
      expect(form.textContent).toContain('Amount must be a number, such as 1250.50'),
    );
    expect(posted).toHaveLength(0);
    await fillInvoiceForm({ amount: '$1,250.50' });
    await act(() => form.requestSubmit());
    await settle(() => expect(posted).toHaveLength(1));
    expect(posted[0]).toMatchObject({ amount: 1250.5, customerName: 'Pat Green' });
  });

  it("a new invoice is due 30 days after the shop's today, not the browser's", async () => {
    renderSection((url) =>
      url.endsWith('/api/calendar')
        ? jsonResponse(200, { today: '2031-01-30', timeZone: 'America/Los_Angeles' })
        : jsonResponse(200, []),
    );
    await settle(() =>
      expect(container.querySelector<HTMLInputElement>('input[type="date"]')?.value).toBe(
        '2031-03-01',
      ),
    );
  });
});

describe("the sent invoice's toast says where the e-mail is", () => {
  /** Fills the form, sends it, answered 201 with INV-1009 and `sending`. */
  async function sendAnswered(sending: boolean): Promise<void> {
    renderSection((_url, init) =>
      init?.method === 'POST'
        ? jsonResponse(201, {
            ...invoice(
              9,
              'http://shop.test/pay-invoice/INV-1009?key=k',
              '2031-04-01T06:59:59.999Z',
              '2031-03-31',
            ),
            amount: 120,
            sending,
          })
        : jsonResponse(200, []),
    );
    const form = await fillInvoiceForm({
      customerName: 'Pat Green',
      customerEmail: 'pat@example.com',
      amount: '120',
      description: 'Club pins',
    });
    await act(() => form.requestSubmit());
  }

  it('without outgoing mail (SMTP): the e-mail waits, it was not e-mailed', async () => {
    await sendAnswered(false);
    await waitForToast({
      title: 'Invoice Saved',
      description:
        'Invoice INV-1009 for $120.00 is saved; its e-mail to pat@example.com waits until outgoing mail (SMTP) is configured.',
    });
  });

  it('with outgoing mail: e-mailed to the customer', async () => {
    await sendAnswered(true);
    await waitForToast({
      title: 'Invoice Sent',
      description: 'Invoice INV-1009 for $120.00 was e-mailed to pat@example.com.',
    });
  });
});
