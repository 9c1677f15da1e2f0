/**
 * API answers the web client's jsdom tests render, typed by the shared schemas so a
 * changed contract breaks the tests that use them.
 */
import type { CustomOrder } from '@shared/schemas/custom-orders';

/** A paid custom order (100 gold 1-inch pins, $525, deposit $52.50); `over` replaces fields. */
export function customOrderFixture(over: Partial<CustomOrder> = {}): CustomOrder {
  return {
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
    ...over,
  };
}
