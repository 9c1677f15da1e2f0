/**
 * How far a cart line's '+' may go (storefront spec section 5 "Add to cart": at most
 * the stock, and at most 4 per customer for the promo pins), as the server reports
 * them on the line, and at most MAX_LINE_QUANTITY per line (the cart's own rule, 400 beyond).
 * The server still checks past orders and answers 409 beyond them.
 */
import { type CartItem, MAX_LINE_QUANTITY } from '@shared/schemas/cart';

export interface QuantityCap {
  /** Most units the line may hold. */
  max: number;
  /** Why '+' stops there, in the server's words ('Limit 4 per customer', 'Only 3 left in stock'). */
  text: string;
}

/**
 * The lowest of stock, the per-customer limit and the line maximum, with the reason shown
 * at that point.
 */
export function quantityCap(
  product: Pick<CartItem['product'], 'stockQuantity' | 'purchaseLimit'>,
): QuantityCap {
  const stock = Math.max(0, product.stockQuantity);
  if (stock === 0) return { max: 0, text: 'This product is out of stock' };
  if (product.purchaseLimit !== null && product.purchaseLimit <= stock) {
    return { max: product.purchaseLimit, text: `Limit ${product.purchaseLimit} per customer` };
  }
  if (stock > MAX_LINE_QUANTITY) {
    return { max: MAX_LINE_QUANTITY, text: 'At most 10,000 per line' };
  }
  return { max: stock, text: `Only ${stock} left in stock` };
}
