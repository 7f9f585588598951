import * as c from '@tz/shared/auth/two-factor.contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppDeps } from '../../app-deps';
import { browserCookie } from '../../auth/browser-cookie';
import { registerEndpoint } from '../../http/route';
import type { SignInContext } from './sign-in-notice';
import * as service from './two-factor.service';

export const signInContext = (req: FastifyRequest, reply: FastifyReply): SignInContext => ({
  ip: req.ip,
  userAgent: req.headers['user-agent'],
  browser: browserCookie(req, reply),
});

export function twoFactorRoutes(app: FastifyInstance, deps: AppDeps) {
  registerEndpoint(app, deps, c.completeSecondFactor, ({ auth, body, req, reply }) =>
    service.completeSecondFactor(deps, auth, body.code, signInContext(req, reply)),
  );
  registerEndpoint(app, deps, c.getTwoFactor, ({ auth }) => service.status(deps, auth));
  registerEndpoint(app, deps, c.startTwoFactorSetup, ({ auth }) => service.startSetup(deps, auth));
  registerEndpoint(app, deps, c.confirmTwoFactor, ({ auth, body, req, reply }) =>
    service.confirmSetup(deps, auth, body.code, signInContext(req, reply)),
  );
  registerEndpoint(app, deps, c.disableTwoFactor, ({ auth, body, req }) =>
    service.disable(deps, auth, body.password, req.ip),
  );
  registerEndpoint(app, deps, c.listTwoFactorUsers, ({ params }) => service.listEnabledUsers(deps, params.staffId));
  registerEndpoint(app, deps, c.resetTwoFactor, ({ auth, params }) =>
    service.reset(deps, auth, params.staffId, params.userId),
  );
  registerEndpoint(app, deps, c.getCentreTwoFactor, ({ params }) => service.centreRequirement(deps, params.staffId));
  registerEndpoint(app, deps, c.setCentreTwoFactor, ({ auth, params, body }) =>
    service.setCentreRequirement(deps, auth, params.staffId, body.required),
  );
  registerEndpoint(app, deps, c.getPlatformSecurity, () => service.platformSecurity(deps));
  registerEndpoint(app, deps, c.setPlatformSecurity, ({ auth, body }) =>
    service.setPlatformSecurity(deps, auth, body.admin_totp_required_from),
  );
}
