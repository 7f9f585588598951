import * as c from '@tz/shared/pcr-labs/pcr-labs.contract';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app-deps';
import { registerEndpoint } from '../../http/route';
import * as service from './pcr-labs.service';

export function pcrLabsRoutes(app: FastifyInstance, deps: AppDeps) {
  registerEndpoint(app, deps, c.listPcrLabs, ({ params }) => service.listLabs(deps, params.staffId));
  registerEndpoint(app, deps, c.createPcrLab, ({ params, body, auth }) =>
    service.createLab(deps, auth, params.staffId, body),
  );
  registerEndpoint(app, deps, c.updatePcrLab, ({ params, body, auth }) =>
    service.updateLab(deps, auth, params.staffId, params.labId, body),
  );
  registerEndpoint(app, deps, c.listPcrAppointments, ({ params, query }) =>
    service.listAppointments(deps, params.staffId, query),
  );
  registerEndpoint(app, deps, c.setPcrLabSelected, ({ params, body, auth }) =>
    service.setSelectedLab(deps, auth, params.staffId, params.appointmentId, body.pcr_lab_id_selected),
  );
  registerEndpoint(app, deps, c.sampleLabelPdf, async ({ params, query, reply }) => {
    const { pdf, filename } = await service.sampleLabel(deps, params.staffId, params.appointmentId, query.format);
    return reply
      .type('application/pdf')
      .header('content-disposition', `inline; filename="${filename}"`)
      .header('cache-control', 'no-store')
      .send(pdf);
  });
  registerEndpoint(app, deps, c.orderPcrProducts, ({ params, body, auth }) =>
    service.order(deps, auth, params.staffId, body),
  );
  registerEndpoint(app, deps, c.listPcrOrders, ({ params }) => service.listOrders(deps, params.staffId));
}
