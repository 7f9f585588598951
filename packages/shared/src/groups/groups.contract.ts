import { z } from 'zod';
import { GROUP_NAME_MIN_LENGTH, ROLE } from '../constants';
import { endpoint } from '../http/endpoint';
import { isRealDate } from '../rules/appointment-time';
import { CSV_MAX_CELL_LENGTH, CSV_MAX_COLUMNS, CSV_MAX_ROWS } from './customer-csv';

const staffParams = z.object({ staffId: z.coerce.number().int().positive() });
const institutionParams = staffParams.extend({ institutionId: z.coerce.number().int().positive() });
const memberParams = institutionParams.extend({ customerId: z.coerce.number().int().positive() });
const customerParams = staffParams.extend({ customerId: z.coerce.number().int().positive() });

export const GROUP_NAME_MAX_LENGTH = 100;
/** Most customers one bulk-appointment request may name one by one (ticked singly on the group page). */
export const GROUP_APPOINTMENTS_MAX = 2000;
/** Most appointments one request books for a whole group ('Alle auswählen'): the size of one full import. */
export const GROUP_APPOINTMENTS_ALL_MAX = CSV_MAX_ROWS;
/** Members per page of the group page's table; a page may ask for up to GROUP_MEMBERS_PAGE_MAX. */
export const GROUP_MEMBERS_PER_PAGE = 50;
export const GROUP_MEMBERS_PAGE_MAX = 200;

export const GROUP_MSG = {
  nameTooShort: `Der Name der Gruppe muss mindestens ${GROUP_NAME_MIN_LENGTH} Zeichen lang sein.`,
  nameTooLong: `Der Name der Gruppe darf höchstens ${GROUP_NAME_MAX_LENGTH} Zeichen lang sein.`,
  nameTaken: 'Eine Gruppe mit diesem Namen gibt es in diesem Zentrum schon.',
  renamed: 'Der Name der Gruppe wurde gespeichert.',
  notMember: 'Dieser Kunde ist nicht in dieser Gruppe.',
  someNotMembers: 'Mindestens ein gewählter Kunde ist nicht in dieser Gruppe.',
  importRefused: 'Die Datei enthält Fehler. Bitte korrigieren und erneut hochladen.',
  noFile: 'Bitte eine CSV-Datei auswählen.',
  fieldMismatch: 'Die Angabe passt nicht zur Adresse der Anfrage.',
  noCustomers: 'Bitte mindestens einen Kunden auswählen.',
  dateTimeFormat: 'Bitte Datum und Uhrzeit im Format JJJJ-MM-TT HH:MM angeben.',
  customersTwice: 'Jeder Kunde darf nur einmal gewählt sein.',
  tooManyCustomers: `Bitte höchstens ${GROUP_APPOINTMENTS_MAX} Kunden einzeln wählen oder „Alle auswählen“ nutzen.`,
  tooManyMembers: `Für höchstens ${GROUP_APPOINTMENTS_ALL_MAX.toLocaleString('de-DE')} Mitglieder auf einmal können Termine erstellt werden.`,
  allOrSome: 'Bitte entweder einzelne Kunden oder alle Mitglieder wählen.',
} as const;

/**
 * A group name as stored: trimmed, inner runs of spaces collapsed to one
 * (configuration-admin §5), then at least 4 characters.
 */
export const normaliseGroupName = (name: string) => name.trim().replace(/\s+/g, ' ');

export const groupNameSchema = z
  .string()
  .max(1000)
  .transform(normaliseGroupName)
  .pipe(
    z.string().min(GROUP_NAME_MIN_LENGTH, GROUP_MSG.nameTooShort).max(GROUP_NAME_MAX_LENGTH, GROUP_MSG.nameTooLong),
  );

export const institutionSchema = z.object({ id: z.number().int(), name: z.string() });
export type Institution = z.infer<typeof institutionSchema>;

/** A member of a group as the group page lists it (street holds the house number). */
export const groupCustomerSchema = z.object({
  id: z.number().int(),
  first_name: z.string(),
  last_name: z.string(),
  street: z.string().nullable(),
  postcode: z.string().nullable(),
  city: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  birthday: z.string().nullable(),
  passport: z.string().nullable(),
});
export type GroupCustomer = z.infer<typeof groupCustomerSchema>;

