import { GENDERS, ROLE_LABELS } from '../constants';
import { isCheckedIn } from './checked-in';
import { germanDateTimeOf } from './german-date';

/**
 * Audit rows (entity, action, before, after) in German words for the
 * "Verlauf" of an appointment, the audit list and its CSV: what happened and
 * the change from before to after, never the stored field names.
 */

/** The kinds of change the audit list filters by; each names the rows it covers. */
export const AUDIT_KINDS = [
  { id: 'result', label: 'Ergebnis', entities: ['appointment'], actions: ['result'] },
  { id: 'status', label: 'Status', entities: ['appointment'], actions: ['status'] },
  {
    id: 'payment_classification',
    label: 'Zahlungsklassifikation',
    entities: ['appointment'],
    actions: ['payment_classification'],
  },
  { id: 'check_in', label: 'Check-in', entities: ['appointment'], actions: ['check_in'] },
  {
    id: 'appointment',
    label: 'Termin (sonstige Änderungen)',
    entities: ['appointment'],
    notActions: ['result', 'status', 'payment_classification', 'check_in'],
  },
  { id: 'user', label: 'Benutzer, Rolle und Zugang', entities: ['user'] },
  {
    id: 'centre',
    label: 'Zentrum und Einstellungen',
    entities: ['centre', 'centre_settings', 'demis_certificate', 'platform'],
  },
  { id: 'customer', label: 'Kunden und Gruppen', entities: ['customer', 'institution'] },
  { id: 'receipt', label: 'Quittungen', entities: ['receipt'] },
] as const satisfies readonly {
  id: string;
  label: string;
  entities: readonly string[];
  actions?: readonly string[];
  notActions?: readonly string[];
}[];

export type AuditKind = (typeof AUDIT_KINDS)[number]['id'];
export const AUDIT_KIND_IDS = AUDIT_KINDS.map((k) => k.id) as [AuditKind, ...AuditKind[]];

const ENTITY_LABELS: Record<string, string> = {
  appointment: 'Termin',
  user: 'Benutzer',
  centre: 'Zentrum',
  centre_settings: 'Einstellungen',
  demis_certificate: 'DEMIS-Zertifikat',
  customer: 'Kunde',
  institution: 'Gruppe',
  receipt: 'Quittung',
  platform: 'Plattform',
};

/** What happened, by entity and action. */
const ACTION_LABELS: Record<string, Record<string, string>> = {
  appointment: {
    create: 'Termin angelegt',
    update: 'Termin geändert',
    status: 'Status geändert',
    result: 'Ergebnis eingetragen',
    payment_classification: 'Zahlungsklassifikation geändert',
    check_in: 'Check-in geändert',
    service: 'Dienstleistung geändert',
    demis_report: 'An DEMIS gemeldet',
    institutions_add: 'Gruppe zugeordnet',
    institutions_remove: 'Gruppe entfernt',
    institutions_replace: 'Gruppen neu zugeordnet',
    vaccination_saved: 'Impfdaten gespeichert',
    check_in_form_submitted: 'Check-in-Formular ausgefüllt',
    check_in_form_invite: 'Einladung zum Check-in-Formular versandt',
    check_in_form_qr_mail: 'QR-Code per E-Mail versandt',
  },
  user: {
    create: 'Benutzer angelegt',
    create_centre_user: 'Ersten Benutzer angelegt und Zentrum aktiviert',
    role_change: 'Rolle geändert',
    block: 'Zugang gesperrt',
    unblock: 'Zugang entsperrt',
    password_change: 'Passwort geändert',
    // sign-in security (issue 30)
    two_factor_on: 'Zwei-Faktor-Anmeldung eingeschaltet',
    two_factor_off: 'Zwei-Faktor-Anmeldung ausgeschaltet',
    two_factor_reset: 'Zwei-Faktor-Anmeldung zurückgesetzt',
    recovery_code_used: 'Mit Wiederherstellungscode angemeldet',
    session_ended: 'Sitzung beendet',
    sessions_ended: 'Alle anderen Sitzungen beendet',
    lockout: 'Anmeldung gesperrt nach zu vielen Fehlversuchen',
  },
  centre: {
    create: 'Zentrum angelegt',
    adopt: 'ID übernommen (Plattform)',
    deactivate: 'Zentrum deaktiviert',
    reactivate: 'Zentrum reaktiviert',
    booking_status: 'Buchungsseite umgeschaltet',
    suspend: 'Pause geplant',
    remove_suspension: 'Pause aufgehoben',
  },
  centre_settings: {
    update: 'Einstellungen geändert',
    two_factor_required: 'Zwei-Faktor-Pflicht des Zentrums geändert',
  },
  platform: { two_factor_grace: 'Stichtag der Zwei-Faktor-Pflicht für Plattform-Administratoren geändert' },
  demis_certificate: { upload: 'DEMIS-Zertifikat hochgeladen' },
  customer: { gender: 'Geschlecht geändert', institutions_replace: 'Gruppen neu zugeordnet' },
  institution: {
    create: 'Gruppe angelegt',
    rename: 'Gruppe umbenannt',
    import: 'Kunden in Gruppe importiert',
    remove_customer: 'Kunde aus Gruppe entfernt',
  },
  receipt: { issue: 'Quittung ausgestellt' },
};

