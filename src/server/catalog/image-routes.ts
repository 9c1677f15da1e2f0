/**
 * POST /api/product-images (admin): multipart with one file field `image`; the bytes
 * are checked by content (files/image-check.ts: PNG, JPEG, GIF, WebP, or a sanitised
 * SVG) and stored; answers 201 `{url, contentType}` for the product form's `imageUrl`.
 * 401/403 before anything is read; 400 without an `image` file; 413 over 10 MB;
 * 415 for anything that is not one of those images. The body is read with the shared
 * `readMultipart` (lib/multipart.ts: malformed or truncated bodies answer 400, never
 * 500); multipart is registered inside this plugin only.
 */
import type { FastifyInstance } from 'fastify';
import { checkImageContent, IMAGE_TYPES } from '../files/image-check';
import { saveFile } from '../files/service';
import { badRequest, HttpError } from '../lib/errors';
import { readMultipart, registerMultipart } from '../lib/multipart';
import { requireAdmin } from '../lib/session';

export const PRODUCT_IMAGE_MAX_BYTES = 10 * 1024 * 1024;
/** Every image type the checker knows: PNG, JPEG, GIF, WebP and (sanitised) SVG. */
export const PRODUCT_IMAGE_TYPES = IMAGE_TYPES;
export const PRODUCT_IMAGE_MESSAGES = {
  invalid: 'Please upload a PNG, JPG, GIF, WebP or SVG image.',
  tooLarge: 'Please upload an image smaller than 10MB.',
  missing: 'Please choose an image to upload.',
} as const;

export async function productImageRoutes(instance: FastifyInstance): Promise<void> {
  await registerMultipart(instance);
  const { db } = instance.deps;

  instance.post('/api/product-images', { preValidation: requireAdmin }, async (request, reply) => {
    const form = await readMultipart(request, {
      files: ['image'],
      fields: [],
      maxFileBytes: PRODUCT_IMAGE_MAX_BYTES,
      maxFields: 5,
      fileTooLarge: () => new HttpError(413, PRODUCT_IMAGE_MESSAGES.tooLarge),
    });
    const upload = form.files[0];
    const image = upload
      ? await checkImageContent(upload.data, upload.filename, PRODUCT_IMAGE_TYPES)
      : undefined;
    if (upload && !image) throw new HttpError(415, PRODUCT_IMAGE_MESSAGES.invalid);
    if (!image)
      throw badRequest(PRODUCT_IMAGE_MESSAGES.missing, { image: PRODUCT_IMAGE_MESSAGES.missing });
    const stored = await saveFile(db, image);
    return reply.status(201).send({ url: stored.url, contentType: image.contentType });
  });
}
