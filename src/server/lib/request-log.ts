/**
 * Request logging at the cost of one log line (issue 12).
 *
 * - `RequestLog` (Fastify's `logController`): ONE line per answered request with the
 *   fields that matter (reqId, method, url, status, ms, client address), built without
 *   serializers, instead of Fastify's two ('incoming request' + 'request completed').
 *   Errors keep Fastify's own line.
 * - `lazyRequestLogger` (Fastify's `childLoggerFactory`): `request.log` is a stand-in
 *   that makes the pino child (bindings `{reqId}`) only when a handler or plugin logs
 *   through it. Fastify made one per request (an object, its formatters and its bindings
 *   serialised) that a clean request never used; the request line above is written by
 *   the parent logger with `reqId` as its first field, which gives the same JSON line
 *   the child would have written.
 * - Direct request lines (`new RequestLog(true)`, what `npm start` runs): the request
 *   line is one template string built from pino's own pre-rendered parts of the app's
 *   logger (its level string, time function, bindings and message key; `pino.symbols`)
 *   and handed to the logger's stream: the line pino writes for `info(fields,
 *   'request')`, without pino's generic per-field serialising (about 0.8 µs less of the
 *   19-22 µs of user CPU a cached product read costs; docs/decisions.md "Performance and
 *   several instances" 17). Only for a logger configured with a level and a stream
 *   alone (no formatters, mixins, hooks or redaction), as `startShop` makes it;
 *   request-log.test.ts compares the two lines.
 */

import {
  type FastifyBaseLogger,
  type FastifyReply,
  type FastifyRequest,
  LogController,
} from 'fastify';
import pino from 'pino';

type Bindings = Record<string, unknown>;
type ChildOptions = Parameters<FastifyBaseLogger['child']>[1];
type LogFn = FastifyBaseLogger['info'];

/**
 * A request's logger: the pino child of `parent` with `bindings`, made on first use.
 * Every log method, `child` and `level` go to that child, so what is written is exactly
 * what the child writes.
 */
export class LazyChildLogger {
  private made: FastifyBaseLogger | null = null;

  constructor(
    /** The logger the request line is written with (the app's logger). */
    readonly parent: FastifyBaseLogger,
    private readonly bindings: Bindings,
    private readonly options: ChildOptions,
  ) {}

  /**
   * The logger for the request line: the parent, unless the route logs at its own level
   * (Fastify's `logLevel`), then the child.
   */
  get lineLogger(): FastifyBaseLogger | null {
    return this.options?.level ? null : this.parent;
  }

  /** The pino child (made now when not yet). */
  get logger(): FastifyBaseLogger {
    if (this.made === null) this.made = this.parent.child(this.bindings, this.options);
    return this.made;
  }

  get level(): string {
    return this.made ? this.made.level : (this.options?.level ?? this.parent.level);
  }

  set level(level: string) {
    this.logger.level = level;
  }

  info(...args: Parameters<LogFn>): void {
    this.logger.info(...args);
  }
  error(...args: Parameters<LogFn>): void {
    this.logger.error(...args);
  }
  warn(...args: Parameters<LogFn>): void {
    this.logger.warn(...args);
  }
  debug(...args: Parameters<LogFn>): void {
    this.logger.debug(...args);
  }
  trace(...args: Parameters<LogFn>): void {
    this.logger.trace(...args);
  }
  fatal(...args: Parameters<LogFn>): void {
    this.logger.fatal(...args);
  }
  silent(...args: Parameters<LogFn>): void {
    this.logger.silent(...args);
  }
  child(bindings: Bindings, options?: ChildOptions): FastifyBaseLogger {
    return this.logger.child(bindings, options);
  }
}

/** Fastify `childLoggerFactory`: a `LazyChildLogger` per request (see the module comment). */
export function lazyRequestLogger(
  logger: FastifyBaseLogger,
  bindings: Bindings,
  options: ChildOptions,
): FastifyBaseLogger {
  return new LazyChildLogger(logger, bindings, options) as unknown as FastifyBaseLogger;
}

/** The pieces of a pino logger a direct request line is built from (see the module comment). */
interface PinoParts {
  write(line: string): void;
  /** `{"level":30` as this logger writes it. */
  level: string;
  /** `,"time":<ms>` (pino's time function). */
  time(): string;
  /** `,"pid":…,"hostname":"…"` (the logger's bindings, pre-rendered by pino). */
  bindings: string;
  /** `,"msg":"request"}` followed by a newline. */
  end: string;
}