/** Appointments of a group, one line per start and service (the members booked together). */
export const groupAppointmentSchema = z.object({
  id: z.number().int(),
  start_date: z.string(),
  /** In the centre's time zone: YYYY-MM-DD, HH:mm and the weekday 1 (Sunday) to 7 (Saturday). */
  date: z.string(),
  time: z.string(),
  weekday: z.number().int(),
  service_title: z.string(),
  cat_name: z.string().nullable(),
  number: z.number().int(),
});
export type GroupAppointment = z.infer<typeof groupAppointmentSchema>;

const cellSchema = z.object({ value: z.string(), error: z.string().nullable() });
export const importPreviewSchema = z.object({
  aHeader: z.array(z.string()),
  aaData: z.array(z.array(z.string())),
  aaoData: z.array(z.array(cellSchema)),
  aErrorsLines: z.array(z.number().int()),
  aEmptyLines: z.array(z.number().int()),
  aGeneralErrors: z.array(z.string()),
  aRowErrors: z.array(z.object({ row: z.number().int(), error: z.string() })),
  iTotalErrors: z.number().int(),
});

export const listInstitutions = endpoint({
  method: 'GET',
  path: '/api/staff/:staffId/institutions',
  access: { maxRole: ROLE.staff, tenant: 'staffId' },
  summary: 'Gruppen (Institutionen) eines Zentrums, nach Namen',
  params: staffParams,
  response: z.array(institutionSchema),
});

export const upsertInstitutionBodySchema = z.object({
  staff_id: z.number().int().positive(),
  name: groupNameSchema,
  /** Given: rename this group; absent: create one. */
  id: z.number().int().positive().optional(),
});

export const upsertInstitution = endpoint({
  method: 'POST',
  path: '/api/staff/:staffId/institutions',
  access: { maxRole: ROLE.staff, tenant: 'staffId' },
  summary: 'Gruppe anlegen oder umbenennen (Name getrimmt, mindestens 4 Zeichen, je Zentrum eindeutig)',
  params: staffParams,
  body: upsertInstitutionBodySchema,
  response: z.object({ error: z.null(), message: z.string(), institution: institutionSchema }),
});

export const groupMembersQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  per_page: z.coerce.number().int().min(1).max(GROUP_MEMBERS_PAGE_MAX).default(GROUP_MEMBERS_PER_PAGE),
});

export const getInstitution = endpoint({
  method: 'GET',
  path: '/api/staff/:staffId/institutions/:institutionId',
  access: { maxRole: ROLE.staff, tenant: 'staffId' },
  summary:
    'Eine Gruppe mit einer Seite ihrer Kunden (nach Nachname und Vorname in deutscher Sortierung) und deren Gesamtzahl',
  params: institutionParams,
  query: groupMembersQuerySchema,
  response: z.object({
    institution: institutionSchema,
    aoCustomers: z.array(groupCustomerSchema),
    /** All members of the group (the page holds at most per_page of them). */
    iTotalCustomers: z.number().int(),
  }),
});

export const listInstitutionAppointments = endpoint({
  method: 'GET',
  path: '/api/staff/:staffId/institutions/:institutionId/appointments',
  access: { maxRole: ROLE.staff, tenant: 'staffId' },
  summary: 'Termine der Gruppe (nicht stornierte), je Beginn und Dienstleistung eine Zeile',
  params: institutionParams,
  response: z.array(groupAppointmentSchema),
});

/** 'YYYY-MM-DD HH:mm', a real date and a time 00:00 to 23:59. */
export const selectedDateTimeSchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2} ([01]\d|2[0-3]):[0-5]\d$/, GROUP_MSG.dateTimeFormat)
  .refine((v) => isRealDate(v.slice(0, 10)), GROUP_MSG.dateTimeFormat);

