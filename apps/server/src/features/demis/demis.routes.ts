import * as c from '@tz/shared/demis/demis.contract';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app-deps';
import { registerEndpoint } from '../../http/route';
import * as service from './demis.service';
import { demisCertificateSource } from './demis-certificate-source';

export function demisRoutes(app: FastifyInstance, deps: AppDeps) {
  // Tests inject a certificate source through deps; production uses the settings storage.
  const certificates = () => deps.demisCertificateSource ?? demisCertificateSource(deps);
  registerEndpoint(app, deps, c.getDemisEligibility, ({ params }) =>
    service.eligibility(deps, certificates(), params.staffId),
  );
  registerEndpoint(app, deps, c.reportToDemis, ({ auth, params }) =>
    service.report(deps, certificates(), auth, params.staffId, params.token),
  );
}
