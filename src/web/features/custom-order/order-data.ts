/**
 * The `orderData` checkout parameter: base64 of the prepared order's JSON (storefront spec
 * section 2), UTF-8 safe, URL-encoded by the caller.
 */
export function encodeOrderData<T extends { preparedOrderId: string }>(prepared: T): string {
  const bytes = new TextEncoder().encode(JSON.stringify(prepared));
  let binary = '';
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary);
}

/** The prepared order id inside an `orderData` parameter, or null when it cannot be read. */
export function decodeOrderData(value: string | null): string | null {
  if (!value) return null;
  try {
    const binary = atob(value.replace(/-/g, '+').replace(/_/g, '/').replace(/\s/g, '+'));
    const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0));
    const data = JSON.parse(new TextDecoder().decode(bytes)) as { preparedOrderId?: unknown };
    return typeof data.preparedOrderId === 'string' &&
      /^[A-Za-z0-9_-]{1,100}$/.test(data.preparedOrderId)
      ? data.preparedOrderId
      : null;
  } catch {
    return null;
  }
}
