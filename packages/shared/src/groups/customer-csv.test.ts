import { describe, expect, it } from 'vitest';
import {
  CSV_HEADER_LINE,
  CSV_MAX_BYTES,
  CSV_MAX_ROWS,
  CSV_MSG,
  CSV_SAMPLE,
  cellError,
  customerKey,
  decodeCsv,
  importAllowed,
  importRequestOf,
  isStreetWithNumber,
  parseCsv,
  parseCsvBirthday,
  previewCsvFile,
  previewSummary,
  validateCustomerRows,
} from './customer-csv';

const TODAY = '2024-06-03';
const H = CSV_HEADER_LINE;
const ROW = 'Jürgen;Müller;Hauptstraße 5;50667;Köln;j@example.org;0221 123;03.04.1950;T22000129';
const utf8 = (s: string) => new TextEncoder().encode(s);
/** ISO-8859-1 bytes of a string of code points below 256. */
const latin1 = (s: string) => Uint8Array.from([...s].map((ch) => ch.charCodeAt(0)));
const preview = (text: string, memberKeys?: Set<string>) => previewCsvFile(utf8(text), { today: TODAY, memberKeys });

describe('decoding', () => {
  it('reads UTF-8 with and without BOM and ISO-8859-1 with the umlauts right', () => {
    const text = `${H}\r\n${ROW}\r\n`;
    const withBom = new Uint8Array([0xef, 0xbb, 0xbf, ...utf8(text)]);
    expect(decodeCsv(withBom)).toEqual({ text, encoding: 'utf-8' });
    expect(decodeCsv(utf8(text))).toEqual({ text, encoding: 'utf-8' });
    expect(decodeCsv(latin1(text))).toEqual({ text, encoding: 'iso-8859-1' });
    const parsed = previewCsvFile(latin1(text), { today: TODAY });
    expect(parsed.customers[0]).toMatchObject({ first_name: 'Jürgen', last_name: 'Müller', street: 'Hauptstraße 5' });
    expect(parsed.encoding).toBe('iso-8859-1');
  });

  it('keeps ß, Ä and the euro sign of a windows-1252 file', () => {
    expect(decodeCsv(Uint8Array.from([0x53, 0x74, 0x72, 0x61, 0xdf, 0x65, 0x20, 0xc4, 0x80])).text).toBe('Straße Ä€');
  });
});

describe('parseCsv', () => {
  it('splits on ; with CRLF, LF and CR line ends and quoted cells', () => {
    expect(parseCsv('a;b\r\nc;d\ne;f\rg;h').rows).toEqual([
      ['a', 'b'],
      ['c', 'd'],
      ['e', 'f'],
      ['g', 'h'],
    ]);
    expect(parseCsv('"a;1";"b ""x""";"z\r\ny"\n').rows).toEqual([['a;1', 'b "x"', 'z\r\ny']]);
  });

  it('stops after the given number of rows and says there is more', () => {
    expect(parseCsv('1\n2\n3\n', 2)).toEqual({ rows: [['1'], ['2']], more: true, unclosed: false });
    expect(parseCsv('1\n2\n', 2).more).toBe(false);
  });

  it('notices a quote that is never closed', () => {
    expect(parseCsv('"abc;d\n').unclosed).toBe(true);
  });
});

