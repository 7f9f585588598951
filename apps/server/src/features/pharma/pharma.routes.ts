import * as c from '@tz/shared/pharma/pharma.contract';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app-deps';
import { registerEndpoint } from '../../http/route';
import { readDocumentUpload } from './document-upload';
import * as service from './pharma.service';

export function pharmaRoutes(app: FastifyInstance, deps: AppDeps) {
  registerEndpoint(app, deps, c.listRx, ({ params, query }) => service.listRx(deps, params.staffId, query));
  registerEndpoint(app, deps, c.getRx, ({ params }) => service.getRx(deps, params.staffId, params.rxId));
  registerEndpoint(app, deps, c.createRx, ({ params, body, auth }) =>
    service.createRx(deps, auth, params.staffId, body),
  );
  registerEndpoint(app, deps, c.updateRx, ({ params, body, auth }) =>
    service.updateRx(deps, auth, params.staffId, params.rxId, body),
  );
  registerEndpoint(app, deps, c.activateRx, ({ params, auth }) =>
    service.activateRx(deps, auth, params.staffId, params.rxId),
  );
  registerEndpoint(app, deps, c.getUsage, ({ params }) =>
    service.getUsage(deps, params.staffId, params.rxId, params.usageId),
  );
  registerEndpoint(app, deps, c.createUsage, ({ params, body, auth }) =>
    service.createUsage(deps, auth, params.staffId, params.rxId, body),
  );
  registerEndpoint(app, deps, c.updateUsage, ({ params, body, auth }) =>
    service.updateUsage(deps, auth, params.staffId, params.rxId, params.usageId, body),
  );
  registerEndpoint(app, deps, c.deleteUsage, ({ params, auth }) =>
    service.deleteUsage(deps, auth, params.staffId, params.rxId, params.usageId),
  );
  registerEndpoint(app, deps, c.billUsages, ({ params, body, auth }) =>
    service.billUsages(deps, auth, params.staffId, body.usage_ids),
  );
  registerEndpoint(app, deps, c.getPharmaBilling, ({ params, query }) =>
    service.billing(deps, params.staffId, query.month),
  );
  registerEndpoint(app, deps, c.listRxDocuments, ({ params }) =>
    service.listDocuments(deps, params.staffId, params.rxId),
  );
  registerEndpoint(app, deps, c.uploadRxDocument, ({ params, auth, req }) =>
    service.uploadDocument(deps, auth, params.staffId, params.rxId, () => readDocumentUpload(req)),
  );
  registerEndpoint(app, deps, c.downloadRxDocument, async ({ params, reply }) => {
    const doc = await service.documentFile(deps, params.staffId, params.rxId, params.documentId);
    return reply
      .header('content-type', doc.mime)
      .header(
        'content-disposition',
        `attachment; filename="${doc.filename.replace(/[^\x20-\x7e]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(doc.filename)}`,
      )
      .header('cache-control', 'no-store')
      .header('x-content-type-options', 'nosniff')
      .send(doc.data);
  });
  registerEndpoint(app, deps, c.deleteRxDocument, ({ params, auth }) =>
    service.deleteDocument(deps, auth, params.staffId, params.rxId, params.documentId),
  );
  registerEndpoint(app, deps, c.listPharmaProducts, ({ params }) => service.listProducts(deps, params.staffId));
  registerEndpoint(app, deps, c.createPharmaProduct, ({ params, body, auth }) =>
    service.saveProduct(deps, auth, params.staffId, null, body),
  );
  registerEndpoint(app, deps, c.updatePharmaProduct, ({ params, body, auth }) =>
    service.saveProduct(deps, auth, params.staffId, params.productId, body),
  );
  registerEndpoint(app, deps, c.deletePharmaProduct, ({ params, auth }) =>
    service.deleteProduct(deps, auth, params.staffId, params.productId),
  );
}
