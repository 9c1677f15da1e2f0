// @vitest-environment jsdom
/**
 * The custom order's deposit checkout never strands the buyer (an audit of 2026-11-27):
 * a wizard order offers 'Edit Order' (back to /custom, whose saved progress is kept until
 * the deposit is placed); a deposit refused before payment (rush fully booked, the code
 * no longer valid) keeps the server's reason on the page with that way back, focused; a
 * placed deposit clears the wizard's saved progress (also when the order is found placed
 * later); a deposit paid but not yet placed offers no way back (it would be paid twice).
 * An order from a quote has no wizard to go back to.
 */
import { CUSTOM_MESSAGES, type PreparedCustomOrder } from '@shared/schemas/custom-orders';
import { act } from 'react-dom/test-utils';
import { createMemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { encodeOrderData } from '@/features/custom-order/order-data';
import { INITIAL_WIZARD, PROGRESS_KEY, progressToSave } from '@/features/custom-order/wizard-state';
import { renderRoutes } from '@/test/app';
import { installMatchMedia, jsonResponse, settle, TEST_PAYMENT_SETUP, unmount } from '@/test/dom';
import { waitForToast } from '@/test/toasts';
import { CustomOrderCheckout } from './custom-checkout';

beforeAll(installMatchMedia);

const PREPARED: PreparedCustomOrder = {
  preparedOrderId: 'prep_rush_1',
  source: 'wizard',
  expiresAt: new Date(Date.now() + 60 * 60 * 1000).toISOString(),
  paid: false,
  customOrderId: null,
  unsettledDepositPaymentId: null,
  quantity: 300,
  size: '1inch',
  plating: 'gold',
  packaging: ['backing-cards'],
  rushOrder: true,
  rushOrderFee: 100,
  pricePerPin: 4.5,
  discountCode: null,
  discountAmount: 0,
  totalPrice: 1450,
  depositAmount: 145,
  remainingBalance: 1305,
  customerName: 'Pat Green',
  customerEmail: 'pat@example.com',
  customerPhone: null,
  notes: null,
  logoUrl: '/api/files/abc',
  logoFileName: 'crest.png',
  pinDesigns: [],
  estimatedDelivery: null,
  quoteRequestId: null,
};

/** The wizard's progress as 'Pay Deposit' left it (review step, details filled in). */
const SAVED = progressToSave(
  { ...INITIAL_WIZARD, currentStep: 5, quantity: 300, customerName: 'Pat Green' },
  Date.now(),
);

let container: HTMLDivElement | undefined;
afterEach(async () => {
  await unmount(container);
  container = undefined;
  localStorage.clear();
  sessionStorage.clear();
  vi.unstubAllGlobals();
});

const root = () => container as HTMLDivElement;
const tick = () => act(() => new Promise((resolve) => setTimeout(resolve, 10)));

/** The visible links named `name`. */
const links = (name: string) =>
  [...root().querySelectorAll('a')].filter((a) => a.textContent?.trim() === name);

/** A `<button>` of the page by its text; throws when none. */
function buttonNamed(name: string): HTMLButtonElement {
  const found = [...root().querySelectorAll('button')].find((b) => b.textContent === name);
  if (!found) throw new Error(`no button ${name}: ${root().textContent}`);
  return found;
}

/**
 * Opens /checkout for `order` with `answer` as the rest of the network, the wizard's
 * progress saved, and waits for the customer info form.
 */
async function openCheckout(
  order: PreparedCustomOrder,
  answer: (url: string, init?: RequestInit) => Response | undefined = () => undefined,
  ready = 'Custom Pin Order',
): Promise<void> {
  localStorage.setItem(PROGRESS_KEY, SAVED);
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const answered = answer(url, init);
      if (answered) return answered;
      if (url === `/api/custom-orders/prepared/${order.preparedOrderId}`)
        return jsonResponse(200, order);
      if (url === '/api/auth/user') return jsonResponse(200, null);
      if (url === '/paypal/setup') return jsonResponse(200, TEST_PAYMENT_SETUP);
      return jsonResponse(404, { message: 'Not found' });
    }),
  );
  container = document.createElement('div');
  document.body.append(container);
  const orderData = encodeURIComponent(encodeOrderData(order));
  const router = createMemoryRouter(
    [
      { path: '/checkout', element: <CustomOrderCheckout /> },
      { path: '/custom', element: <p>Wizard page</p> },
      { path: '/track-order', element: <p>Track Order page</p> },
    ],
    { initialEntries: [`/checkout?orderData=${orderData}`] },
  );
  renderRoutes(container, router);
  await settle(() => expect(root().textContent).toContain(ready));
}

/** Types `value` into the field labelled `label` (its label reads `${label}*`). */
function fill(label: string, value: string): void {
  const id = [...root().querySelectorAll('label')]
    .find((l) => l.textContent === `${label}*`)
    ?.getAttribute('for');
  const input = root().querySelector<HTMLInputElement>(`[id="${id}"]`);
  if (!input) throw new Error(`no field ${label}`);
  input.value = value;
  input.dispatchEvent(new Event('input', { bubbles: true }));
}

