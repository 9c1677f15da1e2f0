/**
 * Pre-serialised response bodies for hot read paths (issue 12): the bytes, their ETag
 * and their gzip / brotli encodings are made once per cache entry, so a request costs
 * no serialisation, no hashing and no compression:
 *
 * - `If-None-Match` naming the entry's ETag (or `*`) -> 304 without a body;
 * - `Accept-Encoding` allowing br (preferred) or gzip -> that encoding, compressed on
 *   the first request that asks for it and kept with the entry;
 * - else the plain bytes.
 *
 * Every answer carries `ETag`, `Vary: Accept-Encoding` and the given Cache-Control.
 * An entry is immutable: the owner (e.g. the catalogue cache) drops it on invalidation.
 */
import { createHash } from 'node:crypto';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { negotiate } from '@fastify/accept-negotiator';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { replyHeaderStore } from './security-headers';

const ENCODINGS = ['br', 'gzip'];
/** Bodies smaller than this are sent plain (compression would not pay). */
const MIN_COMPRESS_BYTES = 1024;

/** One immutable response body with its validator and lazily made encodings. */
export class CachedBody {
  /** Strong ETag: a hash of the plain bytes (quoted, as sent). */
  readonly etag: string;
  private readonly encoded = new Map<string, Buffer>();

  constructor(
    readonly body: Buffer,
    readonly contentType = 'application/json; charset=utf-8',
  ) {
    this.etag = `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
  }

  /** `value` serialised as JSON. */
  static json(value: unknown): CachedBody {
    return new CachedBody(Buffer.from(JSON.stringify(value)));
  }

  /** The body in `encoding` ('br' or 'gzip'), compressed once. */
  encode(encoding: string): Buffer {
    let bytes = this.encoded.get(encoding);
    if (!bytes) {
      bytes =
        encoding === 'br'
          ? brotliCompressSync(this.body, {
              params: {
                [constants.BROTLI_PARAM_QUALITY]: 9,
                [constants.BROTLI_PARAM_SIZE_HINT]: this.body.length,
              },
            })
          : gzipSync(this.body, { level: 9 });
      this.encoded.set(encoding, bytes);
    }
    return bytes;
  }
}

/** True when an If-None-Match header value names `etag` (weak or strong) or is `*`. */
export function matchesEtag(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  for (const raw of ifNoneMatch.split(',')) {
    const tag = raw.trim();
    if (tag === '*' || tag === etag || tag === `W/${etag}`) return true;
  }
  return false;
}

/**
 * How `cached` answers a request: 'not-modified' (304, no body) when `ifNoneMatch` names
 * its ETag, else 'br' or 'gzip' when `acceptEncoding` allows it and the body is large
 * enough, else 'plain'. One rule for `sendCached` and the front cache (lib/front-cache.ts).
 */
export type CachedVariant = 'not-modified' | 'plain' | 'br' | 'gzip';

export function cachedVariant(
  cached: CachedBody,
  ifNoneMatch: string | undefined,
  acceptEncoding: string | undefined,
): CachedVariant {
  if (matchesEtag(ifNoneMatch, cached.etag)) return 'not-modified';
  if (acceptEncoding && cached.body.length >= MIN_COMPRESS_BYTES) {
    const encoding = negotiate(acceptEncoding, ENCODINGS);
    if (encoding === 'br' || encoding === 'gzip') return encoding;
  }
  return 'plain';
}

/**
 * The headers `sendCached` writes for `variant` (lower-case names in their fixed order:
 * etag, vary, cache-control, then content-type and content-encoding when there is a
 * body) into `headers`, and the body to send (undefined for a 304).
 */
export function cachedHeaders(
  cached: CachedBody,
  variant: CachedVariant,
  cacheControl: string,
  headers: Record<string, string>,
): Buffer | undefined {
  headers.etag = cached.etag;
  headers.vary = 'Accept-Encoding';
  headers['cache-control'] = cacheControl;
  if (variant === 'not-modified') return undefined;
  headers['content-type'] = cached.contentType;
  if (variant === 'plain') return cached.body;
  headers['content-encoding'] = variant;
  return cached.encode(variant);
}

/**
 * Sends `cached` for `request` (304, compressed or plain; see the module comment).
 * Returns the reply (return it from the handler).
 */
export function sendCached<Reply extends FastifyReply>(
  request: FastifyRequest,
  reply: Reply,
  cached: CachedBody,
  cacheControl = 'no-cache',
): Reply {
  // Straight into the reply's header store (lower-case names; what reply.header() does
  // after normalising them), in one fixed order (issue 12).
  const store = replyHeaderStore(reply);
  const headers = store ?? {};
  const variant = cachedVariant(
    cached,
    request.headers['if-none-match'],
    request.headers['accept-encoding'],
  );
  if (variant === 'not-modified') reply.code(304);
  const body = cachedHeaders(cached, variant, cacheControl, headers);
  if (!store) reply.headers(headers);
  reply.send(body);
  return reply;
}
