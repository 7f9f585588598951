import { z } from 'zod';
import { ROLE } from '../constants';
import { endpoint } from '../http/endpoint';
import { APPOINTMENT_FIELDS, type AppointmentValues } from './appointment-values';

export const APPOINTMENT_STATUSES = ['approved', 'cancelled'] as const;
export const appointmentStatusSchema = z.enum(APPOINTMENT_STATUSES);
export type AppointmentStatus = z.infer<typeof appointmentStatusSchema>;

/** The longest range one list or CSV call may ask for. */
export const MAX_LIST_RANGE_DAYS = 366;
/** The most rows one page of the list may ask for. */
export const MAX_LIST_PAGE = 5000;

/**
 * One row of the appointments list: the spec's Appointment row (core-workflow
 * §3). Stored fields come from appointments, derived ones (customer_*,
 * service_*, staff_name, date, time) from joins. start_date, end_date and
 * res_date are ISO timestamps; date (YYYY-MM-DD) and time (HH:mm) are in the
 * centre's time zone. price is in cents. service_active, source,
 * classification_checked_by and has_receipt (a receipt was issued, so a copy
 * can be sent) are additions the screen needs.
 */
export const appointmentSchema = z.object({
  appointment_id: z.number().int(),
  customer_id: z.number().int(),
  customer_appointment_id: z.number().int(),
  token: z.string(),
  staff_id: z.number().int(),
  start_date: z.string(),
  end_date: z.string(),
  date: z.string(),
  time: z.string(),
  status: appointmentStatusSchema,
  checked_in: z.number().int(),
  number_of_persons: z.number().int(),
  notes: z.string().nullable(),
  customer_firstname: z.string(),
  customer_lastname: z.string(),
  customer_gender: z.number().int(),
  customer_birthday: z.string().nullable(),
  customer_street: z.string().nullable(),
  customer_postcode: z.string().nullable(),
  customer_city: z.string().nullable(),
  customer_phone: z.string().nullable(),
  customer_email: z.string().nullable(),
  customer_passport: z.string().nullable(),
  service_id: z.number().int(),
  service_title: z.string(),
  service_test_type: z.number().int().nullable(),
  service_test_v: z.number().int(),
  service_active: z.boolean(),
  res_detected: z.number().int().nullable(),
  res_date: z.string().nullable(),
  demis_status: z.string().nullable(),
  vaccination_id: z.number().int().nullable(),
  payment_class_id: z.number().int().nullable(),
  classification_checked_by: z.string().nullable(),
  price: z.number().int(),
  pcr_labs: z.array(z.number().int()),
  pcr_lab_id_selected: z.number().int().nullable(),
  aInstitutionIds: z.array(z.number().int()),
  staff_name: z.string(),
  domain: z.string().nullable(),
  host: z.string().nullable(),
  should_block_slot: z.boolean(),
  source: z.string(),
  has_receipt: z.boolean(),
});
export type Appointment = z.infer<typeof appointmentSchema>;

/** One row of the list answers: the row's values in APPOINTMENT_FIELDS' order (appointment-values.ts). */
export const appointmentValuesSchema = z.tuple(
  APPOINTMENT_FIELDS.map((field) => appointmentSchema.shape[field]) as unknown as [z.ZodType, ...z.ZodType[]],
) as unknown as z.ZodType<AppointmentValues>;

/** Who booked an appointment (the row's `source`): the public booking page, staff, an import. */
export const APPOINTMENT_SOURCES = ['customer', 'staff', 'import'] as const;

/** 'all' and 'any' mean "no filter", as does null (the web app sends null). */
const filter = <T extends z.ZodType>(inner: T) =>
  z.preprocess(
    (v) => (v === 'all' || v === 'any' || v === '' || v === undefined ? null : typeof v === 'number' ? String(v) : v),
    inner.nullable(),
  );
const idFilter = z.preprocess(
  (v) => (v === 'all' || v === 'any' || v === '' || v === undefined ? null : v),
  z.coerce.number().int().min(0).nullable(),
);

/** A row's place in the list's order (start_date, appointment_id): the keyset cursors. */
const cursorSchema = z.object({
  start_date: z.iso.datetime({ offset: true }),
  appointment_id: z.number().int().positive(),
});

