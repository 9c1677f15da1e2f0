/**
 * API answers the web client's jsdom tests render, typed by the shared schemas so a
 * changed contract breaks the tests that use them.
 */
import type { CustomOrder } from '@shared/schemas/custom-orders';
import type { OrderConfirmation } from '@shared/schemas/orders';

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

/**
 * A paid catalogue order #41 still in processing, as GET /api/orders/{id}/confirmation
 * answers it (usable wherever an `Order` is, GET /api/orders' shape): two lines (250 Eagle
 * Flag Pins at $5.59, 7 Ball Markers at $5.04), no discount, stored subtotal $1,434.78,
 * shipping $5.99, total $1,440.77 (dollars, the server's figures), shipping to Austin.
 * Placed at noon UTC, so November 20, 2026 wherever the test runs. `over` replaces fields.
 */
export function orderFixture(over: Partial<OrderConfirmation> = {}): OrderConfirmation {
  return {
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
    createdAt: '2026-11-20T12:00:00.000Z',
    expectedShipDate: '2026-11-24',
    ...over,
  };
}