/** Lookups the stored ids need (payment classifications, services); all optional. */
export interface AuditTextContext {
  classLabels?: ReadonlyMap<number, string>;
  serviceTitles?: ReadonlyMap<number, string>;
  /** The zone instants are shown in (default Europe/Berlin). */
  timeZone?: string;
}

type Formatter = (value: unknown, ctx: AuditTextContext) => string;

const RESULTS: Record<number, string> = { 1: 'negativ', 2: 'positiv', 4: 'gesperrt' };
const STATUSES: Record<string, string> = {
  approved: 'bestätigt',
  cancelled: 'storniert',
  publish: 'online',
  private: 'pausiert',
};
const REASONS: Record<string, string> = {
  cancelled_by_customer: 'vom Kunden storniert',
  series_shortened: 'Serie verkürzt',
};

const none = 'keine Angabe';
const text: Formatter = (v) => (v == null || v === '' ? none : String(v));
const instant: Formatter = (v, ctx) => {
  if (v == null || v === '') return none;
  const d = new Date(String(v));
  return Number.isNaN(d.getTime()) ? String(v) : germanDateTimeOf(d, ctx.timeZone ?? 'Europe/Berlin');
};
const day: Formatter = (v) => {
  if (v == null || v === '') return none;
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(String(v));
  return m ? `${m[3]}.${m[2]}.${m[1]}` : String(v);
};

/** The fields an audit row may hold, with their German name and how a value reads. */
const FIELDS: Record<string, { label: string; format: Formatter }> = {
  status: { label: 'Status', format: (v) => (v == null ? none : (STATUSES[String(v)] ?? String(v))) },
  reason: { label: 'Grund', format: (v) => (v == null ? none : (REASONS[String(v)] ?? String(v))) },
  res_detected: { label: 'Ergebnis', format: (v) => (v == null ? 'kein Ergebnis' : (RESULTS[Number(v)] ?? String(v))) },
  res_date: { label: 'Ergebniszeit', format: instant },
  checked_in: {
    label: 'Check-in',
    format: (v) => (v == null ? none : isCheckedIn(Number(v)) ? 'eingecheckt' : 'nicht eingecheckt'),
  },
  payment_class_id: {
    label: 'Zahlungsklassifikation',
    format: (v, ctx) => (v == null ? 'keine' : (ctx.classLabels?.get(Number(v)) ?? `Klassifikation ${String(v)}`)),
  },
  classification_checked_by: { label: 'Geprüft von', format: text },
  role_id: { label: 'Rolle', format: (v) => (v == null ? none : (ROLE_LABELS[Number(v)] ?? roleName(Number(v)))) },
  active: { label: 'Zugang', format: (v) => (v == null ? none : Number(v) === 1 ? 'aktiv' : 'gesperrt') },
  deactivated: { label: 'Zentrum', format: (v) => (v ? 'deaktiviert' : 'aktiv') },
  email: { label: 'E-Mail', format: text },
  gender: {
    label: 'Geschlecht',
    format: (v) => (v == null ? none : (GENDERS[Number(v) as keyof typeof GENDERS] ?? String(v))),
  },
  start_date: { label: 'Termin', format: instant },
  service_id: {
    label: 'Dienstleistung',
    format: (v, ctx) => (v == null ? none : (ctx.serviceTitles?.get(Number(v)) ?? `Dienstleistung ${String(v)}`)),
  },
  notes: { label: 'Notizen', format: text },
  pause_date: { label: 'Pause ab', format: day },
  demis_status: { label: 'DEMIS', format: (v) => (v === 'success' ? 'gemeldet' : 'nicht gemeldet') },
  aInstitutionIds: {
    label: 'Gruppen',
    format: (v) => (Array.isArray(v) ? (v.length === 1 ? '1 Gruppe' : `${v.length} Gruppen`) : none),
  },
  full_name: { label: 'Name', format: text },
  city: { label: 'Ort', format: text },
  type: { label: 'Art', format: text },
  receipt_number: { label: 'Quittungsnummer', format: text },
  two_factor_required: {
    label: 'Zwei-Faktor-Pflicht für alle Benutzer',
    format: (v) => (v == null ? none : v ? 'an' : 'aus'),
  },
  admin_totp_required_from: { label: 'Pflicht für Plattform-Administratoren ab', format: day },
  ended_sessions: { label: 'Beendete Sitzungen', format: text },
  recovery_codes_left: { label: 'Verbleibende Wiederherstellungscodes', format: text },
  failures: { label: 'Fehlversuche', format: text },
  minutes: { label: 'Gesperrt für', format: (v) => (v == null ? none : `${String(v)} Minuten`) },
  browser: { label: 'Browser', format: text },
  ip: { label: 'Adresse', format: text },
};