describe('header', () => {
  it('accepts the exact header in any order and shows but ignores extra columns', () => {
    const p = preview(
      'Geburtstag;Nachname;Bemerkung;Vorname;Ausweisnummer;Ort;Postleitzahl;Strasse;Telefon;Email\n03.04.1950;Müller;Rollstuhl;Jürgen;;Köln;50667;Hauptstraße 5;;\n',
    );
    expect(p.preview.aGeneralErrors).toEqual([]);
    expect(p.preview.aHeader[2]).toBe('Bemerkung');
    expect(p.preview.aaData[0]![2]).toBe('Rollstuhl');
    expect(p.customers).toEqual([
      {
        first_name: 'Jürgen',
        last_name: 'Müller',
        street: 'Hauptstraße 5',
        postcode: '50667',
        city: 'Köln',
        email: null,
        phone: null,
        birthday: '1950-04-03',
        passport: null,
      },
    ]);
  });

  it('names a missing column as a general error and forbids the import', () => {
    const p = preview(
      'Vorname;Nachname;Strasse;Postleitzahl;Ort;Email;Telefon;Geburtstag\nA;B;C 1;12345;D;;;01.01.1990\n',
    );
    expect(p.preview.aGeneralErrors).toEqual([CSV_MSG.missingColumn('Ausweisnummer'), CSV_MSG.expectedHeader]);
    expect(importAllowed(p.preview)).toBe(false);
    expect(p.customers).toEqual([]);
  });

  it('is case-sensitive: "vorname" is not "Vorname"', () => {
    const p = preview(`${H.replace('Vorname', 'vorname')}\n${ROW}\n`);
    expect(p.preview.aGeneralErrors).toContain(CSV_MSG.missingColumn('Vorname'));
  });

  it('refuses a column twice and a comma-separated file with a clear message', () => {
    expect(preview(`${H};Ort\n${ROW};X\n`).preview.aGeneralErrors).toEqual([CSV_MSG.twiceColumn('Ort')]);
    expect(preview(`${H.replaceAll(';', ',')}\n`).preview.aGeneralErrors[0]).toBe(CSV_MSG.separator);
  });

  it('calls an empty file empty', () => {
    expect(preview('').preview.aGeneralErrors).toEqual([CSV_MSG.empty]);
    expect(preview('\r\n\r\n').preview.aGeneralErrors).toEqual([CSV_MSG.empty]);
  });
});

describe('cells', () => {
  it('wants the house number in the street', () => {
    for (const ok of [
      'Musterstraße 14',
      'Am Markt 3a',
      'Straße des 17. Juni 12',
      'Weg 3-5',
      'Hauptstr.5',
      'Allee 4 b',
    ]) {
      expect(isStreetWithNumber(ok), ok).toBe(true);
    }
    for (const bad of ['Musterstraße', 'Straße des 17. Juni', '14', ''])
      expect(isStreetWithNumber(bad), bad).toBe(false);
    expect(cellError('Strasse', 'Musterstraße', TODAY)).toBe(CSV_MSG.streetNumber);
  });

  it('wants a real birthday DD.MM.YYYY, not in the future', () => {
    expect(parseCsvBirthday('03.04.1950', TODAY)).toEqual({ date: '1950-04-03' });
    expect(parseCsvBirthday('3.4.1950', TODAY)).toEqual({ date: '1950-04-03' });
    expect(parseCsvBirthday('29.02.1944', TODAY)).toEqual({ date: '1944-02-29' });
    expect(parseCsvBirthday('03.06.2024', TODAY)).toEqual({ date: '2024-06-03' });
    expect(parseCsvBirthday('29.02.1950', TODAY)).toEqual({ error: CSV_MSG.birthdayInvalid });
    expect(parseCsvBirthday('31.04.1950', TODAY)).toEqual({ error: CSV_MSG.birthdayInvalid });
    expect(parseCsvBirthday('01.01.1900', TODAY)).toEqual({ error: CSV_MSG.birthdayInvalid });
    expect(parseCsvBirthday('04.06.2024', TODAY)).toEqual({ error: CSV_MSG.birthdayFuture });
    expect(parseCsvBirthday('1950-04-03', TODAY)).toEqual({ error: CSV_MSG.birthdayFormat });
  });

  it('checks email and postcode, and wants the required fields', () => {
    expect(cellError('Email', 'karl@', TODAY)).toBe(CSV_MSG.email);
    expect(cellError('Email', 'karl@example.org', TODAY)).toBeNull();
    expect(cellError('Email', '', TODAY)).toBeNull();
    expect(cellError('Postleitzahl', '5066', TODAY)).toBe(CSV_MSG.postcode);
    expect(cellError('Postleitzahl', '01067', TODAY)).toBeNull();
    expect(cellError('Vorname', ' ', TODAY)).toBe(CSV_MSG.required('Vorname'));
    expect(cellError('Telefon', '', TODAY)).toBeNull();
    expect(cellError('Ausweisnummer', 'x'.repeat(51), TODAY)).toBe(CSV_MSG.tooLong(50));
  });
});

