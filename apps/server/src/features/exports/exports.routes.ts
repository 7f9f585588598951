import { Readable } from 'node:stream';
import * as b from '@tz/shared/exports/billing.contract';
import * as c from '@tz/shared/exports/exports.contract';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { AppDeps } from '../../app-deps';
import { registerEndpoint } from '../../http/route';
import * as billing from './billing.service';
import * as service from './exports.service';

const attachment = (reply: FastifyReply, type: string, filename: string) =>
  reply
    .header('content-type', type)
    .header('content-disposition', `attachment; filename="${filename}"`)
    .header('cache-control', 'no-store');

const CSV = 'text/csv; charset=utf-8';

export function exportsRoutes(app: FastifyInstance, deps: AppDeps) {
  registerEndpoint(app, deps, c.dailyExport, async ({ params, body, reply }) => {
    const file = await service.dailyCsv(deps, params.staffId, body);
    return attachment(reply, CSV, file.filename).send(Readable.from(file.chunks));
  });
  registerEndpoint(app, deps, c.vaccinationExport, async ({ params, body, reply }) => {
    const file = await service.vaccinationCsv(deps, params.staffId, body);
    return attachment(reply, CSV, file.filename).send(Readable.from(file.chunks));
  });
  registerEndpoint(app, deps, c.requestExport, ({ auth, params, body }) =>
    service.requestExport(deps, auth, params.staffId, body),
  );
  registerEndpoint(app, deps, c.listExports, ({ params, query }) => service.listExports(deps, params.staffId, query));
  registerEndpoint(app, deps, c.downloadExport, async ({ params, reply }) => {
    const file = await service.exportFile(deps, params.staffId, params.exportId);
    return attachment(reply, CSV, file.filename).header('content-length', file.size).send(file.stream);
  });
  registerEndpoint(app, deps, c.getExportQueueStatus, () => service.queueStatus(deps));
  registerEndpoint(app, deps, c.dispatchExports, () => service.dispatch(deps));

  registerEndpoint(app, deps, b.getBillingOverview, ({ params, query }) =>
    billing.overview(deps, params.staffId, query),
  );
  registerEndpoint(app, deps, b.downloadBillingCsv, async ({ params, query, reply }) => {
    const file = await billing.overviewCsv(deps, params.staffId, query);
    return attachment(reply, CSV, file.filename).send(file.csv);
  });
  registerEndpoint(app, deps, b.downloadBillingPdf, async ({ params, query, reply }) => {
    const file = await billing.overviewPdf(deps, params.staffId, query);
    return attachment(reply, 'application/pdf', file.filename).send(file.pdf);
  });
}
