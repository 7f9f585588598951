/**
 * The Corona-Warn-App rapid-test profile: a vCard 4.0 the customer shows as a
 * QR code at check-in (core-workflow §3 "Scanned contact card", §5; the facts
 * of every app variant are in reference/integrations.md).
 *
 * Accepted forms: Android and current iOS (uppercase `TYPE=`, iOS with a
 * trailing `;` after the postcode), older iOS (lowercase `type=`, backslashes
 * not escaped, REV on a 12-hour clock). REV is required but not interpreted,
 * so its clock does not matter. Umlauts and ß stay as they are; the two known
 * mojibake forms (UTF-8 read as Mac Roman `√ü`, or as Windows-1252 `ÃŸ`) are
 * repaired.
 */
import { MSG, scanMissingProperties } from '../messages';

/** The person derived from a scanned profile; birthday is yyyyMMdd ('' when empty). */
export interface ScannedPerson {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  address: { street: string; city: string; postcode: string };
  birthday: string;
}

export const VCARD_REQUIRED = ['N', 'FN', 'BDAY', 'EMAIL', 'TEL', 'ADR', 'REV'] as const;
export const VCARD_BEGIN = 'BEGIN:VCARD';

export type VCardError =
  | { code: 'empty'; message: string }
  | { code: 'notProfile'; message: string }
  | { code: 'missing'; missing: string[]; message: string }
  | { code: 'birthday'; message: string };

export type VCardResult =
  | { ok: true; person: ScannedPerson; fullName: string; nComponents: number; adrComponents: number }
  | ({ ok: false } & VCardError);

/** Every line break (CR, LF, CRLF) as CRLF, the vCard standard's. */
export const normaliseLineBreaks = (text: string): string => text.replace(/\r\n|\r|\n/g, '\r\n');

// UTF-8 bytes of ÄÖÜäöüß read as Mac Roman (field reports: `√ü`) or as Windows-1252.
const MOJIBAKE: ReadonlyArray<[string, string]> = [
  ['√§', 'ä'],
  ['√∂', 'ö'],
  ['√º', 'ü'],
  ['√Ñ', 'Ä'],
  ['√ñ', 'Ö'],
  ['√ú', 'Ü'],
  ['√ü', 'ß'],
  ['Ã¤', 'ä'],
  ['Ã¶', 'ö'],
  ['Ã¼', 'ü'],
  ['Ã„', 'Ä'],
  ['Ã–', 'Ö'],
  ['Ãœ', 'Ü'],
  ['ÃŸ', 'ß'],
];

export function repairMojibake(text: string): string {
  let out = text;
  for (const [bad, good] of MOJIBAKE) out = out.split(bad).join(good);
  return out;
}

/**
 * Splits a property value on unescaped `;` and un-escapes `\\`, `\;`, `\,`.
 * A backslash before anything else stays a backslash: older iOS did not escape
 * backslashes, so `Mu\ster` means what it says.
 */
export function splitComponents(value: string): string[] {
  const parts: string[] = [];
  let current = '';
  for (let i = 0; i < value.length; i++) {
    const c = value[i]!;
    if (c === '\\') {
      const next = value[i + 1];
      if (next === '\\' || next === ';' || next === ',') {
        current += next;
        i++;
      } else current += c;
    } else if (c === ';') {
      parts.push(current);
      current = '';
    } else current += c;
  }
  parts.push(current);
  return parts;
}

/** Index of the first `:` that is not inside a quoted parameter value (`TYPE="cell,home"`). */
function valueStart(line: string): number {
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const c = line[i];
    if (c === '"') quoted = !quoted;
    else if (c === ':' && !quoted) return i;
  }
  return -1;
}

/** Property name → raw value of its first occurrence (names uppercase, group prefix dropped). */
function properties(lines: string[]): Map<string, string> {
  const props = new Map<string, string>();
  for (const line of lines) {
    const at = valueStart(line);
    if (at < 0) continue;
    const head = line.slice(0, at);
    const name = (head.split(';')[0] ?? '').replace(/^.*\./, '').trim().toUpperCase();
    if (name && !props.has(name)) props.set(name, line.slice(at + 1));
  }
  return props;
}

function parseBirthday(raw: string): string | null {
  const v = raw.trim();
  if (v === '') return '';
  const m = /^(\d{4})-?(\d{2})-?(\d{2})$/.exec(v);
  if (!m) return null;
  const iso = `${m[1]}-${m[2]}-${m[3]}`;
  const d = new Date(`${iso}T00:00:00Z`);
  if (Number.isNaN(d.getTime()) || d.toISOString().slice(0, 10) !== iso) return null;
  return `${m[1]}${m[2]}${m[3]}`;
}

const fail = (e: VCardError): VCardResult => ({ ok: false, ...e });

/** Parses a scanned profile. Input of any type: non-text is the empty-input error. */
export function parseCwaVCard(input: unknown): VCardResult {
  if (typeof input !== 'string' || input.trim() === '') return fail({ code: 'empty', message: MSG.scanEmpty });
  const text = normaliseLineBreaks(repairMojibake(input.replace(/^\uFEFF/, '')));
  // RFC 6350 folding (a line break followed by a space or tab) is undone; the apps do not fold.
  const lines = text
    .replace(/\r\n[ \t]/g, '')
    .split('\r\n')
    .map((l) => l.trim())
    .filter((l) => l !== '');
  if ((lines[0] ?? '').toUpperCase() !== VCARD_BEGIN) return fail({ code: 'notProfile', message: MSG.scanNotProfile });
  const props = properties(lines);
  const missing = VCARD_REQUIRED.filter((name) => !props.has(name));
  if (missing.length > 0) return fail({ code: 'missing', missing, message: scanMissingProperties(missing) });

  const value = (name: string) =>
    splitComponents(props.get(name) ?? '')
      .join(',')
      .trim();
  const n = splitComponents(props.get('N') ?? '');
  const adr = splitComponents(props.get('ADR') ?? '');
  const birthday = parseBirthday(props.get('BDAY') ?? '');
  if (birthday === null) return fail({ code: 'birthday', message: MSG.scanBirthdayInvalid });
  return {
    ok: true,
    person: {
      lastName: (n[0] ?? '').trim(),
      firstName: (n[1] ?? '').trim(),
      email: value('EMAIL'),
      phone: value('TEL'),
      address: {
        street: (adr[2] ?? '').trim(),
        city: (adr[3] ?? '').trim(),
        postcode: (adr[5] ?? '').trim(),
      },
      birthday,
    },
    fullName: value('FN'),
    nComponents: n.length,
    adrComponents: adr.length,
  };
}
