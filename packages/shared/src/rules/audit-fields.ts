import { CENTRE_TYPES, GENDERS, ROLE_LABELS } from '../constants';
import { SETTINGS_LABELS } from '../settings/settings.contract';
import { isCheckedIn } from './checked-in';
import { germanDateTimeOf } from './german-date';
import { euros } from './vat-total';

/**
 * The fields an audit row's before/after may hold: each with its German name
 * and how a stored value reads on the screens (type names, role names, payment
 * classes, ja/nein, dates, euros, counts with their unit). Ids of other rows
 * are read through lookups (AuditLookups) and become names; internal ids with
 * no meaning to a reader are hidden.
 */

/** Rows an audit value may point at; the server looks up their names for the rows it shows. */
export type AuditLookupKind = 'class' | 'service' | 'lab' | 'group' | 'customer' | 'appointment';
export type AuditLookups = Partial<Record<AuditLookupKind, ReadonlyMap<number, string>>>;

export interface AuditTextContext {
  /** Names of the rows the values point at (missing: the row is gone). */
  names?: AuditLookups;
  /** The zone instants are shown in (default Europe/Berlin). */
  timeZone?: string;
}

type Formatter = (value: unknown, ctx: AuditTextContext) => string;

export interface AuditField {
  label: string;
  format: Formatter;
  /** Text a person typed (a name, a note): shown as written, never taken for a code. */
  free?: boolean;
  lookup?: AuditLookupKind;
}

/** Not shown: internal ids that mean nothing to a reader (the row itself is linked or named). */
export const HIDDEN: unique symbol = Symbol('hidden');
type FieldEntry = AuditField | typeof HIDDEN;

export const NONE = 'keine Angabe';
const MAX_TEXT = 80;

const isEmpty = (v: unknown) => v === null || v === undefined || v === '';
const or =
  (f: Formatter, empty = NONE): Formatter =>
  (v, ctx) =>
    isEmpty(v) ? empty : f(v, ctx);

const text: Formatter = or((v) => {
  const s = String(v).replace(/\s+/g, ' ').trim();
  return s.length > MAX_TEXT ? `${s.slice(0, MAX_TEXT - 1)}…` : s;
});
const yesNo: Formatter = or((v) => (v === true || v === 1 || v === '1' ? 'ja' : 'nein'));
const instant: Formatter = or((v, ctx) => {
  const d = new Date(String(v));
  return Number.isNaN(d.getTime()) ? String(v) : germanDateTimeOf(d, ctx.timeZone ?? 'Europe/Berlin');
});
const day = (empty = NONE): Formatter =>
  or((v) => {
    const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(String(v));
    return m ? `${m[3]}.${m[2]}.${m[1]}` : String(v);
  }, empty);
const money: Formatter = or((v) => (Number.isFinite(Number(v)) ? euros(Number(v)) : String(v)));
/** A number with its unit ('3 Termine'), or the length of a list of ids. */
const count = (one: string, many: string): Formatter =>
  or((v) => {
    const n = Array.isArray(v) ? v.length : Number(v);
    return n === 1 ? `1 ${one}` : `${Number.isFinite(n) ? n : 0} ${many}`;
  }, `0 ${many}`);
const coded =
  (words: Record<string, string>, unknown: string): Formatter =>
  (v) =>
    isEmpty(v) ? NONE : (words[String(v)] ?? unknown);
const bytes: Formatter = or((v) => {
  const n = Number(v);
  if (!Number.isFinite(n)) return String(v);
  return n < 1024 ? `${n} Byte` : `${(n / 1024).toLocaleString('de-DE', { maximumFractionDigits: 1 })} KB`;
});

/** A lookup's name, or that the row is gone; a list of ids as a list of names. */
const named =
  (kind: AuditLookupKind, empty = NONE): Formatter =>
  (v, ctx) => {
    if (isEmpty(v)) return empty;
    const one = (id: unknown) => {
      const name = ctx.names?.[kind]?.get(Number(id));
      return name === undefined ? GONE[kind] : kind === 'appointment' ? `Vorgangsnummer ${name}` : name;
    };
    if (Array.isArray(v)) return v.length === 0 ? 'keine' : v.map(one).join(', ');
    return one(v);
  };
const GONE: Record<AuditLookupKind, string> = {
  class: 'Klassifikation (nicht mehr vorhanden)',
  service: 'Dienstleistung (nicht mehr vorhanden)',
  lab: 'Labor (nicht mehr vorhanden)',
  group: 'Gruppe (nicht mehr vorhanden)',
  customer: 'Kunde (nicht mehr vorhanden)',
  appointment: 'Termin (nicht mehr vorhanden)',
};
const field = (label: string, format: Formatter, extra: Partial<AuditField> = {}): AuditField => ({
  label,
  format,
  ...extra,
});
const free = (label: string) => field(label, text, { free: true });
const lookup = (label: string, kind: AuditLookupKind, empty?: string) =>
  field(label, named(kind, empty), { lookup: kind });