describe('rows', () => {
  it('marks each wrong cell with its error, counts them and lists the rows', () => {
    const p = preview(`${H}\nJürgen;Müller;Hauptstraße;5066;Köln;;;01.01.2999;\n${ROW}\n`).preview;
    expect(p.aaoData[0]![2]).toEqual({ value: 'Hauptstraße', error: CSV_MSG.streetNumber });
    expect(p.aaoData[0]![3]).toEqual({ value: '5066', error: CSV_MSG.postcode });
    expect(p.aaoData[0]![7]).toEqual({ value: '01.01.2999', error: CSV_MSG.birthdayFuture });
    expect(p.aaoData[0]![0]).toEqual({ value: 'Jürgen', error: null });
    expect(p.aErrorsLines).toEqual([0]);
    expect(p.iTotalErrors).toBe(3);
    expect(importAllowed(p)).toBe(false);
  });

  it('ignores and marks empty rows, also in the middle, and drops trailing empty lines', () => {
    const p = preview(`${H}\n${ROW}\n;;;;;;;;\n\nAnna;Schmidt;Weg 1;12345;Ort;;;01.01.1990;\n\n\n`);
    expect(p.preview.aEmptyLines).toEqual([1, 2]);
    expect(p.preview.aaData).toHaveLength(4);
    expect(p.preview.iTotalErrors).toBe(0);
    expect(p.customers).toHaveLength(2);
  });

  it('marks a second row of the same person (name case-insensitive, birthday) in the file', () => {
    const p = preview(`${H}\n${ROW}\njürgen;MÜLLER;Weg 2;12345;Ort;;;03.04.1950;\n`).preview;
    expect(p.aaoData[1]![0]!.error).toBe(CSV_MSG.duplicateInFile(2));
    expect(p.aErrorsLines).toEqual([1]);
    expect(p.iTotalErrors).toBe(3);
  });

  it('marks a person who is already a member of the group', () => {
    const members = new Set([customerKey({ first_name: 'Jürgen', last_name: 'Müller', birthday: '1950-04-03' })]);
    const p = preview(`${H}\n${ROW}\n`, members).preview;
    expect(p.aaoData[0]![1]!.error).toBe(CSV_MSG.alreadyMember);
    expect(importAllowed(p)).toBe(false);
  });

  it('calls a row with fewer or more fields than the header by its field count, not by a slid value', () => {
    // The phone number would otherwise land in 'Email' and be called an invalid e-mail address.
    const short = 'Jürgen;Müller;Hauptstraße 5;50667;Köln;0221 123;03.04.1950;T22000129';
    const p = validateCustomerRows(
      H.split(';'),
      [short.split(';'), [...ROW.split(';'), 'extra'], [...ROW.split(';'), ' ']],
      {
        today: TODAY,
      },
    ).preview;
    expect(p.aRowErrors).toEqual([
      { row: 0, error: CSV_MSG.rowWidth(8, 9) },
      { row: 1, error: CSV_MSG.rowWidth(10, 9) },
    ]);
    expect(p.aaoData[0]!.every((c) => c.error === null)).toBe(true);
    expect(p.aErrorsLines).toEqual([0, 1]);
    expect(p.iTotalErrors).toBe(2);
    expect(p.aaData.map((r) => r.length)).toEqual([9, 9, 9]);
    expect(importAllowed(p)).toBe(false);
    expect(previewSummary(p)).toBe('3 Kundendaten, 2 Zeilen mit Fehlern: 2 Zeilen mit falscher Feldanzahl');
  });

  it('counts rows with errors and the faulty fields in words', () => {
    const p = preview(
      `${H}\nJürgen;Müller;Hauptstraße;5066;Köln;;;01.01.2999;\n${ROW}\nA;B;Weg 1;12345;Ort;x@;;01.01.1990\n\n`,
    ).preview;
    expect(previewSummary(p)).toBe('3 Kundendaten, 2 Zeilen mit Fehlern: 3 Felder, 1 Zeile mit falscher Feldanzahl');
    expect(previewSummary(preview(`${H}\n;;;;;;;;\n${ROW}\n`).preview)).toBe(
      '1 Kundendatensatz, keine Fehler, leere Zeilen (werden ignoriert): 1',
    );
  });
});

