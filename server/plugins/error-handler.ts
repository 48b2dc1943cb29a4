import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { databaseUnavailableReason } from '../db/client';
import { AppError, DatabaseUnavailableError } from '../errors';

/**
 * The one error path: typed errors keep their status and code, validation failures become 400s
 * with a readable message, Fastify's own 4xx keep their status, a database that is down or too
 * slow is a 503 with Retry-After, everything else is a 500 whose details stay in the log.
 */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError, request, reply) => {
    const unavailable = asDatabaseUnavailable(err);
    if (unavailable) {
      // One short line per request during an outage; the query and its parameters stay out.
      request.log.warn({ reason: databaseUnavailableReason(err) ?? err.message }, 'database unavailable');
      return reply
        .status(503)
        .header('retry-after', String(unavailable.retryAfterSeconds))
        .send({ error: { code: unavailable.code, message: unavailable.message } });
    }
    if (err instanceof AppError) {
      if (err.statusCode >= 500) request.log.error({ err }, 'request failed');
      return reply.status(err.statusCode).send({ error: { code: err.code, message: err.message } });
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const where = err.validationContext ?? 'body';
      return reply
        .status(400)
        .send({ error: { code: 'validation_failed', message: `Invalid request ${where}: ${describeValidation(err.validation[0])}` } });
    }
    const status = err.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      return reply.status(status).send({ error: { code: clientErrorCode(err), message: clientErrorMessage(err) } });
    }
    request.log.error({ err }, 'unhandled error');
    return reply.status(500).send({ error: { code: 'internal_error', message: 'Something went wrong on our side. Please try again.' } });
  });

  app.setNotFoundHandler((request, reply) =>
    reply.status(404).send({ error: { code: 'not_found', message: `No route for ${request.method} ${request.url.split('?')[0]}` } }),
  );
}

/**
 * The error event of a response that already streams (SSE): its status is sent, so only the
 * body can tell a database outage or a typed refusal from a fault of ours.
 */
export function streamErrorOf(err: unknown): { code: string; message: string } {
  const unavailable = asDatabaseUnavailable(err);
  if (unavailable) return { code: unavailable.code, message: unavailable.message };
  if (err instanceof AppError && err.statusCode < 500) return { code: err.code, message: err.message };
  return { code: 'internal_error', message: 'Something went wrong on our side. Please try again.' };
}

/** The typed error when `err` means PostgreSQL is away (thrown as such, or the driver's own failure). */
function asDatabaseUnavailable(err: unknown): DatabaseUnavailableError | undefined {
  if (err instanceof DatabaseUnavailableError) return err;
  return databaseUnavailableReason(err) === undefined ? undefined : new DatabaseUnavailableError();
}

function clientErrorCode(err: FastifyError): string {
  switch (err.code) {
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return 'unsupported_media_type';
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return 'payload_too_large';
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return 'invalid_json';
    default:
      return err.statusCode === 429 ? 'rate_limited' : 'bad_request';
  }
}

function clientErrorMessage(err: FastifyError): string {
  switch (err.code) {
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return 'Unsupported Content-Type: send JSON (application/json)';
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return 'The request body is too large';
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return 'The request body is empty but Content-Type is application/json';
    default:
      if (err instanceof SyntaxError) return 'The request body is not valid JSON';
      return err.message;
  }
}

interface ValidationItem {
  instancePath?: string;
  message?: string;
  params?: { issue?: { code?: string; keys?: string[] } };
}

function describeValidation(item: ValidationItem | undefined): string {
  if (!item) return 'invalid input';
  const issue = item.params?.issue;
  if (issue?.code === 'unrecognized_keys' && issue.keys?.length) return `unknown field(s): ${issue.keys.join(', ')}`;
  const field = item.instancePath ? item.instancePath.slice(1).replace(/\//g, '.') : '';
  return field ? `${field}: ${item.message ?? 'invalid value'}` : (item.message ?? 'invalid input');
}
