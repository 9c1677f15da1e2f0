/**
 * Image uploads checked by their content (DECISIONS.md "Security": "Uploads: size limit
 * (10 MB) and type enforced on the server by content, not by name; SVG is sanitised").
 * Shared by the quote logo upload and the admin's product images. Raster types are
 * recognised by signature (`file-type`); SVG only as well-formed XML whose root is
 * <svg>, stored after DOMPurify's SVG profile (jsdom).
 */
import { fileTypeFromBuffer } from 'file-type';
import { JSDOM } from 'jsdom';
import { domPurify } from '../lib/sanitize';

export const IMAGE_TYPES = [
  'image/png',
  'image/jpeg',
  'image/gif',
  'image/webp',
  'image/svg+xml',
] as const;
export type ImageType = (typeof IMAGE_TYPES)[number];

/** An image accepted for storage: its real type and the bytes to store (SVG sanitised). */
export interface CheckedImage {
  contentType: ImageType;
  data: Buffer;
  originalName: string;
}

/**
 * The sanitised SVG text when `data` is an XML document whose root element is <svg>,
 * else null. Parsed strictly as XML (jsdom), then cleaned with DOMPurify's SVG profile
 * (scripts, event handlers, javascript: links and foreign content removed).
 */
export function sanitizeSvg(data: Buffer): string | null {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(data);
  } catch {
    return null;
  }
  let rootXml: string;
  try {
    const { window } = new JSDOM(text, { contentType: 'image/svg+xml' });
    const root = window.document.documentElement;
    if (root?.localName !== 'svg') return null; // not an SVG document
    // The root element alone: XML declaration, doctype and outside comments are dropped.
    rootXml = new window.XMLSerializer().serializeToString(root);
  } catch {
    return null; // not well-formed XML
  }
  const clean = domPurify().sanitize(rootXml, {
    USE_PROFILES: { svg: true, svgFilters: true },
    NAMESPACE: 'http://www.w3.org/2000/svg',
    PARSER_MEDIA_TYPE: 'application/xhtml+xml',
  });
  const out = String(clean).trim();
  return out.startsWith('<svg') ? out : null;
}

/**
 * Checks uploaded bytes against the `allowed` image types by content (names and
 * declared types are ignored). Returns the image to store, or null when the bytes are
 * empty or not one of the allowed types.
 */
export async function checkImageContent(
  data: Buffer,
  originalName: string,
  allowed: readonly ImageType[],
): Promise<CheckedImage | null> {
  const name = originalName.slice(0, 255) || 'image';
  if (data.length === 0) return null;
  const detected = await fileTypeFromBuffer(data);
  if (
    detected &&
    detected.mime !== 'image/svg+xml' &&
    allowed.includes(detected.mime as ImageType)
  ) {
    return { contentType: detected.mime as ImageType, data, originalName: name };
  }
  if (allowed.includes('image/svg+xml') && (!detected || detected.mime === 'application/xml')) {
    const svg = sanitizeSvg(data);
    if (svg)
      return { contentType: 'image/svg+xml', data: Buffer.from(svg, 'utf8'), originalName: name };
  }
  return null;
}
