import * as c from '@tz/shared/appointments/appointment-edit.contract';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app-deps';
import { registerEndpoint } from '../../http/route';
import * as service from './appointment-edit.service';

export function appointmentEditRoutes(app: FastifyInstance, deps: AppDeps) {
  registerEndpoint(app, deps, c.getAppointment, ({ params }) =>
    service.getOne(deps, params.staffId, params.appointmentId, params.customerId),
  );
  registerEndpoint(app, deps, c.listCustomerAppointments, ({ params }) =>
    service.listForCustomer(deps, params.staffId, params.customerId),
  );
  registerEndpoint(app, deps, c.updateAppointment, ({ auth, params, body }) =>
    service.update(deps, auth, params.staffId, params.appointmentId, body),
  );
  registerEndpoint(app, deps, c.createAppointmentForCustomer, ({ auth, params, body }) =>
    service.createForCustomer(deps, auth, params.staffId, params.customerId, body),
  );
  registerEndpoint(app, deps, c.createAppointmentWithCustomer, ({ auth, params, body }) =>
    service.createWithCustomer(deps, auth, params.staffId, body),
  );
  registerEndpoint(app, deps, c.listDisabledAppointments, ({ params }) => service.disabled(deps, params.staffId));
  registerEndpoint(app, deps, c.bulkUpdateServices, ({ auth, params, body }) =>
    service.bulkService(deps, auth, params.staffId, body),
  );
}
