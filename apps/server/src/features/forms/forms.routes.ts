import * as c from '@tz/shared/forms/forms.contract';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app-deps';
import { publicBaseUrl } from '../../http/public-url';
import { registerEndpoint } from '../../http/route';
import * as service from './forms.service';
import * as vaccination from './vaccination.service';

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
  // Mailed links start at the centre's configured address, never at the request's Host (issue 16).
  registerEndpoint(app, deps, c.inviteToForm, async ({ auth, params }) =>
    service.inviteToForm(
      deps,
      auth,
      params.staffId,
      params.customerAppointmentId,
      await publicBaseUrl(deps, params.staffId),
    ),
  );
  registerEndpoint(app, deps, c.sendFormQrMail, async ({ auth, params }) =>
    service.sendQrMail(
      deps,
      auth,
      params.staffId,
      params.customerAppointmentId,
      await publicBaseUrl(deps, params.staffId),
    ),
  );
  registerEndpoint(app, deps, c.getVaccinationData, ({ params }) =>
    vaccination.vaccinationView(deps, params.staffId, params.token),
  );
  registerEndpoint(app, deps, c.saveVaccinationData, ({ auth, params, body }) =>
    vaccination.saveVaccination(deps, auth, params.staffId, params.token, body),
  );
}
