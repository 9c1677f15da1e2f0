import { describe, expect, it } from 'vitest';
import { isShoppingPage, POPUP_SEEN_KEY, popupAllowed, SUBSCRIBED_KEY } from './popup-rules';

const storage = (items: Record<string, string>) => ({
  getItem: (k: string) => items[k] ?? null,
});

describe('newsletter popup rules', () => {
  it('opens on shopping pages only, never on checkout, admin or account pages', () => {
    for (const p of ['/', '/wholesale', '/product/12', '/custom', '/quote', '/blog', '/blog/x']) {
      expect(isShoppingPage(p), p).toBe(true);
    }
    for (const p of [
      '/checkout',
      '/custom-checkout',
      '/admin',
      '/login',
      '/register',
      '/track-order',
      '/pay-invoice/INV-100001',
      '/balance-payment/x',
    ]) {
      expect(isShoppingPage(p), p).toBe(false);
    }
  });

  it('once per visitor: never after it opened once or after a sign-up', () => {
    expect(popupAllowed(storage({}))).toBe(true);
    expect(popupAllowed(storage({ [POPUP_SEEN_KEY]: '1' }))).toBe(false);
    expect(popupAllowed(storage({ [SUBSCRIBED_KEY]: 'true' }))).toBe(false);
    expect(popupAllowed(null)).toBe(false);
    expect(
      popupAllowed({
        getItem: () => {
          throw new Error('blocked');
        },
      }),
    ).toBe(false);
  });
});