/** Fills the shipping address, continues to payment and presses 'Test payment'. */
async function payDeposit(): Promise<void> {
  await settle(() => fill('Address', '1 Fairway Drive'));
  fill('City', 'Carmel');
  fill('State', 'CA');
  fill('ZIP Code', '93923');
  await act(() => buttonNamed('Continue to Payment').click());
  await settle(() => expect(buttonNamed('Test payment')).toBeTruthy());
  await act(() => buttonNamed('Test payment').click());
}

describe('the deposit checkout of a wizard order', () => {
  it("offers 'Edit Order', back to the wizard", async () => {
    await openCheckout(PREPARED);
    const [edit] = links('Edit Order');
    expect(edit?.getAttribute('href')).toBe('/custom');
    await act(() => edit!.click());
    await settle(() => expect(root().textContent).toContain('Wizard page'));
    // The progress it restores is still saved.
    expect(localStorage.getItem(PROGRESS_KEY)).toBe(SAVED);
  });

  it('a deposit refused for a fully booked rush keeps the reason with the way back, focused', async () => {
    await openCheckout(PREPARED, (url) =>
      url === '/paypal/order'
        ? jsonResponse(409, { message: CUSTOM_MESSAGES.rushFull })
        : undefined,
    );
    await payDeposit();
    await waitForToast({ title: 'Payment Error', description: CUSTOM_MESSAGES.rushFull });
    const box = () => root().querySelector<HTMLElement>('[data-testid="deposit-refused"]');
    await settle(() => expect(box()?.textContent).toContain(CUSTOM_MESSAGES.rushFull));
    // Not only a toast: the buyer's focus is on it, and its 'Edit Order' is the next Tab.
    await settle(() => expect(document.activeElement).toBe(box()));
    const edit = box()!.querySelector('a');
    expect(edit?.textContent).toBe('Edit Order');
    expect(edit?.getAttribute('href')).toBe('/custom');
    expect(localStorage.getItem(PROGRESS_KEY)).toBe(SAVED);
    await act(() => edit!.click());
    await settle(() => expect(root().textContent).toContain('Wizard page'));
  });

  it('a code used up meanwhile says so on the page, with the way back', async () => {
    await openCheckout({ ...PREPARED, discountCode: 'ONCE', discountAmount: 50 }, (url) =>
      url === '/paypal/order'
        ? jsonResponse(409, { message: 'This discount code is not valid' })
        : undefined,
    );
    await payDeposit();
    const box = () => root().querySelector<HTMLElement>('[data-testid="deposit-refused"]');
    await settle(() => expect(box()?.textContent).toContain('This discount code is not valid'));
    expect(box()!.querySelector('a')?.getAttribute('href')).toBe('/custom');
  });

  it("a placed deposit clears the wizard's saved progress", async () => {
    await openCheckout(PREPARED, (url) => {
      if (url === '/paypal/order') return jsonResponse(201, { id: 'PAY-1', amount: '145.00' });
      if (url === '/paypal/order/PAY-1/capture') return jsonResponse(200, { status: 'COMPLETED' });
      if (url === '/api/custom-orders') return jsonResponse(201, { id: 41, order: {} });
      return undefined;
    });
    await payDeposit();
    await settle(() => expect(root().textContent).toContain('Track Order page'));
    expect(localStorage.getItem(PROGRESS_KEY)).toBeNull();
  });
});

describe('a wizard order whose deposit is already paid', () => {
  it("paid but not yet placed ('Complete Order'): no 'Edit Order', so it is not paid twice", async () => {
    await openCheckout({ ...PREPARED, unsettledDepositPaymentId: 'PAY-9' });
    expect(links('Edit Order')).toEqual([]);
    expect(root().textContent).not.toContain('Need a change?');
  });

  it('placed (its tab closed before the progress was cleared): the wizard starts afresh', async () => {
    await openCheckout(
      { ...PREPARED, paid: true, customOrderId: 41 },
      () => undefined,
      'Your deposit is paid',
    );
    await settle(() => expect(localStorage.getItem(PROGRESS_KEY)).toBeNull());
  });
});

describe('the deposit checkout of an order from a quote', () => {
  it("has no 'Edit Order' and leaves the wizard's progress alone", async () => {
    await openCheckout(
      { ...PREPARED, source: 'quote', rushOrder: false, rushOrderFee: 0 },
      (url) => {
        if (url === '/paypal/order') return jsonResponse(201, { id: 'PAY-2', amount: '145.00' });
        if (url === '/paypal/order/PAY-2/capture')
          return jsonResponse(200, { status: 'COMPLETED' });
        if (url === '/api/custom-orders') return jsonResponse(201, { id: 42, order: {} });
        return undefined;
      },
    );
    expect(links('Edit Order')).toEqual([]);
    await payDeposit();
    await settle(() => expect(root().textContent).toContain('Track Order page'));
    await tick();
    expect(localStorage.getItem(PROGRESS_KEY)).toBe(SAVED);
  });
});
