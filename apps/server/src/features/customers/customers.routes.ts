import * as c from '@tz/shared/customers/customers.contract';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app-deps';
import { registerEndpoint } from '../../http/route';
import * as service from './customers.service';

export function customersRoutes(app: FastifyInstance, deps: AppDeps) {
  registerEndpoint(app, deps, c.listCustomers, ({ params, query }) => service.list(deps, params.staffId, query));
  registerEndpoint(app, deps, c.listInsuranceProviders, () => service.insuranceProviders(deps));
  registerEndpoint(app, deps, c.getCustomer, ({ params }) => service.get(deps, params.staffId, params.customerId));
  registerEndpoint(app, deps, c.updateCustomer, ({ params, body }) =>
    service.update(deps, params.staffId, params.customerId, body),
  );
}
