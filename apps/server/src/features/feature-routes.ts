import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../app';
import { authRoutes } from './auth/auth.routes';
import { demisRoutes } from './demis/demis.routes';
import { newsRoutes } from './news/news.routes';
import { oegdRoutes } from './oegd/oegd.routes';
import { platformRoutes } from './platform/platform.routes';
import { receiptsRoutes } from './receipts/receipts.routes';

/** Every feature's routes, one line each. */
export function featureRoutes(app: FastifyInstance, deps: AppDeps) {
  platformRoutes(app, deps);
  authRoutes(app, deps);
  newsRoutes(app, deps);
  receiptsRoutes(app, deps);
  demisRoutes(app, deps);
  oegdRoutes(app, deps);
}
