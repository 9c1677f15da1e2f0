// @vitest-environment jsdom
/**
 * The API client's failures: a call that never reached the shop (the browser's 'Failed
 * to fetch') becomes an ApiRequestError with status 0 and a sentence a buyer can act on;
 * failure toasts show the server's message, else their own fallback (storefront spec
 * section 10: "with the server message or 'Failed to add to cart'").
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiRequestError, api, NETWORK_ERROR_MESSAGE, serverMessageOr } from './api';

afterEach(() => vi.unstubAllGlobals());

describe('api client failures', () => {
  it('a request that never reached the server: status 0, a plain sentence, the toast fallback', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    const error = await api.post('/api/cart', { productId: 1, quantity: 1 }).catch((e) => e);
    expect(error).toBeInstanceOf(ApiRequestError);
    expect(error).toMatchObject({ status: 0, message: NETWORK_ERROR_MESSAGE });
    expect(serverMessageOr(error, 'Failed to add to cart')).toBe('Failed to add to cart');
  });

  it("the server's message wins over the fallback", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(JSON.stringify({ message: 'Only 3 in stock' }), {
            status: 409,
            headers: { 'content-type': 'application/json' },
          }),
      ),
    );
    const error = await api.post('/api/cart', { productId: 1, quantity: 9 }).catch((e) => e);
    expect(serverMessageOr(error, 'Failed to add to cart')).toBe('Only 3 in stock');
  });
});
