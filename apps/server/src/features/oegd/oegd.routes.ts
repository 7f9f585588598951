import * as c from '@tz/shared/oegd/oegd.contract';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app-deps';
import { registerEndpoint } from '../../http/route';
import * as service from './oegd.service';

export function oegdRoutes(app: FastifyInstance, deps: AppDeps) {
  registerEndpoint(app, deps, c.getOegdForm, ({ params }) =>
    service.loadForm(deps.db, params.staffId, params.customerId, params.token),
  );
  registerEndpoint(app, deps, c.saveOegdForm, ({ auth, params, body }) =>
    service.saveForm(deps, auth, params.staffId, params.customerId, params.token, body),
  );
  registerEndpoint(app, deps, c.updateCustomerGender, ({ auth, params, body }) =>
    service.updateGender(deps, auth, params.staffId, body),
  );
  registerEndpoint(app, deps, c.previewOegdForm, async ({ params, body, reply }) => {
    const { pdf, filename } = await service.preview(deps, params, body);
    return reply
      .type('application/pdf')
      .header('content-disposition', `inline; filename="${filename}"`)
      .header('cache-control', 'no-store')
      .send(pdf);
  });
  registerEndpoint(app, deps, c.getHandoffData, ({ params }) =>
    service.handoffData(deps, params.staffId, params.token),
  );
}
