/**
 * Small binary fixtures for upload tests. TINY_PNG is a valid 1x1 RGB PNG (signature,
 * IHDR, IDAT, IEND with correct CRCs), so content sniffing (file-type) accepts it.
 */
export const TINY_PNG: Buffer = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGM4IScHAAK2AQU0pnWqAAAAAElFTkSuQmCC',
  'base64',
);

/**
 * A multipart/form-data body for `app.inject` (built with the platform FormData): text
 * fields, then an optional file under `file.field`. Returns the payload and its
 * content-type header.
 */
export async function multipartBody(
  fields: Record<string, string>,
  file?: { field: string; data: Buffer; name: string; type: string },
) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  if (file) {
    form.append(file.field, new Blob([new Uint8Array(file.data)], { type: file.type }), file.name);
  }
  const res = new Response(form);
  return {
    payload: Buffer.from(await res.arrayBuffer()),
    headers: { 'content-type': res.headers.get('content-type')! },
  };
}
