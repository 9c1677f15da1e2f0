/**
 * The wizard's 'Pay Deposit' step, loaded only when the buyer presses it (it carries the
 * upload code, so /custom's first load stays small): POST /api/custom-orders/prepare with
 * upload progress, the checkout link with `orderData` (storefront spec section 2), and
 * whether a signed-in buyer is a first-time customer (no earlier custom orders).
 */
import type { CustomOrderDraftInput, PreparedCustomOrder } from '@shared/schemas/custom-orders';
import { postFormWithProgress } from '@/lib/upload';
import { fetchMyCustomOrders } from './api';
import { encodeOrderData } from './order-data';

/** POST /api/custom-orders/prepare: the draft as JSON text plus the logo, with upload progress. */
export function prepareCustomOrder(
  draft: CustomOrderDraftInput,
  logo: File,
  onProgress?: (fraction: number) => void,
): Promise<PreparedCustomOrder> {
  const form = new FormData();
  form.append('orderData', JSON.stringify(draft));
  form.append('logo', logo, logo.name);
  return postFormWithProgress<PreparedCustomOrder>('/api/custom-orders/prepare', form, onProgress);
}

/**
 * Prepares the order and answers where to go next and whether to celebrate. Throws the
 * prepare call's ApiRequestError.
 */
export async function submitCustomOrder(
  draft: CustomOrderDraftInput,
  logo: File,
  signedIn: boolean,
  onProgress: (fraction: number) => void,
): Promise<{ checkoutUrl: string; firstOrder: boolean }> {
  const prepared = await prepareCustomOrder(draft, logo, onProgress);
  const checkoutUrl = `/checkout?orderData=${encodeURIComponent(encodeOrderData(prepared))}`;
  // Spec section 4: a signed-in user with zero earlier orders is a first-time customer.
  const firstOrder = signedIn
    ? (await fetchMyCustomOrders().catch(() => [null])).length === 0
    : false;
  return { checkoutUrl, firstOrder };
}