/**
 * The filters and range of the list (core-workflow §7, value sets §9):
 * - startdate/enddate: unix seconds, both inclusive.
 * - paymentClassification: an id, or 0 for appointments without one.
 * - checkedIn: '0' not checked in, '1' checked in (bit 1), '2' questionnaire filled (bit 4).
 * - performed: '1' processed (result date or vaccination id), '0' not processed.
 * - result: '1' negative, '2' positive.
 * - demis_status: 'reported' (status success), 'not_reported'.
 * - appointment_source: 'customer_appointments' (range on the appointment date, the default),
 *   'customer_appointments_res_date' (range on the result date), 'result' (appointment date,
 *   only appointments with a result).
 * - source: who booked ('Gebucht von'): 'customer' (the public booking page), 'staff', 'import'.
 */
const listFilterFields = {
  startdate: z.number().int().min(0),
  enddate: z.number().int().min(0),
  status: filter(appointmentStatusSchema).optional(),
  paymentClassification: idFilter.optional(),
  service_id: idFilter.optional(),
  checkedIn: filter(z.enum(['0', '1', '2'])).optional(),
  performed: filter(z.enum(['0', '1'])).optional(),
  result: filter(z.enum(['1', '2'])).optional(),
  demis_status: filter(z.enum(['reported', 'not_reported'])).optional(),
  appointment_source: filter(z.enum(['customer_appointments', 'customer_appointments_res_date', 'result'])).optional(),
  source: filter(z.enum(APPOINTMENT_SOURCES)).optional(),
  staff_id: z.number().int().optional(),
};

/** The range checks every list query makes. */
function refineRange<T extends z.ZodType<{ startdate: number; enddate: number }>>(schema: T) {
  return schema
    .refine((q) => q.enddate >= q.startdate, {
      message: 'Das Enddatum darf nicht vor dem Startdatum liegen.',
      path: ['enddate'],
    })
    .refine((q) => q.enddate - q.startdate <= MAX_LIST_RANGE_DAYS * 86400, {
      message: `Der Zeitraum darf höchstens ${MAX_LIST_RANGE_DAYS} Tage umfassen.`,
      path: ['enddate'],
    });
}

/**
 * The list query: the filters, plus keyset paging. Rows come ordered by
 * (start_date, appointment_id); a page holds at most `limit` rows after the
 * row named by `after` (the last row of the previous page), or the last
 * `limit` rows before the row named by `before` (the first row of the next
 * page; still answered oldest first). Without `limit` the whole range is
 * answered (the CSV and older clients).
 */
export const appointmentListQuerySchema = refineRange(
  z
    .object({
      ...listFilterFields,
      limit: z.number().int().min(1).max(MAX_LIST_PAGE).optional(),
      after: cursorSchema.optional(),
      before: cursorSchema.optional(),
    })
    .refine((q) => !(q.after && q.before), {
      message: 'Bitte entweder "after" oder "before" angeben, nicht beides.',
      path: ['before'],
    }),
);
export type AppointmentListQuery = z.infer<typeof appointmentListQuerySchema>;

const staffParams = z.object({ staffId: z.coerce.number().int().positive() });
const appointmentParams = staffParams.extend({ appointmentId: z.coerce.number().int().positive() });
const institutionParams = appointmentParams.extend({ institutionId: z.coerce.number().int().positive() });

/**
 * Each row as the array of its values (appointmentValuesSchema; appointmentOf makes it a row again).
 * With `Accept: text/csv` the same call answers a CSV file (UTF-8 with BOM, ';').
 */
export const listAppointments = endpoint({
  method: 'POST',
  path: '/api/staff/:staffId/appointments',
  access: { maxRole: ROLE.staff, tenant: 'staffId' },
  summary: 'Termine eines Zentrums im Zeitraum mit Filtern (Accept: text/csv lädt eine CSV-Datei)',
  params: staffParams,
  body: appointmentListQuerySchema,
  response: z.array(appointmentValuesSchema),
});

export const countAppointments = endpoint({
  method: 'POST',
  path: '/api/staff/:staffId/appointments/count',
  access: { maxRole: ROLE.manager, tenant: 'staffId' },
  summary: 'Anzahl der Termine zur selben Abfrage (nur Rolle 25 oder mächtiger)',
  params: staffParams,
  body: appointmentListQuerySchema,
  response: z.object({ count: z.number().int() }),
});

