import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { useGermanZodMessages } from '@tz/shared/http/zod-german';
import { MSG } from '@tz/shared/messages';
import Fastify, { type FastifyInstance, LogController } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import helmet from 'helmet';
import type { DestinationStream } from 'pino';
import type { AppDeps } from './app-deps';
import { SessionCache } from './auth/session-cache';
import { nowMs } from './clock';
import type { Config } from './config';
import type { Database } from './db/client';
import { featureRoutes } from './features/feature-routes';
import { createMetrics } from './features/operations/metrics';
import { startingGate } from './features/operations/operations.routes';
import { Readiness } from './features/operations/readiness';
import { loggerOptions, registerRequestLog, requestIdOf } from './features/operations/request-log';
import { registerErrorHandler } from './http/error-handler';
import { createErrorTracer } from './http/error-tracing';
import { hostCheck } from './http/host-check';

useGermanZodMessages();

const defaultWebDist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web/dist');

/** TRUST_PROXY as a hop count: the nearest `hops` addresses are proxies (as proxy-addr counts them). */
const trustHops = (hops: number) => (_address: string, i: number) => i < hops;

export interface BuildOptions {
  /** main.ts passes one that starts in 'starting'; tests get a ready one (their database is migrated). */
  readiness?: Readiness;
  /** Where the JSON log goes (tests capture it); default stdout. */
  logStream?: DestinationStream;
}

/** Builds the whole app without listening, so tests drive it through inject(). */
export async function buildApp(
  config: Config,
  database: Database,
  options: BuildOptions = {},
): Promise<{ app: FastifyInstance; deps: AppDeps }> {
  const app = Fastify({
    logger: config.logLevel === 'silent' ? false : loggerOptions(config.logLevel, options.logStream),
    // One line per request of our own (request-log.ts): Fastify's would log the URL, tokens and all.
    logController: new LogController({ disableRequestLogging: true }),
    genReqId: requestIdOf,
    requestIdHeader: false,
    // Off unless TRUST_PROXY names the proxies: otherwise any client could choose its own address and host.
    trustProxy: typeof config.trustProxy === 'number' ? trustHops(config.trustProxy) : config.trustProxy,
    bodyLimit: 20 * 1024 * 1024,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  const tracer = createErrorTracer(config.sentryDsn, '1.83.0');
  const readiness = options.readiness ?? new Readiness();
  const deps: AppDeps = {
    readiness,
    metrics: createMetrics(database, readiness, config.operations.metrics.enabled),
    config,
    database,
    db: database.db,
    endpoints: [],
    routes: [],
    sessions: new SessionCache(config.sessionCacheSeconds * 1000, nowMs),
    reportError: tracer.capture,
  };
  app.addHook('onRoute', (r) => {
    for (const method of [r.method].flat()) deps.routes.push({ method, url: r.url });
  });
  startingGate(app, deps);
  registerRequestLog(app, deps.metrics);
  registerErrorHandler(app, deps.reportError);
  // Plain HTML form posts (official form preview in a new window) arrive url-encoded.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });

  // helmet's security headers, its middleware built once: @fastify/helmet (the same library) built
  // it again on every request, 50 µs of CPU per call in the profile (docs/performance.md).
  const securityHeaders = helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        connectSrc: ["'self'"],
        formAction: null,
        upgradeInsecureRequests: null,
      },
    },
  });
  app.addHook('onRequest', (req, reply, done) =>
    securityHeaders(req.raw, reply.raw, (err) => done(err as Error | undefined)),
  );
  // Public endpoints opt in per route (see registerEndpoint).
  await app.register(rateLimit, { global: false });
  await app.register(multipart, { limits: { fileSize: 20 * 1024 * 1024, files: 10 } });
  await app.register(swagger, {
    openapi: {
      info: { title: 'Testzentrum Backoffice API', version: '1.83.0' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });
  app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());

  hostCheck(app, deps);
  featureRoutes(app, deps);

  const webDist = config.webDist ?? defaultWebDist;
  const hasWeb = existsSync(path.join(webDist, 'index.html'));
  if (hasWeb) {
    await app.register(fastifyStatic, { root: webDist, wildcard: false, index: false });
  }
  app.setNotFoundHandler((req, reply) => {
    if (!req.url.startsWith('/api/') && req.method === 'GET' && hasWeb) {
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
    return reply.status(404).send({ error: 'NOT_FOUND', message: MSG.notFound });
  });

  return { app, deps };
}
