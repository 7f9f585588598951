import { z } from 'zod';
import { ROLE } from '../constants';
import { endpoint } from '../http/endpoint';
import { multiline } from '../http/safe-input';
import { MSG } from '../messages';

const staffParams = z.object({ staffId: z.coerce.number().int().positive() });

/** German labels of the settings fields; also used to name a missing field in errors. */
export const SETTINGS_LABELS = {
  full_name: 'Name des Zentrums',
  search_name: 'Suchname',
  email: 'E-Mail',
  info: 'E-Mail-Signatur',
  email_backup: 'E-Mail (Kopie)',
  phone: 'Telefon',
  phone_int: 'Telefon (international)',
  time_zone: 'Zeitzone',
  company_service_hours: 'Servicezeiten',
  address: 'Adresse (Anzeige)',
  tz_street: 'Straße',
  tz_street_number: 'Hausnummer',
  tz_zip: 'PLZ',
  tz_city: 'Ort',
  tz_institution_type: 'Einrichtungsart',
  type: 'Art des Zentrums',
  invoice_mail: 'Rechnungs-E-Mail',
  inv_entity: 'Rechnungsempfänger',
  inv_street: 'Rechnungsadresse: Straße und Hausnummer',
  inv_zip: 'Rechnungsadresse: PLZ',
  inv_city: 'Rechnungsadresse: Ort',
  domain: 'Domain',
  profession_title: 'Berufsbezeichnung',
  profession_chamber: 'Zuständige Kammer',
  profession_registration: 'Staat der Verleihung',
  profession_number: 'Registernummer Berufsrecht',
  UID: 'Umsatzsteuer-ID',
  handelsregister_nummer: 'Handelsregisternummer',
  handelsregister_ort: 'Registergericht',
  impressum_link: 'Link zum Impressum',
  prof_responsible: 'Verantwortliche Person',
  prof_dataprotect: 'Datenschutzbeauftragte Person',
  prof_entity: 'Betreibende Gesellschaft',
  default_IVA: 'Mehrwertsteuer (%)',
  link_to_info_booklet_for_positive_cases: 'Link zum Merkblatt für positiv Getestete',
  force_payment_classification: 'Zahlungsklassifikation vor Ergebnis erzwingen',
  overwrite_payment_classification: 'Zahlungsklassifikation überschreiben erlauben',
  ik_nr: 'IK-Nummer',
  demis_account_name: 'DEMIS-Benutzername',
  demis_bsnr: 'BSNR (Betriebsstättennummer)',
  demis_lab_id: 'DEMIS-Teilnehmernummer (Labor-ID)',
  demis_street: 'DEMIS Straße',
  demis_street_nr: 'DEMIS Hausnummer',
  demis_city: 'DEMIS Ort',
  demis_zip: 'DEMIS PLZ',
  health_department: 'Gesundheitsamt',
  health_department_testcenter_id: 'Kennung beim Gesundheitsamt',
  health_department_contact: 'Ansprechperson Gesundheitsamt',
  health_department_email: 'E-Mail Gesundheitsamt',
  health_department_zip: 'PLZ Gesundheitsamt',
  oegd_zip: 'PLZ ÖGD',
  color1: 'Farbe 1',
  color2: 'Farbe 2',
  color3: 'Farbe 3',
  google_maps_link: 'Google-Maps-Link',
  google_maps_embed: 'Google-Maps-Einbettung',
} as const;
export type SettingsField = keyof typeof SETTINGS_LABELS;

const L = SETTINGS_LABELS;

/** The centre's time zone decides "today"; only IANA names the runtime knows. */
function isTimeZone(v: string) {
  try {
    new Intl.DateTimeFormat('de-DE', { timeZone: v });
    return true;
  } catch {
    return false;
  }
}
const requiredMsg = (f: SettingsField) => `${L[f]} ist ein Pflichtfeld`;

const required = (f: SettingsField, max = 300) =>
  z
    .string({ error: requiredMsg(f) })
    .trim()
    .min(1, requiredMsg(f))
    .max(max, `${L[f]} darf höchstens ${max} Zeichen lang sein`);

/** Empty strings are stored as null. */
/** `lines`: a multi-line text (textarea), which keeps its line breaks (http/safe-input.ts). */
const optional = (f: SettingsField, max = 300, lines = false) => {
  const text = z.string().trim().max(max, `${L[f]} darf höchstens ${max} Zeichen lang sein`);
  return (lines ? multiline(text) : text).nullish().transform((v) => (v ? v : null));
};

const requiredEmail = (f: SettingsField) =>
  required(f, 254).pipe(z.email(`${L[f]}: bitte eine gültige E-Mail-Adresse angeben`));
