import * as c from '@tz/shared/auth/sessions.contract';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app-deps';
import { registerEndpoint } from '../../http/route';
import * as service from './own-sessions.service';

export function ownSessionsRoutes(app: FastifyInstance, deps: AppDeps) {
  registerEndpoint(app, deps, c.listOwnSessions, ({ auth }) => service.list(deps, auth));
  registerEndpoint(app, deps, c.endOwnSession, ({ auth, params }) => service.endOne(deps, auth, params.sessionId));
  registerEndpoint(app, deps, c.endOtherSessions, ({ auth }) => service.endOthers(deps, auth));
}
