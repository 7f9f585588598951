import * as c from '@tz/shared/users/users.contract';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app-deps';
import { registerEndpoint } from '../../http/route';
import * as service from './users.service';

export function usersRoutes(app: FastifyInstance, deps: AppDeps) {
  registerEndpoint(app, deps, c.listUsers, ({ params }) => service.listUsers(deps, params.staffId));
  registerEndpoint(app, deps, c.createUser, ({ auth, params, body }) =>
    service.createUser(deps, auth, params.staffId, body),
  );
  registerEndpoint(app, deps, c.updateUserName, ({ auth, params, body }) =>
    service.updateName(deps, auth, params.staffId, params.userId, body.newName),
  );
  registerEndpoint(app, deps, c.updateUser, ({ auth, params, body }) =>
    service.updateUser(deps, auth, params.staffId, params.userId, body),
  );
  registerEndpoint(app, deps, c.setUserActive, ({ auth, params, body }) =>
    service.setActive(deps, auth, params.staffId, params.userId, body),
  );
  registerEndpoint(app, deps, c.updatePassword, ({ auth, params, body }) =>
    service.updatePassword(deps, auth, params.staffId, params.userId, body),
  );
  registerEndpoint(app, deps, c.listFunctions, ({ params }) => service.listFunctions(deps, params.staffId));
  registerEndpoint(app, deps, c.createCustomFunction, ({ params, body }) =>
    service.createFunction(deps, params.staffId, body),
  );
  registerEndpoint(app, deps, c.deleteCustomFunction, ({ params }) =>
    service.deleteFunction(deps, params.staffId, params.functionId),
  );
  registerEndpoint(app, deps, c.listUserFunctions, ({ params }) =>
    service.listUserFunctions(deps, params.staffId, params.userId),
  );
  registerEndpoint(app, deps, c.addUserFunctions, ({ auth, params, body }) =>
    service.addUserFunctions(deps, auth, params.staffId, params.userId, body.functions),
  );
  registerEndpoint(app, deps, c.removeUserFunction, ({ auth, params }) =>
    service.removeUserFunction(deps, auth, params.staffId, params.userId, params.functionId),
  );
}
