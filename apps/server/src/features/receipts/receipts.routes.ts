import * as c from '@tz/shared/receipts/receipts.contract';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app-deps';
import { registerEndpoint } from '../../http/route';
import * as service from './receipts.service';

export function receiptsRoutes(app: FastifyInstance, deps: AppDeps) {
  registerEndpoint(app, deps, c.sendReceipt, ({ auth, params, body }) =>
    service.sendReceipt(deps, auth, params.staffId, params.appointmentId, body.email),
  );
  registerEndpoint(app, deps, c.sendReceiptCopy, ({ auth, params, body }) =>
    service.sendReceiptCopy(deps, auth, params.staffId, params.appointmentId, body.email),
  );
  registerEndpoint(app, deps, c.downloadReceipt, async ({ auth, params, reply }) => {
    const { pdf, filename } = await service.receiptPdf(deps, auth, params.staffId, params.appointmentId);
    return reply
      .type('application/pdf')
      .header('content-disposition', `attachment; filename="${filename}"`)
      .header('cache-control', 'no-store')
      .send(pdf);
  });
  registerEndpoint(app, deps, c.sendConfirmationMail, ({ params }) =>
    service.sendConfirmationMail(deps, params.staffId, params.appointmentId, params.customerId),
  );
}
