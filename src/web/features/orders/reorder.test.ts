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
    expect(outcome).toEqual({ added: [flag, marker, promo], refused: [] });
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
    expect(reorderToast({ added: [flag, marker], refused: [] })).toEqual({
      title: 'Added to Cart',
      description: '250 × Eagle Flag Pin, 7 × Ball Marker',
    });
  });

  it('names what went in and each pin refused, with its reason', () => {
    expect(
      reorderToast({
        added: [marker],
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

  it("says 'Cannot Add to Cart' when nothing went in", () => {
    expect(
      reorderToast({ added: [], refused: [{ line: promo, message: 'Limit 4 per customer' }] }),
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
