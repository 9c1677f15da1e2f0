/**
 * 'Order Again' on a catalogue order (docs/decisions.md "Order Again from the order
 * history"): the order's lines go into the current cart one after another through
 * POST /api/cart, and the buyer is told what went in and what did not. The server
 * decides everything (active product, today's price, stock, the per-customer limit);
 * nothing is priced or checked here. A line refused for stock or the limit is sent again
 * with what the refusal says is left ("Order Again: what is left", same file).
 */
import type { AddToCartBody } from '@shared/schemas/cart';
import type { Order } from '@shared/schemas/orders';
import { endSentence } from '@shared/sentence';
import { ApiRequestError, serverMessageOr } from '@/lib/api';
import type { ToastInput } from '@/lib/toast';

type OrderLine = Order['items'][number];

/** Why a line whose product was deleted (its `productId` is null) is not sent. */
export const PRODUCT_GONE_MESSAGE = 'This pin is no longer in the catalogue';

/**
 * What one 'Order Again' did: the lines added (each with the quantity that went in), the
 * lines that went in with less than ordered (the order's line, the quantity added and the
 * server's reason), and the lines refused with the reason.
 */
export interface ReorderOutcome {
  added: OrderLine[];
  shortened: { line: OrderLine; added: number; message: string }[];
  refused: { line: OrderLine; message: string }[];
}

/**
 * The line total the cart may hold after a 409 from POST /api/cart, from its body: the
 * stock (`available`, 'Only N left in stock') or what the per-customer limit leaves
 * (`remaining`, 'Limit N per customer'); server/cart/service.ts `assertCanHold`. Null
 * when the refusal says neither (out of stock, inactive product, network).
 */
function allowedLineTotal(error: unknown): number | null {
  if (!(error instanceof ApiRequestError) || error.status !== 409) return null;
  const body = error.body as { available?: unknown; remaining?: unknown } | null;
  const value = body?.available ?? body?.remaining;
  return typeof value === 'number' && Number.isInteger(value) ? value : null;
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
 * 'Failed to add to cart') and the next line is still sent.
 *
 * What is left: when the server refuses a line for stock or the per-customer limit and
 * says how many the cart line may hold, `inCart(productId)` (the quantity of that product
 * in the cart now, read fresh) is asked and the line is sent again with the difference,
 * when that is at least one; it is then reported as shortened with the reason of the
 * refusal that set the number it went in with. A second refusal (the other rule) is
 * handled the same way, at most twice; a line refused in the end is reported with the
 * last refusal's reason (the one that stopped it).
 * Never rejects (a failing `inCart` counts as a plain refusal).
 */
export async function addOrderLines(
  lines: readonly OrderLine[],
  add: (body: AddToCartBody) => Promise<unknown>,
  inCart: (productId: number) => Promise<number> = async () => 0,
): Promise<ReorderOutcome> {
  const outcome: ReorderOutcome = { added: [], shortened: [], refused: [] };
  for (const line of lines) {
    const productId = line.productId;
    if (productId === null) {
      outcome.refused.push({ line, message: PRODUCT_GONE_MESSAGE });
      continue;
    }
    let quantity = line.quantity;
    // The reason of the latest refusal: it set the quantity sent next, or stopped the line.
    let reason: string | null = null;
    for (let attempt = 0; ; attempt++) {
      try {
        await add({ productId, quantity });
        outcome.added.push(quantity === line.quantity ? line : { ...line, quantity });
        if (reason !== null) {
          outcome.shortened.push({ line, added: quantity, message: reason });
        }
        break;
      } catch (error) {
        reason = serverMessageOr(error, 'Failed to add to cart');
        const allowed = allowedLineTotal(error);
        const left =
          allowed === null || attempt >= 2
            ? 0
            : await inCart(productId).then(
                (held) => allowed - held,
                () => 0,
              );
        if (left < 1 || left >= quantity) {
          outcome.refused.push({ line, message: reason });
          break;
        }
        quantity = left;
      }
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
 * reason. Some added, or some with less: 'Some Pins Not Added', what was added, each pin
 * added with less ('Eagle Flag Pin: 12 of 250, Only 12 left in stock.'), then each refused
 * pin with its reason. A toast naming refusals stays 10 s: it has more to read than the
 * default 5 s.
 */
export function reorderToast(outcome: ReorderOutcome): ToastInput {
  const { shortened } = outcome;
  if (outcome.refused.length === 0 && shortened.length === 0) {
    return { title: 'Added to Cart', description: units(outcome.added) };
  }
  const reasons = outcome.refused
    .map(({ line, message }) => `${line.name}: ${endSentence(message)}`)
    .join(' ');
  if (outcome.added.length === 0) {
    return {
      title: 'Cannot Add to Cart',
      description: reasons,
      variant: 'destructive',
      duration: 10_000,
    };
  }
  const less = shortened
    .map(
      ({ line, added, message }) =>
        ` ${line.name}: ${added} of ${line.quantity}, ${endSentence(message)}`,
    )
    .join('');
  return {
    title: 'Some Pins Not Added',
    description: `Added ${units(outcome.added)}.${less}${reasons ? ` Not added: ${reasons}` : ''}`,
    variant: 'destructive',
    duration: 10_000,
  };
}