const CENTRE_TYPE_NAMES: Record<string, string> = Object.fromEntries(CENTRE_TYPES.map((t) => [t.id, t.name]));
const centreType = coded(CENTRE_TYPE_NAMES, 'unbekannte Art');
const role: Formatter = (v) =>
  isEmpty(v) ? NONE : (ROLE_LABELS[Number(v)] ?? (Number(v) <= 10 ? 'Plattform-Administrator' : 'unbekannte Rolle'));
const fileTypes: Record<string, string> = {
  'application/pdf': 'PDF',
  'image/jpeg': 'JPEG-Bild',
  'image/png': 'PNG-Bild',
  'image/heic': 'HEIC-Bild',
  'image/webp': 'WebP-Bild',
};
/** Products of a lab's catalogue ({name}) or of a usage ({customer_title}): their names. */
const productNames: Formatter = (v) => {
  if (!Array.isArray(v)) return NONE;
  if (v.length === 0) return 'keine';
  const names = v.map((p) =>
    String(
      (p as { name?: string; customer_title?: string }).name ?? (p as { customer_title?: string }).customer_title ?? '',
    ),
  );
  return text(names.join(', '), {});
};

/** Fields that read the same in every entity. */
const FIELDS: Record<string, FieldEntry> = {
  status: field(
    'Status',
    coded({ approved: 'bestätigt', cancelled: 'storniert', publish: 'online', private: 'pausiert' }, 'unbekannt'),
  ),
  reason: field(
    'Grund',
    coded({ cancelled_by_customer: 'vom Kunden storniert', series_shortened: 'Serie verkürzt' }, 'sonstiger Grund'),
  ),
  source: field('Quelle', coded({ customer: 'Buchungsseite' }, 'Backoffice')),
  res_detected: field('Ergebnis', (v) =>
    isEmpty(v) ? 'kein Ergebnis' : ({ 1: 'negativ', 2: 'positiv', 4: 'gesperrt' }[Number(v)] ?? 'unbekannt'),
  ),
  res_date: field('Ergebniszeit', instant),
  checked_in: field('Check-in', (v) =>
    isEmpty(v) ? NONE : isCheckedIn(Number(v)) ? 'eingecheckt' : 'nicht eingecheckt',
  ),
  payment_class_id: lookup('Zahlungsklassifikation', 'class', 'keine'),
  classification_checked_by: free('Geprüft von'),
  role_id: field('Rolle', role),
  active: field('Zugang', (v) => (isEmpty(v) ? NONE : v === true || Number(v) === 1 ? 'aktiv' : 'gesperrt')),
  deactivated: field('Zentrum', (v) => (v ? 'deaktiviert' : 'aktiv')),
  email: free('E-Mail'),
  to: free('An'),
  gender: field('Geschlecht', coded(GENDERS as Record<string, string>, 'unbekannt')),
  start_date: field('Termin', instant),
  service_id: lookup('Dienstleistung', 'service'),
  pcr_lab_id_selected: lookup('PCR-Labor', 'lab', 'keins'),
  notes: free('Notizen'),
  pause_date: field('Pause ab', day('keine')),
  deleted_special_days: field('Gelöschte Sondertage', count('Sondertag', 'Sondertage')),
  demis_status: field('DEMIS', (v) => (v === 'success' ? 'gemeldet' : 'nicht gemeldet')),
  aInstitutionIds: lookup('Gruppen', 'group', 'keine'),
  institution_ids: lookup('Gruppen', 'group', 'keine'),
  customer_id: lookup('Kunde', 'customer'),
  appointment_id: lookup('Termin', 'appointment'),
  full_name: free('Name'),
  name: free('Name'),
  city: free('Ort'),
  type: field('Art', centreType),
  receipt_number: free('Quittungsnummer'),
  price: field('Betrag', money),
  // sign-in security (issue 30)
  two_factor_required: field('Zwei-Faktor-Pflicht für alle Benutzer', (v) => (isEmpty(v) ? NONE : v ? 'an' : 'aus')),
  admin_totp_required_from: field('Pflicht für Plattform-Administratoren ab', day()),
  ended_sessions: free('Beendete Sitzungen'),
  recovery_codes_left: free('Verbleibende Wiederherstellungscodes'),
  failures: free('Fehlversuche'),
  minutes: field('Gesperrt für', count('Minute', 'Minuten')),
  browser: free('Browser'),
  ip: free('Adresse'),
  // appointment creation (staff): how many were made, blocked, side by side
  ids: field('Angelegt', count('Termin', 'Termine')),
  blocked_ids: field('Blockierte Plätze', count('Platz', 'Plätze')),
  overbook: field('Überbuchung', yesNo),
  side_by_side: field('Nebeneinander', count('Termin', 'Termine')),
  // a changed series
  count: field('Neue Termine der Serie', count('Termin', 'Termine')),
  blocked: field('Blockierte Plätze', count('Platz', 'Plätze')),
  created: field('Angelegt', count('Termin', 'Termine')),
  cancelled: field('Storniert', count('Termin', 'Termine')),
  with_warnings: field('Mit Warnhinweisen', yesNo),
  vaccine: free('Impfstoff'),
  batch_number: free('Charge'),
  dose: field(
    'Dosis',
    or((v) => `${String(v)}. Dosis`),
  ),
  vaccination_date: field('Impfdatum', day()),
  rows: field('Zeilen', count('Zeile', 'Zeilen')),
  linked: field('Vorhandene verknüpft', count('Kunde', 'Kunden')),
  filename: free('Datei'),
  bytes: field('Größe', bytes),
  size: field('Größe', bytes),
  converted: field('Umgewandelt', yesNo),
  mime: field(
    'Dateityp',
    or((v) => fileTypes[String(v)] ?? String(v)),
  ),
  products: field('Produkte', productNames),
  billed: field('Abgerechnet', yesNo),
  pzn: free('PZN'),
  title: free('Bezeichnung'),
  customer_price: field('Kundenpreis', money),
  result_system: free('Ergebnissystem'),
  result_button_label: free('Ergebnis-Button'),
  show_sidebar: field('In der Seitenleiste', yesNo),
  shared: field('Gemeinsames Labor', yesNo),
  date: field('Datum', day()),
  start: field('Beginn', day()),
  end: field('Ende', day('offen')),
  handover_date: field('Abgeholt am', day('offen')),
  // internal references: the row they belong to is linked or named already
  id: HIDDEN,
  form_id: HIDDEN,
  vaccination_id: HIDDEN,
  report_id: HIDDEN,
  notification_id: HIDDEN,
  rx_id: HIDDEN,
  product_id: HIDDEN,
  staff_id: HIDDEN,
};

