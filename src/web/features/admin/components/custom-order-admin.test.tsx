// @vitest-environment jsdom
/**
 * Order History's custom order (back-office spec section 2): the card's actions include
 * 'Export' and the detail dialog's 'Export Order' (the order's CSV; the printable page
 * sits beside it).
 */
import type { CustomOrder } from '@shared/schemas/custom-orders';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from 'preact';
import { act } from 'react-dom/test-utils';
import { afterEach, describe, expect, it } from 'vitest';
import { unmount } from '@/test/dom';
import { CustomOrderAdminCard } from './custom-order-admin';

const order: CustomOrder = {
  id: 12,
  userId: null,
  depositPaymentId: 'TEST-deposit',
  balancePaymentId: null,
  quantity: 100,
  size: '1inch',
  plating: 'gold',
  packaging: ['just-pins'],
  rushOrder: false,
  rushOrderFee: 0,
  pricePerPin: 5.25,
  discountCode: null,
  discountAmount: 0,
  totalPrice: 525,
  depositAmount: 52.5,
  remainingBalance: 472.5,
  customerName: 'Pat Green',
  customerEmail: 'pat@example.com',
  customerPhone: null,
  notes: null,
  logoUrl: null,
  logoFileName: null,
  pinDesigns: [],
  estimatedDelivery: null,
  quoteRequestId: null,
  depositPaid: 52.5,
  balancePaid: 0,
  balanceDue: 472.5,
  shippingAddress: null,
  status: 'approved',
  balancePaymentToken: null,
  balanceTokenExpiresAt: null,
  createdAt: '2026-11-20T10:00:00.000Z',
};

let container: HTMLDivElement;
afterEach(async () => {
  await unmount(container);
});

const links = (root: ParentNode) =>
  [...root.querySelectorAll('a')].map((a) => [a.textContent?.trim(), a.getAttribute('href')]);

describe('custom order export actions', () => {
  it("offers 'Export' on the card and 'Export Order' in the detail dialog, both the order's CSV", async () => {
    container = document.createElement('div');
    document.body.append(container);
    act(() =>
      render(
        <QueryClientProvider client={new QueryClient()}>
          <CustomOrderAdminCard order={order} />
        </QueryClientProvider>,
        container,
      ),
    );
    const csv = '/api/custom-orders/12/export?format=csv';
    expect(links(container)).toContainEqual(['Export', csv]);
    const details = [...container.querySelectorAll('button')].find(
      (b) => b.textContent?.trim() === 'View Details',
    )!;
    await act(() => details.click());
    // The dialog is portalled to <body> (Radix), outside the container.
    const dialog = document.body.querySelector('[role="dialog"]')!;
    expect(dialog).not.toBeNull();
    expect(links(dialog)).toContainEqual(['Export Order', csv]);
  });
});