const optionalEmail = (f: SettingsField) =>
  optional(f, 254).refine((v) => v === null || z.email().safeParse(v).success, {
    message: `${L[f]}: bitte eine gültige E-Mail-Adresse angeben`,
  });
const colour = (f: SettingsField) => required(f, 7).regex(/^#[0-9a-fA-F]{6}$/, `${L[f]}: ${MSG.colourFormat}`);

/** The editable centre settings record (configuration-admin §3, required fields §5). */
export const settingsInputSchema = z.object({
  full_name: required('full_name'),
  search_name: optional('search_name'),
  email: requiredEmail('email'),
  info: optional('info', 2000, true),
  email_backup: optionalEmail('email_backup'),
  phone: required('phone', 50),
  phone_int: required('phone_int', 50),
  time_zone: z
    .string()
    .trim()
    .min(1, `${L.time_zone} ist ein Pflichtfeld`)
    .max(64)
    .refine(isTimeZone, `${L.time_zone}: unbekannte Zeitzone (z. B. Europe/Berlin)`)
    .default('Europe/Berlin'),
  company_service_hours: optional('company_service_hours', 500),
  address: optional('address', 500),
  tz_street: required('tz_street'),
  tz_street_number: required('tz_street_number', 20),
  tz_zip: required('tz_zip', 10),
  tz_city: required('tz_city'),
  tz_institution_type: z
    .enum(['§4', '§4a'])
    .nullish()
    .or(z.literal(''))
    .transform((v) => v || null),
  type: z.string({ error: `${L.type} ist ein Pflichtfeld` }).min(1, `${L.type} ist ein Pflichtfeld`),
  invoice_mail: requiredEmail('invoice_mail'),
  inv_entity: required('inv_entity'),
  inv_street: required('inv_street'),
  inv_zip: required('inv_zip', 10),
  inv_city: required('inv_city'),
  domain: optional('domain'),
  profession_title: optional('profession_title'),
  profession_chamber: optional('profession_chamber'),
  profession_registration: optional('profession_registration'),
  profession_number: optional('profession_number'),
  UID: required('UID', 50),
  handelsregister_nummer: optional('handelsregister_nummer'),
  handelsregister_ort: optional('handelsregister_ort'),
  impressum_link: optional('impressum_link', 1000),
  prof_responsible: required('prof_responsible'),
  prof_dataprotect: required('prof_dataprotect'),
  prof_entity: required('prof_entity'),
  default_IVA: z
    .number({ error: `${L.default_IVA} ist ein Pflichtfeld` })
    .min(0, `${L.default_IVA} darf nicht negativ sein`)
    .max(100, `${L.default_IVA} darf höchstens 100 sein`)
    .refine((v) => Math.abs(Math.round(v * 100) - v * 100) < 1e-6, MSG.vatTwoDecimals),
  link_to_info_booklet_for_positive_cases: optional('link_to_info_booklet_for_positive_cases', 1000),
  force_payment_classification: z.boolean().default(false),
  overwrite_payment_classification: z.boolean().default(false),
  ik_nr: optional('ik_nr', 20),
  // Three different identifiers (docs/decisions/008-demis-profiles-and-identifiers.md).
  demis_account_name: optional('demis_account_name', 100).refine((v) => v === null || /^\S+$/.test(v), {
    message: MSG.demisAccountNameFormat,
  }),
  demis_bsnr: optional('demis_bsnr', 20).refine((v) => v === null || /^\d{9}$/.test(v), {
    message: MSG.demisBsnrFormat,
  }),
  demis_lab_id: optional('demis_lab_id', 20).refine((v) => v === null || /^\d{5,6}$/.test(v), {
    message: MSG.demisLabIdFormat,
  }),
  demis_street: optional('demis_street'),
  demis_street_nr: optional('demis_street_nr', 20),
  demis_city: optional('demis_city'),
  demis_zip: optional('demis_zip', 10),
  health_department: optional('health_department'),
  health_department_testcenter_id: optional('health_department_testcenter_id'),
  health_department_contact: optional('health_department_contact'),
  health_department_email: optionalEmail('health_department_email'),
  health_department_zip: optional('health_department_zip', 10),
  oegd_zip: optional('oegd_zip', 10),
  color1: colour('color1'),
  color2: colour('color2'),
  color3: colour('color3'),
  google_maps_link: optional('google_maps_link', 2000),
  google_maps_embed: optional('google_maps_embed', 5000, true),
});
export type SettingsInput = z.input<typeof settingsInputSchema>;

/** The record as the server answers it: every input field plus the derived ones. */
export const settingsSchema = z.object({
  id: z.number().int(),
  full_name: z.string(),
  search_name: z.string().nullable(),
  email: z.string().nullable(),
  info: z.string().nullable(),
  email_backup: z.string().nullable(),
  phone: z.string().nullable(),
  phone_int: z.string().nullable(),
  time_zone: z.string(),
  company_service_hours: z.string().nullable(),
  address: z.string().nullable(),
  tz_street: z.string().nullable(),
  tz_street_number: z.string().nullable(),
  tz_zip: z.string().nullable(),
  tz_city: z.string().nullable(),
  /** Always tz_city (configuration-admin §7). */
  city: z.string().nullable(),
  tz_institution_type: z.string().nullable(),
  type: z.string(),
  invoice_mail: z.string().nullable(),
  inv_entity: z.string().nullable(),
  inv_street: z.string().nullable(),
  inv_zip: z.string().nullable(),
  inv_city: z.string().nullable(),
  domain: z.string().nullable(),
  profession_title: z.string().nullable(),
  profession_chamber: z.string().nullable(),
  profession_registration: z.string().nullable(),
  profession_number: z.string().nullable(),
  UID: z.string().nullable(),
  handelsregister_nummer: z.string().nullable(),
  handelsregister_ort: z.string().nullable(),
  impressum_link: z.string().nullable(),
  prof_responsible: z.string().nullable(),
  prof_dataprotect: z.string().nullable(),
  prof_entity: z.string().nullable(),
  default_IVA: z.number(),
  link_to_info_booklet_for_positive_cases: z.string().nullable(),
  force_payment_classification: z.boolean(),
  overwrite_payment_classification: z.boolean(),
  ik_nr: z.string().nullable(),
  /** Set by the certificate upload only; the certificate itself is never returned. */
  demis_cert_filename: z.string().nullable(),
  demis_lab_id: z.string().nullable(),
  demis_account_name: z.string().nullable(),
  demis_bsnr: z.string().nullable(),
  demis_street: z.string().nullable(),
  demis_street_nr: z.string().nullable(),
  demis_city: z.string().nullable(),
  demis_zip: z.string().nullable(),
  health_department: z.string().nullable(),
  health_department_testcenter_id: z.string().nullable(),
  health_department_contact: z.string().nullable(),
  health_department_email: z.string().nullable(),
  health_department_zip: z.string().nullable(),
  oegd_zip: z.string().nullable(),
  color1: z.string().nullable(),
  color2: z.string().nullable(),
  color3: z.string().nullable(),
  google_maps_link: z.string().nullable(),
  google_maps_embed: z.string().nullable(),
});
export type Settings = z.infer<typeof settingsSchema>;

export const centreTypeSchema = z.object({ id: z.string(), name: z.string() });
export type CentreType = z.infer<typeof centreTypeSchema>;

export const getSettings = endpoint({
  method: 'GET',
  path: '/api/staff/:staffId/settings',
  access: { maxRole: ROLE.admin, tenant: 'staffId' },
  summary: 'Einstellungen des Zentrums',
  params: staffParams,
  response: settingsSchema,
});

export const updateSettings = endpoint({
  method: 'PUT',
  path: '/api/staff/:staffId/settings',
  access: { maxRole: ROLE.admin, tenant: 'staffId' },
  summary: 'Einstellungen des Zentrums speichern (ganzer Datensatz; city = tz_city)',
  params: staffParams,
  body: settingsInputSchema,
  response: z.object({ settings: settingsSchema, message: z.string() }),
});

export const listCentreTypes = endpoint({
  method: 'GET',
  path: '/api/staff/:staffId/settings/centre-types',
  access: { maxRole: ROLE.admin, tenant: 'staffId' },
  summary: 'Arten von Zentren (Code 2 = Impfzentrum)',
  params: staffParams,
  response: z.array(centreTypeSchema),
});

/** Multipart: field `file` (.p12), optional field `passphrase`. */
export const uploadDemisCertificate = endpoint({
  method: 'POST',
  path: '/api/staff/:staffId/settings/demis-certificate',
  access: { maxRole: ROLE.admin, tenant: 'staffId' },
  summary: 'DEMIS-Zertifikat (.p12, PKCS#12) hochladen; wird verschlüsselt gespeichert und nie ausgeliefert',
  params: staffParams,
  response: z.object({
    message: z.string(),
    demis_cert_filename: z.string(),
    /** A legacy PKCS#12 file (RC2-40/3DES) was re-encrypted to AES before it was stored. */
    converted: z.boolean(),
  }),
});
