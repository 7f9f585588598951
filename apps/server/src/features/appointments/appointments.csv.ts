import { GENDERS } from '@tz/shared/constants';
import { displayCustomerAppointmentId } from '@tz/shared/rules/appointment-display';
import { isCheckedIn } from '@tz/shared/rules/checked-in';
import { neutraliseCsvCell } from '@tz/shared/rules/csv-cell';
import { germanDate } from '@tz/shared/rules/german-date';
import type { CsvRow } from './appointments.repository';

const RESULT_LABELS: Record<number, string> = { 1: 'negativ', 2: 'positiv', 4: 'gesperrt' };
const STATUS_LABELS: Record<string, string> = { approved: 'bestätigt', cancelled: 'storniert' };

const euros = (cents: number) => (cents / 100).toFixed(2).replace('.', ',');

/** One column of a CSV file: its German header and the cell of one row. */
export type CsvColumn<R, C> = readonly [header: string, cell: (row: R, ctx: C) => string];

/** Columns of the appointments CSV: German header and the cell of one row. */
const COLUMNS: CsvColumn<CsvRow, CsvContext>[] = [
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

const NEEDS_QUOTES = /[";\r\n]/;

function quote(cell: string) {
  if (cell === '') return cell;
  const safe = neutraliseCsvCell(cell);
  return NEEDS_QUOTES.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/**
 * The CSV writer for German Excel, shared by every CSV the server makes (this
 * list, the exports): UTF-8 with BOM (so spreadsheets detect UTF-8), ';'
 * separated, CRLF lines, quoted where needed, formula injection neutralised.
 */
export function csvTable<R, C>(columns: readonly CsvColumn<R, C>[]) {
  const cells = columns.map(([, cell]) => cell);
  // One array for every line of this table, joined into one flat string: no string per
  // concatenation. Files of a million rows are written with it (bench: 2× faster, and far less
  // garbage than `line += ';' + cell`, which kept the server's memory growing during exports).
  const line = new Array<string>(cells.length);
  const lineOf = (row: R, ctx: C) => {
    for (let i = 0; i < cells.length; i++) line[i] = quote(cells[i]!(row, ctx));
    return line.join(';');
  };
  return {
    headers: columns.map(([h]) => h),
    /** The first line, with the BOM. */
    headerLine: () => `\uFEFF${columns.map(([h]) => quote(h)).join(';')}\r\n`,
    line: (row: R, ctx: C) => `${lineOf(row, ctx)}\r\n`,
    /** The lines of many rows as one string: how pages of a file are written. */
    lines: (rows: readonly R[], ctx: C) => {
      if (rows.length === 0) return '';
      const out = new Array<string>(rows.length);
      for (let i = 0; i < rows.length; i++) out[i] = lineOf(rows[i]!, ctx);
      return `${out.join('\r\n')}\r\n`;
    },
  };
}

/**
 * Empties a page of rows once its text is made. The driver's result object
 * that holds the array often lives long enough to reach V8's old generation;
 * from there it keeps every row of the page alive through the young
 * generation's collections until a full collection, so a long export piled
 * up its rows as old garbage (the server grew by 50–200 MB). Emptied, the rows
 * die young: measured with --trace-gc-nvp, 47 MB → 0.3 MB promoted per 85,000
 * rows (docs/performance.md).
 */
export function dropRows(rows: unknown[]) {
  rows.length = 0;
}

/** Lines per piece of text (formatInPieces): 200 lines of the widest file stay well below 128 kB. */
const LINES_PER_PIECE = 200;

/**
 * A page of rows as text, in pieces of at most LINES_PER_PIECE lines. One
 * text of a whole page (1,000 lines ≈ 250 kB) is a V8 large object: alive at
 * a young collection, as it is while it is written or sent, it goes straight
 * to the old generation and stays until the next full collection — the
 * server grew by 30–80 MB per monthly export, 10 MB in pieces (bench,
 * docs/performance.md).
 */
export function formatInPieces<R>(rows: R[], format: (rows: R[]) => string): string[] {
  if (rows.length <= LINES_PER_PIECE) return rows.length > 0 ? [format(rows)] : [];
  const pieces: string[] = [];
  for (let i = 0; i < rows.length; i += LINES_PER_PIECE) pieces.push(format(rows.slice(i, i + LINES_PER_PIECE)));
  return pieces;
}

/**
 * A CSV file produced while it is sent or written, so memory stays flat for
 * any length: the header, then one chunk per keyset page of `batch` rows;
 * while one page is formatted and sent, the next is already being read.
 */
export async function* csvChunks<R, K>(o: {
  headerLine: string;
  page: (after: K | undefined) => Promise<R[]>;
  keyOf: (row: R) => K;
  batch: number;
  format: (rows: R[]) => string;
}): AsyncGenerator<string> {
  const read = (after: K | undefined) => {
    const rows = o.page(after);
    rows.catch(() => {}); // a download given up before this page is awaited must not crash the process
    return rows;
  };
  yield o.headerLine;
  let next: Promise<R[]> | undefined = read(undefined);
  while (next) {
    const rows: R[] = await next;
    const last = rows.at(-1);
    next = rows.length === o.batch && last ? read(o.keyOf(last)) : undefined;
    const pieces = formatInPieces(rows, o.format);
    dropRows(rows);
    for (const piece of pieces) if (piece) yield piece;
  }
}

const appointmentsCsv = csvTable(COLUMNS);

/** The first line, with the BOM (so spreadsheets detect UTF-8); ';' separated, CRLF lines. */
export const csvHeaderLine = appointmentsCsv.headerLine;

export const csvLines = appointmentsCsv.lines;

export const CSV_HEADERS = appointmentsCsv.headers;
