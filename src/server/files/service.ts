/**
 * Stored files (generated product artwork now, uploads later) kept in the `files`
 * table as base64 and served at /api/files/{id}. Ids are 16 random bytes (base64url),
 * so a file's link never changes content and can be cached for a year.
 * Callers validate type and size before saving (DECISIONS.md "Security": uploads are
 * checked by content and SVG is sanitised); serving adds headers so nothing stored can
 * run script (see routes.ts).
 */
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { files } from '../db/schema';

/** Link a stored file is served at. */
export function fileUrl(id: string): string {
  return `/api/files/${id}`;
}

/** Stores bytes with their content type; returns the new id and its link (`/api/files/{id}`). */
export async function saveFile(
  db: DbOrTx,
  file: { contentType: string; data: Buffer; originalName?: string },
): Promise<{ id: string; url: string }> {
  const id = randomBytes(16).toString('base64url');
  await db.insert(files).values({
    id,
    contentType: file.contentType,
    originalName: file.originalName ?? null,
    data: file.data.toString('base64'),
    byteSize: file.data.length,
  });
  return { id, url: fileUrl(id) };
}

/** A stored file's bytes and metadata, or null when unknown. */
export async function readFile(
  db: DbOrTx,
  id: string,
): Promise<{ contentType: string; data: Buffer; originalName: string | null } | null> {
  const [row] = await db
    .select({ contentType: files.contentType, data: files.data, originalName: files.originalName })
    .from(files)
    .where(eq(files.id, id));
  if (!row) return null;
  return {
    contentType: row.contentType,
    data: Buffer.from(row.data, 'base64'),
    originalName: row.originalName,
  };
}
