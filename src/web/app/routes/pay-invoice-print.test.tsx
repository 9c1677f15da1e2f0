// @vitest-environment jsdom
/**
 * The invoice document on /pay-invoice/{n}/print and /pay-invoice/{n} (one component, the
 * one GET /api/pay-invoice answer): 'Issued' and 'Paid in full on' are the store days the
 * server names (`issuedDay`, `paidDay`; docs/decisions.md issue 8 entry 15), not the UTC
 * day or the reader's day of `sentAt` / `createdAt` / `paidAt`; 'Due' is the stored day.
 */
import type { PublicInvoice } from '@shared/schemas/invoices';
import { createMemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderRoutes } from '@/test/app';
import { jsonResponse, settle, TEST_PAYMENT_SETUP, unmount, withTimeZone } from '@/test/dom';
import { Component as PayInvoicePage } from './pay-invoice';
import { Component as PrintInvoicePage } from './pay-invoice-print';

const KEY = 'k'.repeat(43);
// Sent at 5:30 pm on 25 November in San Diego: the 26th in UTC and in Tokyo (see TZ).
const pending: PublicInvoice = {
  invoiceNumber: 'INV-100042',
  customerName: 'Pat Green',
  customerCompany: null,
  customerAddress: null,
  description: 'Club pins',
  amount: 40,
  items: [{ description: 'Club pins', quantity: 1, unitPrice: 40 }],
  subtotal: 40,
  tax: 0,
  total: 40,
  dueDate: '2026-12-25T00:00:00.000Z',
  terms: 'Net 30',
  notes: null,
  status: 'pending',
  paidAt: null,
  createdAt: '2026-11-26T01:30:00.000Z',
  issuedDay: '2026-11-25',
  paidDay: null,
};
// Paid at 10:15 pm on 1 December in San Diego (6:15 am on the 2nd in UTC).
const paid: PublicInvoice = {
  ...pending,
  status: 'paid',
  paidAt: '2026-12-02T06:15:00.000Z',
  paidDay: '2026-12-01',
};

// A reader east of the shop and of UTC: neither their day nor UTC's may show.
withTimeZone('Asia/Tokyo');

let container: HTMLDivElement;
afterEach(async () => {
  await unmount(container);
  vi.unstubAllGlobals();
});

function mount(path: string, invoice: PublicInvoice) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      if (url === `/api/pay-invoice/${invoice.invoiceNumber}?key=${KEY}`)
        return jsonResponse(200, invoice);
      if (url === '/paypal/setup') return jsonResponse(200, TEST_PAYMENT_SETUP);
      return jsonResponse(404, { message: 'Not found' });
    }),
  );
  container = document.createElement('div');
  document.body.append(container);
  const router = createMemoryRouter(
    [
      { path: '/pay-invoice/:invoiceNumber', element: <PayInvoicePage /> },
      { path: '/pay-invoice/:invoiceNumber/print', element: <PrintInvoicePage /> },
    ],
    { initialEntries: [path] },
  );
  renderRoutes(container, router);
}

const documentText = () =>
  container.querySelector(`article[aria-label="Invoice ${pending.invoiceNumber}"]`)?.textContent ??
  '';

describe('the invoice document names the store days', () => {
  it('the printable page of a paid invoice: issued and paid on the days in San Diego', async () => {
    expect(new Date(paid.paidAt!).getDate(), "the reader's own day").toBe(2);
    mount(`/pay-invoice/${paid.invoiceNumber}/print?key=${KEY}`, paid);
    await settle(() => expect(documentText()).toContain('Paid in full'));
    const text = documentText();
    expect(text).toContain('Issued November 25, 2026');
    expect(text).toContain('Due December 25, 2026');
    expect(text).toContain('Paid in full on December 1, 2026.');
    expect(text).not.toContain('November 26');
    expect(text).not.toContain('December 2,');
  });

  it('the pay page of an unpaid invoice: the same document, issued on the day in San Diego', async () => {
    mount(`/pay-invoice/${pending.invoiceNumber}?key=${KEY}`, pending);
    await settle(() => expect(documentText()).toContain('Status: unpaid.'));
    const text = documentText();
    expect(text).toContain('Issued November 25, 2026');
    expect(text).toContain('Due December 25, 2026');
    expect(text).not.toContain('November 26');
  });
});
