import * as c from '@tz/shared/groups/groups.contract';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app-deps';
import { registerEndpoint } from '../../http/route';
import { readCsvUpload } from './csv-upload';
import * as service from './groups.service';

export function groupsRoutes(app: FastifyInstance, deps: AppDeps) {
  registerEndpoint(app, deps, c.listInstitutions, ({ params }) => service.list(deps, params.staffId));
  registerEndpoint(app, deps, c.upsertInstitution, ({ params, body, auth }) =>
    service.upsert(deps, auth, params.staffId, body),
  );
  registerEndpoint(app, deps, c.getInstitution, ({ params, query }) =>
    service.withCustomers(deps, params.staffId, params.institutionId, query),
  );
  registerEndpoint(app, deps, c.listInstitutionAppointments, ({ params }) =>
    service.appointments(deps, params.staffId, params.institutionId),
  );
  registerEndpoint(app, deps, c.addInstitutionAppointments, ({ params, body, auth }) =>
    service.addAppointments(deps, auth, params.staffId, params.institutionId, body),
  );
  registerEndpoint(app, deps, c.uploadCustomerCsv, async ({ params, req }) =>
    service.preview(deps, params.staffId, params.institutionId, await readCsvUpload(req, params)),
  );
  registerEndpoint(app, deps, c.importCustomers, ({ params, body, auth }) =>
    service.importRows(deps, auth, params.staffId, params.institutionId, body),
  );
  registerEndpoint(app, deps, c.removeInstitutionCustomer, ({ params, auth }) =>
    service.removeCustomer(deps, auth, params.staffId, params.institutionId, params.customerId),
  );
  registerEndpoint(app, deps, c.getCustomerInstitutions, ({ params }) =>
    service.institutionsOfCustomer(deps, params.staffId, params.customerId),
  );
  registerEndpoint(app, deps, c.setCustomerInstitutions, ({ params, body, auth }) =>
    service.setInstitutionsOfCustomer(deps, auth, params.staffId, params.customerId, body),
  );
}
