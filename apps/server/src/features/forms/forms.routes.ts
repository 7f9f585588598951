import * as c from '@tz/shared/forms/forms.contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppDeps } from '../../app-deps';
import { registerEndpoint } from '../../http/route';
import * as service from './forms.service';
import * as vaccination from './vaccination.service';

/** The origin the caller uses, so mailed links open on the same host (and branding). */
const origin = (req: FastifyRequest) => `${req.protocol}://${req.host}`;

export function formsRoutes(app: FastifyInstance, deps: AppDeps) {
  registerEndpoint(app, deps, c.getCheckInForm, ({ params, query }) =>
    service.loadPublicForm(deps, params.formID, query.token),
  );
  registerEndpoint(app, deps, c.submitCheckInForm, ({ params, body }) =>
    service.submitPublicForm(deps, params.formID, body),
  );
  registerEndpoint(app, deps, c.getFormLink, ({ params }) => service.formLink(deps, params.staffId, params.token));
  registerEndpoint(app, deps, c.getFormAnswers, ({ params }) =>
    service.filledForm(deps, params.staffId, params.customerAppointmentId),
  );
  registerEndpoint(app, deps, c.inviteToForm, ({ auth, params, req }) =>
    service.inviteToForm(deps, auth, params.staffId, params.customerAppointmentId, origin(req)),
  );
  registerEndpoint(app, deps, c.sendFormQrMail, ({ auth, params, req }) =>
    service.sendQrMail(deps, auth, params.staffId, params.customerAppointmentId, origin(req)),
  );
  registerEndpoint(app, deps, c.getVaccinationData, ({ params }) =>
    vaccination.vaccinationView(deps, params.staffId, params.token),
  );
  registerEndpoint(app, deps, c.saveVaccinationData, ({ auth, params, body }) =>
    vaccination.saveVaccination(deps, auth, params.staffId, params.token, body),
  );
}