/** Pino's parts of `logger`, or null when it is not a pino logger (then pino writes the line). */
export function pinoParts(logger: FastifyBaseLogger): PinoParts | null {
  const own = logger as unknown as Record<symbol, unknown>;
  const stream = own[pino.symbols.streamSym] as { write?: (line: string) => void } | undefined;
  const levels = own[pino.symbols.lsCacheSym] as Record<number, string> | undefined;
  const time = own[pino.symbols.timeSym];
  const bindings = own[pino.symbols.chindingsSym];
  const messageKey = own[pino.symbols.messageKeySym];
  if (
    typeof stream?.write !== 'function' ||
    typeof levels?.[30] !== 'string' ||
    typeof time !== 'function' ||
    typeof bindings !== 'string' ||
    typeof messageKey !== 'string'
  ) {
    return null;
  }
  return {
    write: (line) => stream.write!(line),
    level: levels[30],
    time: time as () => string,
    bindings,
    end: `,${JSON.stringify(messageKey)}:"request"}\n`,
  };
}

/** A JSON string value, or '' (field left out) for undefined, as pino leaves it out. */
function field(name: string, value: string | undefined): string {
  return value === undefined ? '' : `,"${name}":${JSON.stringify(value)}`;
}

/** What one request line says (lib/request-log.ts module comment). */
export interface RequestLineFields {
  reqId: string;
  method: string | undefined;
  url: string | undefined;
  statusCode: number;
  /** Milliseconds from the start of routing to the answer, unrounded. */
  elapsedMs: number;
  ip: string | undefined;
}

/** The request line `parts`' logger writes for `line` (pino's `info(fields, 'request')`). */
function directLine(parts: PinoParts, line: RequestLineFields): string {
  return (
    `${parts.level}${parts.time()}${parts.bindings}${field('reqId', line.reqId)}` +
    `${field('method', line.method)}${field('url', line.url)}` +
    `,"statusCode":${line.statusCode},"ms":${Math.round(line.elapsedMs * 10) / 10}` +
    `${field('ip', line.ip)}${parts.end}`
  );
}

/** The line's fields as pino is given them (`ms` rounded to 0.1). */
function lineFields(line: RequestLineFields) {
  return {
    reqId: line.reqId,
    method: line.method,
    url: line.url,
    statusCode: line.statusCode,
    ms: Math.round(line.elapsedMs * 10) / 10,
    ip: line.ip,
  };
}

/**
 * Writes request lines through `logger` (the app's logger) for requests answered before
 * Fastify's router (lib/front-cache.ts): the same line `RequestLog` writes for a routed
 * request, direct from pino's parts when `direct` and the logger allows it, else through
 * `info()`; nothing below the info level.
 */
export function requestLineWriter(
  logger: FastifyBaseLogger,
  direct: boolean,
): (line: RequestLineFields) => void {
  const parts = direct ? pinoParts(logger) : null;
  const pinoLogger = logger as unknown as Partial<pino.Logger>;
  const enabled = () =>
    typeof pinoLogger.isLevelEnabled === 'function' ? pinoLogger.isLevelEnabled('info') : true;
  if (parts) {
    return (line) => {
      if (enabled()) parts.write(directLine(parts, line));
    };
  }
  return (line) => logger.info(lineFields(line), 'request');
}

/**
 * Fastify `logController`: one line per answered request (see the module comment).
 * `direct`: write the request line from pino's parts instead of through `info()`.
 */
export class RequestLog extends LogController {
  private parts: PinoParts | null | undefined;

  constructor(private readonly direct = false) {
    super();
  }

  override incomingRequest(): void {}

  override requestCompleted(
    error: Error | null,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    if (error) {
      super.requestCompleted(error, request, reply);
      return;
    }
    const log = request.log as unknown;
    const parent = log instanceof LazyChildLogger ? log.lineLogger : null;
    const line: RequestLineFields = {
      reqId: request.id,
      method: request.method,
      url: request.url,
      statusCode: reply.statusCode,
      elapsedMs: reply.elapsedTime,
      ip: request.ip,
    };
    if (parent && this.direct) {
      if (this.parts === undefined) this.parts = pinoParts(parent);
      const parts = this.parts;
      if (parts) {
        if ((parent as unknown as pino.Logger).isLevelEnabled('info')) {
          parts.write(directLine(parts, line));
        }
        return;
      }
    }
    const fields = lineFields(line);
    if (parent) {
      // The child's binding (`reqId`) written by the parent: the same line, no child made.
      parent.info(fields, 'request');
    } else {
      const { reqId: _bound, ...rest } = fields;
      (log as FastifyBaseLogger).info(rest, 'request');
    }
  }
}
