/**
 * HTTP errors and the one error handler every route shares. Every error answers
 * JSON `{ message, errors? }` with the status DECISIONS.md lists: 400 bad input (with
 * per-field `errors`), 401, 403, 404, 409 (stock, limits, price changed, already
 * paid), 413, 415, 429. Never a 500 for user input.
 */
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ApiError } from '../../shared/schemas/common';
import { simpleHtmlPage } from './html-page';

/** An error with an HTTP status and a customer-facing message. Throw it from services. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly details: Record<string, unknown> = {},
    /** Response headers to send with the error (e.g. `retry-after` on a 429). */
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export const badRequest = (message: string, errors?: Record<string, string>) =>
  new HttpError(400, message, errors ? { errors } : {});
export const unauthorized = (message = 'You must be logged in') => new HttpError(401, message);
export const forbidden = (message = 'You do not have permission to do that') =>
  new HttpError(403, message);
export const notFound = (message = 'Not found') => new HttpError(404, message);
export const conflict = (message: string, details: Record<string, unknown> = {}) =>
  new HttpError(409, message, details);

/** The error statuses a route may declare with the plain `ApiError` body. */
export type ApiErrorStatus = 400 | 401 | 403 | 404 | 409 | 410 | 413 | 415 | 429 | 500 | 502;

/**
 * The response-schema map of a route's error statuses: `apiErrors(400, 404)` is
 * `{ 400: ApiError, 404: ApiError }`, the `{ message, errors? }` body every error
 * answers (DECISIONS.md, see `installErrorHandling`). Spread it into a route's
 * `schema.response`; a status with a richer body (checkout's 409 `CheckoutConflict`)
 * is written after the spread so it replaces the plain one.
 */
export function apiErrors<const S extends readonly ApiErrorStatus[]>(
  ...statuses: S
): { [K in S[number]]: typeof ApiError } {
  return Object.fromEntries(statuses.map((status) => [status, ApiError])) as {
    [K in S[number]]: typeof ApiError;
  };
}

/**
 * PostgreSQL error codes that mean "this input value cannot be stored", so a 400:
 * 22021 invalid byte sequence (NUL in text), 22P05 untranslatable character (NUL
 * escape in jsonb), 22003 numeric value out of range (e.g. an id past int4).
 */
const INPUT_DB_ERRORS: Record<string, { message: string }> = {
  '22021': { message: 'Invalid characters in input' },
  '22P05': { message: 'Invalid characters in input' },
  '22003': { message: 'A number in the request is out of range' },
};

/**
 * A 400 HttpError when `err` (or an error in its `cause` chain, as drizzle wraps
 * driver errors) is a PostgreSQL error for input it cannot store; else null.
 * The edge guard and the schemas stop such input first; this is the backstop.
 */
export function inputRejectedByDatabase(err: unknown): HttpError | null {
  const code = databaseErrorCode(err, (c) => c in INPUT_DB_ERRORS);
  return code ? new HttpError(400, INPUT_DB_ERRORS[code]!.message) : null;
}

/**
 * The first PostgreSQL error code (SQLSTATE) in `err` or its `cause` chain (drizzle
 * wraps driver errors) that passes `wanted`, or null.
 */
export function databaseErrorCode(
  err: unknown,
  wanted: (code: string) => boolean = () => true,
): string | null {
  let current: unknown = err;
  for (let depth = 0; depth < 5 && current && typeof current === 'object'; depth += 1) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && wanted(code)) return code;
    current = (current as { cause?: unknown }).cause;
  }
  return null;
}

/** 400 for a route that needs a body and got none. */
export const BODY_REQUIRED = 'A JSON request body is required';

/** Installs the JSON error handler and the JSON 404 handler for /api routes. */
export function installErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | HttpError, request, reply) => {
    if (error instanceof HttpError) {
      return reply
        .headers(error.headers)
        .status(error.statusCode)
        .send({ message: error.message, ...error.details });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      // No body at all where the route needs one (an empty `application/json` body is no
      // body, app.ts): say that, not the validator's 'expected object, received null'.
      if (
        error.validationContext === 'body' &&
        (request.body === undefined || request.body === null)
      ) {
        return reply.status(400).send({ message: BODY_REQUIRED, errors: { body: BODY_REQUIRED } });
      }
      const errors: Record<string, string> = {};
      for (const issue of error.validation) {
        const params = issue.params as { issue?: { path?: PropertyKey[] } };
        const key =
          (params.issue?.path ?? []).map(String).join('.') ||
          issue.instancePath.replace(/^\//, '').replace(/\//g, '.') ||
          '_';
        if (!errors[key]) errors[key] = issue.message ?? 'Invalid value';
      }
      const first = Object.values(errors)[0];
      return reply.status(400).send({ message: first ?? 'Invalid input', errors });
    }
    const status = error.statusCode ?? 500;
    if (status === 429) {
      return reply
        .status(429)
        .send({ message: 'Too many requests. Please wait a moment and try again.' });
    }
    if (status >= 400 && status < 500) {
      // Fastify's own client errors: malformed JSON, body too large, unsupported media type.
      const message =
        status === 413
          ? 'Request is too large'
          : status === 415
            ? 'Unsupported content type'
            : error.message || 'Bad request';
      // Body parser errors (malformed or empty JSON, bad content length) concern the body.
      const aboutBody = status === 400 && String(error.code ?? '').startsWith('FST_ERR_CTP_');
      return reply
        .status(status)
        .send(aboutBody ? { message, errors: { body: message } } : { message });
    }
    const rejected = inputRejectedByDatabase(error);
    if (rejected) {
      request.log.warn({ err: error }, 'input refused by the database');
      return reply.status(400).send({ message: rejected.message });
    }
    request.log.error({ err: error }, 'unhandled error');
    if (wantsPage(request)) {
      // A page a browser opened (the database down, say): a page, not JSON as text.
      return reply
        .status(500)
        .header('cache-control', 'no-store')
        .type('text/html; charset=utf-8')
        .send(
          simpleHtmlPage(
            'Something went wrong',
            '<p>Something went wrong on our side. Please try again in a moment.</p><p><a href="/">Back to the home page</a></p>',
          ),
        );
    }
    return reply
      .status(500)
      .send({ message: 'Something went wrong on our side. Please try again.' });
  });
}

/**
 * True for a browser opening a page: GET or HEAD, an address outside the API
 * (`/api/`, `/paypal/`), and an Accept header that takes HTML.
 */
function wantsPage(request: FastifyRequest): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  if (/^\/(api|paypal)(\/|$)/.test(request.url)) return false;
  return String(request.headers.accept ?? '').includes('text/html');
}

/**
 * Fastify's `frameworkErrors` option: errors raised by the router before any route
 * runs, answered in the app's JSON shape. A path parameter longer than the router's
 * `maxParamLength` names nothing that can exist: 404 'Not found' (instead of Fastify's
 * 414 body). A URL that cannot be decoded: 400 'Invalid URL'.
 */
export function frameworkErrorHandler(
  error: FastifyError,
  _request: FastifyRequest,
  reply: FastifyReply,
): void {
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') {
    reply.status(404).send({ message: 'Not found' });
  } else if (error.code === 'FST_ERR_BAD_URL') {
    reply.status(400).send({ message: 'Invalid URL' });
  } else {
    const status = error.statusCode && error.statusCode < 500 ? error.statusCode : 500;
    reply.status(status).send({
      message: status < 500 ? error.message : 'Something went wrong on our side. Please try again.',
    });
  }
}
