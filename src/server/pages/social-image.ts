/**
 * Per-page social images (issue 10, storefront spec section 9: Open Graph and Twitter
 * images of 1200x630). A product's or a post's own picture on the brand's green with a
 * gold frame, its title and a line under it, rendered to PNG by resvg (@resvg/resvg-js):
 * link previews do not show SVG, and the shop's pin art is SVG.
 *
 * Routes: `GET /og/product/{id}.png` (active products) and `GET /og/blog/{slug}.png`
 * (published posts). Rendered once per product/post version and kept in a small
 * in-process cache (an image is a pure function of its inputs, so instances need not
 * share it); unknown ids answer 404; a picture resvg cannot draw leaves the frame and
 * text only. Responses may be cached for a day (the URL carries the version).
 */
import { Resvg } from '@resvg/resvg-js';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { dollarsToCents, formatUsd } from '../../shared/money';
import { escapeSvgText } from '../../shared/pin-art';
import { wrapWords } from '../../shared/sentence';
import { findPublishedPost } from '../blog/service';
import { getActiveProduct } from '../catalog/service';
import type { Db } from '../db/client';
import { readFile } from '../files/service';
import { HttpError } from '../lib/errors';

export const SOCIAL_CARD = { width: 1200, height: 630 } as const;

/** Picture types resvg draws inside an SVG <image>. */
const DRAWABLE = new Set(['image/png', 'image/jpeg', 'image/gif', 'image/svg+xml', 'image/webp']);
const CACHE_LIMIT = 200;

export interface SocialCard {
  title: string;
  /** Second line under the title (price, category). */
  subtitle: string;
  /** The page's picture, when it has one the card can draw. */
  picture: { contentType: string; data: Buffer } | null;
  siteName: string;
}

/** The card as SVG markup (1200x630); every text is escaped, the picture is a data URI. */
export function socialCardSvg(card: SocialCard): string {
  const { width, height } = SOCIAL_CARD;
  const picture =
    card.picture && DRAWABLE.has(card.picture.contentType)
      ? `<rect x="70" y="75" width="480" height="480" rx="24" fill="#ffffff" fill-opacity="0.06"/>` +
        `<image x="90" y="95" width="440" height="440" preserveAspectRatio="xMidYMid meet" href="data:${card.picture.contentType};base64,${card.picture.data.toString('base64')}"/>`
      : '';
  const textX = picture ? 610 : 110;
  const titleLines = wrapWords(card.title, picture ? 17 : 34, 4);
  const titleTop = height / 2 - ((titleLines.length - 1) * 54) / 2 - 20;
  const title = titleLines
    .map(
      (line, i) =>
        `<text x="${textX}" y="${titleTop + i * 54}" font-family="DejaVu Serif, Georgia, serif" font-size="44" font-weight="700" fill="#ffffff">${escapeSvgText(line)}</text>`,
    )
    .join('');
  const subtitleY = titleTop + (titleLines.length - 1) * 54 + 56;
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">`,
    '<defs><radialGradient id="bg" cx="30%" cy="40%" r="85%"><stop offset="0" stop-color="#1a5a43"/><stop offset="1" stop-color="#082219"/></radialGradient></defs>',
    `<rect width="${width}" height="${height}" fill="url(#bg)"/>`,
    `<rect x="18" y="18" width="${width - 36}" height="${height - 36}" rx="28" fill="none" stroke="#d4a72c" stroke-width="6"/>`,
    picture,
    title,
    `<text x="${textX}" y="${subtitleY}" font-family="DejaVu Sans, Arial, sans-serif" font-size="28" fill="#f3dc8c">${escapeSvgText(card.subtitle)}</text>`,
    `<text x="${textX}" y="${height - 70}" font-family="DejaVu Sans, Arial, sans-serif" font-size="26" fill="#e8f1ec">${escapeSvgText(card.siteName)}</text>`,
    '</svg>',
  ].join('');
}

/** resvg's font settings for the cards and the pictures on them. */
export const CARD_FONTS = { loadSystemFonts: true, defaultFontFamily: 'DejaVu Sans' };

/**
 * An SVG picture drawn to PNG first (880 px wide, twice the card's 440): resvg draws an
 * SVG nested in the card as an `<image>` without fonts and without its own nested images,
 * so the pin art lost its lettering and, for half the catalogue, its motif (an SEO
 * audit). Other pictures pass as they are.
 */
