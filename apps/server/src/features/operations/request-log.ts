import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import pino, { type DestinationStream, type Logger, type LoggerOptions } from 'pino';
import type { Metrics } from './metrics';

/**
 * Logs are JSON (pino) and carry no personal data: one line per request with the route's template
 * (`/api/public/bookings/:token`, never the URL, whose path may carry a token and whose query a name),
 * the method, status, duration and the request id; errors without the values of the failed query.
 * The request id comes from the proxy (`X-Request-Id`, e.g. nginx's $request_id) when it looks like
 * one, else it is made here, and goes back in the answer's `X-Request-Id`, so a user's report, the
 * proxy's log and this log meet. Addresses are not logged either (an IP address is personal data).
 */
const REQUEST_ID = /^[A-Za-z0-9._:-]{8,64}$/;

/** Fastify's genReqId: the proxy's id if it is one, else a new one. */
export function requestIdOf(req: { headers: Record<string, string | string[] | undefined> }): string {
  const given = req.headers['x-request-id'];
  return typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
}

/** The route a request matched, as registered (its template), or a fixed word: never the URL. */
export function routeOf(req: FastifyRequest): string {
  return req.routeOptions?.url ?? 'unmatched';
}

/**
 * An error as a log may show it: name, code, message and stack, without what a driver or ORM hangs
 * onto it (Drizzle's `params` and the message's `params:` part, PostgreSQL's `detail` with key values,
 * quoted input in the message), and its cause the same way.
 */
export function safeError(err: unknown, depth = 0): Record<string, unknown> {
  if (!(err instanceof Error)) return { type: typeof err };
  const e = err as Error & { code?: unknown; cause?: unknown };
  return {
    type: e.constructor?.name ?? e.name,
    ...(typeof e.code === 'string' ? { code: e.code } : {}),
    message: withoutValues(e.message),
    ...(e.stack ? { stack: withoutValues(e.stack) } : {}),
    ...(e.cause !== undefined && depth < 3 ? { cause: safeError(e.cause, depth + 1) } : {}),
  };
}

function withoutValues(text: string): string {
  return (
    text
      // Drizzle: "Failed query: <sql>\nparams: <values>"
      .replace(/\nparams:[^\n]*/g, '\nparams: [entfernt]')
      // PostgreSQL: 'invalid input syntax for type date: "<the input>"', 'Key (email)=(<value>)'
      .replace(/: "[^"\n]*"/g, ': "[entfernt]"')
      .replace(/=\([^\n]*?\)/g, '=([entfernt])')
  );
}

/** The logger settings of the server and the worker; `stream`: where to write (tests capture it). */
export function loggerOptions(
  level: string,
  stream?: DestinationStream,
): LoggerOptions & { stream?: DestinationStream } {
  return {
    level,
    serializers: { err: safeError, error: safeError },
    ...(stream ? { stream } : {}),
  };
}

/** A logger for processes without Fastify (npm run worker) or for code outside a request. */
export function createLogger(level: string, stream?: DestinationStream): Logger {
  const { stream: _s, ...options } = loggerOptions(level, stream);
  return stream ? pino(options, stream) : pino(options);
}

/** The request id back to the caller; per finished request one log line and one observation of its duration. */
export function registerRequestLog(app: FastifyInstance, metrics: Metrics) {
  app.addHook('onRequest', async (req, reply) => {
    reply.header('x-request-id', req.id);
  });
  app.addHook('onResponse', async (req, reply) => {
    const route = routeOf(req);
    metrics.httpDuration.observe(
      { method: req.method, route, status_code: String(reply.statusCode) },
      reply.elapsedTime / 1000,
    );
    req.log.info(
      { method: req.method, route, status: reply.statusCode, ms: Math.round(reply.elapsedTime * 10) / 10 },
      'request',
    );
  });
}
