/**
 * Compression for the admin's whole-list answers (a scale audit; docs/decisions.md "At
 * the size of a real shop" 4): with 20,000 orders `GET /api/orders` is 12.9 MB of JSON,
 * which brotli makes about a tenth. API replies are otherwise sent plain (the hot
 * catalogue reads carry pre-compressed cache entries, lib/cached-response.ts), so this
 * is a route-level `onSend` hook that only the list routes add, not a global plugin.
 *
 * A serialised body of at least LARGE_REPLY_BYTES is sent as br (quality 5: fast enough
 * per request, far smaller than gzip's) or gzip (level 6) when `Accept-Encoding` allows
 * it, compressed off the event loop (zlib's thread pool); smaller bodies and clients
 * that ask for neither get the plain bytes. Every answer of such a route varies on
 * `Accept-Encoding`. Not for answers that hold link secrets (pay keys, balance tokens)
 * beside text others can write: that is what BREACH-style attacks measure.
 */
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { negotiate } from '@fastify/accept-negotiator';
import type { FastifyReply, FastifyRequest } from 'fastify';

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Bodies from this size on are compressed (bytes). */
export const LARGE_REPLY_BYTES = 16 * 1024;

/**
 * Route `onSend` hook: returns `payload` compressed (setting Content-Encoding) when it is
 * a string or Buffer of at least LARGE_REPLY_BYTES and the client accepts br or gzip;
 * else `payload` unchanged. Never throws for the client's input.
 */
export async function compressLargeReply(
  request: FastifyRequest,
  reply: FastifyReply,
  payload: unknown,
): Promise<unknown> {
  if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
  const vary = reply.getHeader('vary');
  if (!vary) reply.header('vary', 'Accept-Encoding');
  else if (!/accept-encoding/i.test(String(vary))) reply.header('vary', `${vary}, Accept-Encoding`);
  const size = typeof payload === 'string' ? Buffer.byteLength(payload) : payload.length;
  if (size < LARGE_REPLY_BYTES || reply.getHeader('content-encoding')) return payload;
  const accepted = request.headers['accept-encoding'];
  const encoding = accepted ? negotiate(accepted, ['br', 'gzip']) : null;
  if (!encoding) return payload;
  const bytes = typeof payload === 'string' ? Buffer.from(payload) : payload;
  const compressed =
    encoding === 'br'
      ? await brotliAsync(bytes, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: 5,
            [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
          },
        })
      : await gzipAsync(bytes, { level: 6 });
  reply.header('content-encoding', encoding);
  reply.removeHeader('content-length');
  return compressed;
}
