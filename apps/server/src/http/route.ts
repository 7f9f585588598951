import type { Access, Endpoint, Infer, Schema } from '@tz/shared/http/endpoint';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import type { z } from 'zod';
import type { AppDeps } from '../app-deps';
import { type AuthContext, authorize } from '../auth/guard';

export interface HandlerContext<P extends Schema, Q extends Schema, B extends Schema, A extends Access> {
  params: Infer<P>;
  query: Infer<Q>;
  body: Infer<B>;
  /** The caller; null only on public endpoints. */
  auth: A extends { public: true } ? null : AuthContext;
  req: FastifyRequest;
  reply: FastifyReply;
}

/**
 * Registers a contract: validation from its schemas, the guard from its
 * `access`, then the handler. Routes files contain nothing but these calls.
 */
export function registerEndpoint<
  P extends Schema,
  Q extends Schema,
  B extends Schema,
  R extends z.ZodType,
  A extends Access,
>(
  app: FastifyInstance,
  deps: AppDeps,
  e: Endpoint<P, Q, B, R, A>,
  handler: (ctx: HandlerContext<P, Q, B, A>) => Promise<z.infer<R> | FastifyReply>,
) {
  deps.endpoints.push(e as unknown as Endpoint);
  const isPublic = 'public' in e.access;
  const options: RouteOptions = {
    method: e.method,
    url: e.path,
    // Anonymous callers are limited per IP (the login also has its own failure
    // limit); staff calls are authenticated and must stay fast.
    ...(isPublic && e.path.startsWith('/api/public/')
      ? { config: { rateLimit: { max: 120, timeWindow: '1 minute' } } }
      : {}),
    schema: {
      summary: e.summary,
      tags: [e.path.split('/')[e.path.startsWith('/api/staff/') ? 4 : 2] ?? 'api'],
      ...(isPublic ? {} : { security: [{ bearer: [] }] }),
      ...(e.params ? { params: e.params } : {}),
      ...(e.query ? { querystring: e.query } : {}),
      ...(e.body ? { body: e.body } : {}),
      response: { 200: e.response },
    },
    // Authorize before the body is validated, so a caller without rights
    // learns nothing about the payload format.
    preValidation: async (req: FastifyRequest) => {
      (req as FastifyRequest & { auth: AuthContext | null }).auth = await authorize(req, e.access, {
        db: deps.db,
        jwtSecret: deps.config.jwtSecret,
        sessions: deps.sessions,
      });
    },
    handler: async (req: FastifyRequest, reply: FastifyReply): Promise<unknown> => {
      const auth = (req as FastifyRequest & { auth: AuthContext | null }).auth;
      return handler({
        params: req.params,
        query: req.query,
        body: req.body,
        req,
        reply,
        auth,
      } as unknown as HandlerContext<P, Q, B, A>);
    },
  };
  app.route(options);
}