/**
 * The page of the list that contains an instant (the screen asks for 'now'
 * first): the `limit` rows that start with up to `lead` rows before `at`,
 * followed by the rows from `at` on. `offset` is the place of the first of
 * them in the whole list (the rows the query orders before it), so the screen
 * can leave room for the earlier rows and load them only when scrolled to;
 * `has_more` tells whether rows follow the page. When every row lies before
 * `at`, the page holds the last rows.
 */
export const appointmentPageAtQuerySchema = refineRange(
  z
    .object({
      ...listFilterFields,
      at: z.iso.datetime({ offset: true }),
      limit: z.number().int().min(1).max(MAX_LIST_PAGE),
      lead: z.number().int().min(0).default(0),
    })
    .refine((q) => q.lead < q.limit, {
      message: 'Es müssen weniger Zeilen vor dem Zeitpunkt verlangt werden, als die Seite fasst.',
      path: ['lead'],
    }),
);
export type AppointmentPageAtQuery = z.infer<typeof appointmentPageAtQuerySchema>;

export const appointmentPageAtSchema = z.object({
  offset: z.number().int().min(0),
  has_more: z.boolean(),
  rows: z.array(appointmentValuesSchema),
});
export type AppointmentPageAt = z.infer<typeof appointmentPageAtSchema>;

export const listAppointmentsAt = endpoint({
  method: 'POST',
  path: '/api/staff/:staffId/appointments/page-at',
  access: { maxRole: ROLE.staff, tenant: 'staffId' },
  summary: 'Die Seite der Terminliste, die einen Zeitpunkt enthält, mit ihrer Stelle in der Liste (offset)',
  params: staffParams,
  body: appointmentPageAtQuerySchema,
  response: appointmentPageAtSchema,
});

export const todayFiguresSchema = z.object({
  date: z.string(),
  appointments: z.number().int(),
  checked_in: z.number().int(),
  processed: z.number().int(),
  open: z.number().int(),
  cancelled: z.number().int(),
});
export type TodayFigures = z.infer<typeof todayFiguresSchema>;

export const getTodayFigures = endpoint({
  method: 'GET',
  path: '/api/staff/:staffId/appointments/today',
  access: { maxRole: ROLE.staff, tenant: 'staffId' },
  summary: 'Kennzahlen der heutigen Termine (Zeitzone des Zentrums)',
  params: staffParams,
  response: todayFiguresSchema,
});

export const paymentClassificationSchema = z.object({
  id: z.number().int(),
  label: z.string(),
  description: z.string().nullable(),
  danger: z.string().nullable(),
  active: z.boolean(),
  active_from: z.string().nullable(),
  active_till: z.string().nullable(),
});
export type PaymentClassification = z.infer<typeof paymentClassificationSchema>;

export const listPaymentClassifications = endpoint({
  method: 'GET',
  path: '/api/staff/:staffId/appointments/payment-classifications',
  access: { maxRole: ROLE.staff, tenant: 'staffId' },
  summary: 'Zahlungsklassifikationen (TestV) mit Gültigkeitszeitraum',
  params: staffParams,
  response: z.array(paymentClassificationSchema),
});

export const appointmentOptionsSchema = z.object({
  centre_type: z.string(),
  force_payment_classification: z.boolean(),
  pcr_labs: z.array(z.object({ id: z.number().int(), name: z.string(), result_button_label: z.string().nullable() })),
  services: z.array(
    z.object({
      id: z.number().int(),
      title: z.string(),
      active: z.boolean(),
      test_type: z.number().int().nullable(),
      service_test_v: z.number().int(),
    }),
  ),
  /** Upcoming approved appointments whose service is inactive (the rebook warning). */
  inactive_service_appointments: z.number().int(),
});
export type AppointmentOptions = z.infer<typeof appointmentOptionsSchema>;

export const getAppointmentOptions = endpoint({
  method: 'GET',
  path: '/api/staff/:staffId/appointments/options',
  access: { maxRole: ROLE.staff, tenant: 'staffId' },
  summary: 'Was der Terminbildschirm braucht: Zentrumstyp, Einstellungen, Labore, Dienstleistungen',
  params: staffParams,
  response: appointmentOptionsSchema,
});

