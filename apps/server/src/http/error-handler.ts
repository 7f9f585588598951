import type { ApiErrorBody } from '@tz/shared/http/endpoint';
import { type FieldError, joinMessages } from '@tz/shared/http/field-errors';
import { MSG } from '@tz/shared/messages';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { AppError } from './app-error';
import { isDatabaseUnavailable } from './database-errors';
import type { ErrorEvent } from './error-tracing';

/** Maps every failure to the one error shape; 5xx details never leave the server. */
export function registerErrorHandler(app: FastifyInstance, report: (e: ErrorEvent) => Promise<void>) {
  const trace = (err: Error, requestId: string, url: string) =>
    void report({ message: err.message, stack: err.stack, level: 'error', source: 'server', requestId, url });
  app.setErrorHandler((err: FastifyError, req, reply) => {
    const send = (status: number, body: ApiErrorBody) => reply.status(status).send(body);

    if (err instanceof AppError) {
      return send(err.status, { error: err.code, message: err.message, details: err.details });
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      // The path of each field goes to `details` (the web app marks the field and names it by its
      // label); the message is German only: the distinct messages, never a path.
      const all: FieldError[] = err.validation.map((v) => ({
        field: v.instancePath.replace(/^\//, '').replace(/\//g, '.'),
        message: v.message ?? '',
      }));
      // a union (date or '') reports its branches' issues; one per field and message is enough
      const details = all.filter((d, i) => all.findIndex((e) => e.field === d.field && e.message === d.message) === i);
      const message = `${MSG.invalidInput} ${joinMessages(details.map((d) => d.message))}`.trim();
      return send(400, { error: 'VALIDATION', message, details });
    }
    if (err.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || err instanceof SyntaxError) {
      return send(400, { error: 'INVALID_JSON', message: MSG.invalidJson });
    }
    if (err.code === 'FST_ERR_CTP_EMPTY_JSON_BODY') {
      return send(400, { error: 'INVALID_JSON', message: MSG.invalidJson });
    }
    if (err.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
      return send(415, { error: 'UNSUPPORTED_MEDIA_TYPE', message: 'Dieses Datenformat wird nicht unterstützt.' });
    }
    if (err.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      return send(413, { error: 'TOO_LARGE', message: 'Die Anfrage ist zu groß.' });
    }
    if (err.statusCode === 429) {
      return send(429, { error: 'TOO_MANY_REQUESTS', message: MSG.tooManyRequests });
    }
    if (isResponseSerializationError(err)) {
      req.log.error({ err, issues: err.cause }, 'response does not match its contract');
      trace(err, req.id, req.url);
      return send(500, { error: 'INTERNAL', message: MSG.genericError });
    }
    if (err.statusCode && err.statusCode >= 400 && err.statusCode < 500) {
      return send(err.statusCode, { error: err.code ?? 'BAD_REQUEST', message: MSG.invalidInput });
    }
    if (isDatabaseUnavailable(err)) {
      // PostgreSQL restarting or out of reach: the pool reconnects by itself; the caller may repeat.
      req.log.warn({ err }, 'database unavailable');
      reply.header('retry-after', '5');
      return send(503, { error: 'DATABASE_UNAVAILABLE', message: MSG.databaseUnavailable });
    }
    req.log.error({ err }, 'unhandled error');
    trace(err, req.id, req.url);
    return send(500, { error: 'INTERNAL', message: MSG.genericError });
  });
}