describe('extra columns and control characters', () => {
  const LIBRE = 'Geburtstag;Nachname;Bemerkung;Vorname;Ausweisnummer;Ort;Postleitzahl;Strasse;Telefon;Email';
  it('never checks an extra column, and the import request leaves it out', () => {
    const p = preview(
      `${LIBRE}\r\n03.04.1950;Müller;"Rollstuhl;\r\nbitte Rampe";Jürgen;;Köln;50667;Hauptstraße 5;;\r\n`,
    ).preview;
    expect(p.aaData[0]![2]).toBe('Rollstuhl;\r\nbitte Rampe');
    expect(importAllowed(p)).toBe(true);
    const request = importRequestOf(p);
    expect(request).toEqual({
      aHeader: [...H.split(';')],
      aaData: [['Jürgen', 'Müller', 'Hauptstraße 5', '50667', 'Köln', '', '', '03.04.1950', '']],
    });
    // The import runs the same function on what is sent, and agrees.
    const again = validateCustomerRows(request.aHeader, request.aaData, { today: TODAY });
    expect(importAllowed(again.preview)).toBe(true);
    expect(again.customers).toEqual(
      previewCsvFile(utf8(`${LIBRE}\r\n03.04.1950;Müller;;Jürgen;;Köln;50667;Hauptstraße 5;;\r\n`), { today: TODAY })
        .customers,
    );
  });

  it('marks a line break or another control character in a known column, which the import would refuse', () => {
    const p = preview(`${H}\n"Jürgen\nKarl";Müller;Hauptstraße 5;50667;"Köln\t";;;03.04.1950;\n`).preview;
    expect(p.aaoData[0]![0]!.error).toBe(CSV_MSG.controlCharacter);
    expect(p.aaoData[0]![4]!.error).toBe(CSV_MSG.controlCharacter);
    expect(importAllowed(p)).toBe(false);
  });
});

describe('limits', () => {
  it('refuses a file over 5 MB without reading it', () => {
    const p = previewCsvFile(new Uint8Array(CSV_MAX_BYTES + 1), { today: TODAY });
    expect(p.preview.aGeneralErrors).toEqual([CSV_MSG.tooLarge]);
    expect(previewCsvFile(utf8(`${H}\n${ROW}\n`), { today: TODAY }).preview.aGeneralErrors).toEqual([]);
  });

  it('accepts 20,000 rows and refuses 20,001', () => {
    const rows = (n: number) => Array.from({ length: n }, (_, i) => `A${i};B;Weg 1;12345;Ort;;;01.01.1990;`).join('\n');
    const ok = preview(`${H}\n${rows(CSV_MAX_ROWS)}\n\n`);
    expect(ok.preview.aGeneralErrors).toEqual([]);
    expect(ok.customers).toHaveLength(CSV_MAX_ROWS);
    const over = preview(`${H}\n${rows(CSV_MAX_ROWS + 1)}\n`);
    expect(over.preview.aGeneralErrors).toEqual([CSV_MSG.tooManyRows]);
    expect(over.preview.aaData).toHaveLength(CSV_MAX_ROWS);
  });
});

describe('sample file', () => {
  it('is a valid import file', () => {
    const p = preview(CSV_SAMPLE);
    expect(importAllowed(p.preview)).toBe(true);
    expect(p.customers).toHaveLength(1);
  });
});
