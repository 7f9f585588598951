/**
 * Route names and paths exactly as the spec's routing table
 * (configuration-admin §2). Screens link by name through `to()`.
 */
export const ROUTES = {
  home: '/',
  login: '/login',
  'check-in-form': '/check-in/:formID/:token',
  // The public booking page (issue 19) and the cancel page of its confirmation mail; not in the spec's table.
  booking: '/buchen/:search_name',
  bookingCancel: '/buchung/:token',
  bookingResult: '/ergebnis/:token',
  // The centre's imprint and privacy statement, generated when it has no page of its own (issue 26).
  bookingImprint: '/buchen/:search_name/impressum',
  bookingPrivacy: '/buchen/:search_name/datenschutz',
  news: '/news',
  tracemedicsLink: '/tracemedics-link',
  users: '/staff/:id/users',
  createUser: '/user/create',
  updatePassword: '/password/update/:user_id',
  appointments: '/appointments',
  'save-vaccination-data': '/appointments/save-vaccination-data/:token',
  'check-in-qr-code': '/appointments/check-in-qr-code/:token?',
  'filled-out-check-in-form': '/appointments/filled-out-check-in-form/:CustomerAppointmentId?/:token?',
  appointmentEdit: '/appointments/:appointment_id/:customer_id/edit',
  appointmentBulkEditService: '/appointments/bulk-edit-service',
  create_appointment_and_customer: '/appointment/customer/create',
  pharma: '/pharma',
  rxEdit: '/pharma/:rx_id/edit',
  rxDocuments: '/pharma/:rx_id/documents',
  rxUsageEdit: '/pharma/:rx_id/usage/:usage_id/edit',
  customers: '/customers',
  ImportCustomer: '/customers/:id/ImportCustomer/:insti_id',
  InstitutionList: '/customers/:id/InstitutionList',
  InstitutionAppointments: '/institution/institutionAppointments/:id/:insti_id',
  customer_edit: '/customer/:id/edit',
  'customer.create_appointment': '/customers/:id/create-appointment',
  appointments_for_customer: '/customer/:id/appointments',
  settings: '/settings/:focus?',
  products: '/staff/:id/products',
  productsCreate: '/staff/:id/products/create',
  editProduct: '/staff/:staffId/products/:productId',
  openingHours: '/staff/:id/openingHours',
  specialDays: '/staff/:id/specialDays',
  holidays: '/staff/:id/holidays',
  account: '/staff/:id/account',
  searchResults: '/search',
  exports: '/exports',
  pcrLabs: '/pcr-labs',
  pcrLabsAppointments: '/pcr-labs/appointments',
  pcrLabsOrders: '/pcr-labs/orders',
  'cutomer.createOegd': '/customer/:customer_id/create-oegd/:token',
  listTestcenters: '/testcenter/all',
  testcenter_user: '/testcenter_user/:id/edit',
  adminExports: '/admin/export/',
  // The audit trail (issue 21); not in the spec's table.
  audit: '/audit',
  // The user's own sign-in security (issue 30): second factor and sessions; not in the spec's table.
  myAccess: '/my-access',
} as const;

export type RouteName = keyof typeof ROUTES;

/** The path of a named route with its parameters filled (optional ones may be left out). */
export function to(name: RouteName, params: Record<string, string | number | undefined> = {}): string {
  const path = ROUTES[name].replace(/\/:([A-Za-z_]+)(\?)?/g, (_, key: string, optional?: string) => {
    const value = params[key];
    if (value === undefined || value === '') {
      if (optional) return '';
      throw new Error(`Route ${name}: Parameter ${key} fehlt`);
    }
    return `/${encodeURIComponent(String(value))}`;
  });
  return path || '/';
}
