import { GENDERS } from '@tz/shared/constants';
import { displayCustomerAppointmentId } from '@tz/shared/rules/appointment-display';
import { germanDate } from '@tz/shared/rules/german-date';
import { isChargeable } from '@tz/shared/rules/payment-category';
import { type CsvColumn, csvTable } from '../appointments/appointments.csv';
import type { BaseExportRow, TestExportRow, VaccinationExportRow } from './exports.repository';

/**
 * The columns of the export files (docs/exports.md lists them with what the
 * TestV documentation asks for: name, birthday, address, service and test
 * type, legal basis, date and time, result, how the result was communicated).
 */
export interface ExportCellContext {
  classLabels: Map<number, string>;
  testTypeLabels: Map<number, string>;
  /** DD.MM.YYYY HH:mm in the centre's zone (germanDateTimeFormatter). */
  formatDateTime: (iso: string) => string;
}

const RESULT_LABELS: Record<number, string> = { 1: 'negativ', 2: 'positiv', 4: 'gesperrt' };
const STATUS_LABELS: Record<string, string> = { approved: 'bestätigt', cancelled: 'storniert' };
const euros = (cents: number) => (cents / 100).toFixed(2).replace('.', ',');

/** Who was tested or vaccinated, when, and for which service: the first columns of every export. */
const PERSON_AND_VISIT: CsvColumn<BaseExportRow, ExportCellContext>[] = [
  ['Termin-Nr.', (r) => displayCustomerAppointmentId(r.customer_appointment_id)],
  ['Datum', (r) => germanDate(r.starts.slice(0, 10))],
  ['Uhrzeit', (r) => r.starts.slice(11, 16)],
  ['Nachname', (r) => r.last_name],
  ['Vorname', (r) => r.first_name],
  ['Geburtsdatum', (r) => germanDate(r.birthday)],
  ['Geschlecht', (r) => GENDERS[r.gender as keyof typeof GENDERS] ?? ''],
  ['Straße und Hausnummer', (r) => r.street ?? ''],
  ['PLZ', (r) => r.postcode ?? ''],
  ['Ort', (r) => r.city ?? ''],
  ['Telefon', (r) => r.phone ?? ''],
  ['E-Mail', (r) => r.email ?? ''],
  ['Dienstleistung', (r) => r.service_title],
  ['Testart', (r, ctx) => (r.test_type === null ? '' : (ctx.testTypeLabels.get(r.test_type) ?? String(r.test_type)))],
];

/** How the result reached the person, as far as the product knows it (docs/exports.md). */
export function resultCommunication(r: TestExportRow, ctx: ExportCellContext): string {
  const ways: string[] = [];
  if (r.receipt_sent_to) {
    const when = r.receipt_sent_at ? ` am ${ctx.formatDateTime(r.receipt_sent_at)}` : '';
    ways.push(`Beleg per E-Mail an ${r.receipt_sent_to}${when}`);
  } else if (r.receipt_issued) {
    ways.push('Beleg ausgestellt (PDF)');
  }
  if (r.cwa_optin) ways.push('Corona-Warn-App (Einwilligung)');
  return ways.join(', ');
}

const chargeableFacts = (r: TestExportRow) => ({
  status: r.status,
  should_block_slot: false,
  res_date: r.res_date,
  payment_class_id: r.payment_class_id,
  price: r.price,
});

const TEST_COLUMNS: CsvColumn<TestExportRow, ExportCellContext>[] = [
  ...(PERSON_AND_VISIT as CsvColumn<TestExportRow, ExportCellContext>[]),
  ['Rechtsgrundlage', (r, ctx) => (r.payment_class_id === null ? '' : (ctx.classLabels.get(r.payment_class_id) ?? ''))],
  // blocked slots are never in a file
  ['Abrechenbar (TestV)', (r) => (isChargeable(chargeableFacts(r)) ? 'ja' : 'nein')],
  ['Geprüft von', (r) => r.classification_checked_by ?? ''],
  ['Preis (EUR)', (r) => euros(r.price)],
  ['Status', (r) => STATUS_LABELS[r.status] ?? r.status],
  ['Ergebnis', (r) => (r.res_detected ? (RESULT_LABELS[r.res_detected] ?? String(r.res_detected)) : '')],
  ['Ergebnisdatum', (r, ctx) => (r.res_date ? ctx.formatDateTime(r.res_date) : '')],
  ['Ergebnismitteilung', resultCommunication],
  ['DEMIS-Meldung', (r) => (r.res_detected !== 2 ? '' : r.demis_status === 'success' ? 'gemeldet' : 'nicht gemeldet')],
];

const VACCINATION_COLUMNS: CsvColumn<VaccinationExportRow, ExportCellContext>[] = [
  ...(PERSON_AND_VISIT as CsvColumn<VaccinationExportRow, ExportCellContext>[]),
  ['Impfstoff', (r) => r.vaccine],
  ['Charge', (r) => r.batch_number],
  ['Dosis', (r) => String(r.dose)],
  ['Impfdatum', (r) => germanDate(r.vaccination_date)],
  ['Status', (r) => STATUS_LABELS[r.status] ?? r.status],
];

export const testCsv = csvTable(TEST_COLUMNS);
export const vaccinationCsv = csvTable(VACCINATION_COLUMNS);