function flattenPicture(picture: SocialCard['picture']): SocialCard['picture'] {
  if (picture?.contentType !== 'image/svg+xml') return picture;
  const png = new Resvg(picture.data, { font: CARD_FONTS, fitTo: { mode: 'width', value: 880 } })
    .render()
    .asPng();
  return { contentType: 'image/png', data: png };
}

/**
 * The card drawn by resvg (1200x630; `.asPng()` for the bytes, `.pixels` RGBA). Throws
 * only if resvg rejects the card itself.
 */
export function drawSocialCard(card: SocialCard) {
  const draw = (c: SocialCard) => new Resvg(socialCardSvg(c), { font: CARD_FONTS }).render();
  try {
    return draw({ ...card, picture: flattenPicture(card.picture) });
  } catch {
    // A picture resvg cannot parse: the card without it.
    return draw({ ...card, picture: null });
  }
}

/** The card as PNG bytes (1200x630). Throws only if resvg rejects the card itself. */
export function renderSocialCard(card: SocialCard): Buffer {
  return drawSocialCard(card).asPng();
}

/** The file behind a `/api/files/{id}` link, or null for other links. */
async function pictureOf(
  db: Db,
  url: string | null | undefined,
): Promise<SocialCard['picture'] | null> {
  const id = /^\/api\/files\/([A-Za-z0-9_-]{1,64})(?:\?|$)/.exec(url ?? '')?.[1];
  if (!id) return null;
  const file = await readFile(db, id);
  return file ? { contentType: file.contentType, data: file.data } : null;
}

/** Social image link of a product (versioned by its last change). */
export function productCardPath(product: { id: number; updatedAt?: string | null }): string {
  return `/og/product/${product.id}.png?v=${encodeURIComponent(product.updatedAt ?? '0')}`;
}

/** Social image link of a post (versioned by its last change). */
export function postCardPath(post: { slug: string; updatedAt: string }): string {
  return `/og/blog/${encodeURIComponent(post.slug)}.png?v=${encodeURIComponent(post.updatedAt)}`;
}

/** Registers the two image routes. */
export function socialImageRoutes(instance: FastifyInstance, db: Db, siteName: string): void {
  const cache = new Map<string, Buffer>();
  const sendCard = async (reply: FastifyReply, key: string, make: () => Promise<SocialCard>) => {
    let png = cache.get(key);
    if (!png) {
      png = renderSocialCard(await make());
      if (cache.size >= CACHE_LIMIT) cache.delete(cache.keys().next().value!);
      cache.set(key, png);
    }
    return reply
      .type('image/png')
      .header('cache-control', 'public, max-age=86400')
      .header('content-length', png.length)
      .send(png);
  };
  const notFound = (reply: FastifyReply) => reply.code(404).send({ message: 'Image not found' });

  instance.get<{ Params: { id: string } }>('/og/product/:id', async (request, reply) => {
    const m = /^([1-9][0-9]{0,8})\.png$/.exec(request.params.id);
    if (!m) return notFound(reply);
    let product: Awaited<ReturnType<typeof getActiveProduct>>;
    try {
      product = await getActiveProduct(db, Number(m[1]));
    } catch (error) {
      if (error instanceof HttpError && error.statusCode === 404) return notFound(reply);
      throw error;
    }
    return sendCard(reply, `p${product.id}:${product.updatedAt ?? ''}`, async () => ({
      title: product.name,
      subtitle:
        product.price > 0
          ? `${formatUsd(dollarsToCents(product.price))} · wholesale from 10 pins`
          : 'Free',
      picture: await pictureOf(db, product.imageUrl),
      siteName,
    }));
  });

  instance.get<{ Params: { slug: string } }>('/og/blog/:slug', async (request, reply) => {
    const m = /^(.{1,200})\.png$/.exec(request.params.slug);
    const row = m ? await findPublishedPost(db, m[1]!) : null;
    if (!row) return notFound(reply);
    return sendCard(reply, `b${row.id}:${row.updatedAt.toISOString()}`, async () => ({
      title: row.title,
      subtitle: 'From the Golf Pin Blog',
      picture: await pictureOf(db, row.featuredImage),
      siteName,
    }));
  });
}
