import * as c from '@tz/shared/testing/testing.contract';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app-deps';
import { registerEndpoint } from '../../http/route';
import * as service from './testing.service';

/** Only when TEST_API is set (config refuses it in production): the e2e tests' own endpoints. */
export function testingRoutes(app: FastifyInstance, deps: AppDeps) {
  if (!deps.config.testApi) return;
  registerEndpoint(app, deps, c.setTestClock, async ({ body }) => service.setServerClock(deps, new Date(body.now)));
  registerEndpoint(app, deps, c.createTestCentres, () => service.createCentres(deps));
  registerEndpoint(app, deps, c.listTestMails, ({ params }) => service.centreMails(deps, params.staffId));
}
