/**
 * Input from keyboard-wedge hand scanners (core-workflow §5, §9;
 * reference/integrations.md): the scanner "types" the QR text as key presses.
 *
 * - usLayout*: a scanner set to the US layout on a PC with the German layout
 *   types `BEGINÖVCARD`, `TZPE´home`, y↔z swapped. Such a scan is mapped back
 *   key by key, or refused (MSG.scanUsLayout) when the result cannot be trusted.
 * - wedge*: the detector as a pure state machine over key events.
 * - readScan: what a finished scan means (a link of the app, a profile, an error).
 */
import { MSG } from '../messages';
import { normaliseLineBreaks, parseCwaVCard, type ScannedPerson, VCARD_BEGIN } from './vcard';

/** What the German layout shows for the US key the scanner meant, inverted: shown → meant. */
const US_ON_GERMAN: Record<string, string> = {
  z: 'y',
  y: 'z',
  Z: 'Y',
  Y: 'Z',
  Ö: ':',
  ö: ';',
  Ä: '"',
  ä: "'",
  Ü: '{',
  ü: '[',
  '*': '}',
  '+': ']',
  '#': '\\',
  "'": '|',
  ß: '-',
  '?': '_',
  '´': '=',
  '`': '+',
  '-': '/',
  _: '?',
  ';': '<',
  ':': '>',
  '"': '@',
  '§': '#',
  '&': '^',
  '/': '&',
  '(': '*',
  ')': '(',
  '=': ')',
  '^': '`',
  '°': '~',
};
// Dead keys (´ ` ^ on the German layout) combine with the next vowel into one character.
const DEAD: ReadonlyArray<[string, string, string]> = [
  ['´', 'aeiouAEIOU', 'áéíóúÁÉÍÓÚ'],
  ['`', 'aeiouAEIOU', 'àèìòùÀÈÌÒÙ'],
  ['^', 'aeiouAEIOU', 'âêîôûÂÊÎÔÛ'],
];
for (const [dead, plain, combined] of DEAD) {
  for (let i = 0; i < plain.length; i++) US_ON_GERMAN[combined[i]!] = `${US_ON_GERMAN[dead]}${plain[i]}`;
}
US_ON_GERMAN.ý = '=z';
US_ON_GERMAN.Ý = '=Z';

/** Characters the US layout types identically on a German PC. */
const SAME = /^[a-xA-X0-9 .,!$%\r\n]$/;

/** The begin marker as a US-layout scanner types it on a German PC. */
export const US_LAYOUT_BEGIN = 'BEGINÖVCARD';

export const isUsLayoutScan = (text: string): boolean => text.trimStart().toUpperCase().startsWith(US_LAYOUT_BEGIN);

/** Maps a US-layout scan back to what was meant; null when a character cannot have come from it. */
export function mapUsLayout(text: string): string | null {
  let out = '';
  for (const c of text) {
    const meant = US_ON_GERMAN[c];
    if (meant !== undefined) out += meant;
    else if (SAME.test(c)) out += c;
    else return null;
  }
  return out;
}

