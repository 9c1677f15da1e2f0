/**
 * Quote request call (storefront spec section 7: multipart POST /api/quote-requests).
 * Sent with XMLHttpRequest instead of the fetch-based api client because only XHR
 * reports upload progress (the logo can be 10 MB). Errors are thrown as the same
 * ApiRequestError the api client throws (status, server message, field errors).
 */
import type { QuoteCreated, QuoteRequest } from '@shared/schemas/quotes';
import { ApiRequestError } from '@/lib/api';
import { getSessionId } from '@/lib/session-id';

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
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', '/api/quote-requests');
    xhr.withCredentials = true;
    xhr.setRequestHeader('X-Session-Id', getSessionId());
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(event.loaded / event.total);
    };
    xhr.onload = () => {
      let data: unknown = null;
      try {
        data = xhr.responseText ? JSON.parse(xhr.responseText) : null;
      } catch {
        data = xhr.responseText;
      }
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress?.(1);
        resolve(data as QuoteCreated);
        return;
      }
      const message =
        data && typeof data === 'object' && 'message' in data && typeof data.message === 'string'
          ? data.message
          : `${xhr.status}: ${xhr.statusText}`;
      reject(new ApiRequestError(xhr.status, message, data));
    };
    xhr.onerror = () => reject(new ApiRequestError(0, 'Network error', null));
    xhr.onabort = () => reject(new ApiRequestError(0, 'Request cancelled', null));
    xhr.send(body);
  });
}
