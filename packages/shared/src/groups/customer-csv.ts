import { BIRTHDAY_FIRST_YEAR } from '../constants';
import { hasForbiddenControl } from '../http/safe-input';
import { isRealDate } from '../rules/appointment-time';

/**
 * The customer CSV of a group (configuration-admin §5): header names exactly
 * as below (case-sensitive, any order, extra columns shown but ignored),
 * separator `;`, UTF-8 (with or without BOM) or ISO-8859-1. Pure: the server
 * validates the upload and again the final import with these functions, the
 * web app only shows their answer.
 */
export const CSV_COLUMNS = [
  'Vorname',
  'Nachname',
  'Strasse',
  'Postleitzahl',
  'Ort',
  'Email',
  'Telefon',
  'Geburtstag',
  'Ausweisnummer',
] as const;
export type CsvColumn = (typeof CSV_COLUMNS)[number];

export const CSV_HEADER_LINE = CSV_COLUMNS.join(';');
export const CSV_MAX_BYTES = 5 * 1024 * 1024;
export const CSV_MAX_ROWS = 20_000;
/** More columns than this is no customer list (the limit keeps a crafted file small in memory). */
export const CSV_MAX_COLUMNS = 50;
export const CSV_MAX_CELL_LENGTH = 1000;
const CSV_TRAILING_SLACK = 100;

/** The sample file behind the 'Beispieldatei' link. */
export const CSV_SAMPLE = `${CSV_HEADER_LINE}\r\nErika;Mustermann;Musterstraße 14;51466;Musterstadt;erika@example.org;0190 1234567;17.05.1980;L01X00T47\r\n`;

/** Column limits, the same as the customer form's (customers.contract). */
const MAX_LENGTH: Record<CsvColumn, number> = {
  Vorname: 100,
  Nachname: 100,
  Strasse: 200,
  Postleitzahl: 5,
  Ort: 200,
  Email: 200,
  Telefon: 50,
  Geburtstag: 10,
  Ausweisnummer: 50,
};
const REQUIRED: ReadonlySet<CsvColumn> = new Set([
  'Vorname',
  'Nachname',
  'Strasse',
  'Postleitzahl',
  'Ort',
  'Geburtstag',
]);

export const CSV_MSG = {
  empty: 'Die Datei ist leer.',
  tooLarge: 'Die Datei ist zu groß (höchstens 5 MB).',
  tooManyRows: 'Die Datei hat zu viele Zeilen (höchstens 20.000 Kundendaten pro Datei).',
  tooManyColumns: 'Die Datei hat zu viele Spalten (höchstens 50).',
  separator: 'Die Spalten müssen durch ein Semikolon (;) getrennt sein.',
  missingColumn: (name: string) => `Die Spalte „${name}“ fehlt in der Kopfzeile.`,
  twiceColumn: (name: string) => `Die Spalte „${name}“ kommt in der Kopfzeile mehrfach vor.`,
  expectedHeader: `Die Kopfzeile muss lauten: ${CSV_HEADER_LINE}`,
  unclosedQuote: 'Die Datei endet mitten in einem Feld mit Anführungszeichen.',
  required: (name: string) => `${name} fehlt.`,
  tooLong: (max: number) => `Höchstens ${max} Zeichen.`,
  streetNumber: 'Die Straße muss die Hausnummer enthalten (z. B. Musterstraße 14).',
  postcode: 'Die Postleitzahl muss aus 5 Ziffern bestehen.',
  email: 'Die E-Mail-Adresse ist ungültig.',
  birthdayFormat: 'Das Geburtsdatum muss im Format TT.MM.JJJJ angegeben sein.',
  birthdayInvalid: 'Das Geburtsdatum ist kein gültiges Datum.',
  birthdayFuture: 'Das Geburtsdatum darf nicht in der Zukunft liegen.',
  duplicateInFile: (line: number) => `Dieser Kunde (Name und Geburtsdatum) steht schon in Zeile ${line}.`,
  alreadyMember: 'Dieser Kunde (Name und Geburtsdatum) ist schon in der Gruppe.',
  controlCharacter:
    'Enthält einen Zeilenumbruch, Tabulator oder ein anderes Steuerzeichen. Bitte in der Tabelle entfernen.',
  rowWidth: (fields: number, expected: number) => `Zeile hat ${fields} statt ${expected} Felder.`,
} as const;

