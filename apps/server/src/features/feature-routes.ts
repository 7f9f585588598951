import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../app-deps';
import { accountRoutes } from './account/account.routes';
import { appointmentEditRoutes } from './appointments/appointment-edit.routes';
import { appointmentsRoutes } from './appointments/appointments.routes';
import { authRoutes } from './auth/auth.routes';
import { bookingRoutes } from './booking/booking.routes';
import { customersRoutes } from './customers/customers.routes';
import { demisRoutes } from './demis/demis.routes';
import { exportsRoutes } from './exports/exports.routes';
import { formsRoutes } from './forms/forms.routes';
import { groupsRoutes } from './groups/groups.routes';
import { newsRoutes } from './news/news.routes';
import { oegdRoutes } from './oegd/oegd.routes';
import { platformRoutes } from './platform/platform.routes';
import { receiptsRoutes } from './receipts/receipts.routes';
import { scheduleRoutes } from './schedule/schedule.routes';
import { searchRoutes } from './search/search.routes';
import { servicesRoutes } from './services/services.routes';
import { settingsRoutes } from './settings/settings.routes';
import { testingRoutes } from './testing/testing.routes';
import { usersRoutes } from './users/users.routes';

/** Every feature's routes, one line each. */
export function featureRoutes(app: FastifyInstance, deps: AppDeps) {
  platformRoutes(app, deps);
  authRoutes(app, deps);
  newsRoutes(app, deps);
  receiptsRoutes(app, deps);
  demisRoutes(app, deps);
  oegdRoutes(app, deps);
  servicesRoutes(app, deps);
  scheduleRoutes(app, deps);
  settingsRoutes(app, deps);
  formsRoutes(app, deps);
  usersRoutes(app, deps);
  accountRoutes(app, deps);
  appointmentsRoutes(app, deps);
  appointmentEditRoutes(app, deps);
  customersRoutes(app, deps);
  bookingRoutes(app, deps);
  groupsRoutes(app, deps);
  exportsRoutes(app, deps);
  searchRoutes(app, deps);
  testingRoutes(app, deps);
}
