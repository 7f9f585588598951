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
  // The header comes through the same keys: `+Q2#000026` is `]Q2\000026`.
  const parsed = parseCwaVCard(stripScannerHeader(mapped));
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

// --- what scanners put before the code's text ----------------------------------------------

/**
 * What a scanner may send before the text: a byte order mark, the AIM symbology identifier (`]Q1`…`]Q6`,
 * when configured) and an ECI designator (`\000026` = UTF-8, which Android's profile codes carry). On a
 * German PC a US-layout scanner types `]` as `+` and `\` as `#`.
 */
const HEADER = /^\uFEFF?(?:\]Q\d)?(\\\d{6})?/;
const US_HEADER = /^\uFEFF?(?:\+Q\d)?(?:#\d{6})?/;

/**
 * The text without the scanner's header. Behind an ECI designator a scanner doubles every backslash of the
 * text (`\\`) and may switch the character set again (`\000003`): both are undone. Without it nothing changes.
 */
export function stripScannerHeader(text: string): string {
  const m = HEADER.exec(text)!;
  const rest = text.slice(m[0].length);
  if (!m[1]) return rest;
  return rest.replace(/\\(\\|\d{6})/g, (_, next: string) => (next === '\\' ? '\\' : ''));
}

/** The text without a header in either layout: for telling what a text starts like. */
const withoutAnyHeader = (text: string) => text.replace(HEADER, '').replace(US_HEADER, '');

/**
 * What a finished scan (hand scanner or camera) means. Accepted only when it
 * starts with the app's own origin (a link: navigate there) or with the vCard
 * begin marker (a corona-app profile), after the scanner's header if any;
 * anything else is ignored.
 */
export function readScan(text: string, appOrigin: string): ScanResult {
  const trimmed = text.trim();
  const clean = stripScannerHeader(trimmed).trim();
  if (appOrigin && (clean === appOrigin || clean.startsWith(`${appOrigin}/`))) return { kind: 'link', url: clean };
  if (clean.toUpperCase().startsWith(VCARD_BEGIN)) {
    const parsed = parseCwaVCard(clean);
    return parsed.ok ? { kind: 'profile', person: parsed.person } : { kind: 'error', message: parsed.message };
  }
  if (isUsLayoutScan(trimmed.replace(US_HEADER, ''))) return readUsLayoutProfile(trimmed);
  return { kind: 'ignored' };
}

/**
 * Text that came from a scan of a profile, whole or in pieces (`BEGIN:VCARD…`, `BEGINVERSION:4.0N:Becker;…`
 * when a stalled page let part of it reach the search box): never searched for.
 */
export function looksLikeScanText(text: string): boolean {
  const upper = withoutAnyHeader(text.trim()).toUpperCase();
  return /^BEGIN[:Ö]/.test(upper) || upper.includes('VCARD') || /VERSION[:Ö]/.test(upper);
}

// --- keyboard-wedge detector ---------------------------------------------------------------

/** Keystrokes closer than this belong to one scan (core-workflow §9). */
export const WEDGE_KEY_GAP_MS = 50;
/** After this long without a key an unrecognised buffer is dropped, a complete profile handed over (§9). */
export const WEDGE_IDLE_MS = 200;
/**
 * A scan once recognised (or its first few characters) waits this long for the rest: a busy tablet stalls
 * the page for 200–800 ms while the scanner types. Past it the scan counts as cut off.
 */
export const WEDGE_STALL_MS = 1000;

export interface WedgeState {
  buffer: string;
  /** Time of the last counted key; null before the first. */
  lastAt: number | null;
  /** The buffer is a scan: its keys are kept from their default action, however slowly they come. */
  scanning: boolean;
  /** When the last scan was handed over: a line end shortly after it is that scan's last key. */
  endedAt: number | null;
  /** The last key came after a stall: before the buffer is a scan, the next one must be fast again. */
  afterStall: boolean;
}

export const wedgeInitial: WedgeState = { buffer: '', lastAt: null, scanning: false, endedAt: null, afterStall: false };

export interface WedgeStep {
  state: WedgeState;
  /** A finished scan to hand over. */
  scan?: string;
  /** A scan stopped before its end (or began before the buffer did): nothing to hand over, scan again. */
  cutOff?: boolean;
  /** The key belongs to a scan: the caller keeps it from its default action (submit, cursor move). */
  consumed: boolean;
}

/** Shortest buffer that is taken for a scan (`BEGIN:`, `https:`): a person never types that fast. */
const SCAN_MIN_LENGTH = 6;
const SCAN_STARTS = [VCARD_BEGIN, US_LAYOUT_BEGIN, 'HTTP'];
const PROFILE_STARTS = [VCARD_BEGIN, US_LAYOUT_BEGIN];
/** A profile whose beginning was lost (the first keys came before a stall, or before the page listened). */
const PROFILE_PIECE = /VCARD|VERSION[:Ö]/;

const startsLike = (buffer: string, starts: string[]) => {
  const upper = withoutAnyHeader(buffer).toUpperCase();
  return starts.some((s) => upper.startsWith(s) || (upper.length > 0 && s.startsWith(upper)));
};
/** Recognised as a scan: the start of a profile or link, or a piece of a profile. */
const looksLikeScan = (buffer: string) =>
  (buffer.length >= SCAN_MIN_LENGTH && startsLike(buffer, SCAN_STARTS)) || PROFILE_PIECE.test(buffer.toUpperCase());
/**
 * The first fast keys of a scan's begin marker (or header): worth waiting for the rest after a stall. Two keys
 * within 50 ms are a scanner's (or a rare roll of two fingers; only a person typing `BEGIN:` would then be taken
 * for a scan). One key alone tells nothing.
 */
const mayBeginScan = (buffer: string) =>
  buffer.length >= 2 && (startsLike(buffer, PROFILE_STARTS) || /^[\uFEFF\]+\\#]/.test(buffer));
const isProfile = (buffer: string) => startsLike(buffer, PROFILE_STARTS) || PROFILE_PIECE.test(buffer.toUpperCase());
const isCompleteProfile = (buffer: string) => /END[:Ö]VCARD\s*$/i.test(buffer);
/** A scan with its beginning: a profile from BEGIN:VCARD on, or a link. */
const isWhole = (buffer: string) => startsLike(buffer, SCAN_STARTS) && buffer.length >= SCAN_MIN_LENGTH;

/** The end of a scan: handed over when whole, else cut off. */
function finish(buffer: string, at: number): WedgeStep {
  const state = { ...wedgeInitial, endedAt: at };
  return isWhole(buffer) ? { state, scan: buffer, consumed: true } : { state, cutOff: true, consumed: true };
}

/**
 * One key event. Shift and AltGraph are ignored; ArrowDown is a line break;
 * Enter (also Ctrl+J or Ctrl+M, which the caller passes as Enter) ends the
 * buffer — except inside a profile that has not reached `END:VCARD` yet, where
 * the scanner sends one for each line break (reference/integrations.md).
 *
 * A buffer becomes a scan when its keys came within 50 ms of each other and it
 * reads like one (`BEGIN:`, `https:`, a piece of a profile); from then on every
 * key is the scan's, even after a stall of up to WEDGE_STALL_MS. The first
 * two or more fast keys of a begin marker also wait that long for the rest.
 * Any other key more than 50 ms after the previous one starts a new buffer:
 * that is a person typing.
 */
export function wedgeKey(state: WedgeState, key: string, at: number): WedgeStep {
  if (key === 'Shift' || key === 'AltGraph') return { state, consumed: false };
  // A scan whose time ran out while no timer fired (a frozen tab): it ends first.
  const expired = state.lastAt !== null && wedgeIdle(state, at);
  if (expired && expired.state !== state) {
    const next = wedgeKey(expired.state, key, at);
    return { ...next, scan: expired.scan ?? next.scan, cutOff: (expired.cutOff ?? false) || next.cutOff };
  }
  const lineEnd = key === 'Enter' || key === 'ArrowDown';
  const gap = state.lastAt === null ? Number.POSITIVE_INFINITY : at - state.lastAt;
  const fast = gap <= WEDGE_KEY_GAP_MS;
  // One stall among the first keys of a begin marker; a person typing on after it is slow again.
  const resumes = !state.afterStall && mayBeginScan(state.buffer) && gap <= WEDGE_STALL_MS;
  const continues = state.buffer !== '' && (state.scanning || fast || resumes);

  if (!continues) {
    // The scanner's own line end, arriving after its scan was handed over.
    if (lineEnd && state.endedAt !== null && at - state.endedAt <= WEDGE_STALL_MS) {
      return { state: { ...state, endedAt: at }, consumed: true };
    }
    const fresh: WedgeState = { ...wedgeInitial, lastAt: at };
    if (lineEnd || key.length !== 1) return { state: fresh, consumed: false };
    return { state: { ...fresh, buffer: key }, consumed: false };
  }

  const buffer = state.buffer;
  const afterStall = !state.scanning && !fast;
  if (lineEnd) {
    if (!state.scanning && !looksLikeScan(buffer)) return { state: { ...wedgeInitial, lastAt: at }, consumed: false };
    if (key === 'ArrowDown' || (isProfile(buffer) && !isCompleteProfile(buffer))) {
      return { state: { ...state, buffer: `${buffer}\r\n`, lastAt: at, scanning: true, afterStall }, consumed: true };
    }
    return finish(buffer, at);
  }
  // Any other key (Tab, Escape) inside a scan is the scanner's too: kept from moving the focus.
  if (key.length !== 1) return { state: { ...state, lastAt: at, afterStall }, consumed: state.scanning };
  const next = buffer + key;
  const scanning = state.scanning || looksLikeScan(next);
  return { state: { ...state, buffer: next, lastAt: at, scanning, afterStall }, consumed: scanning };
}

/**
 * When the idle step is due for this state (null: nothing pending): a complete profile or an unrecognised
 * buffer after WEDGE_IDLE_MS, a scan (or the first keys of one) after WEDGE_STALL_MS.
 */
export function wedgeDeadline(state: WedgeState): number | null {
  if (state.lastAt === null || state.buffer === '') return null;
  const waitsForRest = state.scanning || (!state.afterStall && mayBeginScan(state.buffer));
  const wait = isCompleteProfile(state.buffer) || !waitsForRest ? WEDGE_IDLE_MS : WEDGE_STALL_MS;
  return state.lastAt + wait;
}

/**
 * The idle timer at time `at`: a complete profile is handed over, a scan that
 * stopped short counts as cut off, any other buffer is dropped; before its
 * deadline (wedgeDeadline) nothing changes.
 */
export function wedgeIdle(state: WedgeState, at: number): WedgeStep {
  const due = wedgeDeadline(state);
  if (due === null || at < due) return { state, consumed: false };
  if (isCompleteProfile(state.buffer)) return { ...finish(state.buffer, at), consumed: false };
  if (state.scanning) return { state: { ...wedgeInitial, endedAt: at }, cutOff: true, consumed: false };
  return { state: wedgeInitial, consumed: false };
}