/** The centre's settings by their form labels, each read as the settings screen shows it. */
const SETTINGS_FIELDS: Record<string, FieldEntry> = {
  ...Object.fromEntries(Object.entries(SETTINGS_LABELS).map(([key, label]) => [key, free(label)])),
  type: field(SETTINGS_LABELS.type, centreType),
  default_IVA: field(
    'Mehrwertsteuer',
    or((v) => `${Number(v).toLocaleString('de-DE')} %`),
  ),
  force_payment_classification: field(SETTINGS_LABELS.force_payment_classification, yesNo),
  overwrite_payment_classification: field(SETTINGS_LABELS.overwrite_payment_classification, yesNo),
  tz_institution_type: field(
    SETTINGS_LABELS.tz_institution_type,
    or((v) => `Einrichtung nach ${String(v)} TestV`),
  ),
};

/** Where a field means something else in one entity. */
const ENTITY_FIELDS: Record<string, Record<string, FieldEntry>> = {
  centre_settings: SETTINGS_FIELDS,
  // the adopting admin's e-mail is part of the sentence ('ID übernommen von …'), no change
  centre: { email: HIDDEN },
  pharma_rx: {
    active: field('Status', (v) => (isEmpty(v) ? NONE : v === true || Number(v) === 1 ? 'aktiv' : 'inaktiv')),
    date: field('Ausgestellt am', day()),
  },
  pharma_usage: { date: field('Kommissioniert am', day()) },
  pharma_product: { price: field('Preis (netto)', money) },
  // a customer's row in a group, or the import's count of new customers
  institution: { created: field('Neu angelegt', count('Kunde', 'Kunden')) },
  pcr_lab: { email: free('E-Mail für Bestellungen') },
};

/** The field of an entity, HIDDEN, or undefined when it has no German name (it is counted, not named). */
export function auditField(entity: string, key: string): FieldEntry | undefined {
  const own = ENTITY_FIELDS[entity];
  if (own && Object.hasOwn(own, key)) return own[key];
  return Object.hasOwn(FIELDS, key) ? FIELDS[key] : undefined;
}

/** Where an entity's fields have an order of their own: as its screen lists them. */
const ENTITY_ORDER: Record<string, string[]> = {
  centre_settings: Object.keys(SETTINGS_LABELS),
  pcr_lab: ['name', 'email', 'result_system', 'result_button_label', 'show_sidebar', 'shared', 'products'],
  pharma_rx: ['customer_id', 'date', 'start', 'end', 'active', 'notes'],
  pharma_usage: ['date', 'handover_date', 'products', 'billed'],
  pharma_product: ['pzn', 'title', 'customer_price', 'price'],
};
const GENERAL_ORDER = Object.keys(FIELDS);

/**
 * The order an entity's fields are listed in (a jsonb column does not keep the written
 * order): the entity's own, then the general one; unknown ones last.
 */
export function fieldRank(entity: string) {
  const own = ENTITY_ORDER[entity] ?? [];
  return (key: string) =>
    own.includes(key)
      ? own.indexOf(key)
      : own.length + (GENERAL_ORDER.includes(key) ? GENERAL_ORDER.indexOf(key) : GENERAL_ORDER.length);
}
