import { Readable } from 'node:stream';
import * as c from '@tz/shared/appointments/appointments.contract';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app-deps';
import { registerEndpoint } from '../../http/route';
import * as service from './appointments.service';

export function appointmentsRoutes(app: FastifyInstance, deps: AppDeps) {
  registerEndpoint(app, deps, c.listAppointments, async ({ params, body, req, reply }) => {
    // The same query downloads a CSV file when the client asks for one.
    if (req.headers.accept?.includes('text/csv')) {
      const file = await service.csv(deps, params.staffId, body);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${file.filename}"`)
        .send(Readable.from(file.lines));
    }
    // JSON text built by the database and sent as it is (no zod encode, no JSON.stringify):
    // a test keeps it equal to the typed rows; see listJsonQuery and service.listAnswer.
    return reply.type('application/json; charset=utf-8').send(await service.listAnswer(deps, params.staffId, body));
  });
  // The page that contains 'now' with its place in the list, also as the database's JSON text.
  registerEndpoint(app, deps, c.listAppointmentsAt, async ({ params, body, reply }) => {
    const json = await service.listAtJson(deps, params.staffId, body);
    return reply.type('application/json; charset=utf-8').send(json);
  });
  registerEndpoint(app, deps, c.countAppointments, ({ params, body }) => service.count(deps, params.staffId, body));
  registerEndpoint(app, deps, c.getTodayFigures, ({ params }) => service.todayFigures(deps, params.staffId));
  registerEndpoint(app, deps, c.getAppointmentOptions, ({ params }) => service.options(deps, params.staffId));
  registerEndpoint(app, deps, c.listPaymentClassifications, () => service.classifications(deps));
  registerEndpoint(app, deps, c.setAppointmentStatus, ({ auth, params, body }) =>
    service.setStatus(deps, auth, params.staffId, params.appointmentId, body),
  );
  registerEndpoint(app, deps, c.checkInAppointment, ({ auth, params, body }) =>
    service.checkIn(deps, auth, params.staffId, params.appointmentId, body),
  );
  registerEndpoint(app, deps, c.setPaymentClassification, ({ auth, params, body }) =>
    service.setPaymentClassification(deps, auth, params.staffId, params.appointmentId, body),
  );
  registerEndpoint(app, deps, c.setAppointmentResult, ({ auth, params, body }) =>
    service.setResult(deps, auth, params.staffId, params.appointmentId, body),
  );
  registerEndpoint(app, deps, c.addAppointmentInstitution, ({ auth, params }) =>
    service.changeInstitutions(deps, auth, params.staffId, params.appointmentId, {
      kind: 'add',
      institutionId: params.institutionId,
    }),
  );
  registerEndpoint(app, deps, c.removeAppointmentInstitution, ({ auth, params }) =>
    service.changeInstitutions(deps, auth, params.staffId, params.appointmentId, {
      kind: 'remove',
      institutionId: params.institutionId,
    }),
  );
  registerEndpoint(app, deps, c.setAppointmentInstitutions, ({ auth, params, body }) =>
    service.changeInstitutions(deps, auth, params.staffId, params.appointmentId, {
      kind: 'replace',
      ids: body.institution_ids,
      customerId: body.customer_id,
    }),
  );
}
