import * as c from '@tz/shared/search/search.contract';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app-deps';
import { registerEndpoint } from '../../http/route';
import * as service from './search.service';

export function searchRoutes(app: FastifyInstance, deps: AppDeps) {
  registerEndpoint(app, deps, c.search, ({ params, body }) => service.search(deps, params.staffId, body.queryString));
  registerEndpoint(app, deps, c.lookupCustomerByProfile, ({ params, body }) =>
    service.lookupByProfile(deps, params.staffId, body),
  );
}
