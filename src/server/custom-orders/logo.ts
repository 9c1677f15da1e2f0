/**
 * The custom pin wizard's logo check by content (DECISIONS.md "Security": type enforced
 * by content, not by name; SVG sanitised): any image files/image-check.ts accepts (PNG,
 * JPEG, GIF, WebP, sanitised SVG) or a PDF by its `%PDF-` signature (storefront spec
 * section 5: 'PNG, JPG, SVG, PDF up to 10MB'). PDFs are served as downloads only
 * (files/routes.ts).
 */
import { fileTypeFromBuffer } from 'file-type';
import { checkImageContent, IMAGE_TYPES, type ImageType } from '../files/image-check';

export interface CustomLogo {
  contentType: ImageType | 'application/pdf';
  data: Buffer;
  originalName: string;
}

/** The logo to store, or null when the bytes are empty or neither an image nor a PDF. */
export async function checkCustomLogo(
  data: Buffer,
  originalName: string,
): Promise<CustomLogo | null> {
  const image = await checkImageContent(data, originalName || 'logo', IMAGE_TYPES);
  if (image) return image;
  if (data.length === 0) return null;
  const detected = await fileTypeFromBuffer(data);
  return detected?.mime === 'application/pdf'
    ? { contentType: 'application/pdf', data, originalName: originalName.slice(0, 255) || 'logo' }
    : null;
}