// Characters no name or address holds; after mapping back they betray an umlaut the scanner sent as is.
const IMPLAUSIBLE = /[[\]{}|~^<>`@"=\\]/;
// A hyphen before a small letter or at a word's end (`Gro-e`, `Stra-e`): an ß typed as is and mapped to '-'.
const HYPHEN_FOR_SZ = /-(?=[a-zäöü]|\s|$)/;

/**
 * A US-layout scan mapped back and parsed, only when the result is beyond
 * doubt: the structure of the apps' profile (N with 5 components, ADR with 6
 * or 7, FN = first name + space + last name) and no character that an umlaut
 * typed as is would have turned into. Anything else is refused, so no customer
 * is ever created from garbled data.
 */
function readUsLayoutProfile(text: string): ScanResult {
  const refuse: ScanResult = { kind: 'error', message: MSG.scanUsLayout };
  const mapped = mapUsLayout(normaliseLineBreaks(text));
  if (mapped === null) return refuse;
  const parsed = parseCwaVCard(mapped);
  if (!parsed.ok) return refuse;
  const p = parsed.person;
  const expectedFn = p.lastName ? `${p.firstName} ${p.lastName}` : p.firstName;
  if (parsed.nComponents !== 5 || parsed.adrComponents < 6 || parsed.adrComponents > 7) return refuse;
  if (parsed.fullName !== expectedFn) return refuse;
  const words = [p.firstName, p.lastName, p.address.street, p.address.city];
  if (words.some((w) => IMPLAUSIBLE.test(w) || HYPHEN_FOR_SZ.test(w))) return refuse;
  if (!/^\d{0,5}$/.test(p.address.postcode) || /[^\d +/()-]/.test(p.phone)) return refuse;
  return { kind: 'profile', person: p };
}

export type ScanResult =
  | { kind: 'link'; url: string }
  | { kind: 'profile'; person: ScannedPerson }
  | { kind: 'error'; message: string }
  | { kind: 'ignored' };

/**
 * What a finished scan (hand scanner or camera) means. Accepted only when it
 * starts with the app's own origin (a link: navigate there) or with the vCard
 * begin marker (a corona-app profile); anything else is ignored.
 */
export function readScan(text: string, appOrigin: string): ScanResult {
  const trimmed = text.trim();
  if (appOrigin && (trimmed === appOrigin || trimmed.startsWith(`${appOrigin}/`)))
    return { kind: 'link', url: trimmed };
  if (trimmed.toUpperCase().startsWith(VCARD_BEGIN)) {
    const parsed = parseCwaVCard(trimmed);
    return parsed.ok ? { kind: 'profile', person: parsed.person } : { kind: 'error', message: parsed.message };
  }
  if (isUsLayoutScan(trimmed)) return readUsLayoutProfile(trimmed);
  return { kind: 'ignored' };
}

// --- keyboard-wedge detector ---------------------------------------------------------------

/** Keystrokes closer than this belong to one scan (core-workflow §9). */
export const WEDGE_KEY_GAP_MS = 50;
/** After this long without a key the buffer is dropped (or handed over when it is a complete profile). */
export const WEDGE_IDLE_MS = 200;

export interface WedgeState {
  buffer: string;
  /** Time of the last counted key; null before the first. */
  lastAt: number | null;
}

export const wedgeInitial: WedgeState = { buffer: '', lastAt: null };

export interface WedgeStep {
  state: WedgeState;
  /** A finished scan to hand over. */
  scan?: string;
  /** The key belongs to a scan: the caller keeps it from its default action (submit, cursor move). */
  consumed: boolean;
}

/** Shortest buffer that is taken for a scan (`BEGIN:`, `https:`): a person never types that fast. */
const SCAN_MIN_LENGTH = 6;
const SCAN_STARTS = [VCARD_BEGIN, 'BEGINÖVCARD', 'HTTP'];
const looksLikeScan = (buffer: string) => {
  if (buffer.length < SCAN_MIN_LENGTH) return false;
  const upper = buffer.toUpperCase();
  return SCAN_STARTS.some((s) => upper.startsWith(s) || s.startsWith(upper));
};
const isProfile = (buffer: string) => {
  const upper = buffer.toUpperCase();
  return upper.startsWith(VCARD_BEGIN) || upper.startsWith(US_LAYOUT_BEGIN);
};
const isCompleteProfile = (buffer: string) => /END[:Ö]VCARD\s*$/i.test(buffer);

/**
 * One key event. Shift and AltGraph are ignored; ArrowDown is a line break;
 * Enter ends the buffer — except inside a profile that has not reached
 * `END:VCARD` yet, where the scanner sends Enter for each line break
 * (reference/integrations.md). A key more than 50 ms after the previous one
 * starts a new buffer: that is a person typing.
 */
export function wedgeKey(state: WedgeState, key: string, at: number): WedgeStep {
  if (key === 'Shift' || key === 'AltGraph') return { state, consumed: false };
  const fast = state.lastAt !== null && at - state.lastAt <= WEDGE_KEY_GAP_MS;
  const buffer = fast ? state.buffer : '';
  if (key === 'Enter' || key === 'ArrowDown') {
    if (!fast || !looksLikeScan(buffer)) return { state: { buffer: '', lastAt: at }, consumed: false };
    if (key === 'ArrowDown' || (isProfile(buffer) && !isCompleteProfile(buffer))) {
      return { state: { buffer: `${buffer}\r\n`, lastAt: at }, consumed: true };
    }
    return { state: wedgeInitial, scan: buffer, consumed: true };
  }
  if (key.length !== 1) return { state: { buffer, lastAt: at }, consumed: false };
  const next = buffer + key;
  return { state: { buffer: next, lastAt: at }, consumed: fast && looksLikeScan(next) };
}

/** The idle timer: 200 ms after the last key the buffer is dropped; a complete profile is handed over. */
export function wedgeIdle(state: WedgeState, at: number): WedgeStep {
  if (state.lastAt === null || at - state.lastAt < WEDGE_IDLE_MS) return { state, consumed: false };
  if (isCompleteProfile(state.buffer)) return { state: wedgeInitial, scan: state.buffer, consumed: false };
  return { state: wedgeInitial, consumed: false };
}
