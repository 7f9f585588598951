import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../app';
import { appointmentsRoutes } from './appointments/appointments.routes';
import { authRoutes } from './auth/auth.routes';
import { newsRoutes } from './news/news.routes';
import { platformRoutes } from './platform/platform.routes';

/** Every feature's routes, one line each. */
export function featureRoutes(app: FastifyInstance, deps: AppDeps) {
  platformRoutes(app, deps);
  authRoutes(app, deps);
  newsRoutes(app, deps);
  appointmentsRoutes(app, deps);
}