// ---------------------------------------------------------------------------
// Bytes → text

export type CsvEncoding = 'utf-8' | 'iso-8859-1';

/**
 * Decodes the file: valid UTF-8 (a BOM is dropped) is UTF-8; anything else is
 * ISO-8859-1 as older spreadsheet programs write it (decoded as its superset
 * windows-1252, so € and typographic quotes of Excel files survive too).
 * A byte sequence that is valid UTF-8 but meant as ISO-8859-1 needs two or more
 * high bytes in a row forming a UTF-8 pattern (e.g. "Ã¼"), which no German
 * name or address contains, so the check is reliable for our files.
 */
export function decodeCsv(bytes: Uint8Array): { text: string; encoding: CsvEncoding } {
  try {
    return { text: new TextDecoder('utf-8', { fatal: true }).decode(bytes), encoding: 'utf-8' };
  } catch {
    return { text: decodeWindows1252(bytes), encoding: 'iso-8859-1' };
  }
}

/** windows-1252's characters at 0x80–0x9F (where ISO-8859-1 has control codes); the rest is ISO-8859-1. */
const CP1252_HIGH =
  '\u20ac\u0081\u201a\u0192\u201e\u2026\u2020\u2021\u02c6\u2030\u0160\u2039\u0152\u008d\u017d\u008f' +
  '\u0090\u2018\u2019\u201c\u201d\u2022\u2013\u2014\u02dc\u2122\u0161\u203a\u0153\u009d\u017e\u0178';

/** Our own table, since Node without full ICU decodes 'windows-1252' as plain ISO-8859-1. */
function decodeWindows1252(bytes: Uint8Array): string {
  const parts: string[] = [];
  const CHUNK = 8192;
  for (let i = 0; i < bytes.length; i += CHUNK) {
    const codes = Array.from(bytes.subarray(i, i + CHUNK), (b) =>
      b >= 0x80 && b <= 0x9f ? CP1252_HIGH.charCodeAt(b - 0x80) : b,
    );
    parts.push(String.fromCharCode(...codes));
  }
  return parts.join('');
}

// ---------------------------------------------------------------------------
// Text → rows

/**
 * Splits `;`-separated text into rows of cells as spreadsheet programs write
 * it: CRLF, LF or CR line ends, cells in double quotes may hold `;`, line
 * breaks and doubled quotes. Stops early (answers `more: true`) once `maxRows`
 * rows are read, so an oversized file costs no more than the limit.
 */
