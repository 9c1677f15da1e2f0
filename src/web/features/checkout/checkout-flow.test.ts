import { SHIPPING_ADDRESS_MESSAGE } from '@shared/schemas/checkout';
import { describe, expect, it, vi } from 'vitest';
import {
  completeApprovedPayment,
  isCustomOrderCheckout,
  joinShippingAddress,
  outcomeEffects,
  PAYMENT_TEXTS,
  type PaymentCalls,
  placeOrderForPayment,
  toCustomerFieldErrors,
  trackOrderUrl,
} from './checkout-flow';

class FakeApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly fieldErrors: Record<string, string> = {},
  ) {
    super(message);
  }
}

const customer = {
  name: ' Ada Lovelace ',
  email: ' ada@example.com ',
  address: '12 Main St',
  city: 'Springfield',
  state: 'IL',
  zipCode: '62701',
};

function calls(overrides: Partial<PaymentCalls> = {}): PaymentCalls {
  return {
    capture: vi.fn(async () => ({ status: 'COMPLETED' })),
    createOrder: vi.fn(async () => ({ order: { id: 42 } })),
    ...overrides,
  };
}

describe('joinShippingAddress', () => {
  it('joins street, city, state and ZIP into one line', () => {
    expect(joinShippingAddress(customer)).toBe('12 Main St, Springfield, IL 62701');
  });
  it('trims parts and leaves empty ones out', () => {
    expect(joinShippingAddress({ address: ' 1 Elm ', city: ' ', state: 'CA', zipCode: '' })).toBe(
      '1 Elm, CA',
    );
    expect(joinShippingAddress({ address: '', city: '', state: '', zipCode: '' })).toBeNull();
  });
  it('names Canada, with its postal code upper case and spaced; a US address as before', () => {
    expect(
      joinShippingAddress({
        address: '12 Rue Principale',
        city: 'Granby',
        state: 'QC',
        zipCode: ' j3b1a1 ',
        country: 'CA',
      }),
    ).toBe('12 Rue Principale, Granby, QC J3B 1A1, Canada');
    expect(joinShippingAddress({ ...customer, zipCode: '62701-1234', country: 'US' })).toBe(
      '12 Main St, Springfield, IL 62701-1234',
    );
  });
});

describe('completeApprovedPayment', () => {
  it('creates the order only after a COMPLETED capture, with trimmed customer data', async () => {
    const c = calls();
    await expect(completeApprovedPayment('PAY-1', customer, c)).resolves.toEqual({
      kind: 'placed',
      orderId: 42,
    });
    expect(c.capture).toHaveBeenCalledWith('PAY-1');
    expect(c.createOrder).toHaveBeenCalledWith({
      paypalOrderId: 'PAY-1',
      customerEmail: 'ada@example.com',
      customerName: 'Ada Lovelace',
      shippingAddress: '12 Main St, Springfield, IL 62701',
    });
  });

  it('places no order when the capture is not COMPLETED', async () => {
    for (const status of ['DECLINED', 'PENDING', 'VOIDED']) {
      const c = calls({ capture: vi.fn(async () => ({ status })) });
      await expect(completeApprovedPayment('PAY-1', customer, c)).resolves.toEqual({
        kind: 'not-completed',
        message: null,
      });
      expect(c.createOrder).not.toHaveBeenCalled();
    }
    const withReason = calls({
      capture: vi.fn(async () => ({ status: 'DECLINED', message: 'The card was declined.' })),
    });
    await expect(completeApprovedPayment('PAY-1', customer, withReason)).resolves.toEqual({
      kind: 'not-completed',
      message: 'The card was declined.',
    });
  });

  it('reports a failed capture with the server message for 4xx, none for 5xx or network errors', async () => {
    const declined = calls({
      capture: vi.fn(async () => {
        throw new FakeApiError(409, 'This payment was already used.');
      }),
    });
    await expect(completeApprovedPayment('P', customer, declined)).resolves.toEqual({
      kind: 'payment-failed',
      message: 'This payment was already used.',
    });
    expect(declined.createOrder).not.toHaveBeenCalled();

    const broken = calls({
      capture: vi.fn(async () => {
        throw new FakeApiError(502, 'Bad gateway');
      }),
    });
    await expect(completeApprovedPayment('P', customer, broken, [0, 0])).resolves.toEqual({
      kind: 'payment-failed',
      message: null,
    });
    expect(broken.capture).toHaveBeenCalledTimes(3); // asked again twice, then gave up
    const offline = calls({
      capture: vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    });
    await expect(completeApprovedPayment('P', customer, offline, [0, 0])).resolves.toEqual({
      kind: 'payment-failed',
      message: null,
    });
  });

  it('captures the same payment order again when a capture got no answer, then places the order once', async () => {
    let tries = 0;
    const c = calls({
      capture: vi.fn(async () => {
        tries += 1;
        if (tries < 3) throw new FakeApiError(tries === 1 ? 502 : 0, 'no answer');
        return { status: 'COMPLETED' };
      }),
    });
    await expect(completeApprovedPayment('PAY-9', customer, c, [0, 0])).resolves.toMatchObject({
      kind: 'placed',
      orderId: 42,
    });
    expect(c.capture).toHaveBeenCalledTimes(3);
    expect(vi.mocked(c.capture).mock.calls.every(([id]) => id === 'PAY-9')).toBe(true);
    expect(c.createOrder).toHaveBeenCalledTimes(1);
    // A refusal with an answer (4xx) is not asked again.
    const refused = calls({
      capture: vi.fn(async () => {
        throw new FakeApiError(409, 'This payment was already used.');
      }),
    });
    await completeApprovedPayment('P', customer, refused, [0, 0]);
    expect(refused.capture).toHaveBeenCalledTimes(1);
  });

  it('passes the 409 message of create-order on (stock ran out, payment refunded)', async () => {
    const c = calls({
      createOrder: vi.fn(async () => {
        throw new FakeApiError(409, 'Only 2 left of Masters Pin. Your payment has been refunded.');
      }),
    });
    await expect(completeApprovedPayment('P', customer, c)).resolves.toEqual({
      kind: 'order-rejected',
      message: 'Only 2 left of Masters Pin. Your payment has been refunded.',
    });
  });

  it('a 400 from create-order after a COMPLETED capture keeps the payment for a corrected retry', async () => {
    const c = calls({
      createOrder: vi.fn(async () => {
        throw new FakeApiError(400, 'Invalid characters in input', {
          customerName: 'Contains characters that are not allowed',
        });
      }),
    });
    await expect(completeApprovedPayment('PAY-7', customer, c)).resolves.toEqual({
      kind: 'order-details-invalid',
      paymentOrderId: 'PAY-7',
      message: 'Invalid characters in input',
      fieldErrors: { name: 'Contains characters that are not allowed' },
    });
    expect(c.capture).toHaveBeenCalledTimes(1);
  });

  it('treats any other create-order failure after payment as the paid-without-order path', async () => {
    for (const error of [new FakeApiError(500, 'boom'), new TypeError('Failed to fetch')]) {
      const c = calls({
        createOrder: vi.fn(async () => {
          throw error;
        }),
      });
      await expect(completeApprovedPayment('P', customer, c)).resolves.toEqual({
        kind: 'order-failed-after-payment',
      });
    }
  });
});