export const addGroupAppointmentsBodySchema = z
  .object({
    staff_id: z.number().int().positive(),
    institution_id: z.number().int().positive(),
    service_id: z.number().int().positive(),
    /** The chosen members, one by one (empty with all_members). */
    aSelectedCustomer: z
      .array(z.number().int().positive())
      .max(GROUP_APPOINTMENTS_MAX, GROUP_MSG.tooManyCustomers)
      .refine((ids) => new Set(ids).size === ids.length, GROUP_MSG.customersTwice)
      .default([]),
    /**
     * Our addition: every member of the group at the time of the request
     * ('Alle auswählen'), except those in aExceptCustomer; the server reads the
     * members itself, so the page never holds 10,000 ids.
     */
    all_members: z.boolean().default(false),
    aExceptCustomer: z.array(z.number().int().positive()).max(GROUP_APPOINTMENTS_MAX).default([]),
    sSelectedDateTime: selectedDateTimeSchema,
    /** As on a single appointment: book beyond the free places only when staff ask for it. */
    overbook: z.boolean().default(false),
  })
  .refine((b) => b.all_members || b.aSelectedCustomer.length > 0, {
    message: GROUP_MSG.noCustomers,
    path: ['aSelectedCustomer'],
  })
  .refine((b) => !b.all_members || b.aSelectedCustomer.length === 0, {
    message: GROUP_MSG.allOrSome,
    path: ['aSelectedCustomer'],
  });
export type AddGroupAppointments = z.input<typeof addGroupAppointmentsBodySchema>;

export const addInstitutionAppointments = endpoint({
  method: 'POST',
  path: '/api/staff/:staffId/institutions/:institutionId/appointments',
  access: { maxRole: ROLE.staff, tenant: 'staffId' },
  summary: 'Ein Termin je gewähltem Gruppenmitglied zur selben Zeit, alle oder keiner',
  params: institutionParams,
  body: addGroupAppointmentsBodySchema,
  response: z.object({ error: z.null(), message: z.string(), ids: z.array(z.number().int()) }),
});

export const uploadCustomerCsv = endpoint({
  method: 'POST',
  path: '/api/staff/:staffId/institutions/:institutionId/import/preview',
  access: { maxRole: ROLE.staff, tenant: 'staffId' },
  summary:
    'CSV-Datei (multipart, Feld file) prüfen und als Vorschau mit Fehlern je Zelle beantworten; speichert nichts',
  params: institutionParams,
  response: z.object({ oImportInfo: importPreviewSchema, iCount: z.number().int() }),
});

export const importCustomersBodySchema = z.object({
  staff_id: z.number().int().positive(),
  institution_id: z.number().int().positive(),
  aHeader: z.array(z.string().max(CSV_MAX_CELL_LENGTH)).min(1).max(CSV_MAX_COLUMNS),
  aaData: z.array(z.array(z.string().max(CSV_MAX_CELL_LENGTH)).max(CSV_MAX_COLUMNS)).max(CSV_MAX_ROWS),
});
export type ImportCustomersBody = z.infer<typeof importCustomersBodySchema>;

export const importCustomers = endpoint({
  method: 'POST',
  path: '/api/staff/:staffId/institutions/:institutionId/import',
  access: { maxRole: ROLE.staff, tenant: 'staffId' },
  summary: 'Endgültiger Import: prüft erneut, legt alle Kunden in einer Transaktion an oder verknüpft vorhandene',
  params: institutionParams,
  body: importCustomersBodySchema,
  response: z.object({ iCountImported: z.number().int() }),
});

export const removeInstitutionCustomer = endpoint({
  method: 'DELETE',
  path: '/api/staff/:staffId/institutions/:institutionId/customers/:customerId',
  access: { maxRole: ROLE.staff, tenant: 'staffId' },
  summary: 'Kunden aus der Gruppe entfernen (der Kunde selbst bleibt)',
  params: memberParams,
  response: z.object({ error: z.null(), message: z.string() }),
});

export const getCustomerInstitutions = endpoint({
  method: 'GET',
  path: '/api/staff/:staffId/customers/:customerId/institutions',
  access: { maxRole: ROLE.staff, tenant: 'staffId' },
  summary: 'Die Gruppen eines Kunden',
  params: customerParams,
  response: z.object({ institution_ids: z.array(z.number().int()) }),
});

export const setCustomerInstitutions = endpoint({
  method: 'PUT',
  path: '/api/staff/:staffId/customers/:customerId/institutions',
  access: { maxRole: ROLE.staff, tenant: 'staffId' },
  summary: 'Die Gruppen eines Kunden ersetzen',
  params: customerParams,
  body: z.object({
    institution_ids: z.array(z.number().int().positive()).max(500),
    customer_id: z.number().int().positive(),
  }),
  response: z.object({ institution_ids: z.array(z.number().int()) }),
});
