/**
 * HTTP errors and the one error handler every route shares. Every error answers
 * JSON `{ message, errors? }` with the status DECISIONS.md lists: 400 bad input (with
 * per-field `errors`), 401, 403, 404, 409 (stock, limits, price changed, already
 * paid), 413, 415, 429. Never a 500 for user input.
 */
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';

/** An error with an HTTP status and a customer-facing message. Throw it from services. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly details: Record<string, unknown> = {},
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

/** Installs the JSON error handler and the JSON 404 handler for /api routes. */
export function installErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | HttpError, request, reply) => {
    if (error instanceof HttpError) {
      return reply.status(error.statusCode).send({ message: error.message, ...error.details });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
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
      return reply.status(status).send({ message });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply
      .status(500)
      .send({ message: 'Something went wrong on our side. Please try again.' });
  });
}
