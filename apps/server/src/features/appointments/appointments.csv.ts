import type { Appointment } from '@tz/shared/appointments/appointments.contract';
import { GENDERS } from '@tz/shared/constants';
import { displayCustomerAppointmentId } from '@tz/shared/rules/appointment-display';
import { isCheckedIn } from '@tz/shared/rules/checked-in';
import { neutraliseCsvCell } from '@tz/shared/rules/csv-cell';
import { germanDate } from '@tz/shared/rules/german-date';

const RESULT_LABELS: Record<number, string> = { 1: 'negativ', 2: 'positiv', 4: 'gesperrt' };
const STATUS_LABELS: Record<string, string> = { approved: 'bestätigt', cancelled: 'storniert' };

const euros = (cents: number) => (cents / 100).toFixed(2).replace('.', ',');

/** Columns of the appointments CSV: German header and the cell of one row. */
const COLUMNS: [string, (a: Appointment, ctx: CsvContext) => string][] = [
  ['Termin-Nr.', (a) => displayCustomerAppointmentId(a.customer_appointment_id)],
  ['Datum', (a) => germanDate(a.date)],
  ['Uhrzeit', (a) => a.time],
  ['Status', (a) => STATUS_LABELS[a.status] ?? a.status],
  ['Vorname', (a) => a.customer_firstname],
  ['Nachname', (a) => a.customer_lastname],
  ['Geschlecht', (a) => GENDERS[a.customer_gender as keyof typeof GENDERS] ?? ''],
  ['Geburtstag', (a) => germanDate(a.customer_birthday)],
  ['Straße', (a) => a.customer_street ?? ''],
  ['PLZ', (a) => a.customer_postcode ?? ''],
  ['Ort', (a) => a.customer_city ?? ''],
  ['Telefon', (a) => a.customer_phone ?? ''],
  ['E-Mail', (a) => a.customer_email ?? ''],
  ['Ausweisnummer', (a) => a.customer_passport ?? ''],
  ['Dienstleistung', (a) => a.service_title],
  ['Preis (EUR)', (a) => euros(a.price)],
  ['Eingecheckt', (a) => (isCheckedIn(a.checked_in) ? 'ja' : 'nein')],
  ['Ergebnis', (a) => (a.res_detected ? (RESULT_LABELS[a.res_detected] ?? String(a.res_detected)) : '')],
  ['Ergebnisdatum', (a, ctx) => (a.res_date ? ctx.formatDateTime(a.res_date) : '')],
  ['Zahlungsklassifikation', (a, ctx) => (a.payment_class_id ? (ctx.classLabels.get(a.payment_class_id) ?? '') : '')],
  ['Geprüft von', (a) => a.classification_checked_by ?? ''],
  ['DEMIS', (a) => (a.demis_status === 'success' ? 'gemeldet' : 'nicht gemeldet')],
  ['Notizen', (a) => a.notes ?? ''],
];

export interface CsvContext {
  classLabels: Map<number, string>;
  /** DD.MM.YYYY HH:mm in the centre's zone: germanDateTimeFormatter, which asks Intl once per UTC hour. */
  formatDateTime: (iso: string) => string;
}

function quote(cell: string) {
  const safe = neutraliseCsvCell(cell);
  return /[";\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** The first line, with the BOM (so spreadsheets detect UTF-8); ';' separated, CRLF lines. */
export const csvHeaderLine = () => `\uFEFF${COLUMNS.map(([h]) => quote(h)).join(';')}\r\n`;

export const csvLine = (a: Appointment, ctx: CsvContext) =>
  `${COLUMNS.map(([, cell]) => quote(cell(a, ctx))).join(';')}\r\n`;

export const CSV_HEADERS = COLUMNS.map(([h]) => h);
