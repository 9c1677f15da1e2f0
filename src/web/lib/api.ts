/**
 * The API client. Every request sends cookies and the X-Session-Id header; bodies are
 * JSON (or FormData). A non-success status throws ApiRequestError whose `message` is
 * the server's `message` (DECISIONS.md error format) and whose `status` is the code; a
 * call that never reached the server throws one with status 0 and NETWORK_ERROR_MESSAGE.
 */
import { getSessionId } from './session-id';

export class ApiRequestError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly body: unknown,
  ) {
    super(message);
    this.name = 'ApiRequestError';
  }
  /** Per-field messages of the answer (`errors`: a 400, or a 409 about one field). */
  get fieldErrors(): Record<string, string> {
    const b = this.body as { errors?: Record<string, string> } | null;
    return b?.errors ?? {};
  }
}

/** What a call that never reached the shop (offline, connection cut) says instead of the browser's 'Failed to fetch'. */
export const NETWORK_ERROR_MESSAGE =
  'Could not reach the shop. Please check your connection and try again.';

/**
 * The text a failure toast shows: the server's message, else `fallback` (storefront spec
 * section 10: "with the server message or 'Failed to ...'"). A call that never reached
 * the server (status 0) has no server message, so it gets the fallback too.
 */
export function serverMessageOr(error: unknown, fallback: string): string {
  if (error instanceof ApiRequestError)
    return error.status > 0 && error.message ? error.message : fallback;
  return error instanceof Error && error.message ? error.message : fallback;
}

export async function apiRequest<T>(
  method: string,
  url: string,
  body?: unknown,
  extraHeaders: Record<string, string> = {},
): Promise<T> {
  const headers: Record<string, string> = { 'X-Session-Id': getSessionId(), ...extraHeaders };
  let payload: BodyInit | undefined;
  if (body instanceof FormData) payload = body;
  else if (body !== undefined) {
    headers['Content-Type'] = 'application/json';
    payload = JSON.stringify(body);
  }
  let res: Response;
  try {
    res = await fetch(url, { method, headers, body: payload, credentials: 'include' });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    // The browser's own words ('Failed to fetch', 'Load failed') mean nothing to a buyer.
    throw new ApiRequestError(0, NETWORK_ERROR_MESSAGE, null);
  }
  const text = await res.text();
  let data: unknown = null;
  if (text) {
    try {
      data = JSON.parse(text);
    } catch {
      data = text;
    }
  }
  if (!res.ok) {
    const message =
      (data && typeof data === 'object' && 'message' in data && typeof data.message === 'string'
        ? data.message
        : null) ?? `${res.status}: ${text || res.statusText}`;
    throw new ApiRequestError(res.status, message, data);
  }
  return data as T;
}

export const api = {
  get: <T>(url: string, headers?: Record<string, string>) =>
    apiRequest<T>('GET', url, undefined, headers),
  post: <T>(url: string, body?: unknown) => apiRequest<T>('POST', url, body),
  put: <T>(url: string, body?: unknown) => apiRequest<T>('PUT', url, body),
  patch: <T>(url: string, body?: unknown) => apiRequest<T>('PATCH', url, body),
  delete: <T>(url: string) => apiRequest<T>('DELETE', url),
};
