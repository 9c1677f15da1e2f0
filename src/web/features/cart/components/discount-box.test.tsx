// @vitest-environment jsdom
/**
 * The cart's discount box and the focus (a screen-reader audit, 2026-11-27): Apply keeps
 * it while the code is checked ('Validating...', pending, not disabled) and after a
 * refusal; a code that applies hands it to the applied line's remove button, and removing
 * the code hands it back to the input (not to the drawer's start).
 */
import { act } from 'react-dom/test-utils';
import { createMemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderRoutes } from '@/test/app';
import { heldResponse, jsonResponse, settle, unmount } from '@/test/dom';
import { waitForToast } from '@/test/toasts';
import { CartUiProvider } from '../cart-state';
import { DiscountBox } from './discount-box';

let container: HTMLDivElement;
afterEach(async () => {
  await unmount(container);
  vi.unstubAllGlobals();
  sessionStorage.clear();
});

function mount() {
  container = document.createElement('div');
  document.body.append(container);
  renderRoutes(
    container,
    createMemoryRouter([
      {
        path: '/',
        element: (
          <CartUiProvider>
            <DiscountBox subtotal={50} discountError={null} />
          </CartUiProvider>
        ),
      },
    ]),
  );
}

const field = () => container.querySelector<HTMLInputElement>('input')!;
const button = (name: RegExp) =>
  [...container.querySelectorAll('button')].find(
    (b) => name.test(b.textContent ?? '') || name.test(b.getAttribute('aria-label') ?? ''),
  )!;
const typeCode = (value: string) =>
  act(() => {
    field().value = value;
    field().dispatchEvent(new Event('input', { bubbles: true }));
  });

describe('DiscountBox focus', () => {
  it('Apply keeps the focus while checking and after a refusal', async () => {
    const held = heldResponse();
    const fetch = vi.fn(held.wait);
    vi.stubGlobal('fetch', fetch);
    mount();
    await typeCode('nope');
    await act(() => {
      button(/^Apply$/).focus();
      button(/^Apply$/).click();
    });
    const apply = button(/Validating/);
    expect(apply.disabled).toBe(false);
    expect(apply.getAttribute('aria-disabled')).toBe('true');
    expect(document.activeElement).toBe(apply);
    await act(() => apply.click());
    expect(fetch).toHaveBeenCalledTimes(1);
    await act(() => held.answer(jsonResponse(404, { message: 'Invalid discount code' })));
    await waitForToast({ title: 'Invalid Code', description: 'Invalid discount code' });
    await settle(() => expect(apply.textContent).toBe('Apply'));
    expect(document.activeElement).toBe(apply);
  });

  it('an applied code focuses its remove button; removing it focuses the input', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        jsonResponse(200, {
          valid: true,
          discountAmount: 5,
          discountCode: { code: 'BIRDIE10' },
        }),
      ),
    );
    mount();
    await typeCode('birdie10');
    await act(() => {
      button(/^Apply$/).focus();
      button(/^Apply$/).click();
    });
    await waitForToast({ title: 'Discount Applied', description: 'You saved $5.00!' });
    await settle(() =>
      expect(document.activeElement?.getAttribute('aria-label')).toBe(
        'Remove discount code BIRDIE10',
      ),
    );
    await act(() => (document.activeElement as HTMLButtonElement).click());
    await settle(() => expect(document.activeElement).toBe(field()));
  });
});
