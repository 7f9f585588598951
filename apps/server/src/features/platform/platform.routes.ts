import * as c from '@tz/shared/platform/platform.contract';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app-deps';
import { registerEndpoint } from '../../http/route';
import * as repo from './platform.repository';
import * as service from './platform.service';

export function platformRoutes(app: FastifyInstance, deps: AppDeps) {
  registerEndpoint(app, deps, c.getHealth, () => service.health(deps));
  registerEndpoint(app, deps, c.getHostBranding, ({ req }) => service.hostBranding(deps, req.host));
  registerEndpoint(app, deps, c.reportClientError, async ({ body, req }) => {
    // The page's address only to its first segment: /ergebnis/<token>, /buchung/<token> carry tokens.
    const page = body.url ? `/${new URL(body.url, 'http://x').pathname.split('/')[1] ?? ''}` : undefined;
    req.log.error({ clientError: { message: body.message, stack: body.stack, page } }, 'browser error');
    void deps.reportError({ ...body, level: 'error', source: 'browser', requestId: req.id });
    return { ok: true as const };
  });
  registerEndpoint(app, deps, c.listTestCentres, ({ query }) =>
    repo.listCentres(deps.db, query, c.TEST_CENTRES_PAGE_SIZE),
  );
  registerEndpoint(app, deps, c.createTestCentreUser, ({ auth, params, body }) =>
    service.createCentreUser(deps, auth, params.staffId, body),
  );
  registerEndpoint(app, deps, c.createTestCentre, ({ auth, body }) => service.createCentre(deps, auth, body));
  registerEndpoint(app, deps, c.setTestCentreActive, ({ auth, params, body }) =>
    service.setCentreActive(deps, auth, params.staffId, body.active),
  );
  registerEndpoint(app, deps, c.adoptTestCentre, ({ auth, params }) => service.adoptCentre(deps, auth, params.staffId));
}
