/**
 * 'Order Again' sequencing and its toast (reorder.ts): lines go to the cart one after
 * another, a refused line does not stop the others, a deleted product is reported unsent.
 */
import type { AddToCartBody } from '@shared/schemas/cart';
import { describe, expect, it } from 'vitest';
import { ApiRequestError, NETWORK_ERROR_MESSAGE } from '@/lib/api';
import { addOrderLines, canOrderAgain, PRODUCT_GONE_MESSAGE, reorderToast } from './reorder';

const flag = { productId: 3, name: 'Eagle Flag Pin', quantity: 250, price: 5.59 };
const marker = { productId: 4, name: 'Ball Marker', quantity: 7, price: 5.04 };
const promo = { productId: 9, name: 'First Tee Pin', quantity: 4, price: 0 };
const retired = { productId: null, name: 'Retired Flag Pin', quantity: 20, price: 4 };

describe('addOrderLines', () => {
  it('sends one line at a time, each with its quantity, waiting for each answer', async () => {
    const calls: AddToCartBody[] = [];
    let inFlight = 0;
    let most = 0;
    const outcome = await addOrderLines([flag, marker, promo], async (body) => {
      calls.push(body);
      inFlight += 1;
      most = Math.max(most, inFlight);
      await new Promise((resolve) => setTimeout(resolve, 5));
      inFlight -= 1;
    });
    expect(calls).toEqual([
      { productId: 3, quantity: 250 },
      { productId: 4, quantity: 7 },
      { productId: 9, quantity: 4 },
    ]);
    expect(most).toBe(1);
    expect(outcome).toEqual({ added: [flag, marker, promo], shortened: [], refused: [] });
  });

  it("keeps going after a refusal and reports it with the server's message", async () => {
    const outcome = await addOrderLines([flag, promo, marker], async (body) => {
      if (body.productId === 3) throw new ApiRequestError(409, 'Only 12 left in stock', null);
      if (body.productId === 9) throw new ApiRequestError(409, 'Limit 4 per customer', null);
    });
    expect(outcome.added).toEqual([marker]);
    expect(outcome.refused).toEqual([
      { line: flag, message: 'Only 12 left in stock' },
      { line: promo, message: 'Limit 4 per customer' },
    ]);
  });

  it('sends a line refused for stock again with what is left beside the cart line', async () => {
    const calls: AddToCartBody[] = [];
    const outcome = await addOrderLines(
      [flag, marker],
      async (body) => {
        calls.push(body);
        if (body.productId === 3 && body.quantity > 12 - 2) {
          throw new ApiRequestError(409, 'Only 12 left in stock', { available: 12 });
        }
      },
      async (productId) => (productId === 3 ? 2 : 0),
    );
    expect(calls).toEqual([
      { productId: 3, quantity: 250 },
      { productId: 3, quantity: 10 },
      { productId: 4, quantity: 7 },
    ]);
    expect(outcome).toEqual({
      added: [{ ...flag, quantity: 10 }, marker],
      shortened: [{ line: flag, added: 10, message: 'Only 12 left in stock' }],
      refused: [],
    });
  });

  it('goes down to the per-customer limit after the stock, and gives the reason that set the number', async () => {
    const calls: number[] = [];
    const outcome = await addOrderLines(
      [flag],
      async (body) => {
        calls.push(body.quantity);
        if (body.quantity > 30) {
          throw new ApiRequestError(409, 'Only 30 left in stock', { available: 30 });
        }
        if (body.quantity > 6) {
          throw new ApiRequestError(409, 'Limit 6 per customer', { limit: 6, remaining: 6 });
        }
      },
      async () => 0,
    );
    expect(calls).toEqual([250, 30, 6]);
    expect(outcome.shortened).toEqual([{ line: flag, added: 6, message: 'Limit 6 per customer' }]);
  });

  it('refuses with the reason that stopped the line, not the first one', async () => {
    const outcome = await addOrderLines(
      [flag],
      async (body) => {
        if (body.quantity > 30) {
          throw new ApiRequestError(409, 'Only 30 left in stock', { available: 30 });
        }
        throw new ApiRequestError(409, 'Limit 6 per customer', { limit: 6, remaining: 0 });
      },
      async () => 0,
    );
    expect(outcome).toEqual({
      added: [],
      shortened: [],
      refused: [{ line: flag, message: 'Limit 6 per customer' }],
    });
  });

  it('refuses the line when nothing is left (a used-up limit, a full cart line)', async () => {
    const calls: number[] = [];
    const outcome = await addOrderLines(
      [promo, flag],
      async (body) => {
        calls.push(body.quantity);
        if (body.productId === 9) {
          throw new ApiRequestError(409, 'Limit 4 per customer', { limit: 4, remaining: 0 });
        }
        throw new ApiRequestError(409, 'Only 12 left in stock', { available: 12 });
      },
      async (productId) => (productId === 3 ? 12 : 0),
    );
    expect(calls).toEqual([4, 250]);
    expect(outcome).toEqual({
      added: [],
      shortened: [],
      refused: [
        { line: promo, message: 'Limit 4 per customer' },
        { line: flag, message: 'Only 12 left in stock' },
      ],
    });
  });

  it('does not send a line whose product was deleted, and reports it', async () => {
    const calls: AddToCartBody[] = [];
    const outcome = await addOrderLines([retired, marker], async (body) => {
      calls.push(body);
    });
    expect(calls).toEqual([{ productId: 4, quantity: 7 }]);
    expect(outcome.refused).toEqual([{ line: retired, message: PRODUCT_GONE_MESSAGE }]);
  });

  it("says 'Failed to add to cart' when the request never reached the shop", async () => {
    const outcome = await addOrderLines([marker], async () => {
      throw new ApiRequestError(0, NETWORK_ERROR_MESSAGE, null);
    });
    expect(outcome.refused).toEqual([{ line: marker, message: 'Failed to add to cart' }]);
  });
});

