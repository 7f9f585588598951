/** 'TT.MM.JJJJ' typed by a person → 'YYYY-MM-DD', or null when it is no real date. */
export function parseGermanDate(input: string): string | null {
  const m = /^\s*(\d{1,2})\.(\d{1,2})\.(\d{4})\s*$/.exec(input);
  if (!m) return null;
  const iso = `${m[3]}-${m[2]!.padStart(2, '0')}-${m[1]!.padStart(2, '0')}`;
  const d = new Date(`${iso}T00:00:00Z`);
  return Number.isNaN(d.getTime()) || d.toISOString().slice(0, 10) !== iso ? null : iso;
}

/** 'YYYY-MM-DD' → 'DD.MM.YYYY' without time-zone shifts. */
export const isoToGerman = (iso: string) => iso.split('-').reverse().join('.');
