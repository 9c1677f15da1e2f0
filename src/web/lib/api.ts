/**
 * The API client. Every request sends cookies and the X-Session-Id header; bodies are
 * JSON (or FormData). A non-success status throws ApiRequestError whose `message` is
 * the server's `message` (DECISIONS.md error format) and whose `status` is the code.
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
  /** Per-field messages of a 400 answer. */
  get fieldErrors(): Record<string, string> {
    const b = this.body as { errors?: Record<string, string> } | null;
    return b?.errors ?? {};
  }
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
  const res = await fetch(url, { method, headers, body: payload, credentials: 'include' });
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
