/**
 * Quote request call (storefront spec section 7: multipart POST /api/quote-requests).
 * Sent through lib/upload (XMLHttpRequest, for upload progress: the logo can be 10 MB);
 * errors are the same ApiRequestError the api client throws.
 */
import type { QuoteCreated, QuoteRequest } from '@shared/schemas/quotes';
import { postFormWithProgress } from '@/lib/upload';

/** The multipart body: text fields omitted when empty (spec section 7), then the logo. */
export function quoteFormData(values: QuoteRequest, logo: File | null): FormData {
  const form = new FormData();
  for (const [key, value] of Object.entries(values)) {
    if (value === undefined || value === null || value === '') continue;
    form.append(key, String(value));
  }
  if (logo) form.append('logo', logo, logo.name);
  return form;
}

/**
 * POSTs the form; `onProgress` gets the uploaded fraction (0..1) as bytes go out.
 * Resolves with `{id}` on 2xx; rejects with ApiRequestError (status 0 for network failure).
 */
export function submitQuoteRequest(
  body: FormData,
  onProgress?: (fraction: number) => void,
): Promise<QuoteCreated> {
  return postFormWithProgress<QuoteCreated>('/api/quote-requests', body, onProgress);
}
