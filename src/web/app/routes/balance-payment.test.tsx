// @vitest-environment jsdom
/**
 * /balance-payment/{token}: a captured balance the server refuses to complete (POST
 * /api/balance-payment/{token}/complete, "error body has message") toasts 'Payment
 * Failed' with the server's message (back-office spec sections 7 and 8).
 */
import type { BalancePaymentInfo } from '@shared/schemas/custom-orders';
import { act } from 'react-dom/test-utils';
import { createMemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderRoutes } from '@/test/app';
import { jsonResponse, TEST_PAYMENT_SETUP, unmount } from '@/test/dom';
import { waitForToast } from '@/test/toasts';
import { Component as BalancePaymentPage } from './balance-payment';

const TOKEN = 'a'.repeat(43);
const info: BalancePaymentInfo = {
  orderId: 9,
  quantity: 100,
  size: '1inch',
  plating: 'gold',
  designImageUrl: null,
  totalPrice: 525,
  depositAmount: 52.5,
  remainingBalance: 472.5,
  status: 'approved',
  paid: false,
  expiresAt: '2026-12-26T00:00:00.000Z',
};

let container: HTMLDivElement;
afterEach(async () => {
  await unmount(container);
  vi.unstubAllGlobals();
});

/** Renders the page at the test token with `answer` as the network; clicks 'Test payment'. */
async function payOnPage(answer: (url: string) => Response | Promise<Response>): Promise<void> {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => answer(url)),
  );
  container = document.createElement('div');
  document.body.append(container);
  const router = createMemoryRouter(
    [{ path: '/balance-payment/:token', element: <BalancePaymentPage /> }],
    { initialEntries: [`/balance-payment/${TOKEN}`] },
  );
  renderRoutes(container, router);
  let pay: HTMLButtonElement | undefined;
  for (let i = 0; i < 100 && !pay; i++) {
    pay = [...container.querySelectorAll('button')].find((b) => b.textContent === 'Test payment');
    if (!pay) await tick();
  }
  if (!pay) throw new Error(`no 'Test payment' button: ${container.textContent}`);
  await act(() => pay.click());
}

const tick = () => act(() => new Promise((resolve) => setTimeout(resolve, 10)));

/** Waits until the page reads 'Payment Complete!'. */
async function paymentComplete(): Promise<void> {
  for (let i = 0; i < 100 && !container.textContent?.includes('Payment Complete!'); i++)
    await tick();
  expect(container.textContent).toContain('Payment Complete!');
}

describe('balance payment refused after the capture', () => {
  it("toasts 'Payment Failed' with the server's message", async () => {
    await payOnPage((url) => {
      if (url === `/api/balance-payment/${TOKEN}`) return jsonResponse(200, info);
      if (url === '/paypal/setup') return jsonResponse(200, TEST_PAYMENT_SETUP);
      if (url === '/paypal/order') return jsonResponse(201, { id: 'PAY-1', amount: '472.50' });
      if (url === '/paypal/order/PAY-1/capture') return jsonResponse(200, { status: 'COMPLETED' });
      if (url === `/api/balance-payment/${TOKEN}/complete`)
        return jsonResponse(409, { message: 'The balance of this order has already been paid.' });
      return jsonResponse(404, { message: 'Not found' });
    });
    await waitForToast({
      title: 'Payment Failed',
      description: 'The balance of this order has already been paid.',
    });
  });
});

describe('balance paid in another tab meanwhile', () => {
  it("the refused payment reloads the link, which shows 'Payment Complete!'", async () => {
    let paidElsewhere = false;
    await payOnPage((url) => {
      if (url === `/api/balance-payment/${TOKEN}`)
        return jsonResponse(200, { ...info, paid: paidElsewhere, status: 'balance_paid' });
      if (url === '/paypal/setup') return jsonResponse(200, TEST_PAYMENT_SETUP);
      if (url === '/paypal/order') {
        paidElsewhere = true;
        return jsonResponse(409, { message: 'The balance of this order has already been paid.' });
      }
      return jsonResponse(404, { message: 'Not found' });
    });
    await waitForToast({
      title: 'Payment Error',
      description: 'The balance of this order has already been paid.',
    });
    await paymentComplete();
    expect(container.textContent).not.toContain('Test payment');
  });
});

describe('balance paid in another tab while this one captured', () => {
  it("a capture refused and refunded reloads the link, which shows 'Payment Complete!'", async () => {
    let paidElsewhere = false;
    await payOnPage((url) => {
      if (url === `/api/balance-payment/${TOKEN}`)
        return jsonResponse(200, { ...info, paid: paidElsewhere, status: 'balance_paid' });
      if (url === '/paypal/setup') return jsonResponse(200, TEST_PAYMENT_SETUP);
      if (url === '/paypal/order') return jsonResponse(201, { id: 'PAY-2', amount: '472.50' });
      if (url === '/paypal/order/PAY-2/capture') {
        paidElsewhere = true;
        return jsonResponse(200, {
          id: 'PAY-2',
          status: 'REFUNDED',
          message:
            'The balance of this order has already been paid. Your payment has been refunded.',
        });
      }
      return jsonResponse(404, { message: 'Not found' });
    });
    await paymentComplete();
  });
});
