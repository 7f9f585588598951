import { describe, expect, it } from 'vitest';
import { type CsvColumn, csvChunks, csvTable, formatInPieces } from './appointments.csv';

interface Row {
  id: number;
  name: string;
}

const table = csvTable<Row, undefined>([
  ['Nr.', (r) => String(r.id)],
  ['Name', (r) => r.name],
] satisfies CsvColumn<Row, undefined>[]);

describe('csvTable', () => {
  it('writes many rows as the same lines as one row at a time: quoted, neutralised, CRLF', () => {
    const rows: Row[] = [
      { id: 1, name: 'Müller; Anna' },
      { id: 2, name: 'Sagt "Hallo"' },
      { id: 3, name: '=HYPERLINK("x")' },
      { id: 4, name: '' },
    ];
    const text = table.lines(rows, undefined);
    expect(text).toBe(rows.map((r) => table.line(r, undefined)).join(''));
    expect(text).toBe(`1;"Müller; Anna"\r\n2;"Sagt ""Hallo"""\r\n3;"'=HYPERLINK(""x"")"\r\n4;\r\n`);
    expect(table.lines([], undefined)).toBe('');
  });
});

describe('csvChunks', () => {
  it('reads page after page from the last row of the one before, and empties each page once written', async () => {
    const all = Array.from({ length: 5 }, (_, i) => ({ id: i + 1, name: `N${i + 1}` }));
    const pages: Row[][] = [];
    const asked: (number | undefined)[] = [];
    const chunks = csvChunks<Row, number>({
      headerLine: 'H\r\n',
      page: async (after) => {
        asked.push(after);
        const page = all.filter((r) => after === undefined || r.id > after).slice(0, 2);
        pages.push(page);
        return page;
      },
      keyOf: (r) => r.id,
      batch: 2,
      format: (rows) => table.lines(rows, undefined),
    });
    let text = '';
    for await (const c of chunks) text += c;
    expect(text).toBe('H\r\n1;N1\r\n2;N2\r\n3;N3\r\n4;N4\r\n5;N5\r\n');
    expect(asked).toEqual([undefined, 2, 4]);
    // Emptied: nothing the driver's result object still points at keeps a written row alive.
    expect(pages.map((p) => p.length)).toEqual([0, 0, 0]);
  });
});

describe('formatInPieces', () => {
  it('formats a page of 1,000 rows as pieces of at most 200 lines that join to the whole page', () => {
    const rows = Array.from({ length: 1000 }, (_, i) => ({ id: i + 1, name: `Name ${i + 1}` }));
    const format = (page: Row[]) => table.lines(page, undefined);
    const pieces = formatInPieces(rows, format);
    expect(pieces).toHaveLength(5);
    for (const piece of pieces) expect(piece.split('\r\n').length - 1).toBeLessThanOrEqual(200);
    expect(pieces.join('')).toBe(format(rows));
    expect(formatInPieces(rows.slice(0, 150), format)).toEqual([format(rows.slice(0, 150))]);
    expect(formatInPieces([], format)).toEqual([]);
  });

  it('hands csvChunks a page of 450 rows as three pieces, in order', async () => {
    const all = Array.from({ length: 450 }, (_, i) => ({ id: i + 1, name: `N${i + 1}` }));
    const chunks = csvChunks<Row, number>({
      headerLine: 'H\r\n',
      page: async (after) => (after === undefined ? all.slice() : []),
      keyOf: (r) => r.id,
      batch: 1000,
      format: (rows) => table.lines(rows, undefined),
    });
    const seen: string[] = [];
    for await (const c of chunks) seen.push(c);
    expect(seen).toHaveLength(4);
    expect(seen.join('')).toBe(`H\r\n${table.lines(all, undefined)}`);
  });
});
