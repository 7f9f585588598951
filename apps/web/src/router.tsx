import type { ComponentType } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { GuestOnly, RequireAuth, withRouteAccess } from './auth/route-guards';
import { loadAppointmentsScreen } from './features/appointments/appointments-screen';
import { ROUTES, type RouteName } from './routes';
import { RouteError } from './ui/route-error';
import { withChunkTimeout } from './ui/with-chunk-timeout';

type Loader = () => Promise<{ default: ComponentType }>;

/**
 * A code-split route: the screen loads on first visit, with the spec's 120 s
 * chunk timeout, behind the role condition of route-access.ts (a user without
 * the role sees the 'Keine Berechtigung' page, not the screen).
 */
function screen(name: RouteName, load: Loader, children?: RouteObject[]): RouteObject {
  return {
    id: name,
    path: ROUTES[name],
    // children paths stay absolute; react-router accepts them when they extend the parent path
    handle: { name },
    lazy: async () => ({ Component: withRouteAccess(name, (await withChunkTimeout(load())).default) }),
    errorElement: <RouteError />,
    children,
  };
}

/** The route table: every name and path of the spec (configuration-admin §2). */
export const routes: RouteObject[] = [
  {
    element: <GuestOnly />,
    errorElement: <RouteError />,
    children: [screen('login', () => import('./features/auth/login-page'))],
  },
  // Public: usable without login.
  screen('check-in-form', () => import('./features/forms/check-in-form-page')),
  screen('booking', () => import('./features/booking/booking-page')),
  screen('bookingCancel', () => import('./features/booking/booking-cancel-page')),
  screen('bookingResult', () => import('./features/booking/booking-result-page')),
  screen('bookingImprint', () => import('./features/booking/booking-imprint-page')),
  screen('bookingPrivacy', () => import('./features/booking/booking-privacy-page')),
  {
    element: <RequireAuth />,
    errorElement: <RouteError />,
    children: [
      {
        // Lazy as well: the shell (AppShell, menus, sidebar) is no part of the login screen's download.
        lazy: async () => ({ Component: (await withChunkTimeout(import('./layout/app-layout'))).AppLayout }),
        errorElement: <RouteError />,
        children: [
          screen('home', () => import('./features/home/home-page')),
          screen('news', () => import('./features/news/news-page')),
          screen('tracemedicsLink', () => import('./features/appointments/patient-data-extension-page')),
          screen('users', () => import('./features/users/users-page')),
          screen('createUser', () => import('./features/users/create-user-page')),
          screen('updatePassword', () => import('./features/users/update-password-page')),
          screen('appointmentBulkEditService', () => import('./features/appointments/bulk-edit-service-page')),
          screen('appointmentEdit', () => import('./features/appointments/appointment-edit-page')),
          screen('appointments', loadAppointmentsScreen, [
            screen('save-vaccination-data', () => import('./features/forms/save-vaccination-data-modal')),
            screen('check-in-qr-code', () => import('./features/forms/check-in-qr-code-modal')),
            screen('filled-out-check-in-form', () => import('./features/forms/filled-out-check-in-form-modal')),
          ]),
          screen(
            'create_appointment_and_customer',
            () => import('./features/appointments/create-appointment-and-customer-page'),
          ),
          screen('pharma', () => import('./features/pharma/pharma-page')),
          screen('rxEdit', () => import('./features/pharma/rx-edit-page')),
          screen('rxDocuments', () => import('./features/pharma/rx-documents-page')),
          screen('rxUsageEdit', () => import('./features/pharma/rx-usage-edit-page')),
          screen('customers', () => import('./features/customers/customers-page')),
          screen('ImportCustomer', () => import('./features/groups/import-customer-page')),
          screen('InstitutionList', () => import('./features/groups/institution-list-page')),
          screen('InstitutionAppointments', () => import('./features/groups/institution-page')),
          screen('customer_edit', () => import('./features/customers/customer-edit-page')),
          screen('customer.create_appointment', () => import('./features/appointments/create-appointment-page')),
          screen('appointments_for_customer', () => import('./features/customers/customer-appointments-page')),
          screen('settings', () => import('./features/settings/settings-page')),
          screen('products', () => import('./features/services/products-page')),
          screen('productsCreate', () => import('./features/services/service-form-page')),
          screen('editProduct', () => import('./features/services/service-form-page')),
          screen('openingHours', () => import('./features/schedule/opening-hours-page')),
          screen('specialDays', () => import('./features/schedule/special-days-page')),
          screen('holidays', () => import('./features/schedule/holidays-page')),
          screen('account', () => import('./features/account/account-page')),
          screen('searchResults', () => import('./features/search/search-results-page')),
          screen('exports', () => import('./features/exports/exports-page')),
          screen('pcrLabs', () => import('./features/pcr-labs/pcr-labs-page'), [
            screen('pcrLabsAppointments', () => import('./features/pcr-labs/pcr-labs-appointments-page')),
            screen('pcrLabsOrders', () => import('./features/pcr-labs/pcr-labs-orders-page')),
          ]),
          screen('cutomer.createOegd', () => import('./features/oegd/oegd-page')),
          screen('listTestcenters', () => import('./features/platform/test-centres-page')),
          screen('testcenter_user', () => import('./features/platform/test-centre-user-page')),
          screen('audit', () => import('./features/audit/audit-page')),
          screen('myAccess', () => import('./features/security/my-access-page')),
          screen('adminExports', () => import('./features/exports/admin-exports-page')),
          { path: '*', lazy: async () => ({ Component: (await import('./ui/not-found-page')).default }) },
        ],
      },
    ],
  },
];

export const createRouter = () => createBrowserRouter(routes);
