import * as c from '@tz/shared/services/services.contract';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app-deps';
import { registerEndpoint } from '../../http/route';
import * as repo from './services.repository';
import * as service from './services.service';

export function servicesRoutes(app: FastifyInstance, deps: AppDeps) {
  const { db } = deps;
  registerEndpoint(app, deps, c.listServices, ({ params }) => repo.listServices(db, params.staffId));
  registerEndpoint(app, deps, c.listAvailableServices, ({ params }) => service.availableServices(db, params.staffId));
  registerEndpoint(app, deps, c.listCustomServices, ({ params }) =>
    repo.listServices(db, params.staffId, { custom: true }),
  );
  registerEndpoint(app, deps, c.listTestTypes, () => repo.listTestTypes(db));
  registerEndpoint(app, deps, c.listServiceCategories, () => repo.listCategories(db));
  registerEndpoint(app, deps, c.getService, ({ params }) => service.getService(db, params.staffId, params.serviceId));
  registerEndpoint(app, deps, c.createService, ({ params, body }) => service.createService(db, params.staffId, body));
  registerEndpoint(app, deps, c.updateService, ({ params, body }) =>
    service.updateService(db, params.staffId, params.serviceId, body),
  );
  registerEndpoint(app, deps, c.activateServices, ({ params, body }) =>
    service.activateServices(db, params.staffId, body.services),
  );
}
