/**
 * The front cache (issue 12; docs/decisions.md "Performance and several instances" 20):
 * the hottest public reads answered by the HTTP server before Fastify's router, from the
 * same pre-built cache entries and with the same bytes Fastify's route sends.
 *
 * A request is answered here only when all of these hold; anything else goes to Fastify
 * unchanged (`FrontCache.answer` returns false):
 * - the front cache is open (`start`) and not stopped (Fastify's `preClose`: requests
 *   arriving while the shop closes get Fastify's 503);
 * - GET or HEAD, without a body (no Content-Length, no Transfer-Encoding);
 * - the owner's lookup (`serve`; catalog/routes.ts) finds a live entry for the exact URL:
 *   only spellings the route's own validation accepts and answers from that entry
 *   (no query string, a canonical id), so validation, the input guard and the route
 *   would have let it through to the same answer.
 *
 * The answer: the route's security header set, then `cachedHeaders` (cached-response.ts:
 * ETag, Vary, Cache-Control, Content-Type, Content-Encoding) and Content-Length as
 * Fastify sets it (HEAD: the GET's length; a 304: none, or `0` on HEAD, as Fastify's HEAD
 * route sends), 304 / br / gzip / plain chosen by `cachedVariant`; each entry's header
 * arrays are built once per variant. Then one request line, the same as `RequestLog`
 * writes (lib/request-log.ts), with a request id from the same sequence Fastify uses
 * (`requestIds`) and the client address as Fastify reads it (TRUST_PROXY honoured).
 * What is skipped is Fastify's per-request work (request and reply objects, hooks,
 * routing, validation, response listeners): a cached product read went from 113,000 to
 * 96,000 instructions, below the bare Fastify route's 113,000 (docs/decisions.md
 * "Performance and several instances" 20).
 */