export function parseCsv(
  text: string,
  maxRows = Number.POSITIVE_INFINITY,
): { rows: string[][]; more: boolean; unclosed: boolean } {
  const QUOTE = 34;
  const SEMI = 59;
  const CR = 13;
  const LF = 10;
  const rows: string[][] = [];
  const n = text.length;
  let row: string[] = [];
  let i = 0;
  let unclosed = false;
  while (i < n) {
    // One cell from i: quoted (leading blanks allowed) or plain up to ; or the line end.
    let j = i;
    while (j < n && text.charCodeAt(j) === 32) j++;
    let cell: string;
    if (j < n && text.charCodeAt(j) === QUOTE) {
      let value = '';
      let k = j + 1;
      for (;;) {
        const q = text.indexOf('"', k);
        if (q < 0) {
          value += text.slice(k);
          k = n;
          unclosed = true;
          break;
        }
        value += text.slice(k, q);
        if (text.charCodeAt(q + 1) === QUOTE) {
          value += '"';
          k = q + 2;
        } else {
          k = q + 1;
          break;
        }
      }
      // Anything between the closing quote and the separator is kept, as spreadsheet programs do.
      let e = k;
      while (e < n) {
        const c = text.charCodeAt(e);
        if (c === SEMI || c === CR || c === LF) break;
        e++;
      }
      cell = value + text.slice(k, e);
      i = e;
    } else {
      let e = i;
      while (e < n) {
        const c = text.charCodeAt(e);
        if (c === SEMI || c === CR || c === LF) break;
        e++;
      }
      cell = text.slice(i, e);
      i = e;
    }
    row.push(cell);
    if (i >= n) break;
    const c = text.charCodeAt(i);
    if (c === SEMI) {
      i++;
      if (i >= n) row.push('');
      continue;
    }
    // a line end: CRLF, LF or CR
    i += c === CR && text.charCodeAt(i + 1) === LF ? 2 : 1;
    rows.push(row);
    row = [];
    if (rows.length > maxRows) return { rows: rows.slice(0, maxRows), more: true, unclosed: false };
  }
  if (row.length > 0) rows.push(row);
  const more = rows.length > maxRows;
  return { rows: more ? rows.slice(0, maxRows) : rows, more, unclosed };
}

// ---------------------------------------------------------------------------
// Validation

export interface CsvCell {
  value: string;
  error: string | null;
}

/** The spec's import preview (configuration-admin §3) plus the ignored empty rows. */
export interface ImportPreview {
  /** The header cells as in the file, extra columns included. */
  aHeader: string[];
  /** The data rows (header excluded), each padded or cut to the header's width. */
  aaData: string[][];
  /** Per row and column: the value and its error (null when fine). */
  aaoData: CsvCell[][];
  /** Indexes into aaData of the rows with at least one error. */
  aErrorsLines: number[];
  /** Indexes into aaData of empty rows, which are ignored. */
  aEmptyLines: number[];
  /** Errors of the whole file (header, size); the import is impossible while any exists. */
  aGeneralErrors: string[];
  /**
   * Errors of a whole row (our addition): a row with more or fewer fields than
   * the header, whose values would land in the wrong columns. Its cells are not
   * checked one by one.
   */
  aRowErrors: { row: number; error: string }[];
  /** Number of errors: erroneous cells plus rows with a row error. */
  iTotalErrors: number;
}

/** One customer of a valid row, in the stored fields. */
export interface CsvCustomer {
  first_name: string;
  last_name: string;
  street: string;
  postcode: string;
  city: string;
  email: string | null;
  phone: string | null;
  /** YYYY-MM-DD */
  birthday: string;
  passport: string | null;
}

/** The key that makes two customers the same person: first and last name (case-insensitive) and birthday. */
export const customerKey = (c: { first_name: string; last_name: string; birthday: string | null }) =>
  `${c.first_name.trim().toLowerCase()}\u0000${c.last_name.trim().toLowerCase()}\u0000${c.birthday ?? ''}`;