function roleName(role: number) {
  return role <= 10 ? 'Plattform-Administrator' : `Rolle ${role}`;
}

const asRecord = (v: unknown): Record<string, unknown> =>
  v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {};

export interface AuditRowLike {
  entity: string;
  action: string;
  before?: unknown;
  after?: unknown;
}

/** The kind of change an audit row belongs to (the list's filter). */
export function auditKindOf(row: Pick<AuditRowLike, 'entity' | 'action'>): AuditKind | null {
  for (const k of AUDIT_KINDS) {
    if (!(k.entities as readonly string[]).includes(row.entity)) continue;
    if ('actions' in k && !(k.actions as readonly string[]).includes(row.action)) continue;
    if ('notActions' in k && (k.notActions as readonly string[]).includes(row.action)) continue;
    return k.id;
  }
  return null;
}

/** What happened, in German ('Status geändert'). */
export function auditWhat(row: Pick<AuditRowLike, 'entity' | 'action'>): string {
  return ACTION_LABELS[row.entity]?.[row.action] ?? `${ENTITY_LABELS[row.entity] ?? 'Eintrag'} geändert`;
}

/**
 * The change in German: 'Status: bestätigt → storniert; Grund: vom Kunden storniert'.
 * Fields with no German name are counted, not named ('2 weitere Angaben').
 */
export function auditChange(row: AuditRowLike, ctx: AuditTextContext = {}): string {
  const before = asRecord(row.before);
  const after = asRecord(row.after);
  // In the order of FIELDS (a jsonb column does not keep the written order), unknown ones last.
  const order = Object.keys(FIELDS);
  const rank = (k: string) => (order.includes(k) ? order.indexOf(k) : order.length);
  const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])].sort((x, y) => rank(x) - rank(y));
  const parts: string[] = [];
  let unnamed = 0;
  for (const key of keys) {
    const field = FIELDS[key];
    if (!field) {
      unnamed++;
      continue;
    }
    const hasBefore = key in before;
    const hasAfter = key in after;
    const b = field.format(before[key], ctx);
    const a = field.format(after[key], ctx);
    // what stayed the same (e.g. 'checked by' when only the classification changed) is no change
    if (hasBefore && hasAfter && b === a) continue;
    if (hasBefore && hasAfter) parts.push(`${field.label}: ${b} → ${a}`);
    else if (hasAfter) parts.push(`${field.label}: ${a}`);
    else parts.push(`${field.label}: ${b} → entfernt`);
  }
  if (unnamed > 0) parts.push(unnamed === 1 ? '1 weitere Angabe' : `${unnamed} weitere Angaben`);
  return parts.join('; ');
}

/** Both at once: the row as one German line. */
export function describeAudit(row: AuditRowLike, ctx: AuditTextContext = {}) {
  return { what: auditWhat(row), change: auditChange(row, ctx), kind: auditKindOf(row) };
}
