import * as c from '@tz/shared/settings/settings.contract';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app-deps';
import { registerEndpoint } from '../../http/route';
import { readCertificateUpload } from './certificate-upload';
import * as service from './settings.service';

export function settingsRoutes(app: FastifyInstance, deps: AppDeps) {
  registerEndpoint(app, deps, c.getSettings, ({ params }) => service.getSettings(deps.db, params.staffId));
  registerEndpoint(app, deps, c.updateSettings, ({ params, body, auth }) =>
    service.updateSettings(deps, auth, params.staffId, body),
  );
  registerEndpoint(app, deps, c.listCentreTypes, async () => service.centreTypes());
  registerEndpoint(app, deps, c.uploadDemisCertificate, async ({ params, auth, req }) =>
    service.uploadCertificate(deps, auth, params.staffId, await readCertificateUpload(req)),
  );
}