describe('placeOrderForPayment (retry with corrected details)', () => {
  it('sends the kept payment id again with the corrected details, without a new capture', async () => {
    const c = calls();
    await expect(placeOrderForPayment('PAY-7', customer, c)).resolves.toEqual({
      kind: 'placed',
      orderId: 42,
    });
    expect(c.capture).not.toHaveBeenCalled();
    expect(c.createOrder).toHaveBeenCalledWith({
      paypalOrderId: 'PAY-7',
      customerEmail: 'ada@example.com',
      customerName: 'Ada Lovelace',
      shippingAddress: '12 Main St, Springfield, IL 62701',
    });
  });

  it('reports another 400 the same way, and a 409 as refused (refunded)', async () => {
    const invalid = calls({
      createOrder: vi.fn(async () => {
        throw new FakeApiError(400, 'Invalid characters in input', {
          shippingAddress: 'Contains characters that are not allowed',
        });
      }),
    });
    await expect(placeOrderForPayment('PAY-7', customer, invalid)).resolves.toMatchObject({
      kind: 'order-details-invalid',
      paymentOrderId: 'PAY-7',
      fieldErrors: {
        address: 'Contains characters that are not allowed (address, city, state or ZIP code)',
      },
    });
    const refused = calls({
      createOrder: vi.fn(async () => {
        throw new FakeApiError(409, 'Sold out. Your payment has been refunded.');
      }),
    });
    await expect(placeOrderForPayment('PAY-7', customer, refused)).resolves.toEqual({
      kind: 'order-rejected',
      message: 'Sold out. Your payment has been refunded.',
    });
  });

  it('maps create-order field names to the form fields and drops unknown ones', () => {
    expect(
      toCustomerFieldErrors({
        customerName: 'n',
        customerEmail: 'e',
        shippingAddress: 'a',
        paypalOrderId: 'x',
      }),
    ).toEqual({ name: 'n', email: 'e', address: 'a (address, city, state or ZIP code)' });
    expect(toCustomerFieldErrors({})).toEqual({});
  });

  it("puts the server's 'we do not ship there' on the ZIP field", () => {
    expect(toCustomerFieldErrors({ shippingAddress: SHIPPING_ADDRESS_MESSAGE })).toEqual({
      zipCode: SHIPPING_ADDRESS_MESSAGE,
    });
  });
});

