import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../app';
import { accountRoutes } from './account/account.routes';
import { authRoutes } from './auth/auth.routes';
import { newsRoutes } from './news/news.routes';
import { platformRoutes } from './platform/platform.routes';
import { usersRoutes } from './users/users.routes';

/** Every feature's routes, one line each. */
export function featureRoutes(app: FastifyInstance, deps: AppDeps) {
  platformRoutes(app, deps);
  authRoutes(app, deps);
  newsRoutes(app, deps);
  usersRoutes(app, deps);
  accountRoutes(app, deps);
}
