import type { Appointment } from '@tz/shared/appointments/appointments.contract';
import { GENDERS } from '@tz/shared/constants';
import { displayCustomerAppointmentId } from '@tz/shared/rules/appointment-display';
import { isCheckedIn } from '@tz/shared/rules/checked-in';
import { neutraliseCsvCell } from '@tz/shared/rules/csv-cell';

const RESULT_LABELS: Record<number, string> = { 1: 'negativ', 2: 'positiv', 4: 'gesperrt' };
const STATUS_LABELS: Record<string, string> = { approved: 'bestätigt', cancelled: 'storniert' };

const germanDate = (isoDate: string | null) => (isoDate ? isoDate.slice(0, 10).split('-').reverse().join('.') : '');
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

/**
 * DD.MM.YYYY HH:mm in a time zone, for many timestamps: Intl.DateTimeFormat
 * costs ~10 µs a call, so the zone's offset is asked once per UTC hour (zones
 * change their offset only on whole hours) and the rest is arithmetic.
 */
export function germanDateTimeIn(timeZone: string): (iso: string) => string {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
  });
  const offsets = new Map<number, number>();
  const offsetAt = (ms: number) => {
    const hour = Math.floor(ms / 3_600_000);
    let offset = offsets.get(hour);
    if (offset === undefined) {
      const p = Object.fromEntries(parts.formatToParts(new Date(hour * 3_600_000)).map((x) => [x.type, x.value]));
      const wall = Date.UTC(Number(p.year), Number(p.month) - 1, Number(p.day), Number(p.hour), Number(p.minute));
      offset = wall - hour * 3_600_000;
      offsets.set(hour, offset);
    }
    return offset;
  };
  const two = (n: number) => (n < 10 ? `0${n}` : String(n));
  return (iso) => {
    const ms = Date.parse(iso);
    const d = new Date(ms + offsetAt(ms));
    return `${two(d.getUTCDate())}.${two(d.getUTCMonth() + 1)}.${d.getUTCFullYear()} ${two(d.getUTCHours())}:${two(d.getUTCMinutes())}`;
  };
}

export interface CsvContext {
  classLabels: Map<number, string>;
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