import http, { type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import proxyAddr from '@fastify/proxy-addr';
import type { FastifyServerFactory } from 'fastify';
import {
  type CachedBody,
  type CachedVariant,
  cachedHeaders,
  cachedVariant,
} from './cached-response';
import type { RequestLineFields } from './request-log';

/** The live cache entry for a request URL, or null (Fastify answers it). */
export type FrontLookup = (url: string) => CachedBody | null;

/** Fastify's request id format (`req-` + a base-36 counter), one sequence per app. */
export function requestIds(): () => string {
  let next = 0;
  return () => {
    next = (next + 1) & 2147483647;
    return `req-${next.toString(36)}`;
  };
}

/**
 * The client address as Fastify's `request.ip` reads it for the app's `trustProxy`
 * option (false, a function, or addresses for proxy-addr): the socket's peer, or the
 * nearest untrusted address of X-Forwarded-For.
 */
export function clientAddress(
  trustProxy: false | string[] | ((address: string, hop: number) => boolean),
): (req: IncomingMessage) => string | undefined {
  if (trustProxy === false) return (req) => req.socket.remoteAddress;
  const trust = typeof trustProxy === 'function' ? trustProxy : proxyAddr.compile(trustProxy);
  return (req) => {
    const all = proxyAddr.all(req, trust);
    return all[all.length - 1];
  };
}

/** One variant of one entry, ready to write: status, flat header list, body. */
interface Prepared {
  status: number;
  headers: string[];
  body: Buffer | undefined;
}

interface Open {
  securityHeaders: [string, string][];
  writeLine: (line: RequestLineFields) => void;
  clientAddress: (req: IncomingMessage) => string | undefined;
}

/** The server settings Fastify hands its server factory (fastify.js, createServer). */
interface ServerSettings {
  http?: http.ServerOptions;
  keepAliveTimeout?: number;
  requestTimeout?: number;
  connectionTimeout?: number;
  maxRequestsPerSocket?: number;
}

/** See the module comment. One per app (`AppDeps.frontCache`). */
export class FrontCache {
  /** How many requests were answered here (tests tell the two paths apart with it). */
  answered = 0;
  /** False: every request goes to Fastify (set at `preClose` by `stop`). */
  enabled = true;
  private open: Open | null = null;
  private lookup: FrontLookup | null = null;
  private readonly prepared = new WeakMap<CachedBody, Map<string, Prepared>>();

  /** `nextRequestId`: the app's request id sequence (also Fastify's `genReqId`). */
  constructor(private readonly nextRequestId: () => string) {}

  /**
   * Opens the front cache: `securityHeaders` (lower-case name -> value) on every answer,
   * as the route's onRequest hook adds them; `writeLine` writes the request line.
   */
  start(options: {
    securityHeaders: Record<string, string>;
    writeLine: (line: RequestLineFields) => void;
    clientAddress: (req: IncomingMessage) => string | undefined;
  }): void {
    this.open = {
      securityHeaders: Object.entries(options.securityHeaders),
      writeLine: options.writeLine,
      clientAddress: options.clientAddress,
    };
  }

  /** Sets the lookup of the entries answered here (the catalogue's, catalog/routes.ts). */
  serve(lookup: FrontLookup): void {
    this.lookup = lookup;
  }

  /** Stops answering: every request goes to Fastify from now on. */
  stop(): void {
    this.enabled = false;
  }

  /**
   * Answers `req` on `res` when the module comment's conditions hold; returns false
   * (nothing written) otherwise.
   */
  answer(req: IncomingMessage, res: ServerResponse): boolean {
    const open = this.open;
    const lookup = this.lookup;
    if (open === null || lookup === null || !this.enabled) return false;
    const method = req.method;
    if (method !== 'GET' && method !== 'HEAD') return false;
    const headers = req.headers;
    if (headers['content-length'] !== undefined || headers['transfer-encoding'] !== undefined) {
      return false;
    }
    const url = req.url;
    if (url === undefined) return false;
    const cached = lookup(url);
    if (cached === null) return false;
    const start = performance.now();
    const reqId = this.nextRequestId();
    const variant = cachedVariant(cached, headers['if-none-match'], headers['accept-encoding']);
    const prepared = this.prepare(open, cached, variant, method);
    res.writeHead(prepared.status, prepared.headers);
    res.end(prepared.body);
    this.answered++;
    open.writeLine({
      reqId,
      method,
      url,
      statusCode: prepared.status,
      elapsedMs: performance.now() - start,
      ip: open.clientAddress(req),
    });
    return true;
  }

  /** The answer for `variant` of `cached` to `method`, built on first use. */
  private prepare(
    open: Open,
    cached: CachedBody,
    variant: CachedVariant,
    method: 'GET' | 'HEAD',
  ): Prepared {
    let forEntry = this.prepared.get(cached);
    if (forEntry === undefined) {
      forEntry = new Map();
      this.prepared.set(cached, forEntry);
    }
    const key = method === 'HEAD' ? `HEAD ${variant}` : variant;
    let prepared = forEntry.get(key);
    if (prepared === undefined) {
      const named: Record<string, string> = Object.fromEntries(open.securityHeaders);
      const body = cachedHeaders(cached, variant, 'no-cache', named);
      // Content-Length as Fastify writes it: the body's length (HEAD too), none on a 304,
      // except that Fastify's HEAD route gives a bodiless answer `0`.
      if (body !== undefined) named['content-length'] = String(body.length);
      else if (method === 'HEAD') named['content-length'] = '0';
      prepared = {
        status: variant === 'not-modified' ? 304 : 200,
        headers: Object.entries(named).flat(),
        body: method === 'HEAD' ? undefined : body,
      };
      forEntry.set(key, prepared);
    }
    return prepared;
  }

  /**
   * Fastify's `serverFactory`: Node's HTTP server with Fastify's own settings (timeouts,
   * requests per socket), asking the front cache before Fastify's handler.
   */
  serverFactory: FastifyServerFactory = (handler, fastifyOptions) => {
    // Fastify fills these in (its defaults included) before calling the factory.
    const options = fastifyOptions as unknown as ServerSettings;
    const server: Server = http.createServer(options.http ?? {}, (req, res) => {
      if (!this.answer(req, res)) handler(req, res);
    });
    if (options.keepAliveTimeout !== undefined) server.keepAliveTimeout = options.keepAliveTimeout;
    if (options.requestTimeout !== undefined) server.requestTimeout = options.requestTimeout;
    server.setTimeout(options.connectionTimeout ?? 0);
    if (options.maxRequestsPerSocket && options.maxRequestsPerSocket > 0) {
      server.maxRequestsPerSocket = options.maxRequestsPerSocket;
    }
    return server;
  };
}