export const setAppointmentStatus = endpoint({
  method: 'POST',
  path: '/api/staff/:staffId/appointments/:appointmentId/status',
  access: { maxRole: ROLE.staff, tenant: 'staffId' },
  summary: 'Status eines Termins setzen (approved oder cancelled)',
  params: appointmentParams,
  body: z.object({
    id: z.number().int().positive(),
    customer_id: z.number().int().positive(),
    status: appointmentStatusSchema,
  }),
  response: z.object({ message: z.string(), status: appointmentStatusSchema }),
});

export const checkInAppointment = endpoint({
  method: 'POST',
  path: '/api/staff/:staffId/appointments/:appointmentId/check-in',
  access: { maxRole: ROLE.staff, tenant: 'staffId' },
  summary: 'Check-in setzen oder zurücknehmen (nur Bit 1); Antwort: die ganze Bitmaske',
  params: appointmentParams,
  body: z.object({
    staff_id: z.number().int().positive(),
    customer_id: z.number().int().positive(),
    value: z.union([z.literal(0), z.literal(1)]),
  }),
  response: z.object({ value: z.number().int() }),
});

export const setPaymentClassification = endpoint({
  method: 'POST',
  path: '/api/staff/:staffId/appointments/:appointmentId/payment-classification',
  access: { maxRole: ROLE.staff, tenant: 'staffId' },
  summary: 'Zahlungsklassifikation eines Termins ändern (ab ID 31 mit checkedBy)',
  params: appointmentParams,
  body: z.object({
    customer_id: z.number().int().positive(),
    newClassification: z.number().int().positive().nullable(),
    checkedBy: z.string().trim().max(200).nullable().optional(),
  }),
  response: z.object({
    payment_class_id: z.number().int().nullable(),
    classification_checked_by: z.string().nullable(),
  }),
});

export const RESULT_VALUES = [1, 2, 4] as const;

export const setAppointmentResult = endpoint({
  method: 'POST',
  path: '/api/staff/:staffId/appointments/:appointmentId/result',
  access: { maxRole: ROLE.staff, tenant: 'staffId' },
  summary: 'Ergebnis eintragen (1 negativ, 2 positiv, 4 gesperrt) mit Ergebnisdatum',
  params: appointmentParams,
  body: z.object({
    customer_id: z.number().int().positive(),
    res_detected: z.union([z.literal(1), z.literal(2), z.literal(4)], {
      error: 'Bitte ein Ergebnis wählen (1 negativ, 2 positiv, 4 gesperrt).',
    }),
    res_date: z.iso.datetime({ offset: true }).nullable().optional(),
  }),
  response: z.object({ res_detected: z.number().int(), res_date: z.string() }),
});

const institutionsAnswer = z.object({ aInstitutionIds: z.array(z.number().int()) });

export const addAppointmentInstitution = endpoint({
  method: 'POST',
  path: '/api/staff/:staffId/appointments/:appointmentId/institutions/:institutionId',
  access: { maxRole: ROLE.staff, tenant: 'staffId' },
  summary: 'Termin einer Gruppe zuordnen (nur wenn noch nicht zugeordnet)',
  params: institutionParams,
  response: institutionsAnswer,
});

export const removeAppointmentInstitution = endpoint({
  method: 'DELETE',
  path: '/api/staff/:staffId/appointments/:appointmentId/institutions/:institutionId',
  access: { maxRole: ROLE.staff, tenant: 'staffId' },
  summary: 'Gruppenzuordnung eines Termins entfernen',
  params: institutionParams,
  response: institutionsAnswer,
});

export const setAppointmentInstitutions = endpoint({
  method: 'PUT',
  path: '/api/staff/:staffId/appointments/:appointmentId/institutions',
  access: { maxRole: ROLE.staff, tenant: 'staffId' },
  summary: 'Gruppen eines Termins vollständig ersetzen',
  params: appointmentParams,
  body: z.object({
    institution_ids: z.array(z.number().int().positive()).max(100),
    customer_id: z.number().int().positive(),
  }),
  response: institutionsAnswer,
});
