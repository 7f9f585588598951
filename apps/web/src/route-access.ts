import { ROLE } from '@tz/shared/constants';
import type { RouteName } from './routes';

/**
 * Who may open each route: the weakest role_id allowed (lower is more
 * powerful), or 'public' for the screens usable without login. The one table
 * the router's guard and the sidebar both read (core-workflow §2 Sidebar,
 * configuration-admin §6); the server enforces the same roles on every call.
 * A Record over RouteName: a new route does not compile without its entry.
 */
export const ROUTE_ACCESS: Record<RouteName, number | 'public'> = {
  login: 'public',
  'check-in-form': 'public',
  booking: 'public',
  bookingCancel: 'public',
  bookingResult: 'public',
  bookingImprint: 'public',
  bookingPrivacy: 'public',

  // everyone logged in (role 30 and more powerful)
  home: ROLE.staff,
  news: ROLE.staff,
  tracemedicsLink: ROLE.staff,
  // everyone changes their own password; managers reach others' through the user list
  updatePassword: ROLE.staff,
  // everyone's own second factor and sessions (issue 30)
  myAccess: ROLE.staff,
  appointments: ROLE.staff,
  'save-vaccination-data': ROLE.staff,
  'check-in-qr-code': ROLE.staff,
  'filled-out-check-in-form': ROLE.staff,
  appointmentEdit: ROLE.staff,
  appointmentBulkEditService: ROLE.staff,
  create_appointment_and_customer: ROLE.staff,
  pharma: ROLE.staff,
  rxEdit: ROLE.staff,
  rxDocuments: ROLE.staff,
  rxUsageEdit: ROLE.staff,
  customers: ROLE.staff,
  ImportCustomer: ROLE.staff,
  InstitutionList: ROLE.staff,
  InstitutionAppointments: ROLE.staff,
  customer_edit: ROLE.staff,
  'customer.create_appointment': ROLE.staff,
  appointments_for_customer: ROLE.staff,
  searchResults: ROLE.staff,
  pcrLabs: ROLE.staff,
  pcrLabsAppointments: ROLE.staff,
  pcrLabsOrders: ROLE.staff,
  'cutomer.createOegd': ROLE.staff,

  // Testzentrumsleitung: Dienstleistungen, Öffnungszeiten, Feiertage, Benutzerverwaltung
  products: ROLE.manager,
  productsCreate: ROLE.manager,
  editProduct: ROLE.manager,
  openingHours: ROLE.manager,
  specialDays: ROLE.manager,
  holidays: ROLE.manager,
  users: ROLE.manager,
  createUser: ROLE.manager,

  // Administrator: Testzentrumskonto, Export, Einstellungen
  account: ROLE.admin,
  exports: ROLE.admin,
  settings: ROLE.admin,
  // the audit trail (issue 21): the centre's, for its administrators; the platform admin's covers every centre
  audit: ROLE.admin,

  // platform admin: Centerliste, Export Admin, activating a centre
  listTestcenters: ROLE.platformAdmin,
  testcenter_user: ROLE.platformAdmin,
  adminExports: ROLE.platformAdmin,
};

/** Whether a user of this role may open the route. */
export function mayOpen(name: RouteName, roleId: number): boolean {
  const access = ROUTE_ACCESS[name];
  return access === 'public' || roleId <= access;
}