describe('reorderToast', () => {
  it("says 'Added to Cart' with each pin's quantity when everything went in", () => {
    expect(reorderToast({ added: [flag, marker], shortened: [], refused: [] })).toEqual({
      title: 'Added to Cart',
      description: '250 × Eagle Flag Pin, 7 × Ball Marker',
    });
  });

  it('names what went in and each pin refused, with its reason', () => {
    expect(
      reorderToast({
        added: [marker],
        shortened: [],
        refused: [
          { line: flag, message: 'This product is out of stock' },
          { line: retired, message: PRODUCT_GONE_MESSAGE },
        ],
      }),
    ).toEqual({
      title: 'Some Pins Not Added',
      description:
        'Added 7 × Ball Marker. Not added: Eagle Flag Pin: This product is out of stock. Retired Flag Pin: This pin is no longer in the catalogue.',
      variant: 'destructive',
      duration: 10_000,
    });
  });

  it('names each pin that went in with less, and why', () => {
    expect(
      reorderToast({
        added: [{ ...flag, quantity: 12 }, marker],
        shortened: [{ line: flag, added: 12, message: 'Only 12 left in stock' }],
        refused: [{ line: retired, message: PRODUCT_GONE_MESSAGE }],
      }),
    ).toEqual({
      title: 'Some Pins Not Added',
      description:
        'Added 12 × Eagle Flag Pin, 7 × Ball Marker. Eagle Flag Pin: 12 of 250, Only 12 left in stock. Not added: Retired Flag Pin: This pin is no longer in the catalogue.',
      variant: 'destructive',
      duration: 10_000,
    });
  });

  it("says 'Cannot Add to Cart' when nothing went in", () => {
    expect(
      reorderToast({
        added: [],
        shortened: [],
        refused: [{ line: promo, message: 'Limit 4 per customer' }],
      }),
    ).toEqual({
      title: 'Cannot Add to Cart',
      description: 'First Tee Pin: Limit 4 per customer.',
      variant: 'destructive',
      duration: 10_000,
    });
  });
});

describe('canOrderAgain', () => {
  it('is true when a line still has a product, false when none has', () => {
    expect(canOrderAgain({ items: [retired, marker] })).toBe(true);
    expect(canOrderAgain({ items: [retired] })).toBe(false);
  });
});
