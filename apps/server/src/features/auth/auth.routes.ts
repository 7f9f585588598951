import * as c from '@tz/shared/auth/auth.contract';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app-deps';
import { registerEndpoint } from '../../http/route';
import * as service from './auth.service';
import { signInContext } from './two-factor.routes';

export function authRoutes(app: FastifyInstance, deps: AppDeps) {
  registerEndpoint(app, deps, c.login, ({ body, req, reply }) =>
    service.login(deps, { ...body, ...signInContext(req, reply) }),
  );
  registerEndpoint(app, deps, c.getSession, ({ auth }) => service.session(deps, auth));
  registerEndpoint(app, deps, c.getCentreSession, ({ auth, params }) => service.session(deps, auth, params.staffId));
  registerEndpoint(app, deps, c.logout, ({ auth }) => service.logout(deps, auth));
}
