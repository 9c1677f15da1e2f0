/**
 * How far a cart line's '+' may go (storefront spec section 5 "Add to cart": at most
 * the stock, and at most 4 per customer for the promo pins), as the server reports
 * them on the line. The server still checks past orders and answers 409 beyond them.
 */
import type { CartItem } from '@shared/schemas/cart';

export interface QuantityCap {
  /** Most units the line may hold. */
  max: number;
  /** Why '+' stops there, in the server's words ('Limit 4 per customer', 'Only 3 left in stock'). */
  text: string;
}

/** The lower of stock and the per-customer limit, with the reason shown at that point. */
export function quantityCap(
  product: Pick<CartItem['product'], 'stockQuantity' | 'purchaseLimit'>,
): QuantityCap {
  const stock = Math.max(0, product.stockQuantity);
  if (stock === 0) return { max: 0, text: 'This product is out of stock' };
  if (product.purchaseLimit !== null && product.purchaseLimit <= stock) {
    return { max: product.purchaseLimit, text: `Limit ${product.purchaseLimit} per customer` };
  }
  return { max: stock, text: `Only ${stock} left in stock` };
}
