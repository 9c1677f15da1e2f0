/**
 * Multipart POST with upload progress. Sent with XMLHttpRequest because only XHR reports
 * upload progress (a logo can be 10 MB); the rest of the client stays on fetch
 * (docs/decisions.md 55). Sends cookies and the X-Session-Id header like lib/api, and
 * throws the same ApiRequestError (status, server message, field errors).
 */
import { ApiRequestError } from './api';
import { getSessionId } from './session-id';

/**
 * POSTs `body` to `url`; `onProgress` gets the uploaded fraction (0..1) as bytes go out.
 * Resolves with the JSON answer on 2xx; rejects with ApiRequestError (status 0 for a
 * network failure or cancellation).
 */
export function postFormWithProgress<T>(
  url: string,
  body: FormData,
  onProgress?: (fraction: number) => void,
): Promise<T> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
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
        resolve(data as T);
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
