/**
 * 'Order Again' on a catalogue order (docs/decisions.md "Order Again from the order
 * history"): the order's lines go into the current cart one after another through
 * POST /api/cart, and the buyer is told what went in and what did not. The server
 * decides everything (active product, today's price, stock, the per-customer limit);
 * nothing is priced or checked here.
 */
import type { AddToCartBody } from '@shared/schemas/cart';
import type { Order } from '@shared/schemas/orders';
import { endSentence } from '@shared/sentence';
import { serverMessageOr } from '@/lib/api';
import type { ToastInput } from '@/lib/toast';

type OrderLine = Order['items'][number];

/** Why a line whose product was deleted (its `productId` is null) is not sent. */
export const PRODUCT_GONE_MESSAGE = 'This pin is no longer in the catalogue';

/** What one 'Order Again' did: the lines added, and the lines refused with the reason. */
export interface ReorderOutcome {
  added: OrderLine[];
  refused: { line: OrderLine; message: string }[];
}

/** Whether an order has anything 'Order Again' can send (a line whose product still has an id). */
export function canOrderAgain(order: Pick<Order, 'items'>): boolean {
  return order.items.some((line) => line.productId !== null);
}

/**
 * Sends the order's lines to the cart one after another (`add`: the cart's
 * `useAddToCart().mutateAsync`), each with its own quantity, waiting for each answer
 * before the next (so the server's stock and limit checks see the lines before).
 * A line without a product id is not sent and is reported with PRODUCT_GONE_MESSAGE; a
 * refused line is reported with the server's message (storefront spec section 8: else
 * 'Failed to add to cart') and the next line is still sent. Never rejects.
 */
export async function addOrderLines(
  lines: readonly OrderLine[],
  add: (body: AddToCartBody) => Promise<unknown>,
): Promise<ReorderOutcome> {
  const outcome: ReorderOutcome = { added: [], refused: [] };
  for (const line of lines) {
    if (line.productId === null) {
      outcome.refused.push({ line, message: PRODUCT_GONE_MESSAGE });
      continue;
    }
    try {
      await add({ productId: line.productId, quantity: line.quantity });
      outcome.added.push(line);
    } catch (error) {
      outcome.refused.push({ line, message: serverMessageOr(error, 'Failed to add to cart') });
    }
  }
  return outcome;
}

const units = (lines: readonly OrderLine[]) =>
  lines.map((line) => `${line.quantity} × ${line.name}`).join(', ');

/**
 * The toast that tells the buyer what 'Order Again' did. Everything added: 'Added to Cart'
 * with '250 × Eagle Flag Pin, 7 × Ball Marker' (the product page's words and format).
 * Nothing added: 'Cannot Add to Cart' (storefront spec section 8) naming each pin with its
 * reason. Some added: 'Some Pins Not Added', what was added, then each refused pin with
 * its reason. A toast naming refusals stays 10 s: it has more to read than the default 5 s.
 */
export function reorderToast(outcome: ReorderOutcome): ToastInput {
  if (outcome.refused.length === 0) {
    return { title: 'Added to Cart', description: units(outcome.added) };
  }
  const reasons = outcome.refused
    .map(({ line, message }) => `${line.name}: ${endSentence(message)}`)
    .join(' ');
  return outcome.added.length === 0
    ? {
        title: 'Cannot Add to Cart',
        description: reasons,
        variant: 'destructive',
        duration: 10_000,
      }
    : {
        title: 'Some Pins Not Added',
        description: `Added ${units(outcome.added)}. Not added: ${reasons}`,
        variant: 'destructive',
        duration: 10_000,
      };
}
