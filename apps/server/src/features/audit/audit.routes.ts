import { Readable } from 'node:stream';
import * as c from '@tz/shared/audit/audit.contract';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { AppDeps } from '../../app-deps';
import { registerEndpoint } from '../../http/route';
import * as service from './audit.service';

/** Read-only on purpose: there is no route that changes or deletes an audit row. */
export function auditRoutes(app: FastifyInstance, deps: AppDeps) {
  const sendCsv = (reply: FastifyReply, file: { lines: AsyncIterable<string>; filename: string }) =>
    reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${file.filename}"`)
      .send(Readable.from(file.lines));

  registerEndpoint(app, deps, c.listAudit, async ({ params, query, req, reply }) => {
    if (req.headers.accept?.includes('text/csv')) return sendCsv(reply, await service.csv(deps, params.staffId, query));
    return service.list(deps, params.staffId, query);
  });
  registerEndpoint(app, deps, c.listPlatformAudit, async ({ query, req, reply }) => {
    if (req.headers.accept?.includes('text/csv')) return sendCsv(reply, await service.csv(deps, undefined, query));
    return service.list(deps, undefined, query);
  });
  registerEndpoint(app, deps, c.listAppointmentAudit, ({ params }) =>
    service.forAppointment(deps, params.staffId, params.appointmentId),
  );
}
