import { sql } from 'drizzle-orm';
import { boolean, date, integer, numeric, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { now } from '../../clock';

/**
 * A centre (the spec's "staff", identified by staff_id / bookly_staff_id).
 * Holds every field of the centre settings record (configuration-admin §3) so
 * later features only add behaviour, not columns.
 */
export const centres = pgTable('centres', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  full_name: text('full_name').notNull(),
  search_name: text('search_name'),
  email: text('email'),
  info: text('info'),
  email_backup: text('email_backup'),
  phone: text('phone'),
  phone_int: text('phone_int'),
  time_zone: text('time_zone').notNull().default('Europe/Berlin'),
  company_service_hours: text('company_service_hours'),
  address: text('address'),
  tz_street: text('tz_street'),
  tz_street_number: text('tz_street_number'),
  tz_zip: text('tz_zip'),
  tz_city: text('tz_city'),
  city: text('city'),
  tz_institution_type: text('tz_institution_type'),
  type: text('type').notNull().default('1'),
  invoice_mail: text('invoice_mail'),
  inv_entity: text('inv_entity'),
  inv_street: text('inv_street'),
  inv_zip: text('inv_zip'),
  inv_city: text('inv_city'),
  domain: text('domain'),
  profession_title: text('profession_title'),
  profession_chamber: text('profession_chamber'),
  profession_registration: text('profession_registration'),
  profession_number: text('profession_number'),
  UID: text('uid'),
  handelsregister_nummer: text('handelsregister_nummer'),
  handelsregister_ort: text('handelsregister_ort'),
  impressum_link: text('impressum_link'),
  prof_responsible: text('prof_responsible'),
  prof_dataprotect: text('prof_dataprotect'),
  prof_entity: text('prof_entity'),
  default_IVA: numeric('default_iva', { precision: 5, scale: 2 }).notNull().default('19.00'),
  link_to_info_booklet_for_positive_cases: text('link_to_info_booklet_for_positive_cases'),
  force_payment_classification: boolean('force_payment_classification').notNull().default(false),
  overwrite_payment_classification: boolean('overwrite_payment_classification').notNull().default(false),
  ik_nr: text('ik_nr'),
  demis_cert_filename: text('demis_cert_filename'),
  /** The DEMIS participant (laboratory) number, 5–6 digits: the spec's "lab id". */
  demis_lab_id: text('demis_lab_id'),
  /** The DEMIS account name tied to the certificate: the OAuth `username` of the token request. */
  demis_account_name: text('demis_account_name'),
  /** The KBV Betriebsstättennummer, 9 digits, only if the centre has one. */
  demis_bsnr: text('demis_bsnr'),
  demis_street: text('demis_street'),
  demis_street_nr: text('demis_street_nr'),
  demis_city: text('demis_city'),
  demis_zip: text('demis_zip'),
  health_department: text('health_department'),
  health_department_testcenter_id: text('health_department_testcenter_id'),
  health_department_contact: text('health_department_contact'),
  health_department_email: text('health_department_email'),
  health_department_zip: text('health_department_zip'),
  oegd_zip: text('oegd_zip'),
  color1: text('color1'),
  color2: text('color2'),
  color3: text('color3'),
  google_maps_link: text('google_maps_link'),
  google_maps_embed: text('google_maps_embed'),
  category_id: integer('category_id'),
  visibility: text('visibility'),
  position: integer('position'),
  working_time_limit: integer('working_time_limit'),
  consumables: boolean('consumables').notNull().default(false),
  /** The centre has the certificate-system product (login hand-off). */
  certificate_product: boolean('certificate_product').notNull().default(false),
  host: text('host'),
  /** Activated by the platform by creating the centre's first user. */
  testcenter: boolean('testcenter').notNull().default(false),
  /** Deactivated by the platform: its users cannot log in, its data is kept. Null while active. */
  deactivated_at: timestamp('deactivated_at', { withTimezone: true }),
  /** Booking page: publish (online) or private (paused). */
  status: text('status').notNull().default('publish'),
  pause_date: date('pause_date'),
  /** Every user of the centre must sign in with a second factor (set by the centre's administrator). */
  two_factor_required: boolean('two_factor_required').notNull().default(false),
  created_at: timestamp('created_at', { withTimezone: true }).notNull().default(sql`now()`).$defaultFn(now),
});

/** PCR labs; a lab may place an entry in the sidebar (show_sidebar = 1). */
export const pcrLabs = pgTable('pcr_labs', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  name: text('name').notNull(),
  email: text('email'),
  result_system: text('result_system'),
  result_button_label: text('result_button_label'),
  show_sidebar: integer('show_sidebar').notNull().default(0),
});

export const centrePcrLabs = pgTable(
  'centre_pcr_labs',
  {
    staff_id: integer('staff_id')
      .notNull()
      .references(() => centres.id, { onDelete: 'cascade' }),
    pcr_lab_id: integer('pcr_lab_id')
      .notNull()
      .references(() => pcrLabs.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.staff_id, t.pcr_lab_id] })],
);
