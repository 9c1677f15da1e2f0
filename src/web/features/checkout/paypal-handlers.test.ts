/**
 * The PayPal Buttons callbacks (paypal-handlers.ts): a new payment goes to the PayPal
 * window; an earlier payment the server hands back as already captured is finished
 * without it, and the SDK's resulting error is not shown as a failure.
 */
import { describe, expect, it, vi } from 'vitest';
import { type PayPalFlow, paypalHandlers } from './paypal-handlers';

function flow(created: { id: string; captured?: boolean }) {
  return {
    isBusy: () => false,
    createOrder: vi.fn(async () => created),
    onCreateFailed: vi.fn(),
    onApprove: vi.fn(async () => {}),
    onCancel: vi.fn(),
    onFailed: vi.fn(),
  } satisfies PayPalFlow;
}

describe('paypalHandlers', () => {
  it('gives the SDK the id of a new payment and approves nothing itself', async () => {
    const f = flow({ id: 'NEW-1' });
    const handlers = paypalHandlers(f);
    await expect(handlers.createOrder()).resolves.toBe('NEW-1');
    expect(f.onApprove).not.toHaveBeenCalled();
    handlers.onError(new Error('window closed'));
    expect(f.onFailed).toHaveBeenCalledTimes(1); // a real SDK error is reported
  });

  it('finishes an already captured payment without the PayPal window, reporting no error', async () => {
    const f = flow({ id: 'PAID-1', captured: true });
    const handlers = paypalHandlers(f);
    await expect(handlers.createOrder()).rejects.toThrow();
    expect(f.onApprove).toHaveBeenCalledWith('PAID-1');
    handlers.onError(new Error('createOrder rejected'));
    expect(f.onFailed).not.toHaveBeenCalled();
    expect(f.onCreateFailed).not.toHaveBeenCalled();
  });
});