/** A street ends with a house number: "Musterstraße 14", "Am Markt 3a", "Straße des 17. Juni 12 b", "Weg 3-5". */
const STREET_WITH_NUMBER = /\p{L}.*[\s.]\d+\s?[a-z]?(\s?[-/]\s?\d+\s?[a-z]?)?$/iu;
const POSTCODE = /^\d{5}$/;
// The same shape zod's z.email() checks (customers.contract), without its dependency here.
const EMAIL = /^(?!\.)(?!.*\.\.)([A-Za-z0-9_'+\-.]*)[A-Za-z0-9_+-]@([A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;
const GERMAN_DATE = /^(\d{1,2})\.(\d{1,2})\.(\d{4})$/;

export const isStreetWithNumber = (v: string) => STREET_WITH_NUMBER.test(v.trim());
export const isCsvEmail = (v: string) => EMAIL.test(v.trim());

/** A birthday cell "TT.MM.JJJJ" as YYYY-MM-DD, or the error. `today` is the centre's YYYY-MM-DD. */
export function parseCsvBirthday(value: string, today: string): { date: string } | { error: string } {
  const m = GERMAN_DATE.exec(value.trim());
  if (!m) return { error: CSV_MSG.birthdayFormat };
  const date = `${m[3]}-${m[2]!.padStart(2, '0')}-${m[1]!.padStart(2, '0')}`;
  if (!isRealDate(date) || Number(m[3]) < BIRTHDAY_FIRST_YEAR) return { error: CSV_MSG.birthdayInvalid };
  if (date > today) return { error: CSV_MSG.birthdayFuture };
  return { date };
}

/** The error of one cell of a known column, or null. */
export function cellError(column: CsvColumn, raw: string, today: string): string | null {
  // On the cell as sent, before trimming: the import's input hardening refuses any control character there.
  if (hasForbiddenControl(raw)) return CSV_MSG.controlCharacter;
  const v = raw.trim();
  if (v === '') return REQUIRED.has(column) ? CSV_MSG.required(column) : null;
  if (v.length > MAX_LENGTH[column] && column !== 'Postleitzahl' && column !== 'Geburtstag') {
    return CSV_MSG.tooLong(MAX_LENGTH[column]);
  }
  switch (column) {
    case 'Strasse':
      return isStreetWithNumber(v) ? null : CSV_MSG.streetNumber;
    case 'Postleitzahl':
      return POSTCODE.test(v) ? null : CSV_MSG.postcode;
    case 'Email':
      return isCsvEmail(v) ? null : CSV_MSG.email;
    case 'Geburtstag': {
      const b = parseCsvBirthday(v, today);
      return 'error' in b ? b.error : null;
    }
    default:
      return null;
  }
}

/** The header's general errors and where each known column is. */
export function checkHeader(header: string[]): { errors: string[]; index: Partial<Record<CsvColumn, number>> } {
  const errors: string[] = [];
  const index: Partial<Record<CsvColumn, number>> = {};
  const known = new Set<string>(CSV_COLUMNS);
  header.forEach((name, i) => {
    if (!known.has(name)) return;
    const column = name as CsvColumn;
    if (index[column] !== undefined) errors.push(CSV_MSG.twiceColumn(column));
    else index[column] = i;
  });
  const missing = CSV_COLUMNS.filter((c) => index[c] === undefined);
  if (missing.length > 0 && header.length === 1 && /[,\t]/.test(header[0]!)) errors.push(CSV_MSG.separator);
  for (const c of missing) errors.push(CSV_MSG.missingColumn(c));
  if (missing.length > 0) errors.push(CSV_MSG.expectedHeader);
  return { errors, index };
}

const isEmptyRow = (row: string[]) => row.every((c) => c.trim() === '');

export interface ValidateOptions {
  /** The centre's today, YYYY-MM-DD (birthdays after it are refused). */
  today: string;
  /** customerKey of each current member of the group. */
  memberKeys?: ReadonlySet<string>;
  /** General errors found before the rows (size, row count). */
  generalErrors?: string[];
}

/**
 * Validates header and data rows (header excluded) and answers the preview
 * plus the customers of the rows (only meaningful when the preview has no
 * error at all). The one function behind both the preview of an upload and
 * the final import: only the nine known columns are read; extra columns are
 * shown and never checked. A row is empty (ignored) when its known cells are;
 * a row with more or fewer fields than the header is a row error (its values
 * would slide into the wrong columns); duplicates inside the file and current
 * members of the group are errors on the name and birthday cells.
 */
export function validateCustomerRows(
  header: string[],
  dataRows: string[][],
  options: ValidateOptions,
): { preview: ImportPreview; customers: CsvCustomer[] } {
  const aHeader = header.map((h) => h.trim());
  const general = [...(options.generalErrors ?? [])];
  if (aHeader.length > CSV_MAX_COLUMNS) general.push(CSV_MSG.tooManyColumns);
  const { errors, index } = checkHeader(aHeader);
  general.push(...errors);
  const width = Math.min(aHeader.length, CSV_MAX_COLUMNS);
  const aaData: string[][] = [];
  const aaoData: CsvCell[][] = [];
  const aErrorsLines: number[] = [];
  const aEmptyLines: number[] = [];
  const aRowErrors: { row: number; error: string }[] = [];
  const customers: CsvCustomer[] = [];
  const seen = new Map<string, number>();
  const headerOk = errors.length === 0;
  let iTotalErrors = 0;
  const at = (row: string[], c: CsvColumn) => (row[index[c]!] ?? '').trim();

  dataRows.forEach((raw, r) => {
    const row = Array.from({ length: width }, (_, i) => (raw[i] ?? '').slice(0, CSV_MAX_CELL_LENGTH));
    aaData.push(row);
    const cells: CsvCell[] = row.map((value) => ({ value, error: null }));
    aaoData.push(cells);
    if (!headerOk) {
      if (isEmptyRow(row)) aEmptyLines.push(r);
      return;
    }
    if (CSV_COLUMNS.every((c) => at(row, c) === '')) {
      aEmptyLines.push(r);
      return;
    }
    // Fields beyond the header count only when they hold something (a trailing ';' is no field).
    let fields = raw.length;
    while (fields > width && (raw[fields - 1] ?? '').trim() === '') fields--;
    if (fields !== width) {
      aRowErrors.push({ row: r, error: CSV_MSG.rowWidth(fields, width) });
      aErrorsLines.push(r);
      iTotalErrors++;
      return;
    }
    let rowErrors = 0;
    const mark = (c: CsvColumn, error: string) => {
      const cell = cells[index[c]!]!;
      if (cell.error) return;
      cell.error = error;
      rowErrors++;
    };
    for (const c of CSV_COLUMNS) {
      const e = cellError(c, row[index[c]!] ?? '', options.today);
      if (e) mark(c, e);
    }
    if (rowErrors === 0) {
      const birthday = (parseCsvBirthday(at(row, 'Geburtstag'), options.today) as { date: string }).date;
      const customer: CsvCustomer = {
        first_name: at(row, 'Vorname'),
        last_name: at(row, 'Nachname'),
        street: at(row, 'Strasse'),
        postcode: at(row, 'Postleitzahl'),
        city: at(row, 'Ort'),
        email: at(row, 'Email') || null,
        phone: at(row, 'Telefon') || null,
        birthday,
        passport: at(row, 'Ausweisnummer') || null,
      };
      const key = customerKey(customer);
      const first = seen.get(key);
      const duplicate =
        first !== undefined
          ? CSV_MSG.duplicateInFile(first + 2)
          : options.memberKeys?.has(key)
            ? CSV_MSG.alreadyMember
            : null;
      if (duplicate) {
        for (const c of ['Vorname', 'Nachname', 'Geburtstag'] as const) mark(c, duplicate);
      } else {
        seen.set(key, r);
        customers.push(customer);
      }
    }
    if (rowErrors > 0) {
      aErrorsLines.push(r);
      iTotalErrors += rowErrors;
    }
  });

  return {
    preview: {
      aHeader,
      aaData,
      aaoData,
      aErrorsLines,
      aEmptyLines,
      aGeneralErrors: general,
      aRowErrors,
      iTotalErrors,
    },
    customers,
  };
}

/**
 * What the final import sends for a preview: the known columns only, in the
 * order of CSV_COLUMNS, cut from every row. Extra columns (a 'Bemerkung' with
 * line breaks, say) are shown in the preview but never sent, so they can
 * neither be refused nor stored.
 */
export function importRequestOf(p: Pick<ImportPreview, 'aHeader' | 'aaData'>): {
  aHeader: string[];
  aaData: string[][];
} {
  const { index } = checkHeader(p.aHeader);
  const columns = CSV_COLUMNS.filter((c) => index[c] !== undefined);
  return {
    aHeader: [...columns],
    aaData: p.aaData.map((row) => columns.map((c) => row[index[c]!] ?? '')),
  };
}

const plural = (n: number, one: string, many: string) => `${n.toLocaleString('de-DE')} ${n === 1 ? one : many}`;

/**
 * The preview's count in words a person can check against the table: the
 * customer rows, then the rows with errors and what is wrong in them
 * ("25 Kundendaten, 7 Zeilen mit Fehlern: 10 Felder, 1 Zeile mit falscher Feldanzahl").
 */
export function previewSummary(
  p: Pick<ImportPreview, 'aaData' | 'aaoData' | 'aEmptyLines' | 'aErrorsLines' | 'aRowErrors'>,
) {
  const rows = p.aaData.length - p.aEmptyLines.length;
  const parts = [plural(rows, 'Kundendatensatz', 'Kundendaten')];
  if (p.aErrorsLines.length === 0) parts.push('keine Fehler');
  else {
    const cells = p.aaoData.reduce((n, row) => n + row.filter((c) => c.error).length, 0);
    const what = [
      cells > 0 && plural(cells, 'Feld', 'Felder'),
      p.aRowErrors.length > 0 &&
        plural(p.aRowErrors.length, 'Zeile mit falscher Feldanzahl', 'Zeilen mit falscher Feldanzahl'),
    ].filter(Boolean);
    parts.push(`${plural(p.aErrorsLines.length, 'Zeile', 'Zeilen')} mit Fehlern: ${what.join(', ')}`);
  }
  if (p.aEmptyLines.length > 0) parts.push(`leere Zeilen (werden ignoriert): ${p.aEmptyLines.length}`);
  return parts.join(', ');
}

/** A preview of a file that could not be read at all. */
const onlyGeneral = (message: string): ImportPreview => ({
  aHeader: [],
  aaData: [],
  aaoData: [],
  aErrorsLines: [],
  aEmptyLines: [],
  aGeneralErrors: [message],
  aRowErrors: [],
  iTotalErrors: 0,
});

/** The whole upload: size limit, decoding, parsing, row limit, validation. */
export function previewCsvFile(
  bytes: Uint8Array,
  options: Omit<ValidateOptions, 'generalErrors'>,
): { preview: ImportPreview; customers: CsvCustomer[]; encoding: CsvEncoding | null } {
  if (bytes.length > CSV_MAX_BYTES) return { preview: onlyGeneral(CSV_MSG.tooLarge), customers: [], encoding: null };
  const { text, encoding } = decodeCsv(bytes);
  // Some slack for blank lines at the end, which are no rows.
  const parsed = parseCsv(text, CSV_MAX_ROWS + 1 + CSV_TRAILING_SLACK);
  const generalErrors: string[] = [];
  // Trailing empty lines (a final line break, blank lines a spreadsheet adds) are no rows.
  const rows = parsed.rows;
  while (rows.length > 0 && isEmptyRow(rows[rows.length - 1]!)) rows.pop();
  if (rows.length === 0) return { preview: onlyGeneral(CSV_MSG.empty), customers: [], encoding };
  if (parsed.unclosed) generalErrors.push(CSV_MSG.unclosedQuote);
  let data = rows.slice(1);
  if (parsed.more || data.length > CSV_MAX_ROWS) {
    generalErrors.push(CSV_MSG.tooManyRows);
    data = data.slice(0, CSV_MAX_ROWS);
  }
  return { ...validateCustomerRows(rows[0]!, data, { ...options, generalErrors }), encoding };
}

/** True when the preview allows the final import. */
export const importAllowed = (p: Pick<ImportPreview, 'aGeneralErrors' | 'iTotalErrors'>) =>
  p.aGeneralErrors.length === 0 && p.iTotalErrors === 0;
