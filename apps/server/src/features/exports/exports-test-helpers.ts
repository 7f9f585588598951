import Papa from 'papaparse';
import { expect } from 'vitest';

/** An export file as German Excel reads it: BOM, ';', quoted cells; with a cell lookup by header. */
export function parseCsv(raw: string) {
  expect(raw.charCodeAt(0)).toBe(0xfeff);
  const parsed = Papa.parse<string[]>(raw.slice(1).trimEnd(), { delimiter: ';' });
  expect(parsed.errors).toEqual([]);
  const [header, ...rows] = parsed.data;
  return { header: header!, rows, col: (row: string[], name: string) => row[header!.indexOf(name)] };
}
