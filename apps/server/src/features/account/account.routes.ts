import * as c from '@tz/shared/account/account.contract';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app-deps';
import { registerEndpoint } from '../../http/route';
import * as service from './account.service';

export function accountRoutes(app: FastifyInstance, deps: AppDeps) {
  registerEndpoint(app, deps, c.getAccountStatus, ({ params }) => service.getStatus(deps, params.staffId));
  registerEndpoint(app, deps, c.setAccountStatus, ({ auth, params, body }) =>
    service.setStatus(deps, auth, params.staffId, body.status),
  );
  registerEndpoint(app, deps, c.getSuspension, ({ params }) => service.getSuspension(deps, params.staffId));
  registerEndpoint(app, deps, c.suspendAccount, ({ auth, params, body }) =>
    service.suspend(deps, auth, params.staffId, body.date),
  );
  registerEndpoint(app, deps, c.removeSuspension, ({ auth, params }) =>
    service.removeSuspension(deps, auth, params.staffId),
  );
}
