// @vitest-environment jsdom
/**
 * A catalogue order's card on /track-order: what a wholesale buyer hands to their accounts
 * department: each line's total and where the order ships, besides the payment figures.
 */
import type { Order } from '@shared/schemas/orders';
import { render } from 'preact';
import { act } from 'react-dom/test-utils';
import { afterEach, describe, expect, it } from 'vitest';
import { unmount } from '@/test/dom';
import { OrderCard } from './order-card';

let container: HTMLDivElement | undefined;
afterEach(async () => {
  await unmount(container);
});

const order: Order = {
  id: 41,
  customerEmail: 'buyer@proshop.example',
  customerName: 'Pro Shop',
  shippingAddress: '1 Fairway Dr, Austin, TX 78701',
  subtotalAmount: 1434.78,
  discountCode: null,
  discountAmount: 0,
  shippingAmount: 5.99,
  totalAmount: 1440.77,
  paymentIntentId: 'TEST-41',
  paymentStatus: 'paid',
  status: 'processing',
  items: [
    { productId: 3, name: 'Eagle Flag Pin', quantity: 250, price: 5.59 },
    { productId: 4, name: 'Ball Marker', quantity: 7, price: 5.04 },
  ],
  trackingNumber: null,
  trackingUrl: null,
  createdAt: '2026-11-20T17:00:00.000Z',
};

function renderCard(shown: Order): string {
  container = document.createElement('div');
  document.body.append(container);
  act(() => render(<OrderCard order={shown} highlighted={false} />, container!));
  return container.textContent ?? '';
}

describe('OrderCard', () => {
  it("shows each line's total and where the order ships", () => {
    const text = renderCard(order);
    expect(text).toContain('$5.59 each$1,397.50');
    expect(text).toContain('$5.04 each$35.28');
    expect(text).toContain('Ships to1 Fairway Dr, Austin, TX 78701');
  });

  it('says nothing about shipping when the order has no address', () => {
    expect(renderCard({ ...order, shippingAddress: null })).not.toContain('Ships to');
  });
});