describe('outcomeEffects', () => {
  it('goes to the order on success and drops the cart', () => {
    const e = outcomeEffects({ kind: 'placed', orderId: 7 });
    expect(e.redirect).toBe('/track-order?id=7&type=regular&fromCheckout=true');
    expect(e.cartCleared).toBe(true);
    expect(e.clearServerCart).toBe(false);
    expect(e.toast.title).toBe('Payment Successful!');
  });

  it('replaces the cart session id once paid (issue 11), never while the payment is still open', () => {
    expect(outcomeEffects({ kind: 'placed', orderId: 7 }).newCartSession).toBe(true);
    expect(outcomeEffects({ kind: 'order-failed-after-payment' }).newCartSession).toBe(true);
    const open: Parameters<typeof outcomeEffects>[0][] = [
      { kind: 'order-details-invalid', paymentOrderId: 'P', message: 'm', fieldErrors: {} },
      { kind: 'order-rejected', message: 'm' },
      { kind: 'not-completed', message: null },
      { kind: 'payment-failed', message: null },
      { kind: 'cancelled' },
      { kind: 'load-failed' },
    ];
    for (const outcome of open)
      expect(outcomeEffects(outcome).newCartSession, outcome.kind).toBe(false);
  });

  it('follows the spec when the order fails after payment: clear cart, success toast, track-order', () => {
    const e = outcomeEffects({ kind: 'order-failed-after-payment' });
    expect(e).toEqual({
      toast: {
        title: 'Payment Successful!',
        description: PAYMENT_TEXTS.paidNoOrder,
        variant: 'default',
      },
      redirect: '/track-order?fromCheckout=true',
      cartCleared: true,
      clearServerCart: true,
      newCartSession: true,
      refetchCart: false,
      fixDetails: null,
    });
  });

  it('sends the buyer back to the form on a 400 after payment, keeping the payment and the cart', () => {
    const e = outcomeEffects({
      kind: 'order-details-invalid',
      paymentOrderId: 'PAY-7',
      message: 'Invalid characters in input',
      fieldErrors: { name: 'Contains characters that are not allowed' },
    });
    expect(e).toEqual({
      toast: {
        title: 'Payment Error',
        description:
          'Invalid characters in input. Please correct your details; your payment is kept.',
        variant: 'destructive',
      },
      redirect: null,
      cartCleared: false,
      clearServerCart: false,
      newCartSession: false,
      refetchCart: false,
      fixDetails: {
        paymentOrderId: 'PAY-7',
        fieldErrors: { name: 'Contains characters that are not allowed' },
      },
    });
  });

  it('stays on checkout with a Payment Error for a rejected order and reloads the cart', () => {
    const e = outcomeEffects({ kind: 'order-rejected', message: 'Sold out. Refunded.' });
    expect(e.redirect).toBeNull();
    expect(e.cartCleared).toBe(false);
    expect(e.refetchCart).toBe(true);
    expect(e.toast).toEqual({
      title: 'Payment Error',
      description: 'Sold out. Refunded.',
      variant: 'destructive',
    });
  });

  it('shows Payment Error for incomplete, failed and unloadable payments, Payment Cancelled for cancel', () => {
    expect(outcomeEffects({ kind: 'not-completed', message: null }).toast).toEqual({
      title: 'Payment Error',
      description: 'Your payment was not completed. No order was placed.',
      variant: 'destructive',
    });
    expect(
      outcomeEffects({ kind: 'not-completed', message: 'The card was declined.' }).toast
        .description,
    ).toBe('The card was declined.');
    expect(outcomeEffects({ kind: 'payment-failed', message: null }).toast.description).toBe(
      PAYMENT_TEXTS.genericError,
    );
    expect(outcomeEffects({ kind: 'load-failed' }).toast.title).toBe('Payment Error');
    const cancelled = outcomeEffects({ kind: 'cancelled' });
    expect(cancelled.toast).toMatchObject({
      title: 'Payment Cancelled',
      description: 'You cancelled the payment process.',
    });
    expect(cancelled.redirect).toBeNull();
    expect(cancelled.cartCleared).toBe(false);
  });
});

describe('small helpers', () => {
  it('builds the track-order link with or without an order', () => {
    expect(trackOrderUrl(3)).toBe('/track-order?id=3&type=regular&fromCheckout=true');
    expect(trackOrderUrl(null)).toBe('/track-order?fromCheckout=true');
  });
  it('detects the custom-order checkout parameters', () => {
    expect(isCustomOrderCheckout(new URLSearchParams('customOrderId=5'))).toBe(true);
    expect(isCustomOrderCheckout(new URLSearchParams('orderData=eyJ9'))).toBe(true);
    expect(isCustomOrderCheckout(new URLSearchParams(''))).toBe(false);
  });
});
